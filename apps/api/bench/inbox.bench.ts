/**
 * Inbox benchmark (issue 13 speed target): a seller with 1,000 conversations opens the
 * inbox (GET /api/threads: the newest conversations with their counterpart, robot,
 * latest message and quote, and the unread count) in under 200 ms p95; the header's
 * unread count and one conversation are measured beside it.
 *
 *   BENCH_DATABASE_URL=postgres://... pnpm --filter @cellforge/api bench:inbox
 * (falls back to TEST_DATABASE_URL; the role needs CREATEDB: a scratch database is made and
 * dropped). BENCH_DB=pglite measures the embedded default instead.
 *
 * The users register through the real endpoint; the 1,000 conversations (each with a first
 * message, two replies and a quote on every third) are written as rows, since requests for
 * quote are rate-limited per customer. The load is autocannon on the same 2 cores.
 */
import { benchServerUrl, loadAverage, scratchDatabases } from './scratch-database';
import { cpuPerRequest, describeCpu, explainStatements, profiled } from './cpu-cost';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { authResponseSchema, threadListSchema } from '@cellforge/contracts';
import { createDb, leadMessages, leads, robots, type DbHandle } from '@cellforge/db';
import { insertGeneratedRobots } from './generated-robots';
import { createApp } from '../src/app';
import { createLogger } from '../src/lib/logger';
import { buildRegistration } from '../src/test/factories';
import { testConfig } from '../src/test/create-test-app';

const THREADS = Number(process.env.BENCH_THREADS ?? 1000);
const CUSTOMERS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const TARGET_P95_MS = 200;
const load = loadAverage;

const scratch = process.env.BENCH_DB === 'pglite' ? null : await scratchDatabases(benchServerUrl(', or BENCH_DB=pglite'));
const databaseUrl = scratch ? (await scratch.create()).url : undefined;
const handle: DbHandle = databaseUrl ? await createDb({ databaseUrl, poolMax: 10 }) : await createDb({});

function describe(label: string, r: autocannon.Result): number {
  const lat = r.latency as unknown as { p50: number; p90: number; p97_5: number; p99: number };
  console.log(
    `${label}: ${r.requests.average.toFixed(0)} req/s; latency p50 ${lat.p50} ms, p90 ${lat.p90} ms, p97.5 ${lat.p97_5} ms, p99 ${lat.p99} ms; errors ${r.errors}, non-2xx ${r.non2xx}`,
  );
  return lat.p97_5;
}

