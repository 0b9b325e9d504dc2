import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { errorBodySchema } from '@cellforge/contracts';
import { ROI_DEFAULT_INPUTS } from '@cellforge/roi';
import { analysisJobs, passwordResets, robots, robotSearchColumns, seedCatalog, type Database } from '@cellforge/db';
import { hashResetToken } from '../modules/auth/password-reset.service';
import { testBackends, useTestApp } from './create-test-app';
import { bearer, buildRegistration, registerUser } from './factories';
import { listRoutes } from './route-table';
import { defined, nth } from './defined';

/**
 * Issue 15: whatever a client sends, every route answers a 4xx JSON error (or a 2xx
 * where the input happens to be acceptable), never a 5xx. The routes come from the
 * app's route table, so a new route is covered the day it is added.
 */
/** {"a":{"a":...}} n levels deep, written as text (stringifying it would overflow the stack). */
const nested = (n: number) => `${'{"a":'.repeat(n)}"leaf"${'}'.repeat(n)}`;
const fields = ['email', 'password', 'message', 'name', 'project_name', 'ids', 'payload_kg', 'reach_mm', 'token', 'upload_id', 'mappings', 'status', 'robot_id', 'confirmed', 'q', 'preferences', 'first_name', 'manufacturer', 'model'];
const every = (value: unknown) => Object.fromEntries(fields.map((f) => [f, value]));

/** Bodies a hostile or broken client sends: [label, content type, raw body]. */
const bodies: Array<[string, string, string]> = [
  ['malformed JSON', 'application/json', '{"email": "a@b.c", "password": '],
  ['a JSON array', 'application/json', JSON.stringify([1, 2, 3])],
  ['a JSON string', 'application/json', JSON.stringify('just a string')],
  ['wrong types (numbers)', 'application/json', JSON.stringify(every(12345))],
  ['wrong types (objects)', 'application/json', JSON.stringify(every({ $gt: '' }))],
  ['huge strings', 'application/json', JSON.stringify(every('x'.repeat(100_000)))],
  ['NUL and control characters', 'application/json', JSON.stringify(every('ab\u0000\u0007cd'))],
  ['nested 5,000 deep', 'application/json', `{"preferences":${nested(5000)},"data":${nested(5000)},"message":${nested(5000)}}`],
  ['prototype keys', 'application/json', '{"__proto__": {"admin": true}, "constructor": {"prototype": {"polluted": true}}, "email": "a@b.c"}'],
  ['malformed multipart', 'multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nabc'],
  ['multipart without boundary', 'multipart/form-data', 'whatever'],
  ['form-encoded', 'application/x-www-form-urlencoded', 'email=a%00b&password[]=1'],
];
const queries = ['?q[$gt]=1&page=-1&limit=1e9', '?ids=%00,..,%2e%2e&key=../../etc/passwd', `?q=${'x'.repeat(5000)}&mappings={"a":`];
/** Path parameters: an unknown id, a malformed one, traversal and NUL. */
const params = ['00000000-0000-0000-0000-000000000000', 'not-an-id', '..', '%00', `${'9'.repeat(300)}`];

