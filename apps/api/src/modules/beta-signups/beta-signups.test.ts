import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { betaSignupResponseSchema, errorBodySchema } from '@cellforge/contracts';
import { betaSignups } from '@cellforge/db';
import { testBackends, useTestApp } from '../../test/create-test-app';

const signup = {
  name: 'Grace Hopper',
  email: 'Grace.Hopper@Example.com',
  company: 'Navy Yard',
  role: 'customer',
  automation_goal: 'End-of-line palletising on three lines',
};

describe.each(testBackends)('POST /api/beta-signups on %s', (backend) => {
  const ctx = useTestApp(backend);

  it('stores a signup and answers 201', async () => {
    const res = await request(ctx().app).post('/api/beta-signups').send(signup).expect(201);
    expect(betaSignupResponseSchema.parse(res.body)).toEqual({
      success: true,
      already_registered: false,
      message: "You're on the list! We'll be in touch.",
    });
    const rows = await ctx().handle.db.select().from(betaSignups);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      email: 'grace.hopper@example.com',
      name: 'Grace Hopper',
      company: 'Navy Yard',
      role: 'customer',
      automationGoal: 'End-of-line palletising on three lines',
    });
  });

  it('keeps only name, email and role when the rest is left out', async () => {
    await request(ctx().app).post('/api/beta-signups').send({ name: 'Linus', email: 'linus@example.com', role: 'other' }).expect(201);
    await request(ctx().app)
      .post('/api/beta-signups')
      .send({ name: 'Ada', email: 'ada@example.com', role: 'integrator', company: null, automation_goal: '  ' })
      .expect(201);
    const rows = await ctx().handle.db.select().from(betaSignups);
    expect(rows.map((r) => [r.email, r.company, r.automationGoal]).sort()).toEqual([
      ['ada@example.com', null, null],
      ['linus@example.com', null, null],
    ]);
  });

  it('answers a repeated email (any capitals) in a friendly way and stores no second row', async () => {
    await request(ctx().app).post('/api/beta-signups').send(signup).expect(201);
    const again = await request(ctx().app)
      .post('/api/beta-signups')
      .send({ ...signup, email: '  GRACE.HOPPER@example.COM ', name: 'Someone Else', role: 'supplier' })
      .expect(200);
    expect(betaSignupResponseSchema.parse(again.body)).toEqual({
      success: true,
      already_registered: true,
      message: "You're already on the list — we'll be in touch soon.",
    });
    const rows = await ctx().handle.db.select().from(betaSignups);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Grace Hopper', role: 'customer' });
  });

  it('finds an older row stored with capitals', async () => {
    await ctx().handle.db.insert(betaSignups).values({ email: 'Legacy@Example.com', name: 'Legacy', role: 'other' });
    const res = await request(ctx().app)
      .post('/api/beta-signups')
      .send({ name: 'Legacy', email: 'legacy@example.com', role: 'other' })
      .expect(200);
    expect(betaSignupResponseSchema.parse(res.body).already_registered).toBe(true);
    expect(await ctx().handle.db.select().from(betaSignups)).toHaveLength(1);
  });

  it('stores one row when the same email arrives twice at once', async () => {
    const answers = await Promise.all([
      request(ctx().app).post('/api/beta-signups').send(signup),
      request(ctx().app).post('/api/beta-signups').send(signup),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    expect(await ctx().handle.db.select().from(betaSignups)).toHaveLength(1);
  });

  it('names every bad field and stores nothing', async () => {
    const res = await request(ctx().app)
      .post('/api/beta-signups')
      .send({ name: '  ', email: 'not-an-email', role: 'robot', automation_goal: 'x'.repeat(2001) })
      .expect(400);
    const err = errorBodySchema.parse(res.body);
    expect(err.code).toBe('VALIDATION_FAILED');
    expect(err.details).toEqual({
      name: ['Name is required'],
      email: ['Enter a valid email address'],
      role: ['Choose customer, supplier, integrator or other'],
      automation_goal: ['Keep what you want to automate under 2000 characters'],
    });
    expect(await ctx().handle.db.select().from(betaSignups)).toHaveLength(0);
  });

  it('wants name, email and role', async () => {
    const res = await request(ctx().app).post('/api/beta-signups').send({}).expect(400);
    expect(errorBodySchema.parse(res.body).details).toEqual({
      name: ['Name is required'],
      email: ['Email is required'],
      role: ['Choose customer, supplier, integrator or other'],
    });
  });
});
