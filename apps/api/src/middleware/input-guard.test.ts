import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { sql } from 'drizzle-orm';
import { errorBodySchema } from '@cellforge/contracts';
import { contactMessages, users } from '@cellforge/db';
import { testBackends, useTestApp } from '../test/create-test-app';
import { bearer, buildRegistration, registerUser } from '../test/factories';
import { loggableError } from './error-handler';

/** {"a":{"a":...}} n levels deep, as JSON text: serializing a deep object would overflow the test's own stack. */
const nestedJson = (n: number) => `${'{"a":'.repeat(n)}{"leaf":true}${'}'.repeat(n)}`;

describe.each(testBackends)('input guard on %s (issue 15, items 7 and 10)', (backend) => {
  const ctx = useTestApp(backend);

  it('refuses NUL and control characters with a 400 naming the field, and stores nothing', async () => {
    const reg = await request(ctx().app).post('/auth/register').send(buildRegistration({ first_name: 'Ada\u0000' })).expect(400);
    expect(errorBodySchema.parse(reg.body)).toMatchObject({ code: 'VALIDATION_FAILED', details: { first_name: ['Control characters are not allowed'] } });
    expect(await ctx().handle.db.select().from(users)).toHaveLength(0);

    const contact = { name: 'Grace', email: 'grace@example.com', subject: 'Hello', message: 'A message with a bell \u0007 in it.' };
    const res = await request(ctx().app).post('/api/contact').send(contact).expect(400);
    expect(res.body.message).toBe('Invalid message: control characters (such as NUL) are not allowed');
    expect(await ctx().handle.db.select().from(contactMessages)).toHaveLength(0);

    // Keys count too, and the query string.
    await request(ctx().app).post('/api/contact').send({ ...contact, message: 'Fine text here.', ['x\u0000']: 1 }).expect(400);
    const q = await request(ctx().app).get('/api/robots?q=ur%00').expect(400);
    expect(q.body.code).toBe('VALIDATION_FAILED');

    // Tabs and new lines are text.
    await request(ctx().app).post('/api/contact').send({ ...contact, message: 'Line one\n\tLine two\r\n' }).expect(201);
  });

  it('refuses lone UTF-16 surrogates in any string of the body or query with a 400 naming the field (attacker)', async () => {
    const { app } = ctx();
    const customer = await registerUser(app, { user_type: 'customer' });
    const supplier = await registerUser(app, { user_type: 'supplier' });
    const integrator = await registerUser(app, { user_type: 'integrator' });
    // Raw JSON text: the escapes reach the server as written and decode to lone surrogates.
    const lone = ['\\ud800', '\\udfff', 'a\\ud83d', '\\ude00b'];
    const cases: Array<[string, string, string | null, (s: string) => string, string]> = [
      ['POST', '/projects', customer.token, (s) => `{"project_name":"Line ${s}"}`, 'project_name'],
      ['POST', '/projects', customer.token, (s) => `{"project_name":"Line","requirements":{"notes":"${s}"}}`, 'requirements.notes'],
      ['POST', '/api/supplier/listings', supplier.token, (s) => `{"manufacturer":"Matrix","model":"M ${s}","category":"articulated","payload_kg":10,"reach_mm":1200,"dof":6}`, 'model'],
      ['PUT', '/api/integrator/settings', integrator.token, (s) => `{"city":"Lyon ${s}"}`, 'city'],
      ['POST', '/ai/chat', null, (s) => `{"message":"I need a robot ${s}"}`, 'message'],
      ['POST', '/api/contact', null, (s) => `{"name":"Ada","email":"ada@example.com","subject":"Hello","message":"A question ${s} about robots."}`, 'message'],
      ['POST', '/api/contact', null, (s) => `{"name":"Ada","email":"ada@example.com","subject":"Hello","message":"A question about robots.","k${s}":1}`, `k`],
    ];
    for (const [method, path, token, body, field] of cases) {
      for (const s of lone) {
        let r = request(app)[method.toLowerCase() as 'post' | 'put'](path).set('Content-Type', 'application/json');
        if (token) r = r.set(bearer(token));
        const res = await r.send(body(s));
        expect(res.status, `${method} ${path} ${s}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(400);
        expect(errorBodySchema.parse(res.body).code).toBe('VALIDATION_FAILED');
        expect(res.body.message, `${method} ${path}`).toContain(`Invalid ${field}`);
        expect(res.body.message).toMatch(/surrogate/i);
      }
    }
    expect(await ctx().handle.db.select().from(contactMessages)).toHaveLength(0);
    // The query string too (%ED%A0%80 is the UTF-8 form of U+D800; the decoder keeps it as U+FFFD or the raw text, never a lone surrogate), and JSON escapes in it.
    const q = await request(app).get('/api/robots?q=%ED%A0%80');
    expect(q.status).toBeLessThan(500);
    // A real pair (an emoji) is text, as are the escapes of a whole pair.
    await request(app).post('/api/contact').set('Content-Type', 'application/json').send('{"name":"Ada","email":"ada@example.com","subject":"Hi \\ud83d\\ude00","message":"A question about robots \ud83d\ude00."}').expect(201);
  });

  it('refuses nesting over 20 levels and preferences over 16 KB; keeps ordinary preferences', async () => {
    const { token } = await registerUser(ctx().app);
    for (const depth of [25, 1000, 5000]) {
      const res = await request(ctx().app)
        .patch('/auth/me')
        .set(bearer(token))
        .set('Content-Type', 'application/json')
        .send(`{"preferences":${nestedJson(depth)}}`)
        .expect(400);
      // Past a few thousand levels the JSON parser itself gives up: still a clear 400.
      expect(['VALIDATION_FAILED', 'INVALID_JSON'], String(depth)).toContain(errorBodySchema.parse(res.body).code);
    }
    const big = await request(ctx().app).patch('/auth/me').set(bearer(token)).send({ preferences: { notes: 'x'.repeat(17_000) } }).expect(400);
    expect(big.body.message).toMatch(/16 KB/);
    const layout = JSON.parse(nestedJson(5)) as unknown;
    const ok = await request(ctx().app).patch('/auth/me').set(bearer(token)).send({ preferences: { theme: 'dark', layout } }).expect(200);
    expect(ok.body.user.preferences.theme).toBe('dark');
  });

  it('logs a failed query without its parameter values', async () => {
    const secret = 'hunter2-the-password-hash';
    const err = await ctx()
      .handle.db.execute(sql`select ${secret}::int`)
      .then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(JSON.stringify(err, Object.getOwnPropertyNames(err))).toContain(secret); // what used to be logged
    const logged = JSON.stringify(loggableError(err));
    expect(logged).not.toContain(secret);
    expect(logged).toContain('22P02'); // invalid_text_representation, so the log still says what failed
  });
});
