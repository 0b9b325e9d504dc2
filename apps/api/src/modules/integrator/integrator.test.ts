import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq, isNull, sql } from 'drizzle-orm';
import {
  catalogStatsResponseSchema,
  customerProjectSchema,
  errorBodySchema,
  INTEGRATOR_SETTINGS_SAVED_MESSAGE,
  integratorCatalogResponseSchema,
  integratorRobotDetailResponseSchema,
  integratorSettingsResponseSchema,
  integratorSettingsSaveResponseSchema,
  projectStatsSchema,
} from '@cellforge/contracts';
import { robots, robotSearchColumns, seedCatalog, type Database } from '@cellforge/db';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { bearer, registerUser } from '../../test/factories';
import { defined, nth } from '../../test/defined';

async function insertOwnRobot(db: Database, ownerId: string, model: string, overrides: Partial<typeof robots.$inferInsert> = {}) {
  const [row] = await db
    .insert(robots)
    .values({
      manufacturer: 'Acme Motion',
      model,
      ...robotSearchColumns({ manufacturer: 'Acme Motion', model, category: 'articulated' }),
      category: 'articulated',
      payloadKg: 12,
      reachMm: 1400,
      dof: 6,
      ownerId,
      listed: false,
      ...overrides,
    })
    .returning();
  return defined(row);
}

