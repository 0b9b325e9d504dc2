/**
 * What every PostgreSQL bench needs first: the server to run on and scratch databases on it
 * (the role needs CREATEDB), dropped at the end unless BENCH_KEEP is set, and the load
 * average to print next to every figure.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import pg from 'pg';

/** The 1, 5 and 15 minute load averages, for the line that reports a figure. */
export const loadAverage = (): string => loadavg().map((l) => l.toFixed(2)).join(' ');

/** BENCH_DATABASE_URL, else TEST_DATABASE_URL; without either the bench exits (2) with where to look. */
export function benchServerUrl(orElse = ''): string {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) return url;
  console.error(`Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server${orElse}; see README "Tests".`);
  process.exit(2);
}

export interface ScratchDatabases {
  /** A new empty database; its URL (createDb applies the migrations). */
  create(): Promise<{ name: string; url: string }>;
  /** Drops one of them now (a bench that makes one per configuration). */
  drop(name: string): Promise<void>;
  /** Drops every database made here (or names them when BENCH_KEEP is set) and closes the admin connection. */
  dropAll(): Promise<void>;
}

export async function scratchDatabases(adminUrl: string, prefix = 'cf_bench'): Promise<ScratchDatabases> {
  const admin = new pg.Client({ connectionString: adminUrl });
  admin.on('error', (err) => console.error(`admin connection: ${err.message}`));
  await admin.connect();
  const names: string[] = [];
  return {
    async create() {
      const name = `${prefix}_${randomBytes(4).toString('hex')}`;
      await admin.query(`CREATE DATABASE "${name}"`);
      names.push(name);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return { name, url: url.toString() };
    },
    async drop(name) {
      await drop(admin, name);
      names.splice(names.indexOf(name), 1);
    },
    async dropAll() {
      if (process.env.BENCH_KEEP) console.log(`kept database${names.length > 1 ? 's' : ''} ${names.join(', ')}`);
      else for (const name of names) await drop(admin, name);
      await admin.end();
    },
  };
}

/** An autovacuum worker (another role) may still be on a scratch database after bulk inserts: wait and retry. */
async function drop(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      return;
    } catch (err) {
      if (attempt >= 10) {
        console.error(`could not drop the scratch database ${name}: ${(err as Error).message}`);
        return;
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}
