/**
 * The buyer's side of the chat's shortlist (issue 12): the "see more" catalog link shows the
 * robots the chat named (and only robots meeting what the chat applied), and a model's price
 * in the chat is its suppliers' offers when it has some (paused offers never show), the
 * indicative band otherwise, or plainly neither with the quote request.
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

interface Row {
  id: string;
  manufacturer: string;
  model: string;
  category: string;
  dof: number;
  payload_kg: number;
  reach_mm: number;
}

describe.each(testBackends)('chat shortlist from the buyer side (%s)', (backend) => {
  let handle: DbHandle;
  let app: Express;

  beforeAll(async () => {
    handle = await createTestDb(backend);
    await truncateAll(handle.db);
    await seedCatalog(handle.db);
    app = createApp({ db: handle.db, dbKind: handle.kind, config: testConfig({ chatRateLimit: 100_000 }), logger: createLogger('silent'), onAnswer: checkAnswer });
  });
  afterAll(async () => {
    await handle.close();
  });

  async function chat(message: string) {
    const res = await request(app).post('/ai/chat').send({ message, conversationHistory: [] }).expect(200);
    const links = (res.body.metadata?.robotLinks ?? []) as Array<{ name: string; href: string }>;
    return { text: String(res.body.response), ids: links.map((l) => l.href.replace('/robots/', '')), names: links.map((l) => l.name), href: res.body.metadata?.catalogHref as string | undefined };
  }

  async function catalogOf(href: string): Promise<Row[]> {
    const params = Object.fromEntries(new URL(href, 'http://x').searchParams);
    const rows: Row[] = [];
    for (let page = 1; page <= 10; page += 1) {
      const res = await request(app).get('/api/robots').query({ ...params, limit: 100, page }).expect(200);
      rows.push(...(res.body.data as Row[]));
      if (rows.length >= res.body.total) break;
    }
    return rows;
  }

  const cases: Array<{ text: string; keep: (r: Row) => boolean; params: Record<string, string> }> = [
    { text: 'looking for a cobot that lifts 8kg, no Universal Robots', params: { category: 'collaborative', excludeManufacturer: 'Universal Robots' }, keep: (r) => r.category === 'collaborative' && r.manufacturer !== 'Universal Robots' },
    { text: 'cheap robot under 20k for light pick and place of 1 kg', params: { maxPrice: '20000' }, keep: (r) => r.payload_kg >= 1.2 },
    { text: 'I want a 6 axis arm, 10 kg, reach at least 1.2 m', params: { minAxes: '6', maxAxes: '6', minReach: '1200' }, keep: (r) => r.dof === 6 && r.reach_mm >= 1200 },
    { text: 'delta robot for high speed picking of 1 kg pouches', params: { category: 'delta' }, keep: (r) => r.category === 'delta' },
    // The chat drops the application nothing food-grade is listed for: so does the link.
    { text: 'food grade robot for handling raw chicken fillets, 3 kg', params: { foodGrade: 'true' }, keep: (r) => r.payload_kg >= 3.6 },
  ];
  for (const c of cases) {
    it(`"see more" for "${c.text}" lists the robots the chat named, and keeps its constraints`, async () => {
      const answer = await chat(c.text);
      expect(answer.ids.length).toBeGreaterThan(0);
      const href = answer.href ?? '';
      expect(href).toMatch(/^\/catalog\?/);
      const params = Object.fromEntries(new URL(href, 'http://x').searchParams);
      expect(params).toMatchObject(c.params);
      const rows = await catalogOf(href);
      const listed = new Set(rows.map((r) => r.id));
      expect(answer.ids.filter((id) => !listed.has(id))).toEqual([]);
      expect(rows.filter((r) => !c.keep(r)).map((r) => `${r.manufacturer} ${r.model}`)).toEqual([]);
    });
  }

  it('prices a model by its suppliers\' active offers (paused ones never show), with the quote request', async () => {
    const question = 'cobot for machine tending, 6 kg parts, 900 mm reach';
    const before = await chat(question);
    const robotId = before.ids[0] ?? '';
    expect(robotId).not.toBe('');
    const offer = async (body: Record<string, unknown>) => {
      const { token } = await registerUser(app, { user_type: 'supplier' });
      await request(app).post('/api/supplier/offers').set(bearer(token)).send({ robot_id: robotId, ...body }).expect(201);
    };
    await offer({ price_min: 41_000, price_max: 45_000 });
    await offer({ price_min: 43_500 });
    await offer({ price_min: 30_000, status: 'paused' });

    const after = await chat(question);
    expect(after.ids[0]).toBe(robotId);
    const line = after.text.split('\n').find((l) => l.startsWith('- ') && l.includes('from $41,000')) ?? '';
    expect(line).toMatch(/from \$41,000 from 2 suppliers \(request a quote\)/);
    expect(after.text).not.toMatch(/\$30,000/);
    expect(after.text).toMatch(/lowest of the suppliers' current offers; request a quote/);
    // The other robots keep their indicative bands.
    expect(after.text).toMatch(/indicative \$\d/);

    // "How much is it?" of that model: the offers first.
    const asked = await chat(`How much does the ${before.names[0] ?? ''} cost?`);
    expect(asked.text).toMatch(/Supplier offers: from \$41,000 from 2 suppliers \(request a quote\)/);
    expect(asked.text).not.toMatch(/\$30,000/);
  });

  it('says a model with no offer and no published price has neither, and offers the quote request', async () => {
    // The FANUC M-2000iA/2300 publishes no price band and has no offer on a fresh install.
    const answer = await chat('robot for 1800 kg engine blocks, 3 m reach');
    const line = answer.text.split('\n').find((l) => l.includes('M-2000iA/2300')) ?? '';
    expect(line).toMatch(/no published price and no supplier offer yet: request a quote/);
  });

  it('in German too', async () => {
    const answer = await chat('Roboter für 1800 kg Motorblöcke, Reichweite 3 m');
    const line = answer.text.split('\n').find((l) => l.includes('M-2000iA/2300')) ?? '';
    expect(line).toMatch(/kein veröffentlichter Preis und noch kein Anbieterangebot: Angebot anfragen/);
  });
});
