import { and, desc, eq, gt, lt, notInArray, sql } from 'drizzle-orm';
import { BULK_UPLOAD_TTL_HOURS } from '@cellforge/contracts';
import { bulkUploads, queryRows, robots, robotSearchColumns, type Database } from '@cellforge/db';
import { inferCategory } from './category';
import type { ParseMeta } from './parsing/parse-file';
import type { Cell } from './parsing/table';
import type { ValidRow } from './parsing/validate-rows';
import { isUuid } from '../../lib/db-values';

/** An upload without its rows (they are streamed, see streamUploadRows). */
export type BulkUploadInfo = Omit<typeof bulkUploads.$inferSelect, 'rows'>;

const uploadInfoColumns = {
  id: bulkUploads.id,
  ownerId: bulkUploads.ownerId,
  fileName: bulkUploads.fileName,
  columns: bulkUploads.columns,
  rowCount: bulkUploads.rowCount,
  meta: bulkUploads.meta,
  mappings: bulkUploads.mappings,
  createdAt: bulkUploads.createdAt,
};

/** Pending uploads kept per person; older ones are dropped when a new file is parsed. */
const MAX_PENDING_UPLOADS = 10;

const freshness = () => gt(bulkUploads.createdAt, sql`now() - make_interval(hours => ${BULK_UPLOAD_TTL_HOURS})`);

/** JSON text sent per staging statement (a few packed chunks). */
const STAGE_BYTES = 1024 * 1024;

/**
 * Stores a parsed upload. The rows come as packed JSON chunks (PackedRows.takeChunks)
 * and are staged, about 1 MB per statement, in a temporary table; PostgreSQL joins them
 * into the jsonb array. So neither a JSON text of the whole file nor the driver's
 * buffers for one (two to three times its size) ever exist in the API process.
 */
export async function insertUpload(
  db: Database,
  values: { ownerId: string; fileName: string; columns: string[]; rowChunks: readonly string[]; rowCount: number; meta: ParseMeta },
): Promise<string> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    await tx.execute(sql`create temporary table bulk_upload_chunks (n integer not null, body text not null) on commit drop`);
    const chunks = values.rowChunks;
    for (let i = 0; i < chunks.length; ) {
      const rows = [];
      let bytes = 0;
      do {
        rows.push(sql`(${i}, ${chunks[i]!})`);
        bytes += chunks[i]!.length;
        i += 1;
      } while (i < chunks.length && bytes < STAGE_BYTES);
      await tx.execute(sql`insert into bulk_upload_chunks (n, body) values ${sql.join(rows, sql`, `)}`);
    }
    const [row] = await tx
      .insert(bulkUploads)
      .values({
        ownerId: values.ownerId,
        fileName: values.fileName,
        columns: values.columns,
        rows: sql`(select ('[' || coalesce(string_agg(body, ',' order by n), '') || ']')::jsonb from bulk_upload_chunks)`,
        rowCount: values.rowCount,
        meta: values.meta as unknown as Record<string, unknown>,
      })
      .returning({ id: bulkUploads.id });
    return row!.id;
  });
}

/** Drops expired uploads (everyone's) and this person's uploads beyond the newest few. */
export async function pruneUploads(db: Database, ownerId: string): Promise<void> {
  await db.delete(bulkUploads).where(lt(bulkUploads.createdAt, sql`now() - make_interval(hours => ${BULK_UPLOAD_TTL_HOURS})`));
  const keep = db
    .select({ id: bulkUploads.id })
    .from(bulkUploads)
    .where(eq(bulkUploads.ownerId, ownerId))
    .orderBy(desc(bulkUploads.createdAt))
    .limit(MAX_PENDING_UPLOADS - 1);
  await db.delete(bulkUploads).where(and(eq(bulkUploads.ownerId, ownerId), notInArray(bulkUploads.id, keep)));
}

/** An unexpired upload of this owner (without rows); `lock` takes a row lock (import: one at a time per upload). */
export async function findUpload(db: Database, ownerId: string, id: string, options: { lock?: boolean } = {}): Promise<BulkUploadInfo | undefined> {
  if (!isUuid(id)) return undefined;
  const query = db
    .select(uploadInfoColumns)
    .from(bulkUploads)
    .where(and(eq(bulkUploads.id, id), eq(bulkUploads.ownerId, ownerId), freshness()))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

let cursorSeq = 0;

/**
 * The rows of an upload, `chunkSize` at a time, in file order, through a server-side
 * cursor: the stored JSON is read once by PostgreSQL and never held whole in Node, so
 * 100,000 rows validate and import in a small, flat amount of memory. Must run inside
 * a transaction (cursors live in one).
 */
export async function* streamUploadRows(tx: Database, uploadId: string, chunkSize = 5000): AsyncGenerator<Cell[][]> {
  cursorSeq = (cursorSeq + 1) % 1_000_000;
  const cursor = sql.raw(`bulk_rows_${cursorSeq}`);
  await tx.execute(sql`declare ${cursor} no scroll cursor for
    select e.value as row from bulk_uploads b cross join lateral jsonb_array_elements(b.rows) with ordinality as e(value, n)
    where b.id = ${uploadId}`);
  try {
    for (;;) {
      const chunk = await queryRows<{ row: Cell[] | string }>(tx, sql`fetch forward ${sql.raw(String(chunkSize))} from ${cursor}`);
      if (!chunk.length) return;
      // node-postgres parses jsonb; PGlite too, but be safe with a driver that hands text.
      yield chunk.map((r) => (typeof r.row === 'string' ? (JSON.parse(r.row) as Cell[]) : r.row));
      if (chunk.length < chunkSize) return;
    }
  } finally {
    await tx.execute(sql`close ${cursor}`);
  }
}

export async function setUploadMappings(db: Database, id: string, mappings: Record<string, string | null>): Promise<void> {
  await db.update(bulkUploads).set({ mappings }).where(eq(bulkUploads.id, id));
}

export async function deleteUpload(db: Database, id: string): Promise<void> {
  await db.delete(bulkUploads).where(eq(bulkUploads.id, id));
}

export async function ownerHasRobots(db: Database, ownerId: string): Promise<boolean> {
  const [row] = await db.select({ id: robots.id }).from(robots).where(eq(robots.ownerId, ownerId)).limit(1);
  return Boolean(row);
}

/** Rows per INSERT/UPDATE statement: one JSON parameter per batch, so no parameter limit applies. */
export const IMPORT_BATCH_SIZE = 1000;

export interface UpsertCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

const same = (a: number, b: number) => Math.abs(a - b) < 1e-9;

/** One array parameter instead of 1,000; keys hold only a-z, 0-9 and "|" (normalizeRobotKey), quoted anyway. */
function keyArrayLiteral(batch: readonly ValidRow[]): string {
  return `{${batch.map((r) => `"${r.key.replace(/["\\]/g, '')}"`).join(',')}}`;
}

