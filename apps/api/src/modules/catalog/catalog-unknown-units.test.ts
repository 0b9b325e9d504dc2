import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { robotListResponseSchema, type RobotListResponse } from '@cellforge/contracts';
import { seedCatalog, seedRobots } from '@cellforge/db';
import { testBackends, useTestApp } from '../../test/create-test-app';

/**
 * Issue 12, session 15, from the buyer's side: a figure typed in the search box with a unit
 * that is no mass or length ("payload 5 lightyears", "reach 3 parsecs", "Traglast 5
 * Lichtjahre") is said back in the reading, as the chat says it, instead of being dropped or
 * searched as a robot name; the rest of the words are still read.
 */
async function search(app: Parameters<typeof request>[0], q: string): Promise<RobotListResponse> {
  const res = await request(app).get('/api/robots').query({ limit: 100, q }).expect(200);
  return robotListResponseSchema.parse(res.body);
}

describe.each(testBackends)('catalog search with unknown units on %s', (backend) => {
  const ctx = useTestApp(backend, {}, { seed: (db) => seedCatalog(db) });

  it('"payload 5 lightyears": the reading says it is not a unit of mass; no payload filter, no name search, the catalog listed', async () => {
    const result = await search(ctx().app, 'payload 5 lightyears');
    expect(result.interpretation?.unknown_units).toEqual([
      { slot: 'payload', said: '5 lightyears', message: '"5 lightyears" is not a unit of mass (weight), so the payload was not used: give it in kg, g, t, lb or oz' },
    ]);
    expect(result.interpretation?.filters).toEqual({});
    expect(result.interpretation?.text).toBeNull();
    expect(result.total).toBe(seedRobots.length);
  });

  it('"reach 3 parsecs": not a unit of length, said', async () => {
    const result = await search(ctx().app, 'reach 3 parsecs');
    expect(result.interpretation?.unknown_units).toEqual([
      { slot: 'reach', said: '3 parsecs', message: '"3 parsecs" is not a unit of length, so the reach was not used: give it in mm, cm, m, in or ft' },
    ]);
    expect(result.interpretation?.filters).toEqual({});
  });

  it('"Traglast 5 Lichtjahre" (German): the unknown unit is said; "cobot payload 5 lightyears" keeps the type it read', async () => {
    const de = await search(ctx().app, 'Traglast 5 Lichtjahre');
    expect(de.interpretation?.unknown_units?.map((u) => [u.slot, u.said])).toEqual([['payload', '5 Lichtjahre']]);
    expect(de.interpretation?.filters).toEqual({});
    const cobot = await search(ctx().app, 'cobot payload 5 lightyears');
    expect(cobot.interpretation?.filters).toEqual({ category: 'collaborative' });
    expect(cobot.interpretation?.unknown_units?.map((u) => u.said)).toEqual(['5 lightyears']);
    expect(cobot.total).toBeGreaterThan(0);
    for (const r of cobot.data) expect(r.category).toBe('collaborative');
  });

  it('a figure in a real unit next to an absurd one: the real one is read, the absurd one said ("reach 3 parsecs, payload 10 kg")', async () => {
    const result = await search(ctx().app, 'reach 3 parsecs, payload 10 kg');
    expect(result.interpretation?.filters).toMatchObject({ minPayload: '12' });
    expect(result.interpretation?.filters.minReach).toBeUndefined();
    expect(result.interpretation?.unknown_units?.map((u) => u.said)).toEqual(['3 parsecs']);
    for (const r of result.data) expect(r.payload_kg).toBeGreaterThanOrEqual(12);
  });

  it('ordinary searches carry no unknown units ("palletizing 100kg", "cobot 10 kg 1300 mm")', async () => {
    for (const q of ['palletizing 100kg', 'cobot 10 kg 1300 mm']) {
      const result = await search(ctx().app, q);
      expect(result.interpretation?.unknown_units, q).toBeUndefined();
    }
  });
});
