/**
 * PostgreSQL's CPU per never-seen catalog search (issue 19): the figure a busy machine
 * moves least. One connection; the backend's own CPU time is read from /proc around
 * rounds of searches (the bench words with a category, an application and a payload
 * band, every one new), for searchRobots and the reference query.
 *
 *   BENCH_ROBOTS=100000 TEST_DATABASE_URL=postgres://... pnpm --filter @cellforge/api bench:search-cpu
 * (the role needs CREATEDB: a scratch database is made and dropped; PostgreSQL on this machine, for /proc)
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { robotQuerySchema, type RobotQuery } from '@cellforge/contracts';
import { createDb, queryRows, type Database } from '@cellforge/db';
import { searchRobots, type SearchResult } from '../src/modules/catalog/catalog.repository';
import { searchRobotsReference } from '../src/modules/catalog/catalog-search-reference.repository';
import { insertGeneratedRobots } from './generated-robots';

const ROBOTS = Number(process.env.BENCH_ROBOTS ?? 100_000);
const PER_ROUND = Number(process.env.BENCH_SEARCHES ?? 120);
const words = ['fanuc', 'abb', 'kuka', 'yaskawa', 'welding', 'cobot', 'palletizing', 'epson', 'scara', 'ur', 'motoman', 'assembly'];
const categories = ['articulated', 'collaborative', 'scara', 'palletizing', 'delta'];
const applications = ['material-handling', 'assembly', 'welding', 'palletizing'];
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.error('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server; see README "Tests".');
  process.exit(2);
}
const name = `cf_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${name}"`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const handle = await createDb({ databaseUrl: url.toString(), poolMax: 1 });
try {
  await insertGeneratedRobots(handle.db, ROBOTS);
  await handle.db.execute(sql`analyze robots`);
  await handle.db.execute(sql`vacuum analyze robot_search, robot_facet_sets`);
  const [backend] = await queryRows<{ pid: number }>(handle.db, sql`select pg_backend_pid() as pid`);
  if (!backend) throw new Error('no backend pid');
  // utime + stime (fields 14 and 15 of /proc/<pid>/stat), in clock ticks of 10 ms.
  const cpuMs = () => {
    const fields = readFileSync(`/proc/${backend.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
  const run = async (label: string, search: (db: Database, q: RobotQuery) => Promise<SearchResult>, offset: number) => {
    for (let round = 0; round < 3; round += 1) {
      const cpu = cpuMs();
      const wall = performance.now();
      for (let i = 0; i < PER_ROUND; i += 1) {
        const n = offset + round * PER_ROUND + i;
        const min = ((n * 37) % 997) / 10;
        await search(handle.db, robotQuerySchema.parse({ q: words[n % words.length], category: categories[n % categories.length], application: applications[n % applications.length], minPayload: min, maxPayload: min + 5 + (n % 400) }));
      }
      console.log(`${label}: PostgreSQL CPU ${((cpuMs() - cpu) / PER_ROUND).toFixed(2)} ms per search, wall ${((performance.now() - wall) / PER_ROUND).toFixed(2)} ms (load ${load()})`);
    }
  };
  console.log(`${ROBOTS} robots, ${PER_ROUND} never-seen searches a round, one connection`);
  await run('searchRobots', searchRobots, 0);
  await run('reference   ', searchRobotsReference, 10_000);
} finally {
  await handle.close();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
}