/**
 * Upserts one batch (at most IMPORT_BATCH_SIZE rows) of robots owned by `ownerId`,
 * keyed on (owner, normalized manufacturer + model): one SELECT of the existing keys,
 * one INSERT of the new rows, one UPDATE of the rows whose manufacturer/model spelling,
 * payload, reach or axes changed. Rows already equal are left alone (not counted as
 * updated), so re-importing a file answers inserted 0, updated 0. Status, listing,
 * category and description of existing robots are never touched. Run it inside a
 * transaction.
 */
export async function upsertRobotBatch(
  db: Database,
  ownerId: string,
  batch: readonly ValidRow[],
  options: { listed: boolean; source: string; dofAssumed: number; ownerHasRobots: boolean },
): Promise<UpsertCounts> {
  const counts: UpsertCounts = { inserted: 0, updated: 0, unchanged: 0 };
  if (!batch.length) return counts;
  // An owner without robots (a first import) has nothing to match: skip the lookup.
  const existing = options.ownerHasRobots
    ? await db
        .select({
          id: robots.id,
          key: robots.normalizedKey,
          manufacturer: robots.manufacturer,
          model: robots.model,
          category: robots.category,
          payloadKg: robots.payloadKg,
          reachMm: robots.reachMm,
          dof: robots.dof,
        })
        .from(robots)
        .where(and(eq(robots.ownerId, ownerId), sql`${robots.normalizedKey} = any(${keyArrayLiteral(batch)}::text[])`))
    : [];
  const byKey = new Map(existing.map((e) => [e.key, e]));

  const inserts: unknown[] = [];
  const updates: unknown[] = [];
  for (const r of batch) {
    const found = byKey.get(r.key);
    if (!found) {
      const category = inferCategory(r);
      const search = robotSearchColumns({ manufacturer: r.manufacturer, model: r.model, category });
      inserts.push({
        manufacturer: r.manufacturer,
        model: r.model,
        normalized_key: search.normalizedKey,
        search_text: search.searchText,
        compact_text: search.compactText,
        category,
        payload_kg: r.payload_kg,
        reach_mm: r.reach_mm,
        dof: r.dof ?? options.dofAssumed,
      });
      continue;
    }
    const dof = r.dof ?? found.dof;
    const changed =
      found.manufacturer !== r.manufacturer ||
      found.model !== r.model ||
      !same(found.payloadKg, r.payload_kg) ||
      !same(found.reachMm, r.reach_mm) ||
      found.dof !== dof;
    if (!changed) {
      counts.unchanged += 1;
      continue;
    }
    const search = robotSearchColumns({ manufacturer: r.manufacturer, model: r.model, category: found.category });
    updates.push({
      id: found.id,
      manufacturer: r.manufacturer,
      model: r.model,
      search_text: search.searchText,
      compact_text: search.compactText,
      payload_kg: r.payload_kg,
      reach_mm: r.reach_mm,
      dof,
    });
  }

  if (inserts.length) {
    await db.execute(sql`
      insert into robots (manufacturer, model, normalized_key, search_text, compact_text, category, payload_kg, reach_mm, dof,
                          owner_id, listed, status, datasheet_source)
      select x.manufacturer, x.model, x.normalized_key, x.search_text, x.compact_text, x.category, x.payload_kg, x.reach_mm, x.dof,
             ${ownerId}::uuid, ${options.listed}, 'active', ${options.source}
      from json_to_recordset(${JSON.stringify(inserts)}::json) as x(
        manufacturer text, model text, normalized_key text, search_text text, compact_text text, category text,
        payload_kg double precision, reach_mm double precision, dof integer)`);
    counts.inserted = inserts.length;
  }
  if (updates.length) {
    await db.execute(sql`
      update robots r set manufacturer = x.manufacturer, model = x.model, search_text = x.search_text,
             compact_text = x.compact_text, payload_kg = x.payload_kg, reach_mm = x.reach_mm, dof = x.dof, updated_at = now()
      from json_to_recordset(${JSON.stringify(updates)}::json) as x(
        id uuid, manufacturer text, model text, search_text text, compact_text text,
        payload_kg double precision, reach_mm double precision, dof integer)
      where r.id = x.id and r.owner_id = ${ownerId}::uuid`);
    counts.updated = updates.length;
  }
  return counts;
}
