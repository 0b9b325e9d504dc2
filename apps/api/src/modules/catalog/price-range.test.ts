import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { errorBodySchema, robotListResponseSchema } from '@cellforge/contracts';
import { seedCatalog } from '@cellforge/db';
import { testBackends, useTestApp } from '../../test/create-test-app';

/** Prices are integer columns (int4): a filter past 2,147,483,647 used to reach PostgreSQL and fail with a 500. */
describe.each(testBackends)('catalog price filters out of range on %s (attacker)', (backend) => {
  const ctx = useTestApp(backend, {}, { seed: (db) => seedCatalog(db) });

  it('answers a price filter above the integer range with a 400 naming the filter, never a 500', async () => {
    for (const q of ['maxPrice=99999999999', 'minPrice=99999999999', 'minPrice=2147483648', 'maxPrice=1e300', 'minPrice=0&maxPrice=3000000000']) {
      const res = await request(ctx().app).get(`/api/robots?${q}`);
      expect(res.status, `${q}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(400);
      const body = errorBodySchema.parse(res.body);
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.message).toMatch(/Price/);
    }
  });

  it('keeps prices inside the range working, fractions included', async () => {
    for (const q of ['maxPrice=2147483647', 'minPrice=0', 'minPrice=10000.5&maxPrice=50000.5', 'maxPrice=0.5']) {
      const res = await request(ctx().app).get(`/api/robots?${q}`);
      expect(res.status, `${q}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
      robotListResponseSchema.parse(res.body);
    }
  });

  it('answers huge payload and reach filters without a 500', async () => {
    for (const q of ['minPayload=1e308', 'maxReach=1e308', 'minReach=99999999999999999999']) {
      const res = await request(ctx().app).get(`/api/robots?${q}`);
      expect(res.status, q).toBeLessThan(500);
    }
  });

  it('answers huge budgets through the assistant without a 500', async () => {
    const asks = [
      ['/ai/recommend-robots', { payload_kg: 5, reach_mm: 800, budget_usd: 99999999999 }],
      ['/ai/recommend-robots', { payload_kg: 5, reach_mm: 800, budget_usd: 1e300 }],
      ['/ai/chat', { message: 'I need a robot for 5 kg parts, 800 mm reach, budget $99,999,999,999' }],
      ['/ai/chat', { message: 'Palletizing 20 kg, budget 99999999999999999999 USD' }],
    ] as const;
    for (const [path, body] of asks) {
      const res = await request(ctx().app).post(path).send(body);
      expect(res.status, `${path} ${JSON.stringify(body)}: ${JSON.stringify(res.body).slice(0, 200)}`).toBeLessThan(500);
    }
  });
});
