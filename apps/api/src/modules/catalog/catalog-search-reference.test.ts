import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { robotQuerySchema } from '@cellforge/contracts';
import { robots, robotSearchColumns, seedCatalog, users, type DbHandle } from '@cellforge/db';
import { createTestDb, testBackends } from '@cellforge/db/testing';
import { searchRobots } from './catalog.repository';
import { searchRobotsReference } from './catalog-search-reference.repository';
import { defined } from '../../test/defined';

/**
 * searchRobots reads robot_search and robot_facet_sets (migrations 0008, 0011), kept by triggers
 * on robots; the reference reads robots itself. Every answer must be the same, for every
 * kind of query and after every kind of write.
 */
const queries: Array<Record<string, string | number>> = [
  {},
  { page: 2 },
  { page: 40 },
  { limit: 7, page: 3 },
  { sort: 'payload' },
  { sort: 'reach', limit: 50 },
  { sort: 'price' },
  { sort: 'price', page: 5, limit: 5 },
  { category: 'scara', sort: 'payload' },
  { category: 'scara,delta', sort: 'price' },
  { manufacturer: 'abb,fanuc', application: 'assembly' },
  { industry: 'logistics' },
  { industry: 'automotive', category: 'articulated', sort: 'reach' },
  { application: 'welding,arc-welding', manufacturer: 'fanuc' },
  { q: 'fanuc' },
  { q: 'fanuc m20' },
  { q: 'ur' },
  { q: 'ur 10e' },
  { q: 'u' },
  { q: 'irb6700' },
  { q: 'kuak kr 210' },
  { q: 'palletising', sort: 'payload' },
  { q: 'welding', category: 'articulated', minPayload: 5, maxPayload: 50 },
  { q: 'welding', category: 'articulated', application: 'welding', minPayload: 5, maxPayload: 50, page: 2, limit: 5 },
  { q: 'assembly', category: 'collaborative', application: 'assembly', minPayload: 0.9, maxPayload: 7.9 },
  { q: 'cobot', category: 'collaborative', sort: 'relevance' },
  { q: 'scara', manufacturer: 'epson', sort: 'price' },
  { q: 'a', excludeManufacturer: 'fanuc,abb' },
  { excludeManufacturer: 'kuka' },
  { minPayload: 10, maxPayload: 20 },
  // Ranked by fit (sort=relevance with figures and no words): robot-fit's fitScore as SQL.
  { minPayload: 12, category: 'collaborative' },
  { minPayload: 48, minReach: 2000, application: 'palletizing', limit: 5, page: 2 },
  { minReach: 1300, excludeManufacturer: 'fanuc' },
  { minReach: 1500, maxReach: 3000, sort: 'reach', limit: 50 },
  { industry: 'logistics', minPrice: 50000, maxPrice: 150000, sort: 'price' },
  { minAxes: 6, maxAxes: 6, category: 'collaborative' },
  { q: 'robot arm' },
  { q: '%_%' },
  { category: 'spaceship' },
  { q: 'zzzz' },
  { q: 'yaskawa gp', page: 2, limit: 5 },
  // Environment filters (migration 0009): unknown values never pass.
  { minIp: 67 },
  { minIp: 54, category: 'collaborative', sort: 'payload' },
  { foodGrade: 'true' },
  { cleanroom: 5 },
  { cleanroom: 'any', q: 'ur' },
  { mounting: 'ceiling' },
  { mounting: 'wall,angle', minPayload: 5 },
  { makerCountry: 'JP', category: 'collaborative' },
  { makerCountry: 'jp,de', minIp: 54, sort: 'price' },
  { makerCountry: 'ZZ' },
  // Offers (migration 0010): their lowest price filters and sorts; the condition facet.
  { condition: 'used' },
  { condition: 'new,refurbished', sort: 'price' },
  { q: 'fanuc', condition: 'new' },
  { category: 'articulated', condition: 'used,new', sort: 'payload' },
  { maxPrice: 20000, sort: 'price' },
  { minPrice: 90000, q: 'abb' },
  // Several facet filters with figures: only the sets at most one filter leaves out are counted.
  { q: 'fanuc', category: 'articulated', application: 'welding,arc-welding', industry: 'automotive', minPayload: 5 },
  { category: 'articulated,scara', manufacturer: 'abb,fanuc,epson', application: 'assembly', minReach: 500, maxPayload: 30 },
  { category: 'collaborative', application: 'assembly', minPayload: 3, maxPrice: 60000, condition: 'new' },
  { category: 'palletizing', application: 'palletizing', minPayload: 7.6, maxPayload: 215.6 },
];

/**
 * Migration 0011 splits a robot's words into its facet set's (no digit) and its own (a
 * digit): a token in a maker's word and in a model number's, a model number's inner
 * part, a short token only a compact model starts with, tokens of both kinds together.
 */
const splitQueries: Array<Record<string, string | number>> = [
  { q: 'mate' },
  { q: 'lrmate', sort: 'payload' },
  { q: '20id' },
  { q: 'm2' },
  { q: 'fanuc 200', minPayload: 1 },
  { q: 'kr', excludeManufacturer: 'abb', minReach: 900 },
  { q: '20id', manufacturer: 'fanuc', application: 'welding,arc-welding,spot-welding', category: 'articulated', minPayload: 1 },
];

