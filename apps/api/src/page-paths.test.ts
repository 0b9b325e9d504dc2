import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { pagePaths } from '@cellforge/contracts/constants';
import { testBackends, useTestApp } from './test/create-test-app';
import { bearer, registerUser } from './test/factories';

const dist = mkdtempSync(path.join(tmpdir(), 'cf-pages-'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body><div id="root">THE-WEB-APP</div></body></html>');

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const ID = '00000000-0000-4000-8000-000000000001';
/** A real URL of each page pattern. */
const urlOf = (pattern: string) => pattern.replace(':role', 'customer').replace(/:[A-Za-z]+/g, ID);

describe.each(testBackends)('page paths before API routes on %s (attacker)', (backend) => {
  const ctx = useTestApp(backend, { webDist: dist });

  it('answers a browser navigation to every page path with the page, signed in or not, whatever API router shares its prefix', async () => {
    const { app } = ctx();
    const { token } = await registerUser(app, { user_type: 'customer' });
    const failures: string[] = [];
    for (const pattern of pagePaths) {
      for (const auth of [null, token]) {
        let r = request(app).get(urlOf(pattern)).set('Accept', BROWSER_ACCEPT).set('Accept-Encoding', 'identity');
        if (auth) r = r.set(bearer(auth));
        const res = await r;
        if (res.status !== 200 || !res.text.includes('THE-WEB-APP')) failures.push(`${urlOf(pattern)}${auth ? ' signed in' : ''}: ${res.status} ${res.text.slice(0, 100)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers the page before any API router or input check: a hostile query on a page path still gets the page', async () => {
    const { app } = ctx();
    for (const url of [`/projects/${ID}/robots?x=%00`, `/auth/customer?${'a['.repeat(30)}x${']'.repeat(30)}=1`, `/robots/${ID}?q=%01`]) {
      const res = await request(app).get(url).set('Accept', BROWSER_ACCEPT).set('Accept-Encoding', 'identity');
      expect(res.status, url).toBe(200);
      expect(res.text, url).toContain('THE-WEB-APP');
    }
    // The order itself: the page handler comes before the body parser, the input guard and every router.
    const stack = (app as unknown as { router: { stack: Array<{ name: string }> } }).router.stack.map((l) => l.name);
    const pages = stack.indexOf('pages');
    expect(pages).toBeGreaterThan(-1);
    for (const name of ['jsonParser', 'inputGuard']) expect(pages, `${name} before pages: ${stack.join(', ')}`).toBeLessThan(stack.indexOf(name));
    // The one router before the pages is the web app's own assets router; every API router comes after.
    expect(stack.slice(0, pages).filter((n) => n === 'router'), stack.join(', ')).toHaveLength(1);
    expect(stack[pages - 1]).toBe('router');
  });

  it('keeps API calls JSON: /api under any Accept, and fetches on shared prefixes', async () => {
    const { app } = ctx();
    const { token } = await registerUser(app, { user_type: 'customer' });
    const robots = await request(app).get('/api/robots').set('Accept', BROWSER_ACCEPT).expect(200);
    expect(robots.headers['content-type']).toMatch(/json/);
    const projects = await request(app).get('/projects').set('Accept', 'application/json').set(bearer(token)).expect(200);
    expect(projects.headers['content-type']).toMatch(/json/);
    const me = await request(app).get('/auth/me').set('Accept', 'application/json').set(bearer(token)).expect(200);
    expect(me.body.user).toBeDefined();
    const missing = await request(app).get(`/projects/${ID}/robots`).set('Accept', 'application/json').set(bearer(token));
    expect(missing.status).toBeLessThan(500);
    const login = await request(app).post('/auth/login').set('Accept', BROWSER_ACCEPT).send({ email: 'a@b.c', password: 'x' });
    expect(login.status).toBeGreaterThanOrEqual(400);
    expect(login.body.code).toEqual(expect.any(String));
    // The API's own checks still apply to API calls.
    const guarded = await request(app).get('/api/robots?q=%00').set('Accept', BROWSER_ACCEPT).expect(400);
    expect(guarded.body.code).toBe('VALIDATION_FAILED');
    // The API reference is the API's page, not the web app's, when a browser navigates to it (issue 17).
    const docs = await request(app).get('/api/docs').set('Accept', BROWSER_ACCEPT).set('Accept-Encoding', 'identity').expect(200);
    expect(docs.text).toContain('/api/docs/swagger-ui-bundle.js');
    expect(docs.text).not.toContain('THE-WEB-APP');
    for (const file of ['init.js', 'swagger-ui.css']) await request(app).get(`/api/docs/${file}`).set('Accept', BROWSER_ACCEPT).expect(200);
    const document = await request(app).get('/api/openapi.json').set('Accept', BROWSER_ACCEPT).expect(200);
    expect(document.body.openapi).toBe('3.1.0');
  });
});
