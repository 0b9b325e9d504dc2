import { describe, expect, it } from 'vitest';
import request from 'supertest';
import jwt from 'jsonwebtoken';
import { eq } from 'drizzle-orm';
import { authResponseSchema, errorBodySchema, meResponseSchema, verifyResponseSchema } from '@cellforge/contracts';
import { integratorProfiles, users } from '@cellforge/db';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { bearer, buildRegistration, registerUser } from '../../test/factories';
import { defined } from '../../test/defined';

describe.each(testBackends)('auth on %s', (backend) => {
  const ctx = useTestApp(backend, { loginRateLimit: 3 });

  describe('POST /auth/register', () => {
    it.each(['customer', 'supplier', 'integrator', 'system_integrator'] as const)('registers a %s', async (userType) => {
      const body = buildRegistration({ user_type: userType, email: `New.${userType}@Example.com` });
      const res = await request(ctx().app).post('/auth/register').send(body).expect(201);
      const parsed = authResponseSchema.parse(res.body);
      expect(parsed.user.email).toBe(`new.${userType}@example.com`);
      expect(parsed.user.user_type).toBe(userType);
      expect(parsed.user.first_name).toBe('Ada');
      expect(parsed.message).toBe('Welcome to CellForge, Ada');
      expect(parsed.token).toBe(parsed.access_token);
      expect(JSON.stringify(res.body)).not.toContain('password');
    });

    it('stores a bcrypt hash, never the password', async () => {
      const { user, password } = await registerUser(ctx().app);
      const [row] = await ctx().handle.db.select().from(users).where(eq(users.id, user.id));
      expect(defined(row).passwordHash).toMatch(/^\$2[aby]\$04\$/);
      expect(defined(row).passwordHash).not.toContain(password);
    });

    it('creates the integrator portal profile for integrators', async () => {
      const { user } = await registerUser(ctx().app, { user_type: 'integrator', company_name: 'CellWorks' });
      const [profile] = await ctx().handle.db.select().from(integratorProfiles).where(eq(integratorProfiles.userId, user.id));
      expect(profile?.companyName).toBe('CellWorks');
    });

    it('refuses a duplicate email (any case) with 409 naming the field', async () => {
      await registerUser(ctx().app, { email: 'dup@example.com' });
      const res = await request(ctx().app).post('/auth/register').send(buildRegistration({ email: 'DUP@example.com' })).expect(409);
      const err = errorBodySchema.parse(res.body);
      expect(err.code).toBe('EMAIL_TAKEN');
      expect(err.message).toBe(err.error);
      expect(err.details?.email).toBeDefined();
      const all = await ctx().handle.db.select().from(users);
      expect(all).toHaveLength(1);
    });

    it('names every missing or bad field', async () => {
      const res = await request(ctx().app)
        .post('/auth/register')
        .send({ email: 'not-an-email', password: 'short', user_type: 'admin' })
        .expect(400);
      const err = errorBodySchema.parse(res.body);
      expect(err.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(err.details ?? {})).toEqual(expect.arrayContaining(['email', 'password', 'first_name', 'last_name', 'user_type']));
      expect(defined(err.details).password).toContain('Password must be at least 8 characters');
    });
  });

  describe('POST /auth/login', () => {
    it('signs in with the right password', async () => {
      const { password, user } = await registerUser(ctx().app, { email: 'ada@example.com' });
      const res = await request(ctx().app).post('/auth/login').send({ email: 'ADA@example.com', password, required_user_type: null }).expect(200);
      const parsed = authResponseSchema.parse(res.body);
      expect(parsed.user.id).toBe(user.id);
      expect(parsed.message).toBe('Welcome back, Ada');
    });

    it('answers 401 alike for a wrong password and an unknown email', async () => {
      await registerUser(ctx().app, { email: 'ada@example.com' });
      const wrong = await request(ctx().app).post('/auth/login').send({ email: 'ada@example.com', password: 'wrong-password' }).expect(401);
      const unknown = await request(ctx().app).post('/auth/login').send({ email: 'nobody@example.com', password: 'wrong-password' }).expect(401);
      expect(errorBodySchema.parse(wrong.body)).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
      expect(unknown.body.message).toBe(wrong.body.message);
    });

    it('refuses a role mismatch through required_user_type with a clear message', async () => {
      const { password } = await registerUser(ctx().app, { email: 'int@example.com', user_type: 'integrator' });
      const res = await request(ctx().app)
        .post('/auth/login')
        .send({ email: 'int@example.com', password, required_user_type: 'customer' })
        .expect(403);
      expect(res.body.code).toBe('ROLE_MISMATCH');
      expect(res.body.message).toBe(
        'This account is registered as a System Integrator account. Sign in through the System Integrator portal instead.',
      );
    });

    it('lets a system_integrator in through the integrator portal', async () => {
      const { password } = await registerUser(ctx().app, { email: 'si@example.com', user_type: 'system_integrator' });
      await request(ctx().app).post('/auth/login').send({ email: 'si@example.com', password, required_user_type: 'integrator' }).expect(200);
    });

    it('rate-limits repeated failed attempts with a JSON 429', async () => {
      await registerUser(ctx().app, { email: 'rl@example.com' });
      for (let i = 0; i < 3; i += 1) {
        await request(ctx().app).post('/auth/login').send({ email: 'rl@example.com', password: 'nope-nope' }).expect(401);
      }
      const res = await request(ctx().app).post('/auth/login').send({ email: 'rl@example.com', password: 'nope-nope' }).expect(429);
      expect(errorBodySchema.parse(res.body).code).toBe('RATE_LIMITED');
    });

    it('rejects a malformed JSON body with 400 INVALID_JSON', async () => {
      const res = await request(ctx().app).post('/auth/login').set('Content-Type', 'application/json').send('{"email":').expect(400);
      expect(res.body.code).toBe('INVALID_JSON');
      expect(res.body.message).toBe('The request body is not valid JSON');
      // Valid JSON that is not an object is named for what it is (outside tester: `null`).
      for (const raw of ['null', '42', '"text"']) {
        const other = await request(ctx().app).post('/auth/login').set('Content-Type', 'application/json').send(raw).expect(400);
        expect(errorBodySchema.parse(other.body), raw).toMatchObject({ code: 'INVALID_JSON', message: 'The request body must be a JSON object' });
      }
    });

    it('rejects an oversized body with 413', async () => {
      const res = await request(ctx().app).post('/auth/login').send({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }).expect(413);
      expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
    });
  });

  describe('GET /auth/me', () => {
    it('answers the profile with a valid token', async () => {
      const { token, user } = await registerUser(ctx().app, { user_type: 'supplier' });
      const res = await request(ctx().app).get('/auth/me').set(bearer(token)).expect(200);
      expect(meResponseSchema.parse(res.body).user).toMatchObject({ id: user.id, user_type: 'supplier' });
    });

    it('answers 401 without a token', async () => {
      const res = await request(ctx().app).get('/auth/me').expect(401);
      expect(errorBodySchema.parse(res.body).code).toBe('UNAUTHENTICATED');
    });

    it('answers 401 for a forged, expired or alg=none token', async () => {
      const { user } = await registerUser(ctx().app);
      const forged = jwt.sign({ user_type: 'customer' }, 'another-secret-another-secret-xx', { subject: user.id });
      const expired = jwt.sign({ user_type: 'customer', exp: Math.floor(Date.now() / 1000) - 10 }, ctx().config.jwtSecret, { subject: user.id });
      const none = jwt.sign({ user_type: 'customer', sub: user.id }, '', { algorithm: 'none' });
      for (const token of [forged, expired, none, 'garbage']) {
        const res = await request(ctx().app).get('/auth/me').set(bearer(token)).expect(401);
        expect(res.body.code).toBe('TOKEN_INVALID');
      }
    });

    it('answers 401 when the account was deleted', async () => {
      const { token, user } = await registerUser(ctx().app);
      await ctx().handle.db.delete(users).where(eq(users.id, user.id));
      await request(ctx().app).get('/auth/me').set(bearer(token)).expect(401);
    });
  });

  describe('PATCH /auth/me', () => {
    it('updates the editable fields only', async () => {
      const { token } = await registerUser(ctx().app);
      const res = await request(ctx().app)
        .patch('/auth/me')
        .set(bearer(token))
        .send({ first_name: 'Grace', company_size: '51-200', preferences: { units: 'metric' } })
        .expect(200);
      expect(res.body.user).toMatchObject({ first_name: 'Grace', firstName: 'Grace', company_size: '51-200', preferences: { units: 'metric' } });
    });

    it('refuses changing email or role (400) and needs a token (401)', async () => {
      const { token } = await registerUser(ctx().app);
      const res = await request(ctx().app).patch('/auth/me').set(bearer(token)).send({ user_type: 'supplier' }).expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      await request(ctx().app).patch('/auth/me').send({ first_name: 'X' }).expect(401);
    });
  });

  describe('POST /auth/verify', () => {
    it('answers valid with the user, or invalid', async () => {
      const { token, user } = await registerUser(ctx().app);
      const ok = verifyResponseSchema.parse((await request(ctx().app).post('/auth/verify').send({ token }).expect(200)).body);
      expect(ok).toMatchObject({ valid: true, user: { id: user.id } });
      const bad = verifyResponseSchema.parse((await request(ctx().app).post('/auth/verify').send({ token: 'x.y.z' }).expect(200)).body);
      expect(bad).toEqual({ valid: false, user: null });
      await request(ctx().app).post('/auth/verify').send({}).expect(400);
    });
  });

  it('answers unknown routes with a JSON 404', async () => {
    const res = await request(ctx().app).get('/api/nope').expect(404);
    expect(errorBodySchema.parse(res.body)).toMatchObject({ code: 'NOT_FOUND', message: 'Route not found: GET /api/nope' });
  });
});
