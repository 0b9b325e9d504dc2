import { readFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import {
  errorBodySchema,
  webhookBackoffSeconds,
  webhookDeliveryListSchema,
  webhookEndpointCreatedSchema,
  webhookEndpointListSchema,
  webhookEventDataSchemas,
  webhookEventSchema,
  webhookEventTypes,
  webhookLimits,
  type WebhookEventType,
} from '@cellforge/contracts';
import { analysisJobs, webhookDeliveries, webhookEndpoints, type DbHandle } from '@cellforge/db';
import { createTestDb, truncateAll } from '@cellforge/db/testing';
import { eq } from 'drizzle-orm';
import { createApp } from '../../app';
import { createJobWorkers } from '../../job-workers';
import { BackgroundWrites } from '../../lib/background-writes';
import { createLogger } from '../../lib/logger';
import { testBackends, testConfig } from '../../test/create-test-app';
import { defined } from '../../test/defined';
import { bearer, registerUser } from '../../test/factories';
import type { Config } from '../../env';
import { loadConfig } from '../../env';
import { createSecretBox, createWebhookDispatcher, createWebhookService, secretBoxKey, webhookEvents } from './index';
import { isPrivateAddress, type Lookup } from './url-guard';

// ---------------------------------------------------------------------------------------
// The documented verification snippet (docs/webhooks.md), run as a receiver would run it.
const docs = readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../docs/webhooks.md'), 'utf8');
const snippet = defined(/<!-- verify-snippet -->\s*```js\n([\s\S]*?)```/.exec(docs)?.[1]);
type Verify = (body: string, header: string | undefined, secret: string, toleranceSeconds?: number, nowMs?: number) => boolean;
let verify: Verify;
beforeAll(async () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'cf-webhook-snippet-')), 'verify.mjs');
  writeFileSync(file, snippet);
  verify = ((await import(pathToFileURL(file).href)) as { verifyCellForgeSignature: Verify }).verifyCellForgeSignature;
});

