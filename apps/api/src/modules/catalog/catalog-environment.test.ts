import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { robotListResponseSchema, robotSchema, type RobotListResponse } from '@cellforge/contracts';
import { robots, robotSearchColumns, seedCatalog, seedRobots, type SeedRobot } from '@cellforge/db';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { bearer, registerUser } from '../../test/factories';
import { defined } from '../../test/defined';

/**
 * Issue 12, "catalog data to match", written from the buyer's side: the environment words
 * a buyer types (IP rating, food-grade, cleanroom class, mounting, maker's country) are
 * hard filters, every robot shown is known to meet them, and the robots whose value is
 * not published are counted instead of silently passing or silently vanishing.
 */
async function search(app: Parameters<typeof request>[0], query: Record<string, string | number>): Promise<RobotListResponse> {
  const res = await request(app).get('/api/robots').query({ limit: 100, ...query }).expect(200);
  return robotListResponseSchema.parse(res.body);
}

const env = (r: SeedRobot) => r.environment ?? { source: '' };
/** The seed robots a predicate keeps (the expected answers follow the seed data, whatever it grows to). */
const seedCount = (keep: (r: SeedRobot) => boolean) => seedRobots.filter(keep).length;
const unknownOf = (result: RobotListResponse, filter: string) => result.unknown_values?.find((u) => u.filter === filter)?.robots;