describe.each(testBackends)('bad input on every route on %s', (backend) => {
  const ctx = useTestApp(backend, { dataDir: mkdtempSync(path.join(tmpdir(), 'cf-bad-input-')) });

  it('never answers a 5xx, and every error is JSON with message, error and code', async () => {
    const { app, handle } = ctx();
    await seedCatalog(handle.db);
    const tokens = {
      anonymous: null,
      customer: (await registerUser(app, { user_type: 'customer' })).token,
      supplier: (await registerUser(app, { user_type: 'supplier' })).token,
      integrator: (await registerUser(app, { user_type: 'integrator' })).token,
    };
    const routes = listRoutes(app).filter((r) => r.path !== '/auth/logout');
    expect(routes.length).toBeGreaterThan(50);
    const failures: string[] = [];
    let sent = 0;
    const check = (label: string, res: request.Response) => {
      sent += 1;
      if (res.status >= 500) failures.push(`${label}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
      else if (res.status >= 400) {
        const b = res.body as { message?: unknown; error?: unknown; code?: unknown };
        if (typeof b.message !== 'string' || typeof b.error !== 'string' || typeof b.code !== 'string') failures.push(`${label}: ${res.status} without a JSON error body`);
      }
    };
    for (const route of routes) {
      const paths = route.path.includes(':') ? params.map((p) => route.path.replace(/:[A-Za-z]+/g, p)) : [route.path];
      const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
      for (const [who, token] of Object.entries(tokens)) {
        for (const path of paths) {
          const withAuth = (r: request.Test) => (token ? r.set(bearer(token)) : r);
          if (method === 'get' || method === 'delete') {
            for (const q of ['', ...queries]) check(`${route.method} ${path}${q} as ${who}`, await withAuth(request(app)[method](`${path}${q}`)).set('Accept', 'application/json'));
            continue;
          }
          for (const [label, type, body] of path === paths[0] ? bodies : bodies.slice(0, 2)) {
            check(`${route.method} ${path} (${label}) as ${who}`, await withAuth(request(app)[method](path)).set('Content-Type', type).send(body));
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(2000);
    // Nothing was polluted and the app still answers.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    await request(app).get('/health').expect(200);
  }, 300_000);

  // Hostile values inside valid requests (the examples above).
  it('has an example for every route that takes a JSON body', () => {
    const routes = listRoutes(ctx().app).filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method)).map((r) => `${r.method} ${r.path}`);
    expect(routes.filter((r) => !(r in examples) && !noJsonBody.has(r)), 'routes without an example body').toEqual([]);
    expect(Object.keys(examples).filter((r) => !routes.includes(r)), 'examples of routes that are gone').toEqual([]);
  });

  it('never answers a 5xx with hostile values (lone surrogate, NUL, huge numbers, 10,000 characters, deep nesting) inside each route\'s valid example', async () => {
    const { app, handle } = ctx();
    const f = await fixtures(app, handle.db);
    const failures: string[] = [];
    let sent = 0;
    const check = (label: string, res: request.Response) => {
      sent += 1;
      if (res.status >= 500) failures.push(`${label}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      else if (res.status >= 400 && !errorBodySchema.safeParse(res.body).success) failures.push(`${label}: ${res.status} without a JSON error body`);
    };
    const as = (r: request.Test, who: Who) => (f.tokens[who] ? r.set(bearer(f.tokens[who])) : r);

    // The examples themselves are valid: each one is accepted as sent (so a refusal below is the hostile value's doing).
    for (const [route, ex] of Object.entries(examples)) {
      const [method, routePath] = route.split(' ') as [string, string];
      const res = await as(request(app)[method.toLowerCase() as 'post'](ex.path?.(f) ?? routePath), ex.who).send(ex.body(f));
      if (route.endsWith('/confirm')) expect(res.status, route).toBe(409); // the job's stage 1 is running: a state conflict after validation
      else expect(res.status, `${route}: ${JSON.stringify(res.body).slice(0, 200)}`).toBeLessThan(300);
    }

    for (const [route, ex] of Object.entries(examples)) {
      const [method, routePath] = route.split(' ') as [string, string];
      const body = ex.body(f);
      for (const at of leafPaths(body)) {
        for (const [label, raw] of hostileJson) {
          const res = await as(request(app)[method.toLowerCase() as 'post'](ex.path?.(f) ?? routePath), ex.who).set('Content-Type', 'application/json').send(withHostile(ex.body(f), at, raw));
          check(`${route} with ${label} in ${at.join('.')}`, res);
        }
      }
    }

    for (const q of queryExamples) {
      const query = q.query(f);
      for (const key of Object.keys(query)) {
        for (const [label, raw] of hostileQuery) {
          const qs = Object.entries({ ...query, [key]: null }).map(([k, v]) => `${k}=${v === null ? raw : encodeURIComponent(v)}`).join('&');
          check(`${q.route} with ${label} in ${key}`, await as(request(app).get(`${q.path(f)}?${qs}`), q.who));
        }
      }
    }

    // Multipart: hostile values in the fields of a valid video upload, and in the cells of a valid CSV.
    const textValues: Array<[string, string]> = [['NUL', 'ab\u0000cd'], ['a 10,000-character string', 'x'.repeat(10_000)], ['a huge number', '99999999999'], ['a lone surrogate', 'ab\ud800cd']];
    for (const field of ['project_id', 'job_id', 'user_id']) {
      for (const [label, value] of textValues) {
        const fields: Record<string, string> = { project_id: f.integratorProject, job_id: `job-${Math.random().toString(36).slice(2)}`, [field]: value };
        let r = as(request(app).post('/api/integrator/upload-video'), 'integrator');
        for (const [k, v] of Object.entries(fields)) r = r.field(k, v);
        check(`upload-video with ${label} in ${field}`, await r.attach('file', mp4, 'cell.mp4'));
      }
    }
    // The alt text of an offer picture.
    for (const [label, value] of textValues) {
      check(`offer image with ${label} in alt`, await as(request(app).post(`/api/supplier/offers/${f.supplierOffer}/images`), 'supplier').field('alt', value).attach('file', PNG, 'photo.png'));
    }
    for (const [base, who] of [['/api/integrator', 'integrator'], ['/api/supplier', 'supplier']] as const) {
      for (const column of [0, 1, 2, 3, 4]) {
        for (const [label, value] of textValues) {
          const row = ['ABB', `IRB ${Math.random()}`, '7', '700', '6'];
          row[column] = value;
          const csv = `manufacturer,model,payload_kg,reach_mm,dof\n${row.map((c) => `"${c}"`).join(',')}\n`;
          const parsed = await as(request(app).post(`${base}/bulk-upload/parse`), who).attach('file', Buffer.from(csv), 'robots.csv');
          check(`${base} parse with ${label} in column ${column + 1}`, parsed);
          if (parsed.status !== 200) continue;
          const imported = await as(request(app).post(`${base}/bulk-upload/import`), who).send({ upload_id: parsed.body.upload_id, mappings: MAPPINGS });
          check(`${base} import with ${label} in column ${column + 1}`, imported);
        }
      }
    }

    // Hostile file names (RFC 5987 encoded, so NUL and invalid UTF-8 reach the parser) on every upload route.
    const b = '----cf-hostile';
    const csvFile = 'manufacturer,model,payload_kg,reach_mm,dof\nABB,IRB 1200 name,7,700,6\n';
    const uploads: Array<[string, Who, string, string, Buffer]> = [
      ['/api/integrator/upload-video', 'integrator', 'cell', '.mp4', mp4],
      ['/api/integrator/bulk-upload/parse', 'integrator', 'robots', '.csv', Buffer.from(csvFile)],
      ['/api/supplier/bulk-upload/parse', 'supplier', 'robots', '.csv', Buffer.from(csvFile)],
      [`/api/supplier/offers/${f.supplierOffer}/images`, 'supplier', 'photo', '.png', PNG],
    ];
    for (const [url, who, stem, ext, content] of uploads) {
      for (const [label, name] of [['NUL', `${stem}%00${ext}`], ['control characters', `${stem}%01%1B%7F${ext}`], ['invalid UTF-8', `${stem}%ED%A0%80${ext}`], ['10,000 characters', `${'x'.repeat(10_000)}${ext}`]]) {
        const head = url.endsWith('upload-video') ? `--${b}\r\nContent-Disposition: form-data; name="project_id"\r\n\r\n${f.integratorProject}\r\n` : '';
        const body = Buffer.concat([Buffer.from(`${head}--${b}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''${name}\r\nContent-Type: application/octet-stream\r\n\r\n`), content, Buffer.from(`\r\n--${b}--\r\n`)]);
        check(`${url} with ${label} in the file name`, await as(request(app).post(url), who).set('Content-Type', `multipart/form-data; boundary=${b}`).send(body));
      }
    }

    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1200);
    await request(app).get('/health').expect(200);
  }, 120_000);
});