describe.each(testBackends)('integrator portal on %s', (backend) => {
  const ctx = useTestApp(backend, {}, { seed: (db) => seedCatalog(db) });

  it('refuses anonymous (401) and customers and suppliers (403) on every route', async () => {
    const customer = await registerUser(ctx().app);
    const supplier = await registerUser(ctx().app, { user_type: 'supplier' });
    const routes: Array<['get' | 'post' | 'patch' | 'put' | 'delete', string]> = [
      ['get', '/api/integrator/catalog/robots'],
      ['get', '/api/integrator/catalog/stats'],
      ['get', '/api/integrator/projects'],
      ['post', '/api/integrator/projects'],
      ['get', '/api/integrator/projects/stats'],
      ['get', '/api/integrator/projects/00000000-0000-0000-0000-000000000000'],
      ['patch', '/api/integrator/projects/00000000-0000-0000-0000-000000000000'],
      ['get', '/api/integrator/settings'],
      ['put', '/api/integrator/settings'],
      ['get', '/api/integrator/catalog/robots/00000000-0000-0000-0000-000000000000'],
      ['put', '/api/integrator/catalog/robots/00000000-0000-0000-0000-000000000000'],
      ['delete', '/api/integrator/catalog/robots/00000000-0000-0000-0000-000000000000'],
    ];
    for (const [method, path] of routes) {
      const anon = await request(ctx().app)[method](path);
      expect(anon.status, path).toBe(401);
      expect(errorBodySchema.parse(anon.body).code).toBe('UNAUTHENTICATED');
      for (const who of [customer, supplier]) {
        const res = await request(ctx().app)[method](path).set(bearer(who.token));
        expect(res.status, path).toBe(403);
        expect(res.body.message).toMatch(/System Integrator portal/);
      }
    }
    // system_integrator counts as integrator
    const si = await registerUser(ctx().app, { user_type: 'system_integrator' });
    await request(ctx().app).get('/api/integrator/catalog/stats').set(bearer(si.token)).expect(200);
  });

  it('lists own robots first (owner, editable), then the shared catalog (read-only), paged', async () => {
    const { token, user } = await registerUser(ctx().app, { user_type: 'integrator' });
    const other = await registerUser(ctx().app, { user_type: 'integrator' });
    const db = ctx().handle.db;
    await insertOwnRobot(db, user.id, 'AM-10');
    await insertOwnRobot(db, user.id, 'AM-20');
    await insertOwnRobot(db, other.user.id, 'AM-30 theirs');
    const shared = Number(nth((await db.select({ n: sql<number>`count(*)` }).from(robots).where(isNull(robots.ownerId))), 0).n);

    const page1 = integratorCatalogResponseSchema.parse((await request(ctx().app).get('/api/integrator/catalog/robots').set(bearer(token)).expect(200)).body);
    expect(page1).toMatchObject({ page: 1, limit: 20, total: shared + 2 });
    expect(page1.data).toHaveLength(20);
    expect(page1.data.slice(0, 2).map((r) => [r.model_name, r.can_edit, r.permission_level])).toEqual([
      ['AM-10', true, 'owner'],
      ['AM-20', true, 'owner'],
    ]);
    expect(page1.data.slice(2).every((r) => !r.can_edit && r.permission_level === 'read')).toBe(true);
    expect(page1.data[0]).toMatchObject({ manufacturer: 'Acme Motion', normalized_specs: { payload_kg: 12, reach_mm: 1400, dof: 6 }, category: 'articulated', status: 'active' });

    const all = integratorCatalogResponseSchema.parse(
      (await request(ctx().app).get('/api/integrator/catalog/robots').query({ page: 1, limit: 100 }).set(bearer(token)).expect(200)).body,
    );
    expect(all.data).toHaveLength(Math.min(100, shared + 2));
    expect(all.data.map((r) => r.model_name)).not.toContain('AM-30 theirs');
    const last = Math.ceil((shared + 2) / 100);
    const lastPage = await request(ctx().app).get('/api/integrator/catalog/robots').query({ page: last + 1, limit: 100 }).set(bearer(token)).expect(200);
    expect(lastPage.body).toMatchObject({ data: [], total: shared + 2 });

    const bad = await request(ctx().app).get('/api/integrator/catalog/robots').query({ limit: 101 }).set(bearer(token)).expect(400);
    expect(errorBodySchema.parse(bad.body).details).toHaveProperty('limit');
    await request(ctx().app).get('/api/integrator/catalog/robots').query({ page: 0 }).set(bearer(token)).expect(400);
  });

  it('searches with the public catalog\'s typo-tolerant matching, own robots first', async () => {
    const { token, user } = await registerUser(ctx().app, { user_type: 'integrator' });
    await insertOwnRobot(ctx().handle.db, user.id, 'Fanuc Retrofit Cell', { manufacturer: 'FANUC', ...robotSearchColumns({ manufacturer: 'FANUC', model: 'Fanuc Retrofit Cell' }) });
    const res = integratorCatalogResponseSchema.parse(
      (await request(ctx().app).get('/api/integrator/catalog/robots').query({ search: 'fanuk', limit: 100 }).set(bearer(token)).expect(200)).body,
    );
    expect(res.total).toBeGreaterThan(1);
    expect(res.data.every((r) => r.manufacturer === 'FANUC')).toBe(true);
    expect(res.data[0]).toMatchObject({ model_name: 'Fanuc Retrofit Cell', can_edit: true });

    const model = integratorCatalogResponseSchema.parse(
      (await request(ctx().app).get('/api/integrator/catalog/robots').query({ search: 'ur10e' }).set(bearer(token)).expect(200)).body,
    );
    expect(model.data.map((r) => r.model_name)).toContain('UR10e');
    const none = await request(ctx().app).get('/api/integrator/catalog/robots').query({ search: '!!!' }).set(bearer(token)).expect(200);
    expect(none.body).toMatchObject({ data: [], total: 0 });
  });

  it('counts what the integrator sees in the stats', async () => {
    const { token, user } = await registerUser(ctx().app, { user_type: 'integrator' });
    const db = ctx().handle.db;
    await insertOwnRobot(db, user.id, 'AM-10', { status: 'inactive', category: 'delta' });
    const other = await registerUser(ctx().app, { user_type: 'integrator' });
    await insertOwnRobot(db, other.user.id, 'AM-99', { category: 'heavy-payload' });
    const shared = await db.select({ status: robots.status, category: robots.category }).from(robots).where(isNull(robots.ownerId));
    const stats = catalogStatsResponseSchema.parse((await request(ctx().app).get('/api/integrator/catalog/stats').set(bearer(token)).expect(200)).body).data;
    const sharedActive = shared.filter((r) => r.status === 'active').length;
    expect(stats).toEqual({
      total_robots: shared.length + 1,
      active_robots: sharedActive,
      inactive_robots: shared.length + 1 - sharedActive,
      categories: [...new Set([...shared.map((r) => r.category), 'delta'])].sort(),
    });
  });

  it('creates, lists, filters, updates and counts own projects; others\' answer 404', async () => {
    const { token, user } = await registerUser(ctx().app, { user_type: 'integrator' });
    const other = await registerUser(ctx().app, { user_type: 'integrator' });
    const create = (body: object, t = token) => request(ctx().app).post('/api/integrator/projects').set(bearer(t)).send(body);

    const a = customerProjectSchema.parse((await create({ project_name: 'Weld cell', customer_company: 'Bosch', status: 'In Progress' }).expect(201)).body.data);
    expect(a).toMatchObject({ project_name: 'Weld cell', customer_company: 'Bosch', status: 'In Progress', owner_id: user.id });
    await create({ project_name: 'Palletizer', customer_company: 'Nestlé' }).expect(201);
    await create({ project_name: 'Done job', status: 'Complete' }).expect(201);
    const theirs = (await create({ project_name: 'Not yours' }, other.token).expect(201)).body.data;

    const list = await request(ctx().app).get('/api/integrator/projects').set(bearer(token)).expect(200);
    expect(list.body.data.map((p: { project_name: string }) => p.project_name).sort()).toEqual(['Done job', 'Palletizer', 'Weld cell']);
    const drafts = await request(ctx().app).get('/api/integrator/projects').query({ status: 'Draft' }).set(bearer(token)).expect(200);
    expect(drafts.body.data.map((p: { project_name: string; status: string }) => [p.project_name, p.status])).toEqual([['Palletizer', 'Draft']]);
    const inProgress = await request(ctx().app).get('/api/integrator/projects?status=In%20Progress').set(bearer(token)).expect(200);
    expect(inProgress.body.data).toHaveLength(1);
    const badFilter = await request(ctx().app).get('/api/integrator/projects').query({ status: 'Closed' }).set(bearer(token)).expect(400);
    expect(errorBodySchema.parse(badFilter.body).details).toHaveProperty('status');

    const patched = await request(ctx().app).patch(`/api/integrator/projects/${a.id}`).set(bearer(token)).send({ status: 'Complete', customer_company: 'Bosch Rexroth' }).expect(200);
    expect(patched.body.data).toMatchObject({ status: 'Complete', customer_company: 'Bosch Rexroth', project_name: 'Weld cell' });
    await request(ctx().app).get(`/api/integrator/projects/${a.id}`).set(bearer(token)).expect(200);

    // the requirements an integrator keeps on a project prefill its video analyses' confirm step (issue 16)
    const planner = await registerUser(ctx().app, { user_type: 'integrator' });
    const withNeeds = customerProjectSchema.parse(
      (await create({ project_name: 'Gearbox cell', requirements: { payload_kg: 8, reach_mm: 1400, cycle_time_s: 6 } }, planner.token).expect(201)).body.data,
    );
    expect(withNeeds.requirements).toMatchObject({ payload_kg: 8, reach_mm: 1400, cycle_time_s: 6, application: null });
    const needsPatched = await request(ctx().app).patch(`/api/integrator/projects/${withNeeds.id}`).set(bearer(planner.token)).send({ requirements: { cycle_time_s: null, reach_mm: 1500 } }).expect(200);
    expect(needsPatched.body.data.requirements).toMatchObject({ payload_kg: 8, reach_mm: 1500, cycle_time_s: null });

    await request(ctx().app).patch(`/api/integrator/projects/${theirs.id}`).set(bearer(token)).send({ status: 'Complete' }).expect(404);
    await request(ctx().app).get(`/api/integrator/projects/${theirs.id}`).set(bearer(token)).expect(404);
    await request(ctx().app).patch('/api/integrator/projects/not-a-uuid').set(bearer(token)).send({ status: 'Complete' }).expect(404);
    const badPatch = await request(ctx().app).patch(`/api/integrator/projects/${a.id}`).set(bearer(token)).send({ status: 'Archived' }).expect(400);
    expect(badPatch.body.details).toHaveProperty('status');
    const badCreate = await create({ customer_company: 'X' }).expect(400);
    expect(errorBodySchema.parse(badCreate.body).details).toHaveProperty('project_name');

    const stats = projectStatsSchema.parse((await request(ctx().app).get('/api/integrator/projects/stats').set(bearer(token)).expect(200)).body.data);
    expect(stats).toEqual({ total_projects: 3, active_projects: 0, completed_projects: 2, draft_projects: 1 });
  });

  it('reads and saves the settings, naming invalid fields', async () => {
    const { token } = await registerUser(ctx().app, { user_type: 'integrator', company_name: 'Cell Builders', phone: '+49 30 1234', website: 'https://cells.example' });
    const initial = integratorSettingsResponseSchema.parse((await request(ctx().app).get('/api/integrator/settings').set(bearer(token)).expect(200)).body);
    expect(initial.data).toEqual({ company_name: 'Cell Builders', phone: '+49 30 1234', website: 'https://cells.example', city: null });

    const saved = integratorSettingsSaveResponseSchema.parse(
      (await request(ctx().app).put('/api/integrator/settings').set(bearer(token)).send({ company_name: 'Cell Builders GmbH', phone: '+49 (30) 555-0100', website: '', city: 'Berlin' }).expect(200)).body,
    );
    expect(saved).toEqual({
      success: true,
      message: INTEGRATOR_SETTINGS_SAVED_MESSAGE,
      data: { company_name: 'Cell Builders GmbH', phone: '+49 (30) 555-0100', website: null, city: 'Berlin' },
    });
    expect(saved.message).toBe('Settings saved successfully!');
    const after = await request(ctx().app).get('/api/integrator/settings').set(bearer(token)).expect(200);
    expect(after.body.data).toEqual(saved.data);

    const partial = await request(ctx().app).put('/api/integrator/settings').set(bearer(token)).send({ city: 'Hamburg' }).expect(200);
    expect(partial.body.data).toEqual({ ...saved.data, city: 'Hamburg' });

    const bad = await request(ctx().app)
      .put('/api/integrator/settings')
      .set(bearer(token))
      .send({ company_name: 'x'.repeat(161), phone: 'call me', website: 'ftp://cells.example', city: 'Berlin' })
      .expect(400);
    const body = errorBodySchema.parse(bad.body);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.details ?? {}).sort()).toEqual(['company_name', 'phone', 'website']);
    expect(body.details?.website?.[0]).toMatch(/full web address/);
    const unchanged = await request(ctx().app).get('/api/integrator/settings').set(bearer(token)).expect(200);
    expect(unchanged.body.data.city).toBe('Hamburg');
  });

  it('keeps the shared catalog read-only: its robots are never owned by the integrator', async () => {
    const { token, user } = await registerUser(ctx().app, { user_type: 'integrator' });
    const res = integratorCatalogResponseSchema.parse((await request(ctx().app).get('/api/integrator/catalog/robots').query({ limit: 5 }).set(bearer(token)).expect(200)).body);
    for (const r of res.data) {
      const [row] = await ctx().handle.db.select({ ownerId: robots.ownerId }).from(robots).where(eq(robots.id, r._id));
      expect(defined(row).ownerId).toBeNull();
      expect(defined(row).ownerId).not.toBe(user.id);
    }
  });

  it('lets an integrator read, edit and delete their own robots only (docs/product.md §4.3: can_edit)', async () => {
    const { token, user } = await registerUser(ctx().app, { user_type: 'integrator' });
    const other = await registerUser(ctx().app, { user_type: 'integrator' });
    const db = ctx().handle.db;
    const mine = await insertOwnRobot(db, user.id, 'AM-10');
    await insertOwnRobot(db, user.id, 'AM-20');
    const theirs = await insertOwnRobot(db, other.user.id, 'AM-30');
    const [shared] = await db.select({ id: robots.id, model: robots.model }).from(robots).where(isNull(robots.ownerId)).limit(1);
    const path = (id: string) => `/api/integrator/catalog/robots/${id}`;

    const read = integratorRobotDetailResponseSchema.parse((await request(ctx().app).get(path(mine.id)).set(bearer(token)).expect(200)).body);
    expect(read.data).toMatchObject({ id: mine.id, model: 'AM-10', payload_kg: 12, reach_mm: 1400, can_edit: true, permission_level: 'owner' });
    const sharedRead = integratorRobotDetailResponseSchema.parse((await request(ctx().app).get(path(defined(shared).id)).set(bearer(token)).expect(200)).body);
    expect(sharedRead.data).toMatchObject({ model: defined(shared).model, can_edit: false, permission_level: 'read' });
    // Another integrator's robot does not exist for this one; malformed ids are 404 too.
    for (const id of [theirs.id, 'not-a-uuid', '------------------------------------']) {
      expect(errorBodySchema.parse((await request(ctx().app).get(path(id)).set(bearer(token)).expect(404)).body).code).toBe('NOT_FOUND');
    }

    const edit = {
      manufacturer: 'Acme Motion',
      model: 'AM-10 Plus',
      category: 'collaborative',
      payload_kg: '14.5',
      reach_mm: 1450,
      dof: 6,
      repeatability_mm: 0.03,
      applications: ['machine-tending'],
      industries: ['automotive'],
      description: 'Retrofit arm',
    };
    const saved = integratorRobotDetailResponseSchema.parse((await request(ctx().app).put(path(mine.id)).set(bearer(token)).send(edit).expect(200)).body);
    expect(saved.data).toMatchObject({ id: mine.id, model: 'AM-10 Plus', category: 'collaborative', payload_kg: 14.5, repeatability_mm: 0.03, can_edit: true });
    const [row] = await db.select().from(robots).where(eq(robots.id, mine.id));
    expect(row).toMatchObject({ model: 'AM-10 Plus', payloadKg: 14.5, ownerId: user.id, listed: false });
    expect(defined(row).normalizedKey).toBe(robotSearchColumns({ manufacturer: 'Acme Motion', model: 'AM-10 Plus' }).normalizedKey);
    // The catalog tab shows the change.
    const listed = integratorCatalogResponseSchema.parse((await request(ctx().app).get('/api/integrator/catalog/robots').query({ search: 'AM-10 Plus' }).set(bearer(token)).expect(200)).body);
    expect(listed.data[0]).toMatchObject({ _id: mine.id, model_name: 'AM-10 Plus', normalized_specs: { payload_kg: 14.5, reach_mm: 1450, dof: 6 } });

    // Renaming onto another own robot's manufacturer + model is a conflict, nothing changes.
    const clash = await request(ctx().app).put(path(mine.id)).set(bearer(token)).send({ ...edit, model: 'AM-20' }).expect(409);
    expect(errorBodySchema.parse(clash.body)).toMatchObject({ code: 'CONFLICT' });
    expect(clash.body.details).toHaveProperty('model');
    const bad = await request(ctx().app).put(path(mine.id)).set(bearer(token)).send({ ...edit, payload_kg: -1, dof: 12 }).expect(400);
    expect(Object.keys(errorBodySchema.parse(bad.body).details ?? {}).sort()).toEqual(['dof', 'payload_kg']);
    expect(nth((await db.select({ model: robots.model }).from(robots).where(eq(robots.id, mine.id))), 0).model).toBe('AM-10 Plus');

    // The shared catalog is read-only (403); another integrator's robot is 404 and untouched.
    const refused = await request(ctx().app).put(path(defined(shared).id)).set(bearer(token)).send(edit).expect(403);
    expect(refused.body.message).toBe('Robots of the shared catalog are read-only.');
    await request(ctx().app).delete(path(defined(shared).id)).set(bearer(token)).expect(403);
    await request(ctx().app).put(path(theirs.id)).set(bearer(token)).send(edit).expect(404);
    await request(ctx().app).delete(path(theirs.id)).set(bearer(token)).expect(404);
    expect(nth((await db.select({ model: robots.model }).from(robots).where(eq(robots.id, theirs.id))), 0).model).toBe('AM-30');

    await request(ctx().app).delete(path(mine.id)).set(bearer(token)).expect(204);
    expect(await db.select().from(robots).where(eq(robots.id, mine.id))).toEqual([]);
    await request(ctx().app).get(path(mine.id)).set(bearer(token)).expect(404);
    await request(ctx().app).delete(path(mine.id)).set(bearer(token)).expect(404);
  });
});
