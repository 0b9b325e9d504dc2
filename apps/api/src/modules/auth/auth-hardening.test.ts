import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { errorBodySchema } from '@cellforge/contracts';
import { leads, projects, users } from '@cellforge/db';
import { createApp } from '../../app';
import { loadConfig } from '../../env';
import { createLogger } from '../../lib/logger';
import { testBackends, testConfig, useTestApp } from '../../test/create-test-app';
import { bearer, buildRegistration, registerUser } from '../../test/factories';
import { defined, nth } from '../../test/defined';
import { checkAnswer } from '../../test/answer-check';

/**
 * Issue 15 as an attacker tries it: password spraying, registration floods, weak and
 * over-long passwords, tokens of deleted or signed-out users, placeholder secrets, and
 * two API instances on one database.
 */
describe.each(testBackends)('sign-in hardening on %s', (backend) => {
  const limits = { loginRateLimit: 100, loginIpRateLimit: 5, registerRateLimit: 4 };
  const ctx = useTestApp(backend, limits);

  it('stops one address trying a password over many accounts (429 after the limit, whatever the e-mail)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < limits.loginIpRateLimit + 2; i += 1) {
      const res = await request(ctx().app).post('/auth/login').send({ email: `victim${i}@example.com`, password: 'Summer2026!' });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, limits.loginIpRateLimit)).toEqual(Array(limits.loginIpRateLimit).fill(401));
    expect(statuses.slice(limits.loginIpRateLimit)).toEqual([429, 429]);
    const last = await request(ctx().app).post('/auth/login').send({ email: 'other@example.com', password: 'x' }).expect(429);
    expect(errorBodySchema.parse(last.body).code).toBe('RATE_LIMITED');
  });

  it('limits registrations per address; forms refused for their content do not count', async () => {
    // Someone struggling with the password rules is not locked out by their own attempts.
    for (let i = 0; i < limits.registerRateLimit + 2; i += 1) {
      await request(ctx().app).post('/auth/register').send({ ...buildRegistration(), password: 'password' }).expect(400);
    }
    for (let i = 0; i < limits.registerRateLimit; i += 1) await registerUser(ctx().app);
    const res = await request(ctx().app).post('/auth/register').send(buildRegistration()).expect(429);
    expect(res.body.message).toBe('Too many accounts created from your address. Please try again later.');
  });

  it("refuses a deleted user's token (401, not a 500 on the next write)", async () => {
    const { token, user } = await registerUser(ctx().app);
    await request(ctx().app).get('/auth/me').set(bearer(token)).expect(200);
    await ctx().handle.db.delete(users).where(eq(users.id, user.id));
    const res = await request(ctx().app).post('/projects').set(bearer(token)).send({ project_name: 'Ghost line' }).expect(401);
    expect(errorBodySchema.parse(res.body).code).toBe('TOKEN_INVALID');
    await request(ctx().app).post('/api/leads').set(bearer(token)).send({ robot_id: user.id, message: 'hello there, a quote?' }).expect(401);
    expect(await ctx().handle.db.select().from(projects)).toHaveLength(0);
    expect(await ctx().handle.db.select().from(leads)).toHaveLength(0);
  });

  it('signs out everywhere: tokens issued before logout stop working, a new sign-in works', async () => {
    const { token, user, password } = await registerUser(ctx().app);
    const second = (await request(ctx().app).post('/auth/login').send({ email: user.email, password }).expect(200)).body.token as string;
    await request(ctx().app).post('/auth/logout').set(bearer(token)).expect(204);
    for (const t of [token, second]) {
      await request(ctx().app).get('/auth/me').set(bearer(t)).expect(401);
      expect((await request(ctx().app).post('/auth/verify').send({ token: t }).expect(200)).body.valid).toBe(false);
    }
    const fresh = (await request(ctx().app).post('/auth/login').send({ email: user.email, password }).expect(200)).body.token as string;
    await request(ctx().app).get('/auth/me').set(bearer(fresh)).expect(200);
    await request(ctx().app).post('/auth/logout').expect(401);
  });

  it('two API instances on one database share rate limits and revocations', async () => {
    const second = createApp({ db: ctx().handle.db, dbKind: ctx().handle.kind, config: testConfig(limits), logger: createLogger('silent'), onAnswer: checkAnswer });
    const apps = [ctx().app, second];
    // Failed sign-ins alternate between the instances: the limit counts them together.
    const statuses: number[] = [];
    for (let i = 0; i < limits.loginIpRateLimit + 1; i += 1) {
      statuses.push((await request(nth(apps, i % 2)).post('/auth/login').send({ email: `spray${i}@example.com`, password: 'Autumn2026!' })).status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 401)).toHaveLength(limits.loginIpRateLimit);

    const { token } = await registerUser(second);
    await request(ctx().app).get('/auth/me').set(bearer(token)).expect(200);
    await request(ctx().app).post('/auth/logout').set(bearer(token)).expect(204);
    await request(second).get('/auth/me').set(bearer(token)).expect(401);

    // A listing created through one instance is found by the other's catalog search.
    const search = async () => (await request(ctx().app).get('/api/robots?q=twinbot').expect(200)).body.total as number;
    expect(await search()).toBe(0);
    const supplier = await registerUser(second, { user_type: 'supplier' });
    await request(second)
      .post('/api/supplier/listings')
      .set(bearer(supplier.token))
      .send({ manufacturer: 'Twinbot', model: 'T-2', category: 'articulated', payload_kg: 6, reach_mm: 900, dof: 6 })
      .expect(201);
    expect(await search()).toBe(1);
  });

  it('with token checks cached, a revocation on one instance reaches the other within the cache window', async () => {
    const cacheMs = 200;
    const config = testConfig({ ...limits, tokenCheckCacheMs: cacheMs });
    const [one, two] = [0, 1].map(() => createApp({ db: ctx().handle.db, dbKind: ctx().handle.kind, config, logger: createLogger('silent'), onAnswer: checkAnswer }));
    const leaving = await registerUser(defined(one));
    const deleted = await registerUser(defined(one));
    // Both instances have looked the versions up, so both hold them in their caches.
    for (const app of [defined(one), defined(two)]) {
      for (const { token } of [leaving, deleted]) await request(app).get('/auth/me').set(bearer(token)).expect(200);
    }
    await request(defined(one)).post('/auth/logout').set(bearer(leaving.token)).expect(204);
    await ctx().handle.db.delete(users).where(eq(users.id, deleted.user.id));
    // The instance that signed the user out forgets its cached version at once.
    await request(defined(one)).get('/auth/me').set(bearer(leaving.token)).expect(401);

    await new Promise((resolve) => setTimeout(resolve, cacheMs + 50));
    const refused = await request(defined(two)).get('/auth/me').set(bearer(leaving.token)).expect(401);
    expect(errorBodySchema.parse(refused.body).code).toBe('TOKEN_INVALID');
    const write = await request(defined(two)).post('/projects').set(bearer(deleted.token)).send({ project_name: 'Ghost line' }).expect(401);
    expect(errorBodySchema.parse(write.body).code).toBe('TOKEN_INVALID');
    expect(await ctx().handle.db.select().from(projects)).toHaveLength(0);
  });
});

