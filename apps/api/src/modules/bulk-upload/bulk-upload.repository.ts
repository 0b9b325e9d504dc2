import { and, desc, eq, gt, isNull, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import { BULK_UPLOAD_TTL_HOURS } from '@cellforge/contracts';
import { bulkImportRobots, bulkUploads, queryRows, type Database } from '@cellforge/db';
import type { ParseMeta } from './parsing/parse-file';
import type { Cell } from './parsing/table';
import { isUuid } from '../../lib/db-values';
import { firstRow, nth } from '../../lib/invariants';

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
  edits: bulkUploads.edits,
  importedAt: bulkUploads.importedAt,
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
        const chunk = nth(chunks, i);
        rows.push(sql`(${i}, ${chunk})`);
        bytes += chunk.length;
        i += 1;
      } while (i < chunks.length && bytes < STAGE_BYTES);
      await tx.execute(sql`insert into bulk_upload_chunks (n, body) values ${sql.join(rows, sql`, `)}`);
    }
    const inserted = await tx
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
    return firstRow(inserted, 'the new upload').id;
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

/**
 * An unexpired upload of this owner (without rows); `lock` takes a row lock (import: one at
 * a time per upload). An imported upload (kept for its error report) is found only with `imported`.
 */
export async function findUpload(db: Database, ownerId: string, id: string, options: { lock?: boolean; imported?: boolean } = {}): Promise<BulkUploadInfo | undefined> {
  if (!isUuid(id)) return undefined;
  const query = db
    .select(uploadInfoColumns)
    .from(bulkUploads)
    .where(and(eq(bulkUploads.id, id), eq(bulkUploads.ownerId, ownerId), freshness(), options.imported ? undefined : isNull(bulkUploads.importedAt)))
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

/** Stores the validate grid's edits with the upload (all of them: the caller merged the new ones in). */
export async function setUploadEdits(db: Database, id: string, edits: Record<string, Record<string, string | number | boolean | null>>): Promise<void> {
  await db.update(bulkUploads).set({ edits }).where(eq(bulkUploads.id, id));
}

/** An imported upload whose rows still hold errors: kept (until it expires) only so the result step can offer errors.csv. */
export async function markUploadImported(db: Database, id: string): Promise<void> {
  await db.update(bulkUploads).set({ importedAt: sql`now()` }).where(eq(bulkUploads.id, id));
}

export async function deleteUpload(db: Database, id: string): Promise<void> {
  await db.delete(bulkUploads).where(eq(bulkUploads.id, id));
}

/**
 * The statement that records the robots an import wrote or matched (the owner's robots, the
 * catalog models it attached or offers on): `ids` is a query of `robot_id`s, run by the
 * catalog's set-based upsert in the same statement (RobotImportStage).
 */
export function recordImportRobotsOf(importId: string, ownerId: string): (ids: SQL) => SQL {
  return (ids) => sql`insert into bulk_import_robots (import_id, owner_id, robot_id)
    select ${importId}::uuid, ${ownerId}::uuid, x.robot_id from (${ids}) as x(robot_id)
    on conflict do nothing`;
}

/** The condition "the robot is one of this owner's import" (the catalog's import_id filter; the catalog's query reads robots). */
export function robotOfImport(importId: string, ownerId: string): SQL {
  return sql`"robots"."id" in (select ${bulkImportRobots.robotId} from ${bulkImportRobots} where ${bulkImportRobots.importId} = ${importId}::uuid and ${bulkImportRobots.ownerId} = ${ownerId}::uuid)`;
}