// ---------------------------------------------------------------------------------------
// A real local HTTP receiver: /ok answers 204, /fail 500, /hang never, /redirect 302.
interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
function startReceiver() {
  const received: Received[] = [];
  const hanging: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const p = (req.url ?? '').split('?')[0] ?? '';
      received.push({ path: p, headers: req.headers, body });
      if (p.startsWith('/ok')) res.writeHead(204).end();
      else if (p.startsWith('/fail')) res.writeHead(500).end('boom');
      else if (p.startsWith('/redirect')) res.writeHead(302, { Location: '/ok' }).end();
      else if (p.startsWith('/hang')) hanging.push(res);
      else res.writeHead(404).end();
    });
  });
  const ready = new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
  return {
    received,
    ready,
    at: (p: string) => received.filter((r) => r.path === p),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const STAGE2 = {
  stage2_summary: { total_tasks_identified: 1, total_configurations_generated: 1, viable_configurations: 1, deployment_locations_analyzed: 1 },
  task_configurations: [{ task_name: 'Activity 1', robot_configurations: [{ robot_model: 'M-20iD/25', manufacturer: 'FANUC', payload_kg: 25, reach_mm: 1831, is_viable: true, reason: 'fits' }] }],
};

describe.each(testBackends)('webhooks on %s', (backend) => {
  let handle: DbHandle | undefined;
  let app: Express;
  let config: Config;
  let background: BackgroundWrites;
  const receiver = startReceiver();
  let base = '';
  // Ahead of the real clock: rows the database stamps with now() are due on this clock.
  let now = new Date(Date.now() + 86_400_000);
  const clock = () => now;
  const advance = (seconds: number) => {
    now = new Date(now.getTime() + seconds * 1000);
  };
  const db = () => defined(handle).db;
  const secrets = () => createSecretBox(secretBoxKey({ jwtSecret: config.jwtSecret }));
  const dispatcher = (overrides: Partial<Parameters<typeof createWebhookDispatcher>[0]> = {}) =>
    createWebhookDispatcher({ db: db(), logger: createLogger('silent'), secrets: secrets(), allowPrivate: true, timeoutMs: 2000, clock, ...overrides });

  beforeAll(async () => {
    handle = await createTestDb(backend);
    base = await receiver.ready;
  });
  afterAll(async () => {
    await receiver.close();
    await handle?.close();
  });
  beforeEach(async () => {
    await truncateAll(db());
    receiver.received.length = 0;
    now = new Date(Date.now() + 86_400_000);
    config = testConfig();
    background = new BackgroundWrites();
    app = createApp({
      db: db(),
      dbKind: defined(handle).kind,
      config,
      logger: createLogger('silent'),
      background,
      perception: { post: () => Promise.resolve(STAGE2) },
    });
  });

  async function addEndpoint(token: string, url: string, events: readonly WebhookEventType[] = webhookEventTypes) {
    const res = await request(app).post('/api/webhooks/endpoints').set(bearer(token)).send({ url, events, description: 'Test receiver' }).expect(201);
    return webhookEndpointCreatedSchema.parse(res.body);
  }
  async function deliveriesOf(token: string, endpointId: string) {
    const res = await request(app).get(`/api/webhooks/endpoints/${endpointId}/deliveries`).set(bearer(token)).expect(200);
    return webhookDeliveryListSchema.parse(res.body).data;
  }

  it('signs a test event so that the documented snippet verifies it, and shows the secret once at creation and on reveal only', async () => {
    const { token } = await registerUser(app, { user_type: 'integrator' });
    const created = await addEndpoint(token, `${base}/ok/1`, ['import.finished']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(created.data).toMatchObject({ url: `${base}/ok/1`, events: ['import.finished'], enabled: true, status: 'healthy', failing_since: null });
    // The list never carries the secret; the column holds it sealed, not in clear.
    const list = await request(app).get('/api/webhooks/endpoints').set(bearer(token)).expect(200);
    expect(JSON.stringify(list.body)).not.toContain(created.secret);
    const [stored] = await db().select().from(webhookEndpoints);
    expect(defined(stored).secret).not.toContain(created.secret.slice(6));
    expect(defined(stored).secret).toMatch(/^v1\./);
    const revealed = await request(app).post(`/api/webhooks/endpoints/${created.data.id}/secret`).set(bearer(token)).expect(200);
    expect(revealed.body).toEqual({ secret: created.secret });
    expect(revealed.headers['cache-control']).toBe('no-store');

    const ping = await request(app).post(`/api/webhooks/endpoints/${created.data.id}/ping`).set(bearer(token)).expect(202);
    expect(ping.body.data).toMatchObject({ event_type: 'ping', status: 'pending', attempts: 0 });
    expect(await dispatcher().drain()).toBe(1);

    const [hit] = receiver.at('/ok/1');
    const got = defined(hit);
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['cellforge-event']).toBe('ping');
    expect(got.headers['cellforge-delivery']).toBe(ping.body.data.id);
    const event = webhookEventSchema.parse(JSON.parse(got.body));
    expect(Object.keys(JSON.parse(got.body) as object)).toEqual(['id', 'type', 'created_at', 'data']);
    expect(event).toMatchObject({ type: 'ping', id: ping.body.data.event_id, data: { endpoint_id: created.data.id } });
    expect(got.headers['cellforge-event-id']).toBe(event.id);
    const header = String(got.headers['cellforge-signature']);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    // The snippet accepts it at the delivery's time, and refuses another secret, another body and an old timestamp.
    expect(verify(got.body, header, created.secret, 300, now.getTime())).toBe(true);
    expect(verify(got.body, header, 'whsec_wrong', 300, now.getTime())).toBe(false);
    expect(verify(got.body.replace('ping', 'pong'), header, created.secret, 300, now.getTime())).toBe(false);
    expect(verify(got.body, header, created.secret, 300, now.getTime() + 301_000)).toBe(false);
    expect(verify(got.body, undefined, created.secret, 300, now.getTime())).toBe(false);

    const [delivery] = await deliveriesOf(token, created.data.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, last_status_code: 204, last_error: null, next_attempt_at: null, delivered_at: now.toISOString() });

    // Rotation: a new secret at once; the next delivery verifies with it only.
    const rotated = await request(app).post(`/api/webhooks/endpoints/${created.data.id}/secret/rotate`).set(bearer(token)).expect(200);
    expect(rotated.body.secret).not.toBe(created.secret);
    await request(app).post(`/api/webhooks/endpoints/${created.data.id}/ping`).set(bearer(token)).expect(202);
    await dispatcher().drain();
    const second = defined(receiver.at('/ok/1')[1]);
    expect(verify(second.body, String(second.headers['cellforge-signature']), rotated.body.secret as string, 300, now.getTime())).toBe(true);
    expect(verify(second.body, String(second.headers['cellforge-signature']), created.secret, 300, now.getTime())).toBe(false);
  });

  it('retries a 500 after 1 min, 5 min, 30 min, 2 h, 6 h and 24 h, then fails it; the endpoint is failing while another one keeps receiving', async () => {
    const { token, user } = await registerUser(app, { user_type: 'integrator' });
    const failing = await addEndpoint(token, `${base}/fail`, ['import.finished']);
    const healthy = await addEndpoint(token, `${base}/ok/healthy`, ['import.finished', 'analysis.finished']);
    const d = dispatcher();
    const publish = (n: number) => webhookEvents.publish(db(), [user.id], 'import.finished', { role: 'integrator', inserted: n, updated: 0, unchanged: 0, skipped: 0 });
    expect(await publish(1)).toBe(2);
    expect(await d.runOnce()).toBe(2);
    expect(receiver.at('/fail')).toHaveLength(1);
    expect(receiver.at('/ok/healthy')).toHaveLength(1);
    const firstFailure = now.toISOString();

    for (const [i, wait] of webhookBackoffSeconds.entries()) {
      const pending = (await deliveriesOf(token, failing.data.id)).at(-1);
      expect(pending).toMatchObject({ status: 'pending', attempts: i + 1, last_status_code: 500, last_error: 'The endpoint answered 500' });
      expect(defined(pending).next_attempt_at).toBe(new Date(now.getTime() + wait * 1000).toISOString());
      // Not before its time...
      advance(wait - 1);
      expect(await d.runOnce()).toBe(0);
      // ...and meanwhile the healthy endpoint gets new events at once.
      expect(await webhookEvents.publish(db(), [user.id], 'analysis.finished', { job_id: `job-${i}`, project_id: 'p', stage: 'stage2' })).toBe(1);
      expect(await d.runOnce()).toBe(1);
      expect(receiver.at('/ok/healthy')).toHaveLength(i + 2);
      advance(1);
      // The retry is due now.
      expect(await d.drain()).toBe(1);
    }
    const deliveries = await deliveriesOf(token, failing.data.id);
    const first = defined(deliveries.at(-1));
    expect(first).toMatchObject({ status: 'failed', attempts: webhookLimits.maxAttempts, next_attempt_at: null, last_status_code: 500, delivered_at: null });
    expect(JSON.parse(defined(receiver.at('/fail')[0]).body)).toMatchObject({ data: { inserted: 1 } });
    const endpoints = webhookEndpointListSchema.parse((await request(app).get('/api/webhooks/endpoints').set(bearer(token)).expect(200)).body).data;
    expect(endpoints.find((e) => e.id === failing.data.id)).toMatchObject({ status: 'failing', failing_since: firstFailure });
    expect(endpoints.find((e) => e.id === healthy.data.id)).toMatchObject({ status: 'healthy', failing_since: null });
    expect((await deliveriesOf(token, healthy.data.id)).every((x) => x.status === 'delivered' && x.attempts === 1)).toBe(true);
  });

  it('counts a timeout and a redirect as failures (the redirect is not followed), and a replay delivers again with the same ids', async () => {
    const { token } = await registerUser(app, { user_type: 'supplier' });
    const hang = await addEndpoint(token, `${base}/hang`);
    const redirect = await addEndpoint(token, `${base}/redirect`);
    const d = dispatcher({ timeoutMs: 300 });
    await request(app).post(`/api/webhooks/endpoints/${hang.data.id}/ping`).set(bearer(token)).expect(202);
    await request(app).post(`/api/webhooks/endpoints/${redirect.data.id}/ping`).set(bearer(token)).expect(202);
    expect(await d.drain()).toBe(2);
    const [timedOut] = await deliveriesOf(token, hang.data.id);
    expect(timedOut).toMatchObject({ status: 'pending', attempts: 1, last_status_code: null, last_error: 'No answer within 0.3 s' });
    const [redirected] = await deliveriesOf(token, redirect.data.id);
    expect(redirected).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 302 });
    expect(defined(redirected).last_error).toMatch(/^Redirect to \/ok not followed/);
    expect(receiver.at('/ok')).toHaveLength(0);
    expect(receiver.at('/redirect')).toHaveLength(1);

    // The owner points the endpoint at the final URL and replays the delivery.
    await request(app).patch(`/api/webhooks/endpoints/${redirect.data.id}`).set(bearer(token)).send({ url: `${base}/ok/final` }).expect(200);
    const replayed = await request(app).post(`/api/webhooks/endpoints/${redirect.data.id}/deliveries/${defined(redirected).id}/replay`).set(bearer(token)).expect(202);
    expect(replayed.body.data).toMatchObject({ id: defined(redirected).id, status: 'pending', attempts: 0, delivered_at: null });
    await d.drain();
    const [final] = receiver.at('/ok/final');
    expect(defined(final).headers['cellforge-delivery']).toBe(defined(redirected).id);
    expect(defined(final).headers['cellforge-event-id']).toBe(defined(redirected).event_id);
    expect((await deliveriesOf(token, redirect.data.id))[0]).toMatchObject({ status: 'delivered', attempts: 1, last_status_code: 204 });

    // A delivered one replays too (sent again).
    await request(app).post(`/api/webhooks/endpoints/${redirect.data.id}/deliveries/${defined(redirected).id}/replay`).set(bearer(token)).expect(202);
    await d.drain();
    expect(receiver.at('/ok/final')).toHaveLength(2);
  });

  it('two dispatchers racing on the same queue send each attempt once, and an endpoint gets its events in the order they happened', async () => {
    const { token, user } = await registerUser(app, { user_type: 'integrator' });
    const endpoints = [await addEndpoint(token, `${base}/ok/a`, ['import.finished']), await addEndpoint(token, `${base}/ok/b`, ['import.finished'])];
    for (let n = 1; n <= 15; n += 1) {
      expect(await webhookEvents.publish(db(), [user.id], 'import.finished', { role: 'integrator', inserted: n, updated: 0, unchanged: 0, skipped: 0 })).toBe(2);
    }
    const one = dispatcher({ batchSize: 4 });
    const two = dispatcher({ batchSize: 4 });
    const [a, b] = await Promise.all([one.drain(), two.drain()]);
    expect(a + b).toBe(30);
    const ids = receiver.received.map((r) => String(r.headers['cellforge-delivery']));
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    for (const e of endpoints) {
      const list = await deliveriesOf(token, e.data.id);
      expect(list.map((x) => [x.status, x.attempts])).toEqual(Array.from({ length: 15 }, () => ['delivered', 1]));
    }
    // With one dispatcher, each endpoint's events arrive in the order they were created.
    receiver.received.length = 0;
    for (let n = 1; n <= 5; n += 1) await webhookEvents.publish(db(), [user.id], 'import.finished', { role: 'integrator', inserted: n, updated: 0, unchanged: 0, skipped: 0 });
    await dispatcher({ batchSize: 3 }).drain();
    for (const p of ['/ok/a', '/ok/b']) {
      expect(receiver.at(p).map((r) => (JSON.parse(r.body) as { data: { inserted: number } }).data.inserted)).toEqual([1, 2, 3, 4, 5]);
    }
  });

  it('queues each of the five events for the user who should hear of it, and for nobody else', async () => {
    const customer = await registerUser(app, { user_type: 'customer' });
    const supplier = await registerUser(app, { user_type: 'supplier' });
    const otherSupplier = await registerUser(app, { user_type: 'supplier' });
    const integrator = await registerUser(app, { user_type: 'integrator' });
    const hooks = {
      customer: await addEndpoint(customer.token, `${base}/ok/customer`),
      supplier: await addEndpoint(supplier.token, `${base}/ok/supplier`),
      otherSupplier: await addEndpoint(otherSupplier.token, `${base}/ok/other`),
      integrator: await addEndpoint(integrator.token, `${base}/ok/integrator`),
    };
    const tokens = { customer: customer.token, supplier: supplier.token, otherSupplier: otherSupplier.token, integrator: integrator.token };
    const seen = { customer: 0, supplier: 0, otherSupplier: 0, integrator: 0 };
    /** The new deliveries since the last call, per user: [type, data]. */
    const newDeliveries = async () => {
      await background.idle();
      const out: Record<string, Array<[string, Record<string, unknown>]>> = {};
      for (const who of Object.keys(hooks) as Array<keyof typeof hooks>) {
        const list = (await deliveriesOf(tokens[who], hooks[who].data.id)).reverse();
        out[who] = list.slice(seen[who]).map((x) => [x.event_type, x.payload.data]);
        seen[who] = list.length;
      }
      return out;
    };
    const listing = (await request(app).post('/api/supplier/listings').set(bearer(supplier.token)).send({ manufacturer: 'Hook', model: 'H-1', category: 'articulated', payload_kg: 10, reach_mm: 1200, dof: 6 }).expect(201)).body.data.id as string;
    await newDeliveries();

    // request.created: to the supplier the request went to.
    const rfq = await request(app).post('/api/quote-requests').set(bearer(customer.token)).send({ robot_id: listing, quantity: 2, timeline: 'asap' }).expect(201);
    const requestId = rfq.body.data.id as string;
    expect(await newDeliveries()).toEqual({
      customer: [],
      supplier: [['request.created', { quote_request_id: requestId, url: `${config.publicUrl}/messages` }]],
      otherSupplier: [],
      integrator: [],
    });
    webhookEventDataSchemas['request.created'].parse(defined((await deliveriesOf(supplier.token, hooks.supplier.data.id))[0]).payload.data);

    // message.created: the supplier's answer goes to the customer, the customer's reply to the supplier.
    const threads = await request(app).get('/api/threads').set(bearer(supplier.token)).expect(200);
    const threadId = defined(threads.body.data[0]).id as string;
    await request(app).post(`/api/threads/${threadId}/messages`).set(bearer(supplier.token)).send({ body: 'We have two in stock.' }).expect(201);
    const thread = { thread_id: threadId, url: `${config.publicUrl}/messages/${threadId}`, api_url: `${config.publicUrl}/api/threads/${threadId}` };
    expect(await newDeliveries()).toEqual({ customer: [['message.created', { ...thread, message_kind: 'message' }]], supplier: [], otherSupplier: [], integrator: [] });
    await request(app).post(`/api/threads/${threadId}/messages`).set(bearer(customer.token)).send({ body: 'Great, what price?' }).expect(201);
    expect(await newDeliveries()).toEqual({ customer: [], supplier: [['message.created', { ...thread, message_kind: 'message' }]], otherSupplier: [], integrator: [] });
    await request(app).post(`/api/threads/${threadId}/quotes`).set(bearer(supplier.token)).send({ price: 39000, valid_until: '2099-01-01' }).expect(201);
    expect(await newDeliveries()).toEqual({ customer: [['message.created', { ...thread, message_kind: 'quote' }]], supplier: [], otherSupplier: [], integrator: [] });

    // quote.accepted: to the seller.
    await request(app).post(`/api/threads/${threadId}/accept`).set(bearer(customer.token)).expect(200);
    expect(await newDeliveries()).toEqual({ customer: [], supplier: [['quote.accepted', thread]], otherSupplier: [], integrator: [] });

    // import.finished: to the uploader.
    const csv = 'manufacturer,model,payload_kg,reach_mm,dof\nABB,IRB 1200-7/0.7,7,700,6\n';
    const upload = (await request(app).post('/api/integrator/bulk-upload/parse').set(bearer(integrator.token)).attach('file', Buffer.from(csv), 'robots.csv').expect(200)).body.upload_id as string;
    const mappings = { manufacturer: 'manufacturer', model: 'model', payload_kg: 'payload_kg', reach_mm: 'reach_mm', dof: 'dof' };
    await request(app).post('/api/integrator/bulk-upload/import').set(bearer(integrator.token)).send({ upload_id: upload, mappings }).expect(200);
    expect(await newDeliveries()).toEqual({
      customer: [],
      supplier: [],
      otherSupplier: [],
      integrator: [['import.finished', { role: 'integrator', inserted: 1, updated: 0, unchanged: 0, skipped: 0, url: `${config.publicUrl}/dashboard` }]],
    });

    // analysis.finished: to the job's owner.
    const project = (await request(app).post('/projects').set(bearer(integrator.token)).send({ project_name: 'Hook line' }).expect(201)).body.data.id as string;
    await db().insert(analysisJobs).values({ id: 'hook-job', projectId: project, userId: integrator.user.id, status: 'confirmed', bucketName: 'b', objectKey: 'k', fileName: 'cell.mp4', confirmedData: { activities: [] } });
    // The stage runs on the durable job queue (issue 18): a worker of this process picks it up; ?wait answers once it ended.
    const worker = createJobWorkers({ db: db(), config: { ...config, jobPollMs: 20 }, logger: createLogger('silent'), perception: { post: () => Promise.resolve(STAGE2) } });
    worker.start();
    try {
      await request(app).post('/api/integrator/analysis/hook-job/stage2?wait=60').set(bearer(integrator.token)).expect(200);
    } finally {
      await worker.stop();
    }
    expect(await newDeliveries()).toEqual({
      customer: [],
      supplier: [],
      otherSupplier: [],
      integrator: [['analysis.finished', { job_id: 'hook-job', project_id: project, stage: 'stage2', url: `${config.publicUrl}/integrator/dashboard`, api_url: `${config.publicUrl}/api/integrator/analysis/hook-job` }]],
    });

    // An endpoint not subscribed to an event, or paused, gets none of it.
    await request(app).patch(`/api/webhooks/endpoints/${hooks.supplier.data.id}`).set(bearer(supplier.token)).send({ events: ['import.finished'] }).expect(200);
    await request(app).post(`/api/threads/${threadId}/messages`).set(bearer(customer.token)).send({ body: 'Thanks!' }).expect(201);
    await request(app).patch(`/api/webhooks/endpoints/${hooks.customer.data.id}`).set(bearer(customer.token)).send({ enabled: false }).expect(200);
    await request(app).post(`/api/threads/${threadId}/messages`).set(bearer(supplier.token)).send({ body: 'You are welcome.' }).expect(201);
    expect(await newDeliveries()).toEqual({ customer: [], supplier: [], otherSupplier: [], integrator: [] });

    // Every payload is the documented shape.
    for (const who of Object.keys(hooks) as Array<keyof typeof hooks>) {
      for (const x of await deliveriesOf(tokens[who], hooks[who].data.id)) {
        webhookEventDataSchemas[x.event_type as WebhookEventType].parse(x.payload.data);
      }
    }
  });

  it('refuses private, loopback and link-local endpoints in production, at registration and at delivery (DNS rebinding)', async () => {
    // NODE_ENV=production refuses unless WEBHOOK_ALLOW_PRIVATE=true.
    const prod = { NODE_ENV: 'production', JWT_SECRET: 'Zq8v-Lm3x_Rt7p.Wk2n+Hd5s!Yc9b#Fg4j' } as const;
    expect(loadConfig(prod).webhooks.allowPrivate).toBe(false);
    expect(loadConfig({ ...prod, WEBHOOK_ALLOW_PRIVATE: 'true' }).webhooks.allowPrivate).toBe(true);
    expect(testConfig().webhooks.allowPrivate).toBe(true);

    const strict = testConfig({ webhooks: { ...testConfig().webhooks, allowPrivate: false } });
    const prodApp = createApp({ db: db(), dbKind: defined(handle).kind, config: strict, logger: createLogger('silent') });
    const { token } = await registerUser(prodApp, { user_type: 'customer' });
    for (const url of [
      `${base}/ok`,
      'http://example.com/hook',
      'https://127.0.0.1/hook',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://10.1.2.3/hook',
      'https://172.20.0.5/hook',
      'https://192.168.1.10/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[fd00::1]/hook',
      'https://[fe80::1]/hook',
      'https://localhost/hook',
      'https://0.0.0.0/hook',
    ]) {
      const res = await request(prodApp).post('/api/webhooks/endpoints').set(bearer(token)).send({ url, events: ['request.created'] });
      expect(res.status, url).toBe(400);
      expect(errorBodySchema.parse(res.body).code, url).toBe('VALIDATION_FAILED');
      expect(res.body.details?.url, url).toBeDefined();
    }
    expect(isPrivateAddress('93.184.216.34')).toBe(false);
    expect(isPrivateAddress('2606:2800:220:1:248:1893:25c8:1946')).toBe(false);

    // A name that resolves to a public address at registration and to 127.0.0.1 at delivery.
    let answer = '93.184.216.34';
    const lookup: Lookup = () => Promise.resolve([{ address: answer, family: 4 }]);
    const service = createWebhookService({ db: db(), secrets: secrets(), allowPrivate: false, lookup });
    const me = await registerUser(app, { user_type: 'integrator' });
    const created = await service.create(me.user.id, { url: 'https://rebind.example/hook', events: ['import.finished'], description: '' });
    answer = '127.0.0.1';
    await service.ping(me.user.id, created.data.id);
    await createWebhookDispatcher({ db: db(), logger: createLogger('silent'), secrets: secrets(), allowPrivate: false, lookup, clock }).drain();
    const [refused] = await service.deliveries(me.user.id, created.data.id);
    expect(refused).toMatchObject({ status: 'pending', attempts: 1, last_status_code: null });
    expect(defined(refused).last_error).toMatch(/^Refused: rebind\.example resolves to a private address \(127\.0\.0\.1\)/);
    expect(receiver.received).toHaveLength(0);
    // An endpoint row made http:// (or private) behind the API's back is refused at delivery too.
    await db().update(webhookEndpoints).set({ url: `${base}/ok` }).where(eq(webhookEndpoints.id, created.data.id));
    await service.replay(me.user.id, created.data.id, defined(refused).id);
    await createWebhookDispatcher({ db: db(), logger: createLogger('silent'), secrets: secrets(), allowPrivate: false, clock }).drain();
    expect((await service.deliveries(me.user.id, created.data.id))[0]?.last_error).toBe('Refused: only https:// endpoints receive webhooks');
    expect(receiver.received).toHaveLength(0);
  });

  it('keeps endpoints to their owner (404 for anyone else) and answers bad input with the error shape', async () => {
    const owner = await registerUser(app, { user_type: 'customer' });
    const other = await registerUser(app, { user_type: 'supplier' });
    const created = await addEndpoint(owner.token, `${base}/ok/own`);
    const ping = await request(app).post(`/api/webhooks/endpoints/${created.data.id}/ping`).set(bearer(owner.token)).expect(202);
    const id = created.data.id;
    const deliveryId = ping.body.data.id as string;
    const routes: Array<[string, string, object?]> = [
      ['get', `/api/webhooks/endpoints/${id}`],
      ['patch', `/api/webhooks/endpoints/${id}`, { description: 'mine now' }],
      ['delete', `/api/webhooks/endpoints/${id}`],
      ['post', `/api/webhooks/endpoints/${id}/secret`],
      ['post', `/api/webhooks/endpoints/${id}/secret/rotate`],
      ['get', `/api/webhooks/endpoints/${id}/deliveries`],
      ['post', `/api/webhooks/endpoints/${id}/deliveries/${deliveryId}/replay`],
      ['post', `/api/webhooks/endpoints/${id}/ping`],
    ];
    for (const [method, url, body] of routes) {
      const anon = await request(app)[method as 'get'](url).send(body);
      expect(anon.status, `${method} ${url} anonymous`).toBe(401);
      const res = await request(app)[method as 'get'](url).set(bearer(other.token)).send(body);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(errorBodySchema.parse(res.body).code).toBe('NOT_FOUND');
    }
    expect((await request(app).get('/api/webhooks/endpoints').set(bearer(other.token)).expect(200)).body).toEqual({ data: [] });
    // The owner's endpoint is untouched.
    expect((await request(app).get(`/api/webhooks/endpoints/${id}`).set(bearer(owner.token)).expect(200)).body.data).toMatchObject({ description: 'Test receiver' });

    const bad: Array<[string, string, unknown, number, string]> = [
      ['post', '/api/webhooks/endpoints', { url: 'not a url', events: ['request.created'] }, 400, 'url'],
      ['post', '/api/webhooks/endpoints', { url: 'ftp://example.com/x', events: ['request.created'] }, 400, 'url'],
      ['post', '/api/webhooks/endpoints', { url: 'https://user:pw@example.com/x', events: ['request.created'] }, 400, 'url'],
      ['post', '/api/webhooks/endpoints', { url: `https://example.com/${'x'.repeat(2100)}`, events: ['request.created'] }, 400, 'url'],
      ['post', '/api/webhooks/endpoints', { url: 'https://example.com/x', events: [] }, 400, 'events'],
      ['post', '/api/webhooks/endpoints', { url: 'https://example.com/x', events: ['robot.exploded'] }, 400, 'events.0'],
      ['post', '/api/webhooks/endpoints', { url: 'https://example.com/x', events: 'request.created' }, 400, 'events'],
      ['post', '/api/webhooks/endpoints', { url: 'https://example.com/x', events: ['request.created'], description: 'd'.repeat(201) }, 400, 'description'],
      ['post', '/api/webhooks/endpoints', { url: 'https://example.com/x', events: ['request.created'], secret: 'mine' }, 400, ''],
      ['patch', `/api/webhooks/endpoints/${id}`, {}, 400, ''],
      ['patch', `/api/webhooks/endpoints/${id}`, { enabled: 'yes' }, 400, 'enabled'],
    ];
    for (const [method, url, body, status, field] of bad) {
      const res = await request(app)[method as 'post'](url).set(bearer(owner.token)).send(body as object);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      const err = errorBodySchema.parse(res.body);
      expect(err.code).toBe('VALIDATION_FAILED');
      if (field) expect(Object.keys(err.details ?? {}), JSON.stringify(body).slice(0, 80)).toContain(field);
    }
    for (const url of ['/api/webhooks/endpoints/not-a-uuid', `/api/webhooks/endpoints/${id}/deliveries/not-a-uuid/replay`, `/api/webhooks/endpoints/${id}/deliveries/00000000-0000-4000-8000-000000000000/replay`]) {
      const res = await request(app)[url.endsWith('replay') ? 'post' : 'get'](url).set(bearer(owner.token));
      expect(res.status, url).toBe(404);
    }
    // At most 10 endpoints per user.
    for (let i = 1; i < webhookLimits.endpointsPerUser; i += 1) await addEndpoint(owner.token, `${base}/ok/${i}`);
    const eleventh = await request(app).post('/api/webhooks/endpoints').set(bearer(owner.token)).send({ url: `${base}/ok/11`, events: ['request.created'] });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.message).toMatch(/at most 10 webhook endpoints/);
    // A paused endpoint sends no test event; deleting it deletes its deliveries.
    await request(app).patch(`/api/webhooks/endpoints/${id}`).set(bearer(owner.token)).send({ enabled: false }).expect(200);
    expect((await request(app).post(`/api/webhooks/endpoints/${id}/ping`).set(bearer(owner.token))).status).toBe(409);
    await request(app).delete(`/api/webhooks/endpoints/${id}`).set(bearer(owner.token)).expect(204);
    expect(await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id))).toEqual([]);
  });
});