/**
 * Hostile values inside otherwise valid requests: each route's example body (below, one
 * per route that takes a JSON body, sent by an identity allowed to use it, on its own
 * objects) with one field at a time swapped for a hostile value, so the value reaches the
 * route's own validation and storage instead of being stopped by a missing field or an
 * authorization check. Upload routes get the same values in their multipart fields and
 * file cells, and GET routes in their query parameters.
 */
type Who = 'customer' | 'supplier' | 'integrator' | 'anonymous';
interface Fx {
  customerProject: string;
  integratorProject: string;
  publicRobot: string;
  supplierListing: string;
  secondListing: string;
  supplierOffer: string;
  /** A picture of the supplier's offer (migration 0016). */
  supplierOfferImage: string;
  supplierLead: string;
  /** The customer's request for quote on a model nobody lists (open to suppliers and integrators). */
  openRequest: string;
  integratorRobot: string;
  integratorUpload: string;
  supplierUpload: string;
  job: string;
  /** The supplier's webhook endpoint. */
  webhook: string;
  customerEmail: string;
  customerPassword: string;
  /** A password-reset token of another customer (the first valid example spends it; later sends reach the token check). */
  resetToken: string;
  tokens: Record<Who, string | null>;
}
interface Example {
  who: Who;
  path?: (f: Fx) => string;
  body: (f: Fx) => Record<string, unknown>;
}

