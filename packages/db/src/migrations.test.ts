import { afterAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createDb, queryRows, resolveMigrationsFolder, type DbHandle } from './client';
import { testBackends } from './testing';
import { makerCountries } from '@cellforge/contracts/constants';
import { seedRobots } from './seed/robots/index';
import { modelsWithEnvironment } from './seed/robots/environment';

/**
 * Migrations applied to a database holding data in the old shape: the folder cut at a
 * given migration first, rows written as the old code wrote them, then every migration.
 */
function migrationsUpTo(tag: string): string {
  const source = resolveMigrationsFolder();
  const dir = mkdtempSync(path.join(tmpdir(), 'cf-migrations-'));
  mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(source, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  if (cut < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, cut + 1);
  writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries) copyFileSync(path.join(source, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Opens the same database twice (old migrations, then all), on either backend. */
async function twoOpenings(backend: 'pglite' | 'postgres'): Promise<{ open: (migrationsFolder?: string) => Promise<DbHandle> }> {
  if (backend === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cf-pglite-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    return { open: (migrationsFolder) => createDb({ dataDir, ...(migrationsFolder ? { migrationsFolder } : {}) }) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `cf_migr_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => dropper.query(`DROP DATABASE IF EXISTS "${name}"`));
    await dropper.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { open: (migrationsFolder) => createDb({ databaseUrl: url.toString(), poolMax: 2, ...(migrationsFolder ? { migrationsFolder } : {}) }) };
}

describe.each(testBackends)('migrations over existing data on %s', (backend) => {
  it('0007 keeps every lead and turns it into a conversation: first message from its sender, read by the recipient once handled', async () => {
    const old = migrationsUpTo('0005_auth_hardening');
    cleanups.push(() => rmSync(old, { recursive: true, force: true }));
    expect(readdirSync(old).filter((f) => f.endsWith('.sql'))).toHaveLength(6);
    const db = await twoOpenings(backend);

    const before = await db.open(old);
    await before.db.execute(sql`
      insert into users (id, email, password_hash, first_name, last_name, user_type) values
        ('00000000-0000-4000-8000-000000000001', 'buyer@example.com', 'x', 'Bea', 'Buyer', 'customer'),
        ('00000000-0000-4000-8000-000000000002', 'seller@example.com', 'x', 'Sam', 'Seller', 'supplier')
    `);
    await before.db.execute(sql`
      insert into leads (id, kind, from_user_id, to_user_id, message, status, created_at, updated_at) values
        ('00000000-0000-4000-8000-00000000000a', 'robot_inquiry', '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', 'Price for two?', 'new', '2026-01-02T10:00:00Z', '2026-01-02T10:00:00Z'),
        ('00000000-0000-4000-8000-00000000000b', 'robot_inquiry', '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', 'Lead time?', 'contacted', '2026-01-03T10:00:00Z', '2026-01-04T09:00:00Z');
    `);
    await before.close();

    const after = await db.open();
    const rows = await queryRows<{ id: string; message: string; status: string; last_message_at: Date; last_message_by: string; to_read_at: Date | null; quote_request_id: string | null }>(
      after.db,
      sql`select id, message, status, last_message_at, last_message_by, to_read_at, quote_request_id from leads order by id`,
    );
    expect(rows.map((r) => [r.message, r.status, new Date(r.last_message_at).toISOString(), r.last_message_by, r.to_read_at && new Date(r.to_read_at).toISOString(), r.quote_request_id])).toEqual([
      ['Price for two?', 'new', '2026-01-02T10:00:00.000Z', '00000000-0000-4000-8000-000000000001', null, null],
      ['Lead time?', 'contacted', '2026-01-03T10:00:00.000Z', '00000000-0000-4000-8000-000000000001', '2026-01-04T09:00:00.000Z', null],
    ]);
    // The new tables exist and take rows.
    await after.db.execute(sql`insert into lead_messages (lead_id, author_id, body) values ('00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-000000000002', 'Yes: 41,000 EUR each.')`);
    const [count] = await queryRows<{ n: number }>(after.db, sql`select count(*)::int as n from lead_messages`);
    expect(count?.n).toBe(1);
    await after.close();
  }, 180_000);

  it('0011 splits the public robots already there into set words and their own, and the triggers keep doing it', async () => {
    const old = migrationsUpTo('0008_search_speed');
    const db = await twoOpenings(backend);
    const before = await db.open(old);
    await before.db.execute(sql`
      insert into robots (manufacturer, model, normalized_key, category, payload_kg, reach_mm, dof, applications, industries, search_text, compact_text, listed, status) values
        ('FANUC', 'LR Mate 200iD', 'fanuc|lrmate200id', 'articulated', 7, 717, 6, array['assembly'], array['electronics'], 'fanuc lr mate 200id articulated assembly electronics', 'fanuc lrmate200id', true, 'active'),
        ('FANUC', 'LR Mate 200iD/4S', 'fanuc|lrmate200id4s', 'articulated', 4, 550, 6, array['assembly'], array['electronics'], 'fanuc lr mate 200id/4s 200id 4s articulated assembly electronics', 'fanuc lrmate200id4s', true, 'active'),
        ('ABB', 'IRB 120', 'abb|irb120', 'articulated', 3, 580, 6, array['assembly'], array['electronics'], 'abb irb 120 articulated assembly electronics', 'abb irb120', false, 'active')
    `);
    await before.close();

    const after = await db.open();
    const rows = await queryRows<{ model: string; shared_search: string; shared_compact: string; row_search: string; row_compact: string; robots: number }>(
      after.db,
      sql`select s.model, f.shared_search, f.shared_compact, s.row_search, s.row_compact, f.robots from robot_search s join robot_facet_sets f on f.id = s.facet_set order by s.model`,
    );
    // Both FANUCs share one set (same digit-free words); the unlisted ABB is not public.
    expect(rows).toEqual([
      { model: 'LR Mate 200iD', shared_search: 'fanuc lr mate articulated assembly electronics', shared_compact: 'fanuc', row_search: '200id', row_compact: 'lrmate200id', robots: 2 },
      { model: 'LR Mate 200iD/4S', shared_search: 'fanuc lr mate articulated assembly electronics', shared_compact: 'fanuc', row_search: '200id/4s 200id 4s', row_compact: 'lrmate200id4s', robots: 2 },
    ]);
    // Listing the ABB afterwards goes through the replaced triggers.
    await after.db.execute(sql`update robots set listed = true where model = 'IRB 120'`);
    const abb = await queryRows<{ shared_search: string; row_search: string; robots: number }>(
      after.db,
      sql`select f.shared_search, s.row_search, f.robots from robot_search s join robot_facet_sets f on f.id = s.facet_set where s.model = 'IRB 120'`,
    );
    expect(abb).toEqual([{ shared_search: 'abb irb articulated assembly electronics', row_search: '120', robots: 1 }]);
    await after.close();
  }, 180_000);

  it('0009 gives existing robots their maker\'s country, copies it to the search table, and leaves the environment values unknown', async () => {
    const old = migrationsUpTo('0008_search_speed');
    cleanups.push(() => rmSync(old, { recursive: true, force: true }));
    const db = await twoOpenings(backend);
    const before = await db.open(old);
    await before.db.execute(sql`
      insert into robots (manufacturer, model, normalized_key, category, payload_kg, reach_mm, dof, search_text, compact_text) values
        ('Stäubli', 'TX2-60', 'staubli|tx260', 'articulated', 4.5, 670, 6, 'staubli tx2 60', 'staubli tx260'),
        ('Yaskawa Motoman', 'GP8', 'yaskawamotoman|gp8', 'articulated', 8, 727, 6, 'yaskawa gp8', 'yaskawamotoman gp8'),
        ('Acme', 'A1', 'acme|a1', 'scara', 3, 400, 4, 'acme a1', 'acme a1')
    `);
    await before.close();

    const after = await db.open();
    const rows = await queryRows<{ model: string; maker_country: string | null; ip_rating: number | null; food_grade: boolean | null; mounting: string[] | null }>(
      after.db,
      sql`select model, maker_country, ip_rating, food_grade, mounting from robots order by model`,
    );
    expect(rows).toEqual([
      { model: 'A1', maker_country: null, ip_rating: null, food_grade: null, mounting: null },
      { model: 'GP8', maker_country: 'JP', ip_rating: null, food_grade: null, mounting: null },
      { model: 'TX2-60', maker_country: 'CH', ip_rating: null, food_grade: null, mounting: null },
    ]);
    const search = await queryRows<{ model: string; maker_country: string | null }>(after.db, sql`select model, maker_country from robot_search order by model`);
    expect(search).toEqual([
      { model: 'A1', maker_country: null },
      { model: 'GP8', maker_country: 'JP' },
      { model: 'TX2-60', maker_country: 'CH' },
    ]);
    // The replaced trigger functions copy the new columns on later writes.
    await after.db.execute(sql`update robots set ip_rating = 67, mounting = array['ceiling'] where model = 'A1'`);
    const [edited] = await queryRows<{ ip_rating: number; mounting: string[] }>(after.db, sql`select ip_rating, mounting from robot_search where model = 'A1'`);
    expect(edited).toEqual({ ip_rating: 67, mounting: ['ceiling'] });
    await after.close();
  }, 180_000);
});

describe('0009 maker countries', () => {
  it('the migration\'s list is the contracts\' list (makers.ts)', () => {
    const text = readFileSync(path.join(resolveMigrationsFolder(), '0009_robot_environment.sql'), 'utf8');
    const inSql = [...text.matchAll(/IN \(([^)]*)\) THEN '([A-Z]{2})'/g)].flatMap((m) => [...(m[1] ?? '').matchAll(/'(\w+)'/g)].map((k) => `${k[1]}:${m[2]}`));
    const inContracts = makerCountries.flatMap((m) => m.keys.map((k) => `${k}:${m.country}`));
    expect(inSql.sort()).toEqual(inContracts.sort());
    expect(inSql.length).toBeGreaterThan(20);
  });

  it('every seed model with environment values exists once, and every value names its source', () => {
    for (const model of modelsWithEnvironment) expect(seedRobots.filter((r) => r.model === model), model).toHaveLength(1);
    for (const r of seedRobots.filter((x) => x.environment)) expect(r.environment?.source.length, r.model).toBeGreaterThan(10);
  });
});
