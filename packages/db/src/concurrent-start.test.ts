import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from './client';
import { readFileSync } from 'node:fs';
import { resolveMigrationsFolder } from './client';
import path from 'node:path';

const adminUrl = process.env.TEST_DATABASE_URL;

/** Several API instances started at once on one new PostgreSQL database (issue 18). */
describe.skipIf(!adminUrl)('instances starting together on PostgreSQL', () => {
  const name = `cf_test_start_${process.pid}_${randomBytes(4).toString('hex')}`;
  const handles: DbHandle[] = [];

  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}"`).catch(() => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    await admin.end();
  });

  it('apply the migrations once between them (advisory lock) and each gets a working database', async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${name}`;

    const started = await Promise.allSettled([1, 2, 3].map(() => createDb({ databaseUrl: url.toString(), poolMax: 2 })));
    for (const s of started) if (s.status === 'fulfilled') handles.push(s.value);
    expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);

    const journal = JSON.parse(readFileSync(path.join(resolveMigrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const check = new pg.Client({ connectionString: url.toString() });
    await check.connect();
    const applied = await check.query<{ n: string; distinct_hashes: string }>('select count(*) as n, count(distinct hash) as distinct_hashes from drizzle.__drizzle_migrations');
    await check.end();
    expect(Number(applied.rows[0]?.n)).toBe(journal.entries.length);
    expect(Number(applied.rows[0]?.distinct_hashes)).toBe(journal.entries.length);
  });

  it('exclusive() runs one holder at a time across instances', async () => {
    const [a, b] = handles;
    if (!a?.exclusive || !b?.exclusive) throw new Error('PostgreSQL handles offer exclusive()');
    const events: string[] = [];
    const hold = (who: string) => async () => {
      events.push(`${who} in`);
      await new Promise((r) => setTimeout(r, 150));
      events.push(`${who} out`);
    };
    await Promise.all([a.exclusive('seed', hold('a')), b.exclusive('seed', hold('b'))]);
    // Never both inside at once: every "in" is followed by the same holder's "out".
    expect(events).toHaveLength(4);
    expect(events[1]).toBe(events[0]?.replace(' in', ' out'));
    expect(events[3]).toBe(events[2]?.replace(' in', ' out'));
  });
});