const LISTING = { manufacturer: 'Matrix', model: 'Hostile 1', category: 'articulated', payload_kg: 10, reach_mm: 1200, dof: 6, repeatability_mm: 0.05, weight_kg: 150, price_min_usd: 20000, price_max_usd: 30000, applications: ['welding'], industries: ['automotive'], description: 'A robot.', datasheet_source: 'https://example.com/ds.pdf' };
const OFFER = { price_min: 40000, price_max: 45000, currency: 'EUR', condition: 'refurbished', lead_time_weeks: 6, regions: ['EU', 'UK'], warranty_months: 12, quantity: 3, notes: 'Refurbished by us.', status: 'active' };
/** A 4 x 3 PNG: the smallest real picture an offer takes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWMwTjsDRww4OQA/XBC9rAe9TAAAAABJRU5ErkJggg==', 'base64');
const MAPPINGS = { manufacturer: 'manufacturer', model: 'model', payload_kg: 'payload_kg', reach_mm: 'reach_mm', dof: 'dof' };
const ROWS = [{ manufacturer: 'ABB', model: 'IRB 1200', payload_kg: 7, reach_mm: 700, dof: 6 }];
const REQUIREMENTS = { application: 'welding', industry: 'automotive', payload_kg: 5, reach_mm: 800, cycle_time_s: 30, budget_usd: 50000 };
const CHAT_CONTEXT = { page: 'catalog', robotId: null, filters: { category: 'articulated' }, conversationHistory: [{ role: 'user', content: 'Hello' }], user_context: { authenticated: false, preferences: { units: 'metric' } } };
const STAGE1 = { project_id: 'p', extracted_activities: [], extracted_payloads: [{ name: 'Box', weight_kg: 5, dimensions_mm: [300, 200, 100] }], extracted_workstations: [{ name: 'Table' }], notes: 'ok', cycle_time_s: 30 };

const examples: Record<string, Example> = {
  'POST /auth/register': { who: 'anonymous', body: () => ({ ...buildRegistration() }) },
  'POST /auth/login': { who: 'anonymous', body: (f) => ({ email: f.customerEmail, password: f.customerPassword }) },
  'POST /auth/verify': { who: 'anonymous', body: (f) => ({ token: f.tokens.customer }) },
  'POST /auth/forgot-password': { who: 'anonymous', body: (f) => ({ email: f.customerEmail }) },
  'POST /auth/reset-password': { who: 'anonymous', body: (f) => ({ token: f.resetToken, password: 'amber lantern over quiet hills' }) },
  'PATCH /auth/me': { who: 'customer', body: () => ({ first_name: 'Ada', last_name: 'Lovelace', company_name: 'Acme', phone: '+44 20', job_title: 'Engineer', website: 'https://example.com', company_size: '11-50', industry: 'automotive', preferences: { theme: 'dark', layout: { cols: 2 } } }) },
  'POST /api/me/api-keys': { who: 'customer', body: () => ({ name: 'Hostile key', scopes: ['catalog:read', 'offers:write'], expires_in_days: 30 }) },
  'POST /api/contact': { who: 'anonymous', body: () => ({ name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'A question about robots.' }) },
  'POST /api/beta-signups': { who: 'anonymous', body: () => ({ email: `b${Math.random()}@example.com`, name: 'Ada', company: 'Acme', role: 'customer', automation_goal: 'Palletizing' }) },
  'POST /api/roi/calculate': { who: 'anonymous', body: () => ({ ...ROI_DEFAULT_INPUTS }) },
  'POST /ai/chat': { who: 'anonymous', body: () => ({ message: 'I need a robot for 5 kg parts', context: CHAT_CONTEXT, includeRobotData: true, conversationHistory: [{ role: 'assistant', content: 'Hi', metadata: { intent: 'greeting' } }] }) },
  'POST /ai/recommend-robots': { who: 'anonymous', body: () => ({ payload_kg: 5, reach_mm: 800, application: 'welding', industry: 'automotive', budget_usd: 50000, manufacturer: 'ABB', category: 'articulated', tool_kg: 1, limit: 5 }) },
  'POST /ai/compare-robots': { who: 'anonymous', body: (f) => ({ ids: [f.publicRobot, f.supplierListing] }) },
  'POST /projects': { who: 'customer', body: () => ({ project_name: 'Line', customer_company: 'Acme', status: 'Draft', description: 'A line.', requirements: REQUIREMENTS, shared_with_integrators: true }) },
  'PATCH /projects/:id': { who: 'customer', path: (f) => `/projects/${f.customerProject}`, body: () => ({ project_name: 'Line', description: 'Changed', requirements: REQUIREMENTS, shared_with_integrators: true }) },
  'POST /api/leads': { who: 'customer', body: (f) => ({ robot_id: f.secondListing, project_id: f.customerProject, message: 'A quote for two, please.' }) },
  'POST /api/supplier/listings': { who: 'supplier', body: () => ({ ...LISTING, model: `H-${Math.random()}` }) },
  'PUT /api/supplier/listings/:id': { who: 'supplier', path: (f) => `/api/supplier/listings/${f.supplierListing}`, body: () => LISTING },
  'PATCH /api/supplier/listings/:id/status': { who: 'supplier', path: (f) => `/api/supplier/listings/${f.supplierListing}/status`, body: () => ({ status: 'active' }) },
  'POST /api/supplier/offers': { who: 'supplier', body: () => ({ new_model: { ...LISTING, model: `O-${Math.random()}` }, ...OFFER }) },
  'PUT /api/supplier/offers/:id': { who: 'supplier', path: (f) => `/api/supplier/offers/${f.supplierOffer}`, body: () => OFFER },
  'PATCH /api/supplier/offers/:id/status': { who: 'supplier', path: (f) => `/api/supplier/offers/${f.supplierOffer}/status`, body: () => ({ status: 'paused' }) },
  'PUT /api/supplier/offers/:id/images/order': { who: 'supplier', path: (f) => `/api/supplier/offers/${f.supplierOffer}/images/order`, body: (f) => ({ ids: [f.supplierOfferImage] }) },
  'PATCH /api/supplier/offers/:id/images/:imageId': { who: 'supplier', path: (f) => `/api/supplier/offers/${f.supplierOffer}/images/${f.supplierOfferImage}`, body: () => ({ alt: 'The robot on its stand' }) },
  'PATCH /api/supplier/leads/:id': { who: 'supplier', path: (f) => `/api/supplier/leads/${f.supplierLead}`, body: () => ({ status: 'contacted' }) },
  'POST /api/quote-requests': { who: 'customer', body: (f) => ({ robot_id: f.publicRobot, project_id: f.customerProject, quantity: 2, timeline: '1_3_months', notes: 'Two cells.' }) },
  'POST /api/quote-requests/:id/answers': { who: 'supplier', path: (f) => `/api/quote-requests/${f.openRequest}/answers`, body: () => ({ message: 'We can help.', quote: { price: 40000, currency: 'EUR', valid_until: '2099-01-01', notes: 'Per robot.' } }) },
  'POST /api/threads/:id/messages': { who: 'customer', path: (f) => `/api/threads/${f.supplierLead}/messages`, body: () => ({ body: 'When can you deliver?' }) },
  'POST /api/threads/:id/quotes': { who: 'supplier', path: (f) => `/api/threads/${f.supplierLead}/quotes`, body: () => ({ price: 39000, currency: 'USD', valid_until: '2099-01-01', notes: 'Valid for two units.' }) },
  'POST /api/supplier/bulk-upload/validate': { who: 'supplier', body: (f) => ({ upload_id: f.supplierUpload, mappings: MAPPINGS }) },
  'POST /api/supplier/bulk-upload/import': { who: 'supplier', body: () => ({ data: ROWS, mappings: MAPPINGS }) },
  'POST /api/supplier/bulk-upload/edits': { who: 'supplier', body: (f) => ({ upload_id: f.supplierUpload, mappings: MAPPINGS, edits: [{ row: 1, column: 'dof', value: '6' }] }) },
  'POST /api/integrator/bulk-upload/edits': { who: 'integrator', body: (f) => ({ upload_id: f.integratorUpload, mappings: MAPPINGS, edits: [{ row: 1, column: 'dof', value: '6' }] }) },
  'POST /api/integrator/bulk-upload/validate': { who: 'integrator', body: () => ({ data: ROWS, mappings: MAPPINGS }) },
  'POST /api/integrator/bulk-upload/mappings': { who: 'integrator', body: () => ({ name: `Mapping ${Math.random()}`, columns: Object.keys(MAPPINGS), mappings: MAPPINGS }) },
  'POST /api/supplier/bulk-upload/mappings': { who: 'supplier', body: () => ({ name: `Mapping ${Math.random()}`, columns: Object.keys(MAPPINGS), mappings: MAPPINGS }) },
  'POST /api/integrator/bulk-upload/import': { who: 'integrator', body: (f) => ({ upload_id: f.integratorUpload, mappings: MAPPINGS }) },
  'PUT /api/integrator/catalog/robots/:id': { who: 'integrator', path: (f) => `/api/integrator/catalog/robots/${f.integratorRobot}`, body: () => ({ ...LISTING, model: 'Private 1' }) },
  'POST /api/integrator/projects': { who: 'integrator', body: () => ({ project_name: 'Own line', description: 'A line.', requirements: REQUIREMENTS, shared_with_integrators: false }) },
  'PATCH /api/integrator/projects/:id': { who: 'integrator', path: (f) => `/api/integrator/projects/${f.integratorProject}`, body: () => ({ project_name: 'Own line', description: 'Changed' }) },
  'PUT /api/integrator/settings': { who: 'integrator', body: () => ({ company_name: 'Cells Ltd', phone: '+33 1 23', website: 'https://cells.example', city: 'Lyon' }) },
  'POST /api/integrator/opportunities/:projectId/interest': { who: 'integrator', path: (f) => `/api/integrator/opportunities/${f.customerProject}/interest`, body: () => ({ message: 'We can deploy this line.' }) },
  'POST /api/integrator/analysis/:jobId/confirm': { who: 'integrator', path: (f) => `/api/integrator/analysis/${f.job}/confirm`, body: () => ({ confirmed: true, updated_data: STAGE1, message: 'Weighed on the scale' }) },
  'POST /api/webhooks/endpoints': { who: 'supplier', body: () => ({ url: 'http://127.0.0.1:9/hook', events: ['request.created', 'quote.accepted'], description: 'CRM' }) },
  'PATCH /api/webhooks/endpoints/:id': { who: 'supplier', path: (f) => `/api/webhooks/endpoints/${f.webhook}`, body: () => ({ url: 'http://127.0.0.1:9/other', events: ['message.created'], description: 'ERP', enabled: true }) },
};
/** Routes with a body that is not JSON, or none: covered by the multipart part below, or they read no body. */
const noJsonBody = new Set([
  'POST /auth/logout',
  'POST /api/integrator/upload-video',
  'POST /api/integrator/bulk-upload/parse',
  'POST /api/supplier/bulk-upload/parse',
  'POST /api/supplier/offers/:id/images',
  'POST /api/integrator/analysis/:jobId/stage1',
  'POST /api/integrator/analysis/:jobId/stage2',
  'POST /api/integrator/analysis/:jobId/cancel',
  'POST /api/threads/:id/accept',
  'POST /api/threads/:id/decline',
  'POST /api/threads/:id/close',
  'POST /api/quote-requests/:id/close',
  'POST /api/webhooks/endpoints/:id/secret',
  'POST /api/webhooks/endpoints/:id/secret/rotate',
  'POST /api/webhooks/endpoints/:id/deliveries/:deliveryId/replay',
  'POST /api/webhooks/endpoints/:id/ping',
]);