describe.each(testBackends)('password policy on %s (issue 15, item 13)', (backend) => {
  const ctx = useTestApp(backend);

  it('refuses common and guessable passwords, and passwords over 72 bytes (bcrypt ignores the rest)', async () => {
    for (const password of ['password', '12345678', 'Welcome2024!', 'qwertyuiop']) {
      const res = await request(ctx().app).post('/auth/register').send(buildRegistration({ password })).expect(400);
      const err = errorBodySchema.parse(res.body);
      expect(err.details?.password?.[0], password).toMatch(/too easy to guess/);
    }
    const long = await request(ctx().app).post('/auth/register').send(buildRegistration({ password: 'é'.repeat(37) })).expect(400);
    expect(long.body.details.password[0]).toMatch(/at most 72 bytes/);
    expect(await ctx().handle.db.select().from(users)).toHaveLength(0);
    await request(ctx().app).post('/auth/register').send(buildRegistration({ password: 'violet kettle under the bridge' })).expect(201);
  });
});

describe('production secrets (issue 15, item 6)', () => {
  const production = (JWT_SECRET: string) => () => loadConfig({ NODE_ENV: 'production', JWT_SECRET, DATA_DIR: '.data/test' });

  it('refuses the .env.example placeholder and low-entropy secrets with a clear message', () => {
    expect(production('change-me-to-at-least-32-random-characters')).toThrow(/JWT_SECRET looks like a placeholder/);
    expect(production('a'.repeat(32))).toThrow(/JWT_SECRET has only 1 different characters/);
    expect(production('abcabcabcabcabcabcabcabcabcabcab')).toThrow(/JWT_SECRET has only 3 different characters/);
    expect(production('mysupersecretjwtkeyforcellforge1')).toThrow(/placeholder/);
  });

  it('accepts a random secret, and keeps development and tests as they were', () => {
    expect(production(randomBytes(32).toString('hex'))().jwtSecret).toHaveLength(64);
    expect(production(randomBytes(32).toString('base64'))().jwtSecret).toHaveLength(44);
    expect(loadConfig({ NODE_ENV: 'development', JWT_SECRET: 'a'.repeat(32), DATA_DIR: '.data/test' }).jwtSecret).toBe('a'.repeat(32));
  });
});
