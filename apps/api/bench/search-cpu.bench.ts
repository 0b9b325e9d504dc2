/**
 * PostgreSQL's CPU per never-seen catalog search (issue 19): the figure a busy machine
 * moves least. One connection; the backend's own CPU time is read from /proc around
 * rounds of searches (the bench words with a category, an application and a payload
 * band, every one new), for searchRobots and the reference query.
 *
 *   BENCH_ROBOTS=100000 TEST_DATABASE_URL=postgres://... pnpm --filter @cellforge/api bench:search-cpu
 * (the role needs CREATEDB: a scratch database is made and dropped; PostgreSQL on this machine, for /proc)
 */
import { benchServerUrl, loadAverage, scratchDatabases } from './scratch-database';
import { readFileSync } from 'node:fs';
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
const load = loadAverage;

const scratch = await scratchDatabases(benchServerUrl());
const handle = await createDb({ databaseUrl: (await scratch.create()).url, poolMax: 1 });
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
  // The same statement planned on every search (as before it was prepared by shape).
  await run('unprepared  ', (db, q) => searchRobots(db, q, { prepared: false }), 5_000);
  await run('reference   ', searchRobotsReference, 10_000);
} finally {
  await handle.close();
  await scratch.dropAll();
}
