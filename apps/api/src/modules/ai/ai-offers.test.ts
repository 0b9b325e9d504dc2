/**
 * A buyer asks the chat about a robot's offers and lead time (issues 12 and 13), in words of
 * their own: answered from the suppliers' active offers (lowest price in its own currency,
 * shortest lead time, how many), paused offers never; a robot nobody offers says so and points
 * to the quote request, with no lead time or price made up.
 */
import request from 'supertest';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog, type DbHandle } from '@cellforge/db';
import { createTestDb, truncateAll } from '@cellforge/db/testing';
import { createApp } from '../../app';
import { createLogger } from '../../lib/logger';
import { checkAnswer } from '../../test/answer-check';
import { testBackends, testConfig } from '../../test/create-test-app';
import { bearer, registerUser } from '../../test/factories';
import { readRobotQuestion } from './understanding/robot-question';

const DURATION = /\b\d+(\s?[-–]\s?\d+)?\s?(weeks?|days|months?|Wochen|semanas)\b/i;

describe('offer questions are read as such', () => {
  it.each([
    'how soon can we get a UR10e delivered?',
    'lead-time for the KR 10 R1420',
    'who sells the CRX-10iA?',
    'any offers on the M-20iD/25?',
    'where can I buy the IRB 1200?',
    'Wie ist die Lieferzeit für den UR5e?',
    '¿Cuál es el plazo de entrega del GP25?',
  ])('%s', (text) => expect(readRobotQuestion(text).offers).toBe(true));

  it.each(['which robot offers the longest reach?', 'who has the highest payload, the UR10e or the CRX-10iA?', 'cobot for 5 kg parts'])('not: %s', (text) =>
    expect(readRobotQuestion(text).offers).toBe(false),
  );
});

describe.each(testBackends)('chat: offers and lead time (%s)', (backend) => {
  let handle: DbHandle;
  let app: Express;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    handle = await createTestDb(backend);
    await truncateAll(handle.db);
    await seedCatalog(handle.db);
    app = createApp({ db: handle.db, dbKind: handle.kind, config: testConfig({ chatRateLimit: 100_000 }), logger: createLogger('silent'), onAnswer: checkAnswer });
    const res = await request(app).get('/api/robots').query({ q: 'KR 10 R1420', limit: 100 }).expect(200);
    for (const r of res.body.data as Array<{ id: string; model: string }>) ids.set(r.model, r.id);
    for (const q of ['UR10e', 'CRX-10iA', 'IRB 1600']) {
      const found = await request(app).get('/api/robots').query({ q, limit: 100 }).expect(200);
      for (const r of found.body.data as Array<{ id: string; model: string }>) ids.set(r.model, r.id);
    }
    const offer = async (model: string, body: Record<string, unknown>) => {
      const { token } = await registerUser(app, { user_type: 'supplier' });
      await request(app).post('/api/supplier/offers').set(bearer(token)).send({ robot_id: ids.get(model), condition: 'new', ...body }).expect(201);
    };
    // The KR 10 R1420: a euro offer with 6 weeks, a dollar offer with 10 weeks, a paused one with 1 week.
    await offer('KR 10 R1420', { price_min: 31_000, currency: 'EUR', lead_time_weeks: 6 });
    await offer('KR 10 R1420', { price_min: 36_000, currency: 'USD', lead_time_weeks: 10, condition: 'refurbished' });
    await offer('KR 10 R1420', { price_min: 20_000, currency: 'USD', lead_time_weeks: 1, status: 'paused' });
  });
  afterAll(async () => {
    await handle?.close();
  });

  async function chat(message: string, context?: Record<string, unknown>) {
    const res = await request(app).post('/ai/chat').send({ message, conversationHistory: [], ...(context ? { context } : {}) }).expect(200);
    const links = (res.body.metadata?.robotLinks ?? []) as Array<{ href: string }>;
    return { text: String(res.body.response), hrefs: links.map((l) => l.href), compare: res.body.metadata?.compareHref as string | undefined };
  }

  it('"how soon can we get the KUKA KR 10 R1420?": the shortest active lead time, the lowest offer in its currency, the count', async () => {
    const a = await chat('how soon can we get the KUKA KR 10 R1420?');
    expect(a.hrefs).toContain(`/robots/${ids.get('KR 10 R1420')}`);
    expect(a.text).toMatch(/2 active offers/);
    expect(a.text).toMatch(/Shortest lead time: 6 weeks/);
    expect(a.text).toMatch(/Lowest offer price: €31,000/);
    expect(a.text).toMatch(/new, refurbished/);
    // The paused offer never shows.
    expect(a.text).not.toMatch(/\$20,000|1 week\b/);
    expect(a.text).toMatch(/request a quote/);
  });

  it('on the KR 10 R1420 page, "who sells it?": the same offers', async () => {
    const a = await chat('who sells it?', { page: 'robot_detail', robotId: ids.get('KR 10 R1420') });
    expect(a.text).toMatch(/KR 10 R1420/);
    expect(a.text).toMatch(/2 active offers/);
  });

  it('"any offers on the UR10e?" (nobody offers it): says so, no lead time, the quote request', async () => {
    const a = await chat('any offers on the UR10e?');
    expect(a.hrefs).toContain(`/robots/${ids.get('UR10e')}`);
    expect(a.text).toMatch(/Nobody offers the Universal Robots UR10e/);
    expect(a.text).not.toMatch(DURATION);
    expect(a.text).toMatch(/Request a quote/);
  });

  it('in Spanish: "¿plazo de entrega del KR 10 R1420?"', async () => {
    const a = await chat('¿Cuál es el plazo de entrega del KUKA KR 10 R1420?');
    expect(a.text).toMatch(/Plazo de entrega más corto: 6 semanas/);
  });

  it('"UR10e vs CRX-10iA/L, which should I pick?": the compare page with both robots', async () => {
    const a = await chat('UR10e vs CRX-10iA/L, which should I pick?');
    expect(a.compare).toBe(`/compare?ids=${ids.get('UR10e')},${ids.get('CRX-10iA/L')}`);
  });

  it('a single robot\'s answer has no compare link', async () => {
    const a = await chat('what is the reach of the UR10e?');
    expect(a.compare).toBeUndefined();
  });

  it('"Is the IRB 1600-10/1.45 cheaper than the KR 10 R1420?": both prices, the cheaper one said', async () => {
    const a = await chat('Is the ABB IRB 1600-10/1.45 cheaper than the KUKA KR 10 R1420?');
    expect(a.text).toMatch(/KR 10 R1420 has the lowest/);
    expect(a.text).toMatch(/\$35,000/);
    expect(a.text).toMatch(/\$40,000/);
  });
});