describe.each(testBackends)('searchRobots and the reference query on %s', (backend) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb(backend);
    await seedCatalog(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });

  const agree = async (label: string, list = queries) => {
    for (const raw of list) {
      const query = robotQuerySchema.parse(raw);
      expect(await searchRobots(handle.db, query), `${label}: ${JSON.stringify(raw)}`).toEqual(await searchRobotsReference(handle.db, query));
    }
  };

  it('answers every query the same on the seed catalog', async () => {
    await agree('seed');
    await agree('seed, split words', splitQueries);
  });

  it('answers the same after inserts, edits, unlisting, deactivation, owner deletion, bulk writes and truncation', async () => {
    const [added] = await handle.db
      .insert(robots)
      .values({ manufacturer: 'Zeta', model: 'UR Z 40', ...robotSearchColumns({ manufacturer: 'Zeta', model: 'UR Z 40' }), category: 'scara', payloadKg: 40, reachMm: 800, dof: 4, priceMinUsd: 1, applications: ['assembly', 'assembly'], industries: ['logistics'] })
      .returning();
    await agree('insert');
    const [fanuc] = await handle.db.select().from(robots).where(eq(robots.manufacturer, 'FANUC')).limit(1);
    await handle.db
      .update(robots)
      .set({ model: 'Zeta-renamed', ...robotSearchColumns({ manufacturer: 'FANUC', model: 'Zeta-renamed' }), payloadKg: 999, priceMinUsd: 2, category: 'delta', applications: ['painting'] })
      .where(eq(robots.id, defined(fanuc).id));
    await agree('edit');
    await handle.db.update(robots).set({ ipRating: 69, foodGrade: true, mounting: ['ceiling'], cleanroomIsoClass: 3, makerCountry: 'DE' }).where(eq(robots.id, defined(added).id));
    await handle.db.update(robots).set({ ipRating: null, mounting: null }).where(eq(robots.manufacturer, 'Universal Robots'));
    await agree('environment edited');
    await handle.db.update(robots).set({ listed: false }).where(eq(robots.id, defined(added).id));
    await agree('unlisted');
    await handle.db.update(robots).set({ status: 'inactive' }).where(eq(robots.manufacturer, 'KUKA'));
    await agree('inactive');
    await handle.db.update(robots).set({ status: 'active', listed: true });
    await agree('all back');
    // Offers of two suppliers at prices below and above the list prices, in every condition, one paused.
    const sellers = await handle.db
      .insert(users)
      .values([1, 2].map((n) => ({ email: `seller${n}-${backend}@example.com`, passwordHash: 'x', firstName: 'S', lastName: `${n}`, userType: 'supplier' })))
      .returning();
    await handle.db.execute(sql`
      insert into offers (robot_id, supplier_id, price_min, price_max, currency, condition, lead_time_weeks, status)
      select r.id, s.id, 5000 + (r.n * 7919 + s.k * 104729) % 150000, null, case when r.n % 5 = 0 then 'EUR' else 'USD' end,
             (array['new', 'used', 'refurbished'])[1 + (r.n + s.k) % 3], r.n % 12, case when r.n % 7 = 0 then 'paused' else 'active' end
      from (select id, row_number() over (order by manufacturer, model) as n from robots) r
      cross join (select id, row_number() over (order by email) as k from users where email like 'seller%') s
      where r.n % 2 = 0`);
    expect(sellers).toHaveLength(2);
    const withOffers = await searchRobots(handle.db, robotQuerySchema.parse({ condition: 'used,new,refurbished' }));
    expect(withOffers.total).toBeGreaterThan(20);
    expect(withOffers.facets.condition.map((f) => f.value)).toEqual(['new', 'used', 'refurbished']);
    expect(withOffers.offers.size).toBe(withOffers.rows.length);
    await agree('offers');
    await handle.db.execute(sql`update offers set status = 'paused' where condition = 'used'`);
    await agree('offers paused');
    const [owner] = await handle.db
      .insert(users)
      .values({ email: `owner-${backend}@example.com`, passwordHash: 'x', firstName: 'O', lastName: 'Wner', userType: 'supplier' })
      .returning();
    await handle.db.execute(sql`
      insert into robots (manufacturer, model, normalized_key, category, payload_kg, reach_mm, dof, search_text, compact_text, owner_id, applications)
      select 'Zeta', 'B ' || g, 'zeta|b' || g, 'scara', 1 + g % 50, 500 + g % 1000, 4, 'zeta b ' || g || ' assembly', 'zetab' || g, ${defined(owner).id}, array['assembly']
      from generate_series(1, 300) as g`);
    await agree('bulk insert');
    await handle.db.delete(users).where(eq(users.id, defined(owner).id));
    await agree('owner deleted (cascade)');
    await handle.db.delete(robots).where(eq(robots.manufacturer, 'Zeta'));
    await agree('delete');
    await handle.db.execute(sql`truncate robots cascade`);
    await agree('truncate');
    await seedCatalog(handle.db);
    await seedCatalog(handle.db);
    await agree('seeded again');
    // 10 states x 44+ queries x 2 searches: minutes, not seconds, on a loaded machine.
  }, 240_000);
});
