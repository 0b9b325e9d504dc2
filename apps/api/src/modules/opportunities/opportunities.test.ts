import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { integratorCardSchema, opportunitySchema } from '@cellforge/contracts';
import { integratorProfiles, leads } from '@cellforge/db';
import { eq } from 'drizzle-orm';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { bearer, registerUser } from '../../test/factories';

describe.each(testBackends)('opportunities and find integrators on %s', (backend) => {
  const ctx = useTestApp(backend);

  it('shows shared customer projects to integrators, whose interest reaches the customer', async () => {
    const customer = await registerUser(ctx().app);
    const shared = await request(ctx().app)
      .post('/projects')
      .set(bearer(customer.token))
      .send({ project_name: 'Bin picking cell', shared_with_integrators: true, requirements: { payload_kg: 3 } })
      .expect(201);
    await request(ctx().app).post('/projects').set(bearer(customer.token)).send({ project_name: 'Private' }).expect(201);

    const integrator = await registerUser(ctx().app, { user_type: 'system_integrator', first_name: 'Linus', last_name: 'Cell', company_name: 'CellWorks', industry: 'automotive' });
    await ctx().handle.db.update(integratorProfiles).set({ city: 'Lyon' }).where(eq(integratorProfiles.userId, integrator.user.id));
    const other = await registerUser(ctx().app, { user_type: 'integrator', first_name: 'Ada', last_name: 'Zed', industry: 'logistics' });

    const list = await request(ctx().app).get('/api/integrator/opportunities').set(bearer(integrator.token)).expect(200);
    const opps = list.body.data.map((o: unknown) => opportunitySchema.parse(o));
    expect(opps.map((o: { project_name: string }) => o.project_name)).toEqual(['Bin picking cell']);
    expect(opps[0].interest_expressed).toBe(false);

    await request(ctx().app)
      .post(`/api/integrator/opportunities/${shared.body.data.id}/interest`)
      .set(bearer(integrator.token))
      .send({ message: 'We built 12 bin-picking cells in Lyon.' })
      .expect(201);
    await request(ctx().app)
      .post(`/api/integrator/opportunities/${shared.body.data.id}/interest`)
      .set(bearer(integrator.token))
      .send({ message: 'Again, we are keen.' })
      .expect(409);
    const after = await request(ctx().app).get('/api/integrator/opportunities').set(bearer(integrator.token)).expect(200);
    expect(after.body.data[0].interest_expressed).toBe(true);

    const found = await request(ctx().app).get(`/projects/${shared.body.data.id}/integrators`).set(bearer(customer.token)).expect(200);
    const cards = found.body.data.map((c: unknown) => integratorCardSchema.parse(c));
    expect(cards.map((c: { name: string }) => c.name)).toEqual(['Linus Cell', 'Ada Zed']);
    expect(cards[0]).toMatchObject({ interested: true, interest_message: 'We built 12 bin-picking cells in Lyon.', city: 'Lyon', company_name: 'CellWorks' });
    expect(cards[1]).toMatchObject({ interested: false });

    const byCity = await request(ctx().app).get(`/projects/${shared.body.data.id}/integrators`).query({ city: 'lyo' }).set(bearer(customer.token)).expect(200);
    expect(byCity.body.data.map((c: { name: string }) => c.name)).toEqual(['Linus Cell']);
    const byIndustry = await request(ctx().app).get(`/projects/${shared.body.data.id}/integrators`).query({ industry: 'automotive' }).set(bearer(customer.token)).expect(200);
    expect(byIndustry.body.data).toHaveLength(1);
    expect(other.user.id).toBeDefined();
  });

  it('keeps private projects private and enforces roles', async () => {
    const customer = await registerUser(ctx().app);
    const priv = await request(ctx().app).post('/projects').set(bearer(customer.token)).send({ project_name: 'Private' }).expect(201);
    const integrator = await registerUser(ctx().app, { user_type: 'integrator' });
    await request(ctx().app)
      .post(`/api/integrator/opportunities/${priv.body.data.id}/interest`)
      .set(bearer(integrator.token))
      .send({ message: 'We would love to help.' })
      .expect(404);
    await request(ctx().app).get('/api/integrator/opportunities').set(bearer(customer.token)).expect(403);
    const supplier = await registerUser(ctx().app, { user_type: 'supplier' });
    await request(ctx().app).get('/api/integrator/opportunities').set(bearer(supplier.token)).expect(403);
    await request(ctx().app).get('/api/integrator/opportunities').expect(401);
    await request(ctx().app).get(`/projects/${priv.body.data.id}/integrators`).set(bearer(integrator.token)).expect(403);
  });

  it("does not let an integrator express interest in another integrator's own shared project (only customers' projects are opportunities)", async () => {
    const a = await registerUser(ctx().app, { user_type: 'integrator' });
    const b = await registerUser(ctx().app, { user_type: 'integrator' });
    const own = await request(ctx().app)
      .post('/projects')
      .set(bearer(a.token))
      .send({ project_name: 'Integrator A line', shared_with_integrators: true })
      .expect(201);
    expect(own.body.data.shared_with_integrators).toBe(true);
    const listed = await request(ctx().app).get('/api/integrator/opportunities').set(bearer(b.token)).expect(200);
    expect(listed.body.data.map((o: { id: string }) => o.id)).not.toContain(own.body.data.id);
    const res = await request(ctx().app)
      .post(`/api/integrator/opportunities/${own.body.data.id}/interest`)
      .set(bearer(b.token))
      .send({ message: 'We would love to help with this.' })
      .expect(404);
    expect(res.body.code).toBe('NOT_FOUND');
    expect(await ctx().handle.db.select().from(leads)).toHaveLength(0);
  });
});
