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
  it('0018: after inserts, edits, unlisting, relisting and deletes the search copy is exactly what the robots say', async () => {
    const db = await twoOpenings(backend);
    const handle = await db.open();
    const d = handle.db;
    await d.execute(sql`
      insert into robots (manufacturer, model, normalized_key, category, payload_kg, reach_mm, dof, applications, industries, search_text, compact_text, listed, status, ip_rating, maker_country) values
        ('FANUC', 'M-20iD/25', 'fanuc|m20id25', 'articulated', 25, 1831, 6, array['welding'], array['automotive'], 'fanuc m 20id/25 articulated welding automotive', 'fanuc m20id25', true, 'active', 54, 'JP'),
        ('FANUC', 'M-10iD/12', 'fanuc|m10id12', 'articulated', 12, 1441, 6, array['welding'], array['automotive'], 'fanuc m 10id/12 articulated welding automotive', 'fanuc m10id12', true, 'active', null, 'JP'),
        ('ABB', 'IRB 1300', 'abb|irb1300', 'articulated', 10, 1150, 6, array['assembly'], array['electronics'], 'abb irb 1300 articulated assembly electronics', 'abb irb1300', true, 'active', 67, 'CH'),
        ('Epson', 'T6', 'epson|t6', 'scara', 6, 600, 4, array['assembly'], array['electronics'], 'epson t6 scara assembly electronics', 'epson t6', false, 'active', null, 'JP'),
        ('KUKA', 'KR 6', 'kuka|kr6', 'articulated', 6, 900, 6, array['assembly'], array['electronics'], 'kuka kr 6 articulated assembly electronics', 'kuka kr6', true, 'inactive', null, 'DE')
    `);
    await d.execute(sql`update robots set ip_rating = 67, payload_kg = 11 where model = 'M-10iD/12'`);
    await d.execute(sql`update robots set applications = array['palletizing'], search_text = 'abb irb 1300 articulated palletizing electronics' where model = 'IRB 1300'`);
    await d.execute(sql`update robots set listed = true where model = 'T6'`);
    await d.execute(sql`update robots set status = 'active' where model = 'KR 6'`);
    await d.execute(sql`update robots set listed = false where model = 'M-20iD/25'`);
    await d.execute(sql`delete from robots where model = 'KR 6'`);

    const copy = await queryRows<{ model: string; payload_kg: number; ip_rating: number | null; maker_country: string | null; shared_search: string; row_search: string }>(
      d,
      sql`select s.model, s.payload_kg::float8 as payload_kg, s.ip_rating, s.maker_country, f.shared_search, s.row_search from robot_search s join robot_facet_sets f on f.id = s.facet_set order by s.model`,
    );
    expect(copy).toEqual([
      { model: 'IRB 1300', payload_kg: 10, ip_rating: 67, maker_country: 'CH', shared_search: 'abb irb articulated palletizing electronics', row_search: '1300' },
      { model: 'M-10iD/12', payload_kg: 11, ip_rating: 67, maker_country: 'JP', shared_search: 'fanuc m articulated welding automotive', row_search: '10id/12' },
      { model: 'T6', payload_kg: 6, ip_rating: null, maker_country: 'JP', shared_search: 'epson scara assembly electronics', row_search: 't6' },
    ]);
    // Every set counts exactly the public robots in it (the sets left behind count 0).
    const counts = await queryRows<{ id: number; robots: number; actual: number }>(
      d,
      sql`select f.id, f.robots, (select count(*)::int from robot_search s where s.facet_set = f.id) as actual from robot_facet_sets f`,
    );
    expect(counts.length).toBeGreaterThanOrEqual(3);
    for (const set of counts) expect(set.robots).toBe(set.actual);
    expect(counts.reduce((sum, c) => sum + c.robots, 0)).toBe(3);
    await handle.close();
  }, 180_000);
});