describe.each(testBackends)('catalog environment filters on %s', (backend) => {
  const ctx = useTestApp(backend, {}, { seed: (db) => seedCatalog(db) });

  it('"food grade IP67 5 kg": only robots known to be food-grade with IP67 or better; the unknowns are counted', async () => {
    const result = await search(ctx().app, { q: 'food grade IP67 5 kg' });
    expect(result.interpretation?.filters).toMatchObject({ minIp: '67', foodGrade: 'true', minPayload: '6' });
    // A 5 kg part needs 6 kg with the gripper allowance (the one robot-fit rule of chat, search and matches).
    expect(result.interpretation?.not_applied.join(' ')).not.toMatch(/IP67|food/i);
    for (const r of result.data) {
      expect(r.food_grade, `${r.manufacturer} ${r.model}`).toBe(true);
      expect(defined(r.ip_rating)).toBeGreaterThanOrEqual(67);
      expect(r.payload_kg).toBeGreaterThanOrEqual(6);
    }
    const expected = seedCount((r) => env(r).foodGrade === true && (env(r).ipRating ?? -1) >= 67 && r.payloadKg >= 6);
    expect(result.total).toBe(expected);
    // Robots of 6 kg or more, known IP67+, whose food-grade rating is not published: said, not hidden.
    expect(unknownOf(result, 'foodGrade')).toBe(seedCount((r) => env(r).foodGrade === undefined && (env(r).ipRating ?? -1) >= 67 && r.payloadKg >= 6));
    expect(unknownOf(result, 'foodGrade')).toBeGreaterThan(0);
    expect(unknownOf(result, 'minIp')).toBe(seedCount((r) => env(r).ipRating === undefined && env(r).foodGrade === true && r.payloadKg >= 6));
  });

  it('"cleanroom ISO 5 scara": SCARAs whose published class is ISO 5 or cleaner; SCARAs without a class are counted', async () => {
    const result = await search(ctx().app, { q: 'cleanroom ISO 5 scara' });
    expect(result.interpretation?.filters).toMatchObject({ cleanroom: '5', category: 'scara' });
    for (const r of result.data) {
      expect(r.category).toBe('scara');
      expect(defined(r.cleanroom_iso_class)).toBeLessThanOrEqual(5);
    }
    expect(result.total).toBe(seedCount((r) => r.category === 'scara' && (env(r).cleanroomIsoClass ?? 99) <= 5));
    expect(unknownOf(result, 'cleanroom')).toBe(seedCount((r) => r.category === 'scara' && env(r).cleanroomIsoClass === undefined));
    expect(unknownOf(result, 'cleanroom')).toBeGreaterThan(0);
  });

  it('"cleanroom" without a class: any robot with a published cleanroom class', async () => {
    const result = await search(ctx().app, { q: 'cleanroom cobot' });
    expect(result.interpretation?.filters.cleanroom).toBe('any');
    expect(result.total).toBe(seedCount((r) => r.category === 'collaborative' && env(r).cleanroomIsoClass !== undefined));
    expect(result.total).toBeGreaterThan(0);
    for (const r of result.data) expect(r.cleanroom_iso_class).not.toBeNull();
  });

  it('"ceiling mounted": only robots whose maker allows ceiling mounting', async () => {
    const result = await search(ctx().app, { q: 'ceiling mounted' });
    expect(result.interpretation?.filters.mounting).toBe('ceiling');
    expect(result.total).toBe(seedCount((r) => env(r).mounting?.includes('ceiling') === true));
    expect(result.total).toBeGreaterThan(0);
    for (const r of result.data) expect(r.mounting, `${r.manufacturer} ${r.model}`).toContain('ceiling');
    expect(unknownOf(result, 'mounting')).toBe(seedCount((r) => env(r).mounting === undefined));
  });

  it('"Japanese cobot": collaborative robots of Japanese makers, and no other', async () => {
    const result = await search(ctx().app, { q: 'Japanese cobot' });
    expect(result.interpretation?.filters).toMatchObject({ makerCountry: 'JP', category: 'collaborative' });
    expect(result.total).toBeGreaterThan(0);
    for (const r of result.data) {
      expect(r.maker_country, `${r.manufacturer} ${r.model}`).toBe('JP');
      expect(r.category).toBe('collaborative');
    }
    const makers = new Set(result.data.map((r) => r.manufacturer));
    expect(makers.has('FANUC')).toBe(true);
    for (const foreign of ['Universal Robots', 'Doosan Robotics', 'Techman Robot', 'ABB', 'KUKA']) expect(makers.has(foreign)).toBe(false);
  });

  it('the filters given as parameters (the chips) answer the same robots as the words', async () => {
    for (const q of ['food grade IP67 5 kg', 'ceiling mounted', 'Japanese cobot', 'cleanroom ISO 5 scara']) {
      const read = await search(ctx().app, { q });
      const interpretation = defined(read.interpretation);
      const again = await search(ctx().app, { ...interpretation.filters, ...(interpretation.text ? { q: interpretation.text } : {}) });
      expect(again.data.map((r) => r.id), q).toEqual(read.data.map((r) => r.id));
      expect(again.unknown_values, q).toEqual(read.unknown_values);
    }
  });

  it('a robot with no published IP rating never passes an IP filter, however low the bar', async () => {
    const result = await search(ctx().app, { minIp: 0 });
    expect(result.total).toBe(seedCount((r) => env(r).ipRating !== undefined));
    expect(unknownOf(result, 'minIp')).toBe(seedCount((r) => env(r).ipRating === undefined));
    expect(result.unknown_values?.[0]?.label).toBe('IP rating');
  });

  it('a search without environment filters counts nothing and keeps its answer shape', async () => {
    const result = await search(ctx().app, { category: 'scara' });
    expect(result.unknown_values).toBeUndefined();
  });

  it.each([
    [{ minIp: 70 }],
    [{ minIp: 'IP67' }],
    [{ cleanroom: 0 }],
    [{ cleanroom: 'yes' }],
    [{ mounting: 'roof' }],
    [{ foodGrade: 'maybe' }],
    [{ makerCountry: 'Japan' }],
  ])('refuses %j with a 400 and a message', async (query) => {
    const res = await request(ctx().app).get('/api/robots').query(query).expect(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(typeof res.body.message).toBe('string');
  });

  it('the robot page carries the published values with their source, and null for what is not published', async () => {
    const list = await search(ctx().app, { q: 'ur5e' });
    const ur5e = defined(list.data.find((r) => r.model === 'UR5e'));
    const detail = robotSchema.parse((await request(ctx().app).get(`/api/robots/${ur5e.id}`).expect(200)).body.data);
    expect(detail).toMatchObject({ ip_rating: 54, cleanroom_iso_class: 5, food_grade: null, max_speed_mm_s: 1000, maker_country: 'DK' });
    expect(detail.mounting).toEqual(['floor', 'ceiling', 'wall', 'angle']);
    expect(detail.environment_source).toMatch(/Universal Robots/);
    const kuka = defined((await search(ctx().app, { q: 'kr 1000 titan' })).data[0]);
    expect(kuka).toMatchObject({ ip_rating: null, cleanroom_iso_class: null, food_grade: null, mounting: null, max_speed_mm_s: null, maker_country: 'DE' });
  });
});

describe.each(testBackends)('owners edit the environment values on %s', (backend) => {
  const ctx = useTestApp(backend);
  const listing = {
    manufacturer: 'Stäubli',
    model: 'TX2-60 HE Food Cell',
    category: 'articulated',
    payload_kg: 4.5,
    reach_mm: 670,
    dof: 6,
    applications: ['food-handling'],
    ip_rating: 67,
    food_grade: true,
    mounting: ['floor', 'ceiling', 'wall'],
    environment_source: 'https://www.staubli.com/ (TX2-60 HE datasheet)',
  };

  it('a supplier lists a food-grade IP67 robot: the buyer finds it by those words, with the maker’s country', async () => {
    const supplier = await registerUser(ctx().app, { user_type: 'supplier' });
    const created = robotSchema.parse((await request(ctx().app).post('/api/supplier/listings').set(bearer(supplier.token)).send(listing).expect(201)).body.data);
    expect(created).toMatchObject({ ip_rating: 67, food_grade: true, cleanroom_iso_class: null, maker_country: 'CH' });
    const found = await search(ctx().app, { q: 'food-grade IP67 robot for raw chicken, 3 kg' });
    expect(found.data.map((r) => r.id)).toContain(created.id);

    // Editing clears what the owner leaves empty (PUT replaces the listing).
    const edited = robotSchema.parse(
      (await request(ctx().app).put(`/api/supplier/listings/${created.id}`).set(bearer(supplier.token)).send({ ...listing, ip_rating: '', food_grade: null, mounting: [] }).expect(200)).body.data,
    );
    expect(edited).toMatchObject({ ip_rating: null, food_grade: null, mounting: null });
    expect((await search(ctx().app, { q: 'food-grade IP67 robot for raw chicken, 3 kg' })).data.map((r) => r.id)).not.toContain(created.id);
  });

  it('an integrator edits the values of a private robot, and reads them back', async () => {
    const integrator = await registerUser(ctx().app, { user_type: 'integrator' });
    const [row] = await ctx()
      .handle.db.insert(robots)
      .values({ manufacturer: 'Yaskawa', model: 'GP8 cell', ...robotSearchColumns({ manufacturer: 'Yaskawa', model: 'GP8 cell' }), category: 'articulated', payloadKg: 8, reachMm: 727, dof: 6, ownerId: integrator.user.id, listed: false })
      .returning();
    const id = defined(row).id;
    const path = `/api/integrator/catalog/robots/${id}`;
    const before = (await request(ctx().app).get(path).set(bearer(integrator.token)).expect(200)).body.data;
    expect(before).toMatchObject({ ip_rating: null, maker_country: 'JP' });
    const body = { ...listing, manufacturer: 'Yaskawa', model: 'GP8 cell', ip_rating: 65, cleanroom_iso_class: null, food_grade: false, mounting: ['ceiling', 'floor', 'ceiling'], max_speed_mm_s: 2000 };
    const saved = (await request(ctx().app).put(path).set(bearer(integrator.token)).send(body).expect(200)).body.data;
    expect(saved).toMatchObject({ ip_rating: 65, food_grade: false, mounting: ['ceiling', 'floor'], max_speed_mm_s: 2000, maker_country: 'JP' });
  });

  it.each([
    [{ ip_rating: 70 }, /IP rating/],
    [{ ip_rating: 6.5 }, /whole number/],
    [{ cleanroom_iso_class: 0 }, /Cleanroom/],
    [{ mounting: ['roof'] }, /Mounting/],
    [{ max_speed_mm_s: -1 }, /Maximum speed/],
  ])('refuses %j with the field’s message', async (bad, message) => {
    const supplier = await registerUser(ctx().app, { user_type: 'supplier' });
    const res = await request(ctx().app).post('/api/supplier/listings').set(bearer(supplier.token)).send({ ...listing, ...bad }).expect(400);
    expect(JSON.stringify(res.body)).toMatch(message);
  });
});
