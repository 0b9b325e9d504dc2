/**
 * Every statement one never-seen catalog search sends (issue 19, session 14), each under
 * EXPLAIN (ANALYZE, BUFFERS) with its whole plan: the bench's never-seen queries (text,
 * category, application, payload band) and a few others, through the catalog router with
 * the memo off, on BENCH_ROBOTS generated robots (and BENCH_OFFERS offers).
 *
 *   BENCH_ROBOTS=100000 TEST_DATABASE_URL=postgres://... pnpm --filter @cellforge/api exec tsx bench/search-explain.ts
 * EXPLAIN_DATABASE_URL=<url of a kept scratch database (BENCH_KEEP=1)> reuses its rows.
 */
import { benchServerUrl, loadAverage, scratchDatabases } from './scratch-database';
import { explainStatements } from './cpu-cost';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { sql } from 'drizzle-orm';
import { createDb } from '@cellforge/db';
import { insertGeneratedRobots } from './generated-robots';
import { createTokenService } from '../src/lib/tokens';
import { CatalogSearch } from '../src/modules/catalog/catalog-search';
import { createCatalogRouter } from '../src/modules/catalog/catalog.router';
import { testConfig } from '../src/test/create-test-app';

const ROBOTS = Number(process.env.BENCH_ROBOTS ?? 10_000);
const OFFERS = Number(process.env.BENCH_OFFERS ?? 0);
const queries = (process.env.EXPLAIN_QUERIES ?? 'q=welding&category=articulated&application=assembly&minPayload=12.3&maxPayload=60|q=fanuc&category=collaborative&application=material-handling&minPayload=3.1&maxPayload=250|q=ur&category=scara&application=welding&minPayload=0.5&maxPayload=10').split('|');

const scratch = await scratchDatabases(benchServerUrl());
const databaseUrl = process.env.EXPLAIN_DATABASE_URL ?? (await scratch.create()).url;
const handle = await createDb({ databaseUrl, poolMax: 4 });
try {
  if (!process.env.EXPLAIN_DATABASE_URL) {
    await insertGeneratedRobots(handle.db, ROBOTS);
    if (OFFERS) {
      await handle.db.execute(sql`insert into users (email, password_hash, first_name, last_name, user_type) select 'bench-supplier-' || g || '@example.com', 'x', 'S', 'upplier', 'supplier' from generate_series(1, 500) g`);
      await handle.db.execute(sql`
        with r as (select id, row_number() over (order by id) as n from robots),
             s as (select id, row_number() over (order by id) as k from users where user_type = 'supplier')
        insert into offers (robot_id, supplier_id, price_min, price_max, currency, condition, lead_time_weeks, regions, warranty_months, status)
        select r.id, s.id, 8000 + (g * 7919) % 140000, null, case when g % 5 = 0 then 'EUR' else 'USD' end,
               (array['new', 'used', 'refurbished'])[1 + g % 3], g % 16, array['EU'], 12, case when g % 10 = 0 then 'paused' else 'active' end
        from generate_series(1, ${OFFERS}) g
        join r on r.n = 1 + (g * 2654435761::bigint) % 6000
        join s on s.k = 1 + (g / 6000 + g / 60000 * 7) % 500
        on conflict do nothing`);
    }
    await handle.db.execute(sql`analyze robots`);
    await handle.db.execute(sql`vacuum analyze robot_search, robot_facet_sets, robot_offer_summaries, offers`);
    console.log(`database ${databaseUrl}`);
  }
  const app = express();
  const config = testConfig();
  app.use('/api', createCatalogRouter({ db: handle.db, tokens: createTokenService(config.jwtSecret, 60), catalog: new CatalogSearch(handle.db, { refreshMs: 1000, memo: false }) }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await fetch(`${base}/api/robots?q=abb`);
  for (const q of queries) {
    const plans = await explainStatements(databaseUrl, async () => {
      await (await fetch(`${base}/api/robots?${q}`)).json();
    }, Number(process.env.BENCH_PLAN_LINES ?? 400));
    console.log(`\nGET /api/robots?${q}: ${plans.filter((l) => l.startsWith('#')).length} statement(s) (load ${loadAverage()})\n${plans.join('\n')}`);
  }
  server.close();
} finally {
  await handle.close();
  await scratch.dropAll();
}