describe.each(testBackends)('0015 durable jobs over existing analyses on %s', (backend) => {
  it('fails the stages that were running inside a request (no job will finish them) and leaves the others', async () => {
    const old = migrationsUpTo('0012_search_environment');
    const db = await twoOpenings(backend);
    const before = await db.open(old);
    await before.db.execute(sql`
      insert into users (id, email, password_hash, first_name, last_name, user_type) values
        ('00000000-0000-4000-8000-000000000015', 'grace@cells.example', 'x', 'Grace', 'Hopper', 'integrator')
    `);
    await before.db.execute(sql`
      insert into analysis_jobs (id, project_id, user_id, status, bucket_name, object_key, file_name) values
        ('running-1', 'p1', '00000000-0000-4000-8000-000000000015', 'stage1_running', 'customer-videos', 'k1', 'a.mp4'),
        ('running-2', 'p1', '00000000-0000-4000-8000-000000000015', 'stage2_running', 'customer-videos', 'k2', 'b.mp4'),
        ('done', 'p1', '00000000-0000-4000-8000-000000000015', 'stage1_done', 'customer-videos', 'k3', 'c.mp4')
    `);
    await before.close();

    const after = await db.open();
    const rows = await queryRows<{ id: string; status: string; error: string | null }>(after.db, sql`select id, status, error from analysis_jobs order by id`);
    expect(rows).toEqual([
      { id: 'done', status: 'stage1_done', error: null },
      { id: 'running-1', status: 'failed', error: 'The analysis was interrupted by a server restart. Run it again.' },
      { id: 'running-2', status: 'failed', error: 'The analysis was interrupted by a server restart. Run it again.' },
    ]);
    expect(await queryRows(after.db, sql`select count(*)::int as n from jobs`)).toEqual([{ n: 0 }]);
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

describe.each(testBackends)('0010 offers over existing listings on %s', (backend) => {
  it('turns every supplier listing into an offer on the catalog model with its key, or into a supplier-contributed model, losing no field', async () => {
    const old = migrationsUpTo('0008_search_speed');
    cleanups.push(() => rmSync(old, { recursive: true, force: true }));
    const db = await twoOpenings(backend);
    const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const [buyer, sam, sue, integrator] = [id(1), id(2), id(3), id(4)];
    const [catalogCrx, samCrx, samAcme, sueAcme, sueInactive, integratorPrivate] = [id(101), id(102), id(103), id(104), id(105), id(106)];

    const before = await db.open(old);
    await before.db.execute(sql`
      insert into users (id, email, password_hash, first_name, last_name, user_type) values
        (${buyer}, 'buyer@example.com', 'x', 'Bea', 'Buyer', 'customer'),
        (${sam}, 'sam@example.com', 'x', 'Sam', 'Seller', 'supplier'),
        (${sue}, 'sue@example.com', 'x', 'Sue', 'Seller', 'supplier'),
        (${integrator}, 'ian@example.com', 'x', 'Ian', 'Integrator', 'integrator')
    `);
    // The shared catalog's FANUC CRX-25iA; Sam lists "Fanuc CRX 25iA" (same key), Sam and Sue both
    // list an "Acme X1" the catalog lacks (Sam first), Sue has an inactive listing; an integrator's
    // private import of the CRX stays what it is.
    await before.db.execute(sql`
      insert into robots (id, manufacturer, model, normalized_key, category, payload_kg, reach_mm, dof, repeatability_mm, weight_kg,
                          price_min_usd, price_max_usd, applications, industries, description, datasheet_source, status, owner_id, listed, created_at, updated_at) values
        (${catalogCrx}, 'FANUC', 'CRX-25iA', 'fanuc|crx25ia', 'collaborative', 25, 1889, 6, 0.05, 135, 50000, 60000, '{palletizing}', '{}', 'Catalog row', 'fanuc.com', 'active', null, true, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'),
        (${samCrx}, 'Fanuc', 'CRX 25iA', 'fanuc|crx25ia', 'collaborative', 25, 1890, 6, null, null, 42000, 45000, '{palletising}', '{food}', 'In stock in Lyon', 'sam.example', 'active', ${sam}, true, '2026-02-01T00:00:00Z', '2026-02-02T00:00:00Z'),
        (${samAcme}, 'Acme', 'X1', 'acme|x1', 'articulated', 7, 700, 6, 0.02, 30, 15000, null, '{assembly}', '{}', 'Acme X1 by Sam', null, 'active', ${sam}, true, '2026-02-03T00:00:00Z', '2026-02-03T00:00:00Z'),
        (${sueAcme}, 'ACME', 'X-1', 'acme|x1', 'articulated', 7, 710, 6, null, null, null, 16000, '{}', '{}', 'Sue''s X-1', null, 'active', ${sue}, true, '2026-02-04T00:00:00Z', '2026-02-04T00:00:00Z'),
        (${sueInactive}, 'Kuka', 'KR 10 R1100', 'kuka|kr10r1100', 'articulated', 10, 1100, 6, null, null, 30000, 30000, '{}', '{}', 'Paused', null, 'inactive', ${sue}, true, '2026-02-05T00:00:00Z', '2026-02-05T00:00:00Z'),
        (${integratorPrivate}, 'Fanuc', 'CRX-25iA', 'fanuc|crx25ia', 'collaborative', 25, 1889, 6, null, null, null, null, '{}', '{}', 'Mine', null, 'active', ${integrator}, false, '2026-02-06T00:00:00Z', '2026-02-06T00:00:00Z')
    `);
    await before.db.execute(sql`
      insert into leads (id, kind, robot_id, from_user_id, to_user_id, message) values
        (${id(201)}, 'robot_inquiry', ${samCrx}, ${buyer}, ${sam}, 'Price for two?'),
        (${id(202)}, 'robot_inquiry', ${sueAcme}, ${buyer}, ${sue}, 'Lead time?')
    `);
    await before.db.execute(sql`
      insert into quote_requests (id, customer_id, robot_id, model_key, manufacturer, model, quantity, timeline) values
        (${id(301)}, ${buyer}, ${samCrx}, 'fanuc|crx25ia', 'Fanuc', 'CRX 25iA', 2, 'asap')
    `);
    await before.db.execute(sql`insert into robot_views (robot_id) values (${samCrx}), (${samCrx}), (${sueAcme}), (${catalogCrx})`);
    await before.close();

    const after = await db.open();
    const offers = await queryRows<{ robot_id: string; supplier_id: string; price_min: number | null; price_max: number | null; currency: string; condition: string; notes: string; status: string; listing_snapshot: Record<string, unknown>; created_at: Date }>(
      after.db,
      sql`select robot_id, supplier_id, price_min, price_max, currency, condition, notes, status, listing_snapshot, created_at from offers order by created_at`,
    );
    expect(offers.map((o) => [o.robot_id, o.supplier_id, o.price_min, o.price_max, o.currency, o.condition, o.notes, o.status])).toEqual([
      [catalogCrx, sam, 42000, 45000, 'USD', 'new', 'In stock in Lyon', 'active'],
      [samAcme, sam, 15000, null, 'USD', 'new', 'Acme X1 by Sam', 'active'],
      [samAcme, sue, null, 16000, 'USD', 'new', "Sue's X-1", 'active'],
      [sueInactive, sue, 30000, 30000, 'USD', 'new', 'Paused', 'paused'],
    ]);
    expect(new Date(offers[0]?.created_at ?? 0).toISOString()).toBe('2026-02-01T00:00:00.000Z');
    // Every field of the listing is kept in its offer.
    expect(offers[0]?.listing_snapshot).toMatchObject({
      id: samCrx, manufacturer: 'Fanuc', model: 'CRX 25iA', category: 'collaborative', payload_kg: 25, reach_mm: 1890, dof: 6,
      repeatability_mm: null, weight_kg: null, price_min_usd: 42000, price_max_usd: 45000, applications: ['palletising'], industries: ['food'],
      description: 'In stock in Lyon', datasheet_source: 'sam.example', status: 'active',
    });
    expect(offers[2]?.listing_snapshot).toMatchObject({ id: sueAcme, manufacturer: 'ACME', model: 'X-1', reach_mm: 710 });

    const robots = await queryRows<{ id: string; owner_id: string | null; contributed_by: string | null; status: string; listed: boolean }>(
      after.db,
      sql`select id, owner_id, contributed_by, status, listed from robots order by id`,
    );
    // Sam's CRX and Sue's X-1 are gone (offers on the models); Sam's X1 is the contributed model.
    expect(robots).toEqual([
      { id: catalogCrx, owner_id: null, contributed_by: null, status: 'active', listed: true },
      { id: samAcme, owner_id: null, contributed_by: sam, status: 'active', listed: true },
      { id: sueInactive, owner_id: null, contributed_by: sue, status: 'inactive', listed: true },
      { id: integratorPrivate, owner_id: integrator, contributed_by: null, status: 'active', listed: false },
    ]);
    const leads = await queryRows<{ id: string; robot_id: string }>(after.db, sql`select id, robot_id from leads order by id`);
    expect(leads.map((l) => [l.id, l.robot_id])).toEqual([[id(201), catalogCrx], [id(202), samAcme]]);
    const [request] = await queryRows<{ robot_id: string }>(after.db, sql`select robot_id from quote_requests`);
    expect(request?.robot_id).toBe(catalogCrx);
    const views = await queryRows<{ robot_id: string; n: number }>(after.db, sql`select robot_id, count(*)::int as n from robot_views group by robot_id order by robot_id`);
    expect(views.map((v) => [v.robot_id, v.n])).toEqual([[catalogCrx, 3], [samAcme, 1]]);
    // The summaries the catalog search reads: active offers only.
    const summaries = await queryRows<{ robot_id: string; offers: number; price_min_usd: number | null; price_max_usd: number | null; conditions: string[] }>(
      after.db,
      sql`select robot_id, offers, price_min_usd, price_max_usd, conditions from robot_offer_summaries order by robot_id`,
    );
    expect(summaries).toEqual([
      { robot_id: catalogCrx, offers: 1, price_min_usd: 42000, price_max_usd: 45000, conditions: ['new'] },
      { robot_id: samAcme, offers: 2, price_min_usd: 15000, price_max_usd: 16000, conditions: ['new'] },
    ]);
    // The public catalog (robot_search) holds one row per model; the inactive listing stays hidden.
    const search = await queryRows<{ id: string }>(after.db, sql`select id from robot_search order by id`);
    expect(search.map((r) => r.id)).toEqual([catalogCrx, samAcme]);
    const [moves] = await queryRows<{ n: number }>(after.db, sql`select count(*)::int as n from information_schema.tables where table_name = 'listing_moves'`);
    expect(moves?.n).toBe(0);
    await after.close();
  }, 180_000);
});

describe.each(testBackends)('0022 views per offer over existing views on %s', (backend) => {
  it('gives each offer the views its model had since the offer was made (the old rule), and nothing else', async () => {
    const old = migrationsUpTo('0020_import_edits');
    cleanups.push(() => rmSync(old, { recursive: true, force: true }));
    const db = await twoOpenings(backend);
    const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const [sam, sue, crx, offerSam, offerSue] = [id(1), id(2), id(101), id(201), id(202)];
    const before = await db.open(old);
    await before.db.execute(sql`
      insert into users (id, email, password_hash, first_name, last_name, user_type) values
        (${sam}, 'sam@example.com', 'x', 'Sam', 'Seller', 'supplier'), (${sue}, 'sue@example.com', 'x', 'Sue', 'Seller', 'supplier')`);
    await before.db.execute(sql`
      insert into robots (id, manufacturer, model, normalized_key, category, payload_kg, reach_mm, dof, owner_id, listed)
      values (${crx}, 'FANUC', 'CRX-25iA', 'fanuc|crx25ia', 'collaborative', 25, 1889, 6, null, true)`);
    await before.db.execute(sql`
      insert into offers (id, robot_id, supplier_id, price_min, created_at) values
        (${offerSam}, ${crx}, ${sam}, 42000, '2026-03-01T00:00:00Z'), (${offerSue}, ${crx}, ${sue}, 43000, '2026-03-10T00:00:00Z')`);
    await before.db.execute(sql`
      insert into robot_views (robot_id, viewed_at) values
        (${crx}, '2026-02-20T00:00:00Z'), (${crx}, '2026-03-05T00:00:00Z'), (${crx}, '2026-03-11T00:00:00Z'), (${crx}, '2026-03-12T00:00:00Z')`);
    await before.close();

    const after = await db.open();
    const rows = await queryRows<{ offer_id: string; n: number }>(after.db, sql`select offer_id, count(*)::int as n from offer_views group by offer_id order by offer_id`);
    expect(rows).toEqual([
      { offer_id: offerSam, n: 3 },
      { offer_id: offerSue, n: 2 },
    ]);
    // Deleting an offer deletes its views.
    await after.db.execute(sql`delete from offers where id = ${offerSue}`);
    expect(await queryRows(after.db, sql`select count(*)::int as n from offer_views`)).toEqual([{ n: 3 }]);
    await after.close();
  }, 180_000);
});

describe.each(testBackends)('0023 repeatability in the search copy on %s', (backend) => {
  it('copies the robots\' repeatability to robot_search, and later edits and inserts too', async () => {
    const old = migrationsUpTo('0022_offer_views');
    cleanups.push(() => rmSync(old, { recursive: true, force: true }));
    const db = await twoOpenings(backend);
    const before = await db.open(old);
    await before.db.execute(sql`
      insert into robots (manufacturer, model, normalized_key, category, payload_kg, reach_mm, dof, repeatability_mm, search_text, compact_text, listed, status) values
        ('Epson', 'T6', 'epson|t6', 'scara', 6, 600, 4, 0.02, 'epson t6 scara', 'epson t6', true, 'active'),
        ('Acme', 'A1', 'acme|a1', 'articulated', 5, 800, 6, null, 'acme a1', 'acme a1', true, 'active')
    `);
    await before.close();

    const after = await db.open();
    const read = () => queryRows<{ model: string; repeatability_mm: number | null }>(after.db, sql`select model, repeatability_mm from robot_search order by model`);
    expect(await read()).toEqual([
      { model: 'A1', repeatability_mm: null },
      { model: 'T6', repeatability_mm: 0.02 },
    ]);
    await after.db.execute(sql`update robots set repeatability_mm = 0.05 where model = 'A1'`);
    await after.db.execute(sql`
      insert into robots (manufacturer, model, normalized_key, category, payload_kg, reach_mm, dof, repeatability_mm, search_text, compact_text, listed, status)
      values ('Acme', 'B2', 'acme|b2', 'articulated', 5, 800, 6, 0.01, 'acme b2', 'acme b2', true, 'active')`);
    expect(await read()).toEqual([
      { model: 'A1', repeatability_mm: 0.05 },
      { model: 'B2', repeatability_mm: 0.01 },
      { model: 'T6', repeatability_mm: 0.02 },
    ]);
    await after.close();
  }, 180_000);
});

describe.each(testBackends)('0030 the search page read from robot_search_set_payload_idx on %s', (backend) => {
  it('widens the index over the robots already there (same key, id, maker and model included), and the triggers keep it filled', async () => {
    const old = migrationsUpTo('0029_offer_cover_by_currency');
    cleanups.push(() => rmSync(old, { recursive: true, force: true }));
    const db = await twoOpenings(backend);
    const before = await db.open(old);
    await before.db.execute(sql`
      insert into robots (manufacturer, model, normalized_key, category, payload_kg, reach_mm, dof, search_text, compact_text, listed, status) values
        ('Epson', 'T6', 'epson|t6', 'scara', 6, 600, 4, 'epson t6 scara', 'epson t6', true, 'active'),
        ('Acme', 'A1', 'acme|a1', 'articulated', 5, 800, 6, 'acme a1', 'acme a1', true, 'active')
    `);
    await before.close();

    const after = await db.open();
    const [index] = await queryRows<{ def: string }>(after.db, sql`select pg_get_indexdef(indexrelid) as def from pg_index where indexrelid = 'robot_search_set_payload_idx'::regclass`);
    expect(index?.def).toMatch(/USING btree \(facet_set, payload_kg\) INCLUDE \(reach_mm, dof, price_min_usd, price_max_usd, id, manufacturer, model\)$/);
    await after.db.execute(sql`
      insert into robots (manufacturer, model, normalized_key, category, payload_kg, reach_mm, dof, search_text, compact_text, listed, status)
      values ('Acme', 'B2', 'acme|b2', 'articulated', 7, 900, 6, 'acme b2', 'acme b2', true, 'active')`);
    await after.db.execute(sql`update robots set payload_kg = 50 where model = 'A1'`);
    // Every public robot, with the columns the page reads, as the search's page asks for them.
    const rows = await queryRows<{ model: string; manufacturer: string; payload_kg: number }>(after.db, sql`
      select s.model, s.manufacturer, s.payload_kg from robot_search s
      where s.facet_set = any(array(select id from robot_facet_sets)) and s.payload_kg >= 0 order by s.model`);
    expect(rows.map((r) => `${r.manufacturer} ${r.model} ${r.payload_kg}`)).toEqual(['Acme A1 50', 'Acme B2 7', 'Epson T6 6']);
    await after.close();
  }, 180_000);
});

describe.each(testBackends)('0024 listings written after 0010 by the old listing routes and bulk upload on %s', (backend) => {
  it('turns each supplier-owned listing into an offer on the catalog model with its key (or a contributed model), losing no field and moving what points at it', async () => {
    const old = migrationsUpTo('0022_offer_views');
    cleanups.push(() => rmSync(old, { recursive: true, force: true }));
    const db = await twoOpenings(backend);
    const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const [buyer, sam, sue, tom, integrator] = [id(1), id(2), id(3), id(4), id(5)];
    const [catalogCrx, contributedAcme, samCrx, sueAcme, tomCrx, sueOrbis, tomOrbis, samPrivate, integratorPrivate] = [
      id(101), id(102), id(103), id(104), id(105), id(106), id(107), id(108), id(109),
    ];
    const [samAcmeOffer, tomCrxOffer] = [id(401), id(402)];
    const [importA, importB] = [id(501), id(502)];

    const before = await db.open(old);
    await before.db.execute(sql`
      insert into users (id, email, password_hash, first_name, last_name, user_type) values
        (${buyer}, 'buyer@example.com', 'x', 'Bea', 'Buyer', 'customer'),
        (${sam}, 'sam@example.com', 'x', 'Sam', 'Seller', 'supplier'),
        (${sue}, 'sue@example.com', 'x', 'Sue', 'Seller', 'supplier'),
        (${tom}, 'tom@example.com', 'x', 'Tom', 'Trader', 'supplier'),
        (${integrator}, 'ian@example.com', 'x', 'Ian', 'Integrator', 'integrator')
    `);
    // The makers' FANUC CRX-25iA and an Acme X1 Sam contributed in 0010's time (with his offer).
    await before.db.execute(sql`
      insert into robots (id, manufacturer, model, normalized_key, category, payload_kg, reach_mm, dof, price_min_usd, price_max_usd,
                          description, status, owner_id, contributed_by, listed, created_at, updated_at) values
        (${catalogCrx}, 'FANUC', 'CRX-25iA', 'fanuc|crx25ia', 'collaborative', 25, 1889, 6, 50000, 60000, 'Catalog row', 'active', null, null, true, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'),
        (${contributedAcme}, 'Acme', 'X1', 'acme|x1', 'articulated', 7, 700, 6, null, null, 'Acme X1', 'active', null, ${sam}, true, '2026-01-02T00:00:00Z', '2026-01-02T00:00:00Z')
    `);
    // What the old routes wrote after 0010: supplier-owned, listed robot rows (the listing form's
    // specs, environment values, price band, description; the bulk upload the same per row).
    // Sam lists "Fanuc CRX 25iA" (catalog key); Sue lists "ACME X-1" (Sam's contributed model);
    // Tom already offers the CRX from the offers page and also uploaded it; nobody's catalog has
    // the Orbis OX-12 (Sue's paused listing first, Tom's later); Sam's unlisted private copy and
    // an integrator's import stay robots.
    await before.db.execute(sql`
      insert into robots (id, manufacturer, model, normalized_key, category, payload_kg, reach_mm, dof, repeatability_mm, weight_kg,
                          price_min_usd, price_max_usd, applications, industries, description, datasheet_source,
                          ip_rating, food_grade, mounting, max_speed_mm_s, environment_source, maker_country,
                          status, owner_id, listed, created_at, updated_at) values
        (${samCrx}, 'Fanuc', 'CRX 25iA', 'fanuc|crx25ia', 'collaborative', 25, 1890, 6, 0.04, 140, 42000, 45000, '{palletising}', '{food}', 'In stock in Lyon', 'sam.example',
         54, true, '{floor,ceiling}', 1000, 'FANUC datasheet', 'JP', 'active', ${sam}, true, '2026-05-01T00:00:00Z', '2026-05-02T00:00:00Z'),
        (${sueAcme}, 'ACME', 'X-1', 'acme|x1', 'articulated', 7, 710, 6, null, null, null, 16000, '{}', '{}', 'Sue''s X-1', null,
         null, null, null, null, null, null, 'active', ${sue}, true, '2026-05-03T00:00:00Z', '2026-05-03T00:00:00Z'),
        (${tomCrx}, 'FANUC', 'CRX25iA', 'fanuc|crx25ia', 'collaborative', 25, 1889, 6, null, null, 47000, null, '{}', '{}', 'From the spreadsheet', null,
         null, null, null, null, null, null, 'active', ${tom}, true, '2026-05-04T00:00:00Z', '2026-05-04T00:00:00Z'),
        (${sueOrbis}, 'Orbis', 'OX-12', 'orbis|ox12', 'scara', 12, 600, 4, null, null, 27500, 27500, '{assembly}', '{}', 'Paused for now', null,
         null, null, null, null, null, null, 'inactive', ${sue}, true, '2026-05-05T00:00:00Z', '2026-05-05T00:00:00Z'),
        (${tomOrbis}, 'ORBIS', 'OX 12', 'orbis|ox12', 'scara', 12, 600, 4, null, null, 29000, null, '{}', '{}', 'Two in stock', null,
         null, null, null, null, null, null, 'active', ${tom}, true, '2026-05-06T00:00:00Z', '2026-05-06T00:00:00Z'),
        (${samPrivate}, 'KUKA', 'KR 10 R1100', 'kuka|kr10r1100', 'articulated', 10, 1100, 6, null, null, null, null, '{}', '{}', 'Private copy', null,
         null, null, null, null, null, null, 'active', ${sam}, false, '2026-05-07T00:00:00Z', '2026-05-07T00:00:00Z'),
        (${integratorPrivate}, 'Fanuc', 'CRX-25iA', 'fanuc|crx25ia', 'collaborative', 25, 1889, 6, null, null, null, null, '{}', '{}', 'Mine', null,
         null, null, null, null, null, null, 'active', ${integrator}, false, '2026-05-08T00:00:00Z', '2026-05-08T00:00:00Z')
    `);
    await before.db.execute(sql`
      insert into offers (id, robot_id, supplier_id, price_min, price_max, condition, lead_time_weeks, notes, status, created_at, updated_at) values
        (${samAcmeOffer}, ${contributedAcme}, ${sam}, 15000, null, 'new', 4, 'Acme X1 by Sam', 'active', '2026-01-02T00:00:00Z', '2026-01-02T00:00:00Z'),
        (${tomCrxOffer}, ${catalogCrx}, ${tom}, 50000, null, 'new', 6, 'Tom''s offer', 'active', '2026-06-01T00:00:00Z', '2026-06-01T00:00:00Z')
    `);
    await before.db.execute(sql`
      insert into offer_images (offer_id, position, original_key, thumb_key, display_key, width, height, thumb_width, thumb_height,
                                display_width, display_height, content_type, bytes, alt) values
        (${tomCrxOffer}, 0, 'o/1.jpg', 't/1.webp', 'd/1.webp', 1600, 1200, 320, 240, 1200, 900, 'image/jpeg', 123456, 'CRX on a pallet')
    `);
    await before.db.execute(sql`insert into offer_views (offer_id, viewed_at) values (${tomCrxOffer}, '2026-06-02T00:00:00Z')`);
    await before.db.execute(sql`
      insert into quote_requests (id, customer_id, robot_id, model_key, manufacturer, model, quantity, timeline) values
        (${id(301)}, ${buyer}, ${samCrx}, 'fanuc|crx25ia', 'Fanuc', 'CRX 25iA', 2, 'asap')
    `);
    await before.db.execute(sql`
      insert into leads (id, kind, robot_id, from_user_id, to_user_id, message, quote_request_id) values
        (${id(201)}, 'robot_inquiry', ${samCrx}, ${buyer}, ${sam}, 'Price for two?', null),
        (${id(202)}, 'quote_request', ${samCrx}, ${buyer}, ${sam}, 'Two units, asap', ${id(301)}),
        (${id(203)}, 'robot_inquiry', ${tomOrbis}, ${buyer}, ${tom}, 'Still two in stock?', null)
    `);
    await before.db.execute(sql`
      insert into robot_views (robot_id, viewed_at) values
        (${samCrx}, '2026-05-10T00:00:00Z'), (${samCrx}, '2026-05-11T00:00:00Z'), (${tomCrx}, '2026-05-12T00:00:00Z'),
        (${catalogCrx}, '2026-05-13T00:00:00Z'), (${tomOrbis}, '2026-05-14T00:00:00Z')
    `);
    await before.db.execute(sql`
      insert into bulk_import_robots (import_id, owner_id, robot_id) values
        (${importA}, ${sam}, ${samCrx}), (${importB}, ${tom}, ${tomCrx}), (${importB}, ${tom}, ${catalogCrx}), (${importB}, ${tom}, ${tomOrbis})
    `);
    await before.close();

    const after = await db.open();
    type OfferRow = { id: string; robot_id: string; supplier_id: string; price_min: number | null; price_max: number | null; currency: string; condition: string; lead_time_weeks: number | null; notes: string; status: string; listing_snapshot: Record<string, unknown> | null; created_at: Date; updated_at: Date };
    const offers = await queryRows<OfferRow>(after.db, sql`select * from offers order by created_at`);
    expect(offers.map((o) => [o.robot_id, o.supplier_id, o.price_min, o.price_max, o.currency, o.condition, o.lead_time_weeks, o.notes, o.status])).toEqual([
      [contributedAcme, sam, 15000, null, 'USD', 'new', 4, 'Acme X1 by Sam', 'active'],
      [catalogCrx, sam, 42000, 45000, 'USD', 'new', null, 'In stock in Lyon', 'active'],
      [contributedAcme, sue, null, 16000, 'USD', 'new', null, "Sue's X-1", 'active'],
      [sueOrbis, sue, 27500, 27500, 'USD', 'new', null, 'Paused for now', 'paused'],
      [sueOrbis, tom, 29000, null, 'USD', 'new', null, 'Two in stock', 'active'],
      // Tom's own offer (newer than his upload) stays as he wrote it.
      [catalogCrx, tom, 50000, null, 'USD', 'new', 6, "Tom's offer", 'active'],
    ]);
    const [, samOffer, , , tomOrbisOffer, tomOffer] = offers;
    expect(new Date(samOffer?.created_at ?? 0).toISOString()).toBe('2026-05-01T00:00:00.000Z');
    expect(new Date(samOffer?.updated_at ?? 0).toISOString()).toBe('2026-05-02T00:00:00.000Z');
    // Every field of the listing row is in its offer, environment values included.
    expect(samOffer?.listing_snapshot).toMatchObject({
      id: samCrx, manufacturer: 'Fanuc', model: 'CRX 25iA', normalized_key: 'fanuc|crx25ia', category: 'collaborative', payload_kg: 25, reach_mm: 1890, dof: 6,
      repeatability_mm: 0.04, weight_kg: 140, price_min_usd: 42000, price_max_usd: 45000, applications: ['palletising'], industries: ['food'],
      description: 'In stock in Lyon', datasheet_source: 'sam.example', ip_rating: 54, food_grade: true, mounting: ['floor', 'ceiling'],
      max_speed_mm_s: 1000, environment_source: 'FANUC datasheet', maker_country: 'JP', status: 'active', owner_id: sam, listed: true,
    });
    expect(Object.keys(samOffer?.listing_snapshot ?? {})).not.toContain('search_vector');
    expect(tomOrbisOffer?.listing_snapshot).toMatchObject({ id: tomOrbis, manufacturer: 'ORBIS', model: 'OX 12', price_min_usd: 29000 });
    // Tom's upload of a model he already offers: kept beside his offer, not lost.
    expect(tomOffer?.listing_snapshot).toMatchObject({ merged_listings: [{ id: tomCrx, model: 'CRX25iA', price_min_usd: 47000, description: 'From the spreadsheet' }] });
    expect(tomOffer?.id).toBe(tomCrxOffer);

    const robots = await queryRows<{ id: string; owner_id: string | null; contributed_by: string | null; status: string; listed: boolean }>(
      after.db,
      sql`select id, owner_id, contributed_by, status, listed from robots order by id`,
    );
    // The listings are gone but Sue's Orbis, now the contributed model (shown: Tom's offer on it is active).
    expect(robots).toEqual([
      { id: catalogCrx, owner_id: null, contributed_by: null, status: 'active', listed: true },
      { id: contributedAcme, owner_id: null, contributed_by: sam, status: 'active', listed: true },
      { id: sueOrbis, owner_id: null, contributed_by: sue, status: 'active', listed: true },
      { id: samPrivate, owner_id: sam, contributed_by: null, status: 'active', listed: false },
      { id: integratorPrivate, owner_id: integrator, contributed_by: null, status: 'active', listed: false },
    ]);
    const leads = await queryRows<{ id: string; robot_id: string; to_user_id: string }>(after.db, sql`select id, robot_id, to_user_id from leads order by id`);
    expect(leads.map((l) => [l.id, l.robot_id, l.to_user_id])).toEqual([[id(201), catalogCrx, sam], [id(202), catalogCrx, sam], [id(203), sueOrbis, tom]]);
    expect(await queryRows(after.db, sql`select robot_id from quote_requests`)).toEqual([{ robot_id: catalogCrx }]);
    // The model's page views include its listings'; each listing's views are its offer's views.
    const views = await queryRows<{ robot_id: string; n: number }>(after.db, sql`select robot_id, count(*)::int as n from robot_views group by robot_id order by robot_id`);
    expect(views.map((v) => [v.robot_id, v.n])).toEqual([[catalogCrx, 4], [sueOrbis, 1]]);
    const offerViews = await queryRows<{ offer_id: string; n: number }>(after.db, sql`select offer_id, count(*)::int as n from offer_views group by offer_id`);
    expect(Object.fromEntries(offerViews.map((v) => [v.offer_id, v.n]))).toEqual({ [defined(samOffer).id]: 2, [tomCrxOffer]: 2, [defined(tomOrbisOffer).id]: 1 });
    // Tom's picture stays on his offer.
    expect(await queryRows(after.db, sql`select offer_id, alt from offer_images`)).toEqual([{ offer_id: tomCrxOffer, alt: 'CRX on a pallet' }]);
    // Imports name the model (Tom's import named the CRX twice: once now).
    const imports = await queryRows<{ import_id: string; robot_id: string }>(after.db, sql`select import_id, robot_id from bulk_import_robots order by import_id, robot_id`);
    expect(imports.map((r) => [r.import_id, r.robot_id])).toEqual([[importA, catalogCrx], [importB, catalogCrx], [importB, sueOrbis]]);
    // What the catalog search reads: active offers only.
    const summaries = await queryRows<{ robot_id: string; offers: number; price_min_usd: number | null; price_max_usd: number | null; lead_time_weeks_min: number | null }>(
      after.db,
      sql`select robot_id, offers, price_min_usd, price_max_usd, lead_time_weeks_min from robot_offer_summaries order by robot_id`,
    );
    expect(summaries).toEqual([
      { robot_id: catalogCrx, offers: 2, price_min_usd: 42000, price_max_usd: 50000, lead_time_weeks_min: 6 },
      { robot_id: contributedAcme, offers: 2, price_min_usd: 15000, price_max_usd: 16000, lead_time_weeks_min: 4 },
      { robot_id: sueOrbis, offers: 1, price_min_usd: 29000, price_max_usd: 29000, lead_time_weeks_min: null },
    ]);
    const search = await queryRows<{ id: string }>(after.db, sql`select id from robot_search order by id`);
    expect(search.map((r) => r.id)).toEqual([catalogCrx, contributedAcme, sueOrbis]);
    const [moves] = await queryRows<{ n: number }>(after.db, sql`select count(*)::int as n from information_schema.tables where table_name = 'listing_moves'`);
    expect(moves?.n).toBe(0);
    await after.close();
  }, 180_000);
});

function defined<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('expected a value');
  return value;
}

describe.each(testBackends)('0025 an upload\'s rows in chunks on %s', (backend) => {
  it('cuts each pending upload\'s stored rows into chunks of 1,000 in file order, losing no cell, and empties the old column', async () => {
    const old = migrationsUpTo('0024_listings_after_offers');
    cleanups.push(() => rmSync(old, { recursive: true, force: true }));
    const db = await twoOpenings(backend);
    const before = await db.open(old);
    const [user] = await queryRows<{ id: string }>(before.db, sql`
      insert into users (email, password_hash, first_name, last_name, user_type)
      values ('supplier-0025@example.com', 'x', 'Sam', 'Supplier', 'supplier') returning id`);
    // 2,345 rows as the old code stored them: one jsonb array; cells with commas, quotes, brackets, nulls, numbers.
    const rows = Array.from({ length: 2345 }, (_, i) => [`Maker, "${i}"`, `M-${i} [x]`, i % 7 === 0 ? null : i * 1.5, true]);
    const small = [['ABB', 'IRB 6700', 200, null]];
    await before.db.execute(sql`insert into bulk_uploads (owner_id, file_name, columns, rows, row_count) values
      (${user?.id}::uuid, 'big.csv', '["maker","model","payload","ok"]'::jsonb, ${JSON.stringify(rows)}::jsonb, ${rows.length}),
      (${user?.id}::uuid, 'small.csv', '["maker","model","payload","ok"]'::jsonb, ${JSON.stringify(small)}::jsonb, 1),
      (${user?.id}::uuid, 'empty.csv', '["maker"]'::jsonb, '[]'::jsonb, 0)`);
    await before.close();

    const after = await db.open();
    const chunks = await queryRows<{ file_name: string; chunk: number; body: string }>(after.db, sql`
      select b.file_name, c.chunk, c.body from bulk_upload_rows c join bulk_uploads b on b.id = c.upload_id order by b.file_name, c.chunk`);
    expect(chunks.map((c) => `${c.file_name}#${c.chunk}`)).toEqual(['big.csv#0', 'big.csv#1', 'big.csv#2', 'small.csv#0']);
    const read = (name: string) => chunks.filter((c) => c.file_name === name).flatMap((c) => JSON.parse(`[${c.body}]`) as unknown[][]);
    expect(chunks.filter((c) => c.file_name === 'big.csv').map((c) => (JSON.parse(`[${c.body}]`) as unknown[]).length)).toEqual([1000, 1000, 345]);
    expect(read('big.csv')).toEqual(rows);
    expect(read('small.csv')).toEqual(small);
    // The old column is gone (0028).
    const column = await queryRows<{ n: number }>(after.db, sql`select count(*)::int as n from information_schema.columns where table_name = 'bulk_uploads' and column_name = 'rows'`);
    expect(column[0]?.n).toBe(0);
    // A deleted upload takes its rows with it.
    await after.db.execute(sql`delete from bulk_uploads where file_name = 'big.csv'`);
    const left = await queryRows<{ n: number }>(after.db, sql`select count(*)::int as n from bulk_upload_rows`);
    expect(left[0]?.n).toBe(1);
    await after.close();
  }, 180_000);
});

describe.each(testBackends)('0028 the old rows column dropped on %s', (backend) => {
  it('an upload an older API stored in the column after 0025 keeps its rows in chunks; uploads already in chunks are untouched', async () => {
    const old = migrationsUpTo('0027_quote_request_closed_from');
    cleanups.push(() => rmSync(old, { recursive: true, force: true }));
    const db = await twoOpenings(backend);
    const before = await db.open(old);
    const [user] = await queryRows<{ id: string }>(before.db, sql`
      insert into users (email, password_hash, first_name, last_name, user_type)
      values ('integrator-0028@example.com', 'x', 'Ida', 'Integrator', 'integrator') returning id`);
    // An older API (before 0025) still running after the migration: the rows as one jsonb array, no chunks.
    const rows = Array.from({ length: 1500 }, (_, i) => [`KUKA, "${i}"`, `KR ${i} [x]`, i % 5 === 0 ? null : i / 4, false]);
    // The current API: rows in chunks, the column NULL.
    const chunked = [['ABB', 'IRB 6700', 200, null]];
    const inserted = await queryRows<{ id: string; file_name: string }>(before.db, sql`insert into bulk_uploads (owner_id, file_name, columns, rows, row_count) values
      (${user?.id}::uuid, 'old-api.xlsx', '["maker","model","payload","ok"]'::jsonb, ${JSON.stringify(rows)}::jsonb, ${rows.length}),
      (${user?.id}::uuid, 'new-api.csv', '["maker","model","payload","ok"]'::jsonb, null, 1),
      (${user?.id}::uuid, 'empty.csv', '["maker"]'::jsonb, '[]'::jsonb, 0)
      returning id, file_name`);
    const newApi = inserted.find((u) => u.file_name === 'new-api.csv')?.id;
    await before.db.execute(sql`insert into bulk_upload_rows (upload_id, chunk, body) values (${newApi}::uuid, 0, ${JSON.stringify(chunked).slice(1, -1)})`);
    await before.close();

    const after = await db.open();
    const chunks = await queryRows<{ file_name: string; chunk: number; body: string }>(after.db, sql`
      select b.file_name, c.chunk, c.body from bulk_upload_rows c join bulk_uploads b on b.id = c.upload_id order by b.file_name, c.chunk`);
    expect(chunks.map((c) => `${c.file_name}#${c.chunk}`)).toEqual(['new-api.csv#0', 'old-api.xlsx#0', 'old-api.xlsx#1']);
    const read = (name: string) => chunks.filter((c) => c.file_name === name).flatMap((c) => JSON.parse(`[${c.body}]`) as unknown[][]);
    expect(read('old-api.xlsx')).toEqual(rows);
    expect(read('new-api.csv')).toEqual(chunked);
    const uploads = await queryRows<{ n: number }>(after.db, sql`select count(*)::int as n from bulk_uploads`);
    expect(uploads[0]?.n).toBe(3);
    const column = await queryRows<{ n: number }>(after.db, sql`select count(*)::int as n from information_schema.columns where table_name = 'bulk_uploads' and column_name = 'rows'`);
    expect(column[0]?.n).toBe(0);
    await after.close();
  }, 180_000);
});