/** GET routes with query parameters: an example query per route, each parameter swapped in turn. */
const queryExamples: Array<{ route: string; who: Who; path: (f: Fx) => string; query: (f: Fx) => Record<string, string> }> = [
  { route: 'GET /api/robots', who: 'anonymous', path: () => '/api/robots', query: () => ({ q: 'abb', category: 'articulated', manufacturer: 'ABB', industry: 'automotive', application: 'welding', minPrice: '1000', maxPrice: '50000', minPayload: '1', maxPayload: '20', minReach: '100', maxReach: '2000', condition: 'new,used', sort: 'price', page: '1', limit: '10' }) },
  { route: 'GET /api/robots/compare', who: 'anonymous', path: () => '/api/robots/compare', query: (f) => ({ ids: `${f.publicRobot},${f.supplierListing}` }) },
  { route: 'GET /api/integrator/catalog/robots', who: 'integrator', path: () => '/api/integrator/catalog/robots', query: () => ({ search: 'abb', page: '1', limit: '10' }) },
  { route: 'GET /api/integrator/analysis', who: 'integrator', path: () => '/api/integrator/analysis', query: (f) => ({ project_id: f.integratorProject }) },
  { route: 'GET /api/integrator/analysis/:jobId/key-frame', who: 'integrator', path: (f) => `/api/integrator/analysis/${f.job}/key-frame`, query: () => ({ key: 'frames/1.jpg' }) },
  { route: 'GET /api/integrator/bulk-upload/:uploadId/errors.csv', who: 'integrator', path: (f) => `/api/integrator/bulk-upload/${f.integratorUpload}/errors.csv`, query: () => ({ mappings: JSON.stringify(MAPPINGS) }) },
  { route: 'GET /api/threads', who: 'supplier', path: () => '/api/threads', query: () => ({ before: '2026-11-26T10:00:00.000Z_00000000-0000-4000-8000-000000000000' }) },
  { route: 'GET /projects/:id/integrators', who: 'customer', path: (f) => `/projects/${f.customerProject}/integrators`, query: () => ({ city: 'Lyon', industry: 'automotive' }) },
];

