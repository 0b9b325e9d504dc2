import { describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import {
  errorBodySchema,
  robotCompareResponseSchema,
  robotDetailResponseSchema,
  robotListResponseSchema,
  type RobotListResponse,
} from '@cellforge/contracts';
import { robots, robotSearchColumns, robotViews, seedCatalog, seedRobots, users } from '@cellforge/db';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { bearer, registerUser } from '../../test/factories';
import { defined, nth } from '../../test/defined';

async function list(app: Parameters<typeof request>[0], query: Record<string, string | number>): Promise<RobotListResponse> {
  const res = await request(app).get('/api/robots').query(query).expect(200);
  return robotListResponseSchema.parse(res.body);
}

const names = (r: RobotListResponse) => r.data.map((x) => `${x.manufacturer} ${x.model}`);

describe.each(testBackends)('public catalog on %s', (backend) => {
  const ctx = useTestApp(backend, {}, { seed: (db) => seedCatalog(db) });

  it('gzips answers for a phone that takes gzip (the same JSON), and sends them plain to a client that does not', async () => {
    const gz = await request(ctx().app).get('/api/robots').set('Accept-Encoding', 'gzip').expect(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['vary']).toMatch(/Accept-Encoding/i);
    const again = await request(ctx().app).get('/api/robots').set('Accept-Encoding', 'gzip, deflate, br').expect(200); // remembered, gzipped once
    expect(again.headers['content-encoding']).toBe('gzip');
    const plain = await request(ctx().app).get('/api/robots').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gz.body).toEqual(plain.body);
    expect(again.body).toEqual(plain.body);
    expect(plain.body.data).toHaveLength(20);
    // Any other JSON answer over 1 kB too (three robots compared); a small one stays plain.
    const ids = (plain.body.data as Array<{ id: string }>).slice(0, 3).map((r) => r.id);
    const compared = await request(ctx().app).get('/api/robots/compare').query({ ids: ids.join(',') }).set('Accept-Encoding', 'gzip').expect(200);
    expect(compared.headers['content-encoding']).toBe('gzip');
    expect(compared.body.data.map((r: { id: string }) => r.id)).toEqual(ids);
    const small = await request(ctx().app).get('/health').set('Accept-Encoding', 'gzip').expect(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it.each(['crx 25 ia', 'Fanuc CRX 25 iA', 'CRX-25iA', 'crx25ia'])('finds the FANUC CRX-25iA typed as "%s" (a model number in pieces), first', async (q) => {
    const res = await list(ctx().app, { q });
    expect(nth(names(res), 0)).toBe('FANUC CRX-25iA');
  });

  it('pages the whole catalog 20 at a time by default', async () => {
    const first = await list(ctx().app, {});
    expect(first.page).toBe(1);
    expect(first.limit).toBe(20);
    expect(first.data).toHaveLength(20);
    expect(first.total).toBe(seedRobots.length);
    const last = await list(ctx().app, { page: Math.ceil(seedRobots.length / 20) });
    expect(last.data.length).toBe(seedRobots.length % 20 || 20);
  });

  it.each([
    ['fanuc m20', 'FANUC', /^M-20/],
    ['ur 10e', 'Universal Robots', /^UR10e$/],
    ['irb6700', 'ABB', /^IRB 6700/],
    ['kuak kr 210', 'KUKA', /^KR 210/],
    ['univeral robots ur5e', 'Universal Robots', /^UR5e$/],
  ])('finds %s (typos and model spellings)', async (q, maker, model) => {
    const result = await list(ctx().app, { q });
    expect(result.data.length).toBeGreaterThan(0);
    expect(nth(result.data, 0).manufacturer).toBe(maker);
    expect(nth(result.data, 0).model).toMatch(model);
  });

  it('applies text + filters together and every result meets them', async () => {
    const result = await list(ctx().app, { q: 'fanuc', minPayload: 10, maxPayload: 50, category: 'articulated', limit: 100 });
    expect(result.total).toBeGreaterThan(0);
    for (const r of result.data) {
      expect(r.manufacturer).toBe('FANUC');
      expect(r.payload_kg).toBeGreaterThanOrEqual(10);
      expect(r.payload_kg).toBeLessThanOrEqual(50);
      expect(r.category).toBe('articulated');
    }
    const expected = seedRobots.filter(
      (r) => r.manufacturer === 'FANUC' && r.payloadKg >= 10 && r.payloadKg <= 50 && r.category === 'articulated',
    ).length;
    expect(result.total).toBe(expected);
  });

  it('counts facets disjunctively', async () => {
    const all = await list(ctx().app, {});
    const abb = seedRobots.filter((r) => r.manufacturer === 'ABB').length;
    expect(all.facets.manufacturer.find((f) => f.value === 'ABB')?.count).toBe(abb);
    const filtered = await list(ctx().app, { manufacturer: 'abb' });
    expect(filtered.total).toBe(abb);
    // Choosing a maker keeps the other makers' counts visible.
    expect(filtered.facets.manufacturer.find((f) => f.value === 'KUKA')?.count).toBe(
      seedRobots.filter((r) => r.manufacturer === 'KUKA').length,
    );
    // Other facets narrow to ABB.
    const cats = filtered.facets.category.reduce((n, f) => n + f.count, 0);
    expect(cats).toBe(abb);
  });

  it('filters by application, industry and price band overlap', async () => {
    const result = await list(ctx().app, { application: 'palletizing', industry: 'logistics', maxPrice: 120000, limit: 100 });
    expect(result.total).toBeGreaterThan(0);
    for (const r of result.data) {
      expect(r.applications).toContain('palletizing');
      expect(r.industries).toContain('logistics');
      expect(r.price_min_usd).not.toBeNull();
      expect(defined(r.price_min_usd)).toBeLessThanOrEqual(120000);
    }
  });

  it('sorts by payload, reach and price', async () => {
    const byPayload = await list(ctx().app, { sort: 'payload', limit: 10 });
    const payloads = byPayload.data.map((r) => r.payload_kg);
    expect(payloads).toEqual([...payloads].sort((a, b) => b - a));
    expect(payloads[0]).toBe(Math.max(...seedRobots.map((r) => r.payloadKg)));
    const byReach = await list(ctx().app, { sort: 'reach', limit: 10 });
    expect(byReach.data.map((r) => r.reach_mm)).toEqual(byReach.data.map((r) => r.reach_mm).sort((a, b) => b - a));
    const byPrice = await list(ctx().app, { sort: 'price', limit: 10 });
    const prices = byPrice.data.map((r) => r.price_min_usd ?? Infinity);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('answers bad input with a 400 or an empty result, never a 500', async () => {
    expect((await list(ctx().app, { category: 'spaceship' })).data).toEqual([]);
    expect((await list(ctx().app, { q: "'; drop table robots; --" })).total).toBe(0);
    expect((await list(ctx().app, { q: '%_%' })).total).toBe(0);
    const beyond = await list(ctx().app, { page: 999 });
    expect(beyond.data).toEqual([]);
    expect(beyond.total).toBe(seedRobots.length);
    for (const query of [
      { minPayload: -5 },
      { minPayload: 50, maxPayload: 10 },
      { minPrice: 'cheap' },
      { page: 0 },
      { limit: 1000 },
      { sort: 'random' },
      { q: 'x'.repeat(10 * 1024) },
    ]) {
      const res = await request(ctx().app).get('/api/robots').query(query).expect(400);
      expect(errorBodySchema.parse(res.body).code).toBe('VALIDATION_FAILED');
    }
    const [row] = await ctx().handle.db.select().from(robots).limit(1);
    expect(row).toBeDefined();
  });

  it('hides private (integrator) and inactive robots', async () => {
    const { user } = await registerUser(ctx().app, { user_type: 'integrator' });
    await ctx().handle.db.insert(robots).values({
      manufacturer: 'Acme',
      model: 'Secret-1',
      ...robotSearchColumns({ manufacturer: 'Acme', model: 'Secret-1' }),
      category: 'articulated',
      payloadKg: 5,
      reachMm: 900,
      dof: 6,
      ownerId: user.id,
      listed: false,
    });
    await ctx().handle.db.update(robots).set({ status: 'inactive' }).where(eq(robots.model, 'UR5e'));
    expect((await list(ctx().app, { q: 'acme secret' })).total).toBe(0);
    expect(names(await list(ctx().app, { q: 'ur5e' }))).not.toContain('Universal Robots UR5e');
  });

  it('answers a repeated search from memory, and an edited robot with its new figures', async () => {
    const search = async () => robotListResponseSchema.parse((await request(ctx().app).get('/api/robots?q=ur10e').expect(200)).body);
    const first = await search();
    expect(first.data.map((r) => r.payload_kg)).toEqual([12.5]);
    expect(await search()).toEqual(first);
    await ctx().handle.db.update(robots).set({ payloadKg: 13.1 }).where(eq(robots.model, 'UR10e'));
    expect((await search()).data.map((r) => r.payload_kg)).toEqual([13.1]);
  });

  describe('GET /api/robots/:id', () => {
    it('answers the robot with unknown values as null and records a view', async () => {
      const [row] = await ctx().handle.db.select().from(robots).where(eq(robots.model, 'UR10e'));
      const res = await request(ctx().app).get(`/api/robots/${defined(row).id}`).expect(200);
      const robot = robotDetailResponseSchema.parse(res.body).data;
      expect(robot).toMatchObject({ manufacturer: 'Universal Robots', model: 'UR10e', dof: 6 });
      expect(robot.datasheet_source).toMatch(/Universal Robots/);
      // Written after the answer, so it may land a moment later.
      await vi.waitFor(async () => expect(await ctx().handle.db.select().from(robotViews).where(eq(robotViews.robotId, defined(row).id))).toHaveLength(1));
    });

    it('answers 404 for unknown and malformed ids', async () => {
      for (const id of ['00000000-0000-0000-0000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
        const res = await request(ctx().app).get(`/api/robots/${encodeURIComponent(id)}`).expect(404);
        expect(errorBodySchema.parse(res.body).code).toBe('NOT_FOUND');
      }
    });

    it('shows a private robot to its owner only', async () => {
      const { user, token } = await registerUser(ctx().app, { user_type: 'integrator' });
      const other = await registerUser(ctx().app, { user_type: 'integrator' });
      const [row] = await ctx()
        .handle.db.insert(robots)
        .values({
          manufacturer: 'Acme',
          model: 'Mine-1',
          ...robotSearchColumns({ manufacturer: 'Acme', model: 'Mine-1' }),
          category: 'articulated',
          payloadKg: 5,
          reachMm: 900,
          dof: 6,
          ownerId: user.id,
          listed: false,
        })
        .returning();
      await request(ctx().app).get(`/api/robots/${defined(row).id}`).set(bearer(token)).expect(200);
      await request(ctx().app).get(`/api/robots/${defined(row).id}`).set(bearer(other.token)).expect(404);
      await request(ctx().app).get(`/api/robots/${defined(row).id}`).expect(404);
      await request(ctx().app).get(`/api/robots/${defined(row).id}`).set(bearer('bad.token')).expect(401);
      expect(await ctx().handle.db.select().from(users)).toHaveLength(2);
    });

    it('lists similar robots, nearest first, same category preferred', async () => {
      const [row] = await ctx().handle.db.select().from(robots).where(eq(robots.model, 'UR10e'));
      const res = await request(ctx().app).get(`/api/robots/${defined(row).id}/similar`).expect(200);
      const similar = robotCompareResponseSchema.parse(res.body).data;
      expect(similar).toHaveLength(4);
      expect(similar.map((r) => r.id)).not.toContain(defined(row).id);
      expect(nth(similar, 0).category).toBe('collaborative');
    });
  });

  describe('GET /api/robots/compare', () => {
    it('answers the robots in the asked order', async () => {
      const rows = await ctx().handle.db.select().from(robots).limit(3);
      const ids = rows.map((r) => r.id).reverse();
      const res = await request(ctx().app).get('/api/robots/compare').query({ ids: ids.join(',') }).expect(200);
      expect(robotCompareResponseSchema.parse(res.body).data.map((r) => r.id)).toEqual(ids);
    });

    it('refuses more than 4, none, or malformed ids (400) and unknown ids (404)', async () => {
      const rows = await ctx().handle.db.select().from(robots).limit(5);
      await request(ctx().app).get('/api/robots/compare').query({ ids: rows.map((r) => r.id).join(',') }).expect(400);
      await request(ctx().app).get('/api/robots/compare').query({ ids: '' }).expect(400);
      await request(ctx().app).get('/api/robots/compare').query({ ids: 'abc' }).expect(400);
      await request(ctx().app).get('/api/robots/compare').expect(400);
      await request(ctx().app)
        .get('/api/robots/compare')
        .query({ ids: `${nth(rows, 0).id},00000000-0000-0000-0000-000000000000` })
        .expect(404);
    });
  });
});
