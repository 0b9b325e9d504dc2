import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { seedCatalog } from '@cellforge/db';
import { createApp } from '../../app';
import { BackgroundWrites } from '../../lib/background-writes';
import { createLogger } from '../../lib/logger';
import { testBackends, testConfig, useTestApp } from '../../test/create-test-app';
import { defined } from '../../test/defined';
import { bearer, registerUser } from '../../test/factories';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp-capture';
import { checkAnswer } from '../../test/answer-check';

const PUBLIC_URL = 'https://robots.example.test';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.each(testBackends)('e-mail about conversations on %s (issue 13)', (backend) => {
  const ctx = useTestApp(backend, {}, { seed: (db) => seedCatalog(db) });
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('mails the supplier a new request and the buyer a quote, each with a link back; plain text stays text in the HTML', async () => {
    const background = new BackgroundWrites();
    const config = testConfig({ publicUrl: PUBLIC_URL, mail: { smtpUrl: smtp.url, from: 'CellForge <no-reply@robots.example.test>' } });
    const app = createApp({ db: ctx().handle.db, dbKind: ctx().handle.kind, config, logger: createLogger('silent'), background, onAnswer: checkAnswer });
    const robots = await request(app).get('/api/robots').query({ q: 'CRX-25iA' }).expect(200);
    const robot = defined((robots.body.data as Array<{ id: string; owner_id: string | null }>).find((r) => r.owner_id === null));
    const supplier = await registerUser(app, { user_type: 'supplier', company_name: 'Alpha Robotics' });
    await request(app)
      .post('/api/supplier/listings')
      .set(bearer(supplier.token))
      .send({ manufacturer: 'Fanuc', model: 'CRX-25iA', category: 'collaborative', payload_kg: 25, reach_mm: 1889, dof: 6 })
      .expect(201);
    const buyer = await registerUser(app, { company_name: 'Acme Foods' });
    smtp.clear();
    await request(app).post('/api/quote-requests').set(bearer(buyer.token)).send({ robot_id: robot.id, quantity: 2, timeline: 'asap', notes: 'Two <b>cells</b>.' }).expect(201);
    await background.idle();
    await expect.poll(() => smtp.received.length).toBe(1);
    const toSupplier = defined(smtp.received[0]);
    expect(toSupplier.rcptTo).toEqual([supplier.user.email]);
    expect(toSupplier.mail.subject).toBe('New request for quote: FANUC CRX-25iA');
    expect(toSupplier.mail.text).toContain(`${PUBLIC_URL}/messages`);
    expect(toSupplier.mail.text).toContain('2 robots. Two <b>cells</b>.');
    expect(toSupplier.mail.html).toContain('Two &lt;b&gt;cells&lt;/b&gt;.');

    const thread = defined((await request(app).get('/api/threads').set(bearer(supplier.token)).expect(200)).body.data[0] as { id: string } | undefined);
    smtp.clear();
    await request(app).post(`/api/threads/${thread.id}/quotes`).set(bearer(supplier.token)).send({ price: 51500, currency: 'EUR', valid_until: inDays(10) }).expect(201);
    await background.idle();
    await expect.poll(() => smtp.received.length).toBe(1);
    const toBuyer = defined(smtp.received[0]);
    expect(toBuyer.rcptTo).toEqual([buyer.user.email]);
    expect(toBuyer.mail.subject).toBe('New quote for the FANUC CRX-25iA');
    expect(toBuyer.mail.text).toContain(`${PUBLIC_URL}/messages/${thread.id}`);
    expect(toBuyer.mail.text).toContain('Alpha Robotics');
  });
});