/** {"a":{"a":...}} n levels deep, as JSON text. */
const nestedText = (n: number) => `${'{"a":'.repeat(n)}"leaf"${'}'.repeat(n)}`;
/** [label, the value as raw JSON text]: placed as is where a field's value was. */
const hostileJson: Array<[string, string]> = [
  ['a lone surrogate', JSON.stringify('ab\ud800cd')],
  ['NUL', JSON.stringify('ab\u0000cd')],
  ['a huge number', '1e308'],
  ['a number past int4', '99999999999'],
  ['a 10,000-character string', JSON.stringify('x'.repeat(10_000))],
  ['nesting 30 deep', nestedText(30)],
];
/** Query values (already URL-encoded). */
const hostileQuery: Array<[string, string]> = [
  ['NUL', 'ab%00cd'],
  ['invalid UTF-8', '%ED%A0%80'],
  ['a huge number', '1e308'],
  ['a number past int4', '99999999999'],
  ['a 10,000-character string', 'x'.repeat(10_000)],
  ['a lone surrogate in JSON', encodeURIComponent('{"a":"\\ud800"}')],
  ['nesting in JSON', encodeURIComponent(nestedText(30))],
];

/** Paths of every leaf (string, number, boolean, null) of a JSON value. */
function leafPaths(value: unknown, at: Array<string | number> = []): Array<Array<string | number>> {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
    const inner = entries.flatMap(([k, v]) => leafPaths(v, [...at, k]));
    return inner.length ? inner : [at];
  }
  return [at];
}
const MARK = '"__HOSTILE_VALUE__"';
/** The body as JSON text with the leaf at `at` replaced by raw JSON text. */
function withHostile(body: Record<string, unknown>, at: Array<string | number>, raw: string): string {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[nth(at, at.length - 1)] = MARK.slice(1, -1);
  return JSON.stringify(copy).replace(MARK, () => raw);
}

