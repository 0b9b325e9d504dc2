import { and, desc, eq, gt, isNull, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import { BULK_UPLOAD_TTL_HOURS } from '@cellforge/contracts';
import { bulkImportRobots, bulkUploadRows, bulkUploads, queryRows, type Database } from '@cellforge/db';
import type { ParseMeta } from './parsing/parse-file';
import type { Cell } from './parsing/table';
import { isUuid } from '../../lib/db-values';
import { firstRow, nth } from '../../lib/invariants';

/** An upload (its rows are streamed from bulk_upload_rows, see streamUploadRows). */
export type BulkUploadInfo = typeof bulkUploads.$inferSelect;

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

/** JSON text sent per statement that stores rows (a few packed chunks). */
const STORE_BYTES = 1024 * 1024;

/**
 * Opens a pending upload while its file is still being read: the upload row first (no
 * columns yet), its rows then in chunks (UploadRowsWriter), its columns, count and meta last
 * (finishUpload). Run all three in one transaction: a file that fails to read leaves nothing.
 */
export async function beginUpload(tx: Database, values: { ownerId: string; fileName: string }): Promise<string> {
  const inserted = await tx
    .insert(bulkUploads)
    .values({ ownerId: values.ownerId, fileName: values.fileName, columns: [], rowCount: 0, meta: {} })
    .returning({ id: bulkUploads.id });
  return firstRow(inserted, 'the new upload').id;
}

/**
 * Stores an upload's packed chunks of rows (PackedRows) as they come, in file order, about
 * 1 MB per statement: bulk_upload_rows, one row per chunk of 1,000 rows. Nothing is kept
 * after a statement, so a file of any length needs the memory of one batch.
 */
export class UploadRowsWriter {
  private next = 0;

  constructor(
    private readonly tx: Database,
    private readonly uploadId: string,
  ) {}

  async add(chunks: readonly string[]): Promise<void> {
    for (let i = 0; i < chunks.length; ) {
      const values: SQL[] = [];
      let bytes = 0;
      do {
        const chunk = nth(chunks, i);
        values.push(sql`(${this.uploadId}::uuid, ${this.next}, ${chunk})`);
        this.next += 1;
        bytes += chunk.length;
        i += 1;
      } while (i < chunks.length && bytes < STORE_BYTES);
      await this.tx.execute(sql`insert into ${bulkUploadRows} (upload_id, chunk, body) values ${sql.join(values, sql`, `)}`);
    }
  }

  /** Drops the chunks stored so far (a workbook's sheet that was passed over); the next chunk is chunk 0 again. */
  async discard(): Promise<void> {
    await this.tx.delete(bulkUploadRows).where(eq(bulkUploadRows.uploadId, this.uploadId));
    this.next = 0;
  }
}

export async function finishUpload(tx: Database, id: string, values: { columns: string[]; rowCount: number; meta: ParseMeta }): Promise<void> {
  await tx
    .update(bulkUploads)
    .set({ columns: values.columns, rowCount: values.rowCount, meta: values.meta as unknown as Record<string, unknown> })
    .where(eq(bulkUploads.id, id));
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

/** Chunks (of up to 1,000 rows) read per statement. */
const CHUNKS_PER_READ = 4;

/**
 * The rows of an upload, chunk by stored chunk (up to 1,000 rows each), in file order: a
 * few chunks per statement, each read by its key (upload_id, chunk > the last one), so
 * neither PostgreSQL nor Node ever holds more than those chunks, whatever the file's length.
 * Needs no cursor (and so no transaction of its own).
 */
export async function* streamUploadRows(db: Database, uploadId: string): AsyncGenerator<Cell[][]> {
  let after = -1;
  for (;;) {
    const chunks = await queryRows<{ chunk: number; body: string }>(
      db,
      sql`select chunk, body from ${bulkUploadRows} where upload_id = ${uploadId}::uuid and chunk > ${after} order by chunk limit ${CHUNKS_PER_READ}`,
    );
    for (const c of chunks) {
      after = Number(c.chunk);
      yield JSON.parse(`[${c.body}]`) as Cell[][];
    }
    if (chunks.length < CHUNKS_PER_READ) return;
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

/**
 * What the last validation of an upload left for its import (issue 14, one validation pass):
 * the fingerprint of what it validated (mappings, edits, role, format) and its counts. The
 * valid rows themselves are stored beside the file's rows, as chunks numbered -1, -2, ...
 */
export interface ValidatedRows {
  fingerprint: string;
  valid: number;
  errors: number;
}

/** The validation kept with an upload, if any (bulk_uploads.meta.validated). */
export function validatedRowsOf(upload: BulkUploadInfo): ValidatedRows | null {
  const kept = (upload.meta as { validated?: ValidatedRows } | null)?.validated;
  return kept && typeof kept.fingerprint === 'string' ? kept : null;
}

/**
 * Keeps a validation's valid rows with its upload, replacing any earlier one: opened before
 * the first row (the upload row is locked, so two validations of one upload take turns; the
 * earlier rows are dropped), rows added as they are validated (about 1 MB per statement),
 * the counts written last. Use it inside one transaction.
 */
export class ValidatedRowsWriter {
  private next = -1;
  private pending: string[] = [];
  private bytes = 0;

  private constructor(
    private readonly tx: Database,
    private readonly uploadId: string,
  ) {}

  static async open(tx: Database, uploadId: string): Promise<ValidatedRowsWriter> {
    await tx.execute(sql`select 1 from ${bulkUploads} where id = ${uploadId}::uuid for update`);
    await tx.execute(sql`update ${bulkUploads} set meta = meta - 'validated' where id = ${uploadId}::uuid`);
    await tx.execute(sql`delete from ${bulkUploadRows} where upload_id = ${uploadId}::uuid and chunk < 0`);
    return new ValidatedRowsWriter(tx, uploadId);
  }

  /** One chunk's valid rows, each a JSON object (RobotImportStage.storedRow). */
  async add(rows: readonly string[]): Promise<void> {
    if (!rows.length) return;
    const body = rows.join(',');
    this.pending.push(body);
    this.bytes += body.length;
    if (this.bytes >= STORE_BYTES) await this.flush();
  }

  private async flush(): Promise<void> {
    if (!this.pending.length) return;
    const values = this.pending.map((body) => {
      const chunk = this.next;
      this.next -= 1;
      return sql`(${this.uploadId}::uuid, ${chunk}, ${`[${body}]`})`;
    });
    this.pending = [];
    this.bytes = 0;
    await this.tx.execute(sql`insert into ${bulkUploadRows} (upload_id, chunk, body) values ${sql.join(values, sql`, `)}`);
  }

  async finish(counts: ValidatedRows): Promise<void> {
    await this.flush();
    await this.tx.execute(sql`update ${bulkUploads} set meta = meta || jsonb_build_object('validated', ${JSON.stringify(counts)}::jsonb) where id = ${this.uploadId}::uuid`);
  }
}

/** The valid rows kept by the last validation, as a query of one `body` column (JSON arrays of rows). */
export function validatedRowsQuery(uploadId: string): SQL {
  return sql`select body from ${bulkUploadRows} where upload_id = ${uploadId}::uuid and chunk < 0`;
}
