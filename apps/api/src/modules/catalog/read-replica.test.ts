import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog, type DbHandle } from '@cellforge/db';
import { createTestDb } from '@cellforge/db/testing';
import { createApp } from '../../app';
import { createLogger } from '../../lib/logger';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { checkAnswer } from '../../test/answer-check';

/**
 * DATABASE_READ_URL (issue 18): catalog searches read the replica; a client that just wrote
 * reads the primary on its next requests (read-your-writes). The "replica" here is a second,
 * empty database, so where an answer came from shows in its total.
 */
describe.each(testBackends)('catalog reads on a read replica on %s', (backend) => {
  const ctx = useTestApp(backend, {}, { seed: (db) => seedCatalog(db) });
  let replica: DbHandle;
  beforeAll(async () => {
    replica = await createTestDb(backend);
  });
  afterAll(async () => {
    await replica.close();
  });

  it('answers buyers from the replica and a client that just wrote from the primary (a cookie good for DATABASE_READ_FRESH_SECONDS)', async () => {
    const app = createApp({ db: ctx().handle.db, dbKind: ctx().handle.kind, readDb: replica.db, config: { ...ctx().config, databaseReadFreshSeconds: 5 }, logger: createLogger('silent'), onAnswer: checkAnswer });

    const buyer = await request(app).get('/api/robots').expect(200);
    expect(buyer.body.total).toBe(0); // the (empty) replica answered
    expect(buyer.headers['set-cookie']).toBeUndefined();

    // A write (here a contact message) marks the client for a few seconds.
    const wrote = await request(app).post('/api/contact').send({ name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Cell quote', message: 'Please call me about a palletizing cell.' });
    const cookie = String(wrote.headers['set-cookie']?.[0] ?? '');
    expect(cookie).toMatch(/^cf_fresh=1; Max-Age=5; Path=\/; HttpOnly; SameSite=Lax/);

    const writer = await request(app).get('/api/robots').set('Cookie', 'cf_fresh=1').expect(200);
    expect(writer.body.total).toBeGreaterThan(100); // the primary answered
    // The same process without the cookie still reads the replica.
    expect((await request(app).get('/api/robots').expect(200)).body.total).toBe(0);
  });

  it('without DATABASE_READ_URL nothing changes: no cookie, every search on the one database', async () => {
    const res = await request(ctx().app).post('/api/contact').send({ name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Cell quote', message: 'Please call me about a palletizing cell.' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await request(ctx().app).get('/api/robots').expect(200)).body.total).toBeGreaterThan(100);
  });
});