try {
  const app = createApp({ db: handle.db, dbKind: handle.kind, config: testConfig(), logger: createLogger('silent') });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const register = async (user_type: 'customer' | 'supplier') => {
    const res = await fetch(`${base}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(buildRegistration({ user_type })),
    });
    if (res.status !== 201) throw new Error(`register answered ${res.status}`);
    return authResponseSchema.parse(await res.json());
  };
  const seller = await register('supplier');
  const customers: Array<Awaited<ReturnType<typeof register>>> = [];
  for (let i = 0; i < CUSTOMERS; i += 1) customers.push(await register('customer'));

  await insertGeneratedRobots(handle.db, 2000, 500);
  const robotIds = (await handle.db.select({ id: robots.id }).from(robots).limit(2000)).map((r) => r.id);

  // 1,000 conversations over the last 90 days, one per (customer, robot); a third carry a quote
  // and a third are unread by the seller.
  const start = Date.now() - 90 * 24 * 3600 * 1000;
  for (let from = 0; from < THREADS; from += 250) {
    const rows = Array.from({ length: Math.min(250, THREADS - from) }, (_, k) => {
      const i = from + k;
      const customer = customers[i % CUSTOMERS];
      if (!customer) throw new Error('no customer');
      const at = new Date(start + i * 3600 * 1000);
      return {
        kind: 'robot_inquiry',
        robotId: robotIds[i % robotIds.length] ?? null,
        fromUserId: customer.user.id,
        toUserId: seller.user.id,
        message: `We need ${(i % 7) + 2} cells for palletizing 25 kg sacks at 8 s per cycle. Can you quote delivery to Lyon?`,
        status: i % 3 === 0 ? 'quoted' : 'contacted',
        lastMessageAt: at,
        lastMessageBy: i % 3 === 1 ? customer.user.id : seller.user.id,
        fromReadAt: at,
        toReadAt: i % 3 === 1 ? new Date(at.getTime() - 1000) : at,
        createdAt: at,
      };
    });
    const inserted = await handle.db.insert(leads).values(rows).returning({ id: leads.id, from: leads.fromUserId, at: leads.lastMessageAt });
    await handle.db.insert(leadMessages).values(
      inserted.flatMap((lead, k) => {
        const i = from + k;
        const t = lead.at.getTime();
        const messages: (typeof leadMessages.$inferInsert)[] = [
          { leadId: lead.id, authorId: seller.user.id, body: 'Thanks, which pallet pattern and how many SKUs?', createdAt: new Date(t - 3000) },
          { leadId: lead.id, authorId: lead.from, body: 'Two patterns, one SKU per line.', createdAt: new Date(t - 2000) },
        ];
        if (i % 3 === 0) {
          messages.push({ leadId: lead.id, authorId: seller.user.id, kind: 'quote', body: 'Cell with safety fencing, installed.', priceUsd: 180_000 + i, currency: 'EUR', validUntil: '2027-06-30', createdAt: new Date(t) });
        }
        return messages;
      }),
    );
  }
  await handle.db.execute(sql`analyze`);

  const auth = { authorization: `Bearer ${seller.token}` };
  const inbox = threadListSchema.parse(await (await fetch(`${base}/api/threads`, { headers: auth })).json());
  const one = inbox.data[0];
  if (!one) throw new Error('the inbox is empty');
  const bytes = JSON.stringify(inbox).length;
  console.log(`${THREADS} conversations for one seller (${CUSTOMERS} customers); the inbox answer holds ${inbox.data.length} (${(bytes / 1024).toFixed(0)} KiB), ${inbox.unread} unread`);

  if (databaseUrl) {
    // The statements one inbox page sends, each explained (PostgreSQL only).
    const plans = await explainStatements(databaseUrl, async () => {
      await (await fetch(`${base}/api/threads`, { headers: auth })).json();
    }, Number(process.env.BENCH_PLAN_LINES ?? 14));
    console.log(`\nOne inbox page: ${plans.filter((l) => l.startsWith('#')).length} statements\n${plans.join('\n')}`);
  }

  const cannon = (path: string, connections: number) =>
    autocannon({ url: base, connections, duration: DURATION_S, requests: [{ method: 'GET', path, headers: auth }] });
  /** A line's load, and its CPU per request when on PostgreSQL. */
  const run = async (path: string, connections: number): Promise<autocannon.Result> => {
    let result: autocannon.Result | undefined;
    const go = async () => {
      result = await cannon(path, connections);
      return result.requests.total;
    };
    if (!databaseUrl) return cannon(path, connections);
    const cpu = await cpuPerRequest(databaseUrl, go);
    console.log(`  ${path}, ${connections} client(s): ${describeCpu(cpu)}`);
    if (!result) throw new Error('no result');
    return result;
  };

  console.log(`\nInbox, ${handle.kind}, ${DURATION_S} s per line (load ${load()})`);
  const single = describe('GET /api/threads, 1 client          ', await run('/api/threads', 1));
  const ten = describe('GET /api/threads, 10 clients        ', await profiled(() => run('/api/threads', 10)));
  describe('GET /api/threads/unread, 10 clients ', await run('/api/threads/unread', 10));
  describe('GET /api/threads/:id, 10 clients    ', await run(`/api/threads/${one.id}`, 10));
  console.log(`Inbox p97.5 (>= p95): 1 client ${single} ms, 10 clients ${ten} ms (target p95 < ${TARGET_P95_MS} ms: ${Math.max(single, ten) < TARGET_P95_MS ? 'met' : 'NOT met'}) (load ${load()})`);
  server.close();
} finally {
  await handle.close();
  await scratch?.dropAll();
}