const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2'), Buffer.from([0, 0, 0, 8]), Buffer.from('mdat')]);

async function fixtures(app: Express, db: Database): Promise<Fx> {
  await seedCatalog(db);
  const customer = await registerUser(app, { user_type: 'customer' });
  const resetToken = randomBytes(32).toString('base64url');
  // Another account's: the reset signs its owner out everywhere.
  const resetAccount = await registerUser(app, { user_type: 'customer' });
  await db.insert(passwordResets).values({ userId: resetAccount.user.id, tokenHash: hashResetToken(resetToken), expiresAt: new Date(Date.now() + 3_600_000) });
  const supplier = await registerUser(app, { user_type: 'supplier' });
  const integrator = await registerUser(app, { user_type: 'integrator' });
  const customerProject = (await request(app).post('/projects').set(bearer(customer.token)).send({ project_name: 'Packing line', shared_with_integrators: true, requirements: { payload_kg: 5, reach_mm: 800 } }).expect(201)).body.data.id as string;
  const integratorProject = (await request(app).post('/projects').set(bearer(integrator.token)).send({ project_name: 'Own line' }).expect(201)).body.data.id as string;
  const [publicRobot] = await db.select({ id: robots.id }).from(robots).limit(1);
  const listing = async (model: string) => (await request(app).post('/api/supplier/listings').set(bearer(supplier.token)).send({ ...LISTING, model }).expect(201)).body.data.id as string;
  const supplierListing = await listing('Fixture 1');
  const secondListing = await listing('Fixture 2');
  const supplierLead = (await request(app).post('/api/leads').set(bearer(customer.token)).send({ robot_id: supplierListing, message: 'First inquiry about this.' }).expect(201)).body.data.id as string;
  const [integratorRobot] = await db
    .insert(robots)
    .values({ manufacturer: 'Matrix', model: 'Private 1', ...robotSearchColumns({ manufacturer: 'Matrix', model: 'Private 1' }), category: 'articulated', payloadKg: 8, reachMm: 900, dof: 6, ownerId: integrator.user.id, listed: false })
    .returning({ id: robots.id });
  const [, otherRobot] = await db.select({ id: robots.id }).from(robots).limit(2);
  const [, , offerRobot] = await db.select({ id: robots.id }).from(robots).limit(3);
  const supplierOffer = (await request(app).post('/api/supplier/offers').set(bearer(supplier.token)).send({ robot_id: defined(offerRobot).id, ...OFFER }).expect(201)).body.data.id as string;
  const openRequest = (await request(app).post('/api/quote-requests').set(bearer(customer.token)).send({ robot_id: defined(otherRobot).id, quantity: 1, timeline: 'asap' }).expect(201)).body.data.id as string;
  const supplierOfferImage = (await request(app).post(`/api/supplier/offers/${supplierOffer}/images`).set(bearer(supplier.token)).attach('file', PNG, 'photo.png').expect(201)).body.data.id as string;
  await db.insert(analysisJobs).values({ id: 'hostile-job', projectId: integratorProject, userId: integrator.user.id, status: 'stage1_running', bucketName: 'customer-videos', objectKey: 'k', fileName: 'cell.mp4' });
  const csv = 'manufacturer,model,payload_kg,reach_mm,dof\nABB,IRB 1200,7,700,6\n';
  const upload = async (base: string, token: string) => (await request(app).post(`${base}/bulk-upload/parse`).set(bearer(token)).attach('file', Buffer.from(csv), 'robots.csv').expect(200)).body.upload_id as string;
  return {
    customerProject,
    integratorProject,
    publicRobot: defined(publicRobot).id,
    supplierListing,
    secondListing,
    supplierOffer,
    supplierOfferImage,
    supplierLead,
    openRequest,
    integratorRobot: defined(integratorRobot).id,
    integratorUpload: await upload('/api/integrator', integrator.token),
    supplierUpload: await upload('/api/supplier', supplier.token),
    job: 'hostile-job',
    webhook: (await request(app).post('/api/webhooks/endpoints').set(bearer(supplier.token)).send({ url: 'http://127.0.0.1:9/hook', events: ['request.created'] }).expect(201)).body.data.id as string,
    customerEmail: customer.user.email,
    resetToken,
    customerPassword: customer.password,
    tokens: { anonymous: null, customer: customer.token, supplier: supplier.token, integrator: integrator.token },
  };
}
