// @ts-check
// The embedded database (PGlite) on a worker thread of its own, so PostgreSQL compiled
// to WebAssembly does not run on the API's request thread (issue 19). Started by
// pglite-thread.ts, which speaks the small message protocol below; plain JavaScript so
// the same file runs from the sources (tsx, vitest) and beside the bundled server
// (apps/api/dist/pglite-worker.mjs, copied by apps/api/build.mjs).
//
// Requests (each with a numeric `id`, answered by { id, ok: true, result } or
// { id, ok: false, error }):
//   { op: 'query', sql, params, rowMode, rawOids, tx? } one statement with parameters; rawOids
//       are the type oids whose text is returned as is (Drizzle's pglite driver keeps
//       dates and intervals as strings); tx = the id of the transaction to run it in
//   { op: 'exec', sql, tx? }        several statements without parameters
//   { op: 'begin' }                 opens a transaction; its id is this request's id. Until
//       it ends, queries without `tx` wait (PGlite's own transaction lock), as they would
//       on one connection
//   { op: 'end', tx, commit }       commits (or rolls back) transaction `tx`
//   { op: 'close' }                 closes the database cleanly, then the thread ends
// A failure of PGlite itself (not an SQL error: the WebAssembly instance trapped) ends
// the thread with exit code 70 after answering, so the owner can start a new one.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

if (!parentPort) throw new Error('pglite-worker.mjs runs as a worker thread (see pglite-thread.ts)');
const port = parentPort;

/** @type {{ dataDir: string, sharedBuffers: string }} */
const { dataDir, sharedBuffers } = workerData;
const db = await PGlite.create(dataDir, { extensions: { pg_trgm }, postgresqlconf: [`shared_buffers = ${sharedBuffers}`] });

/**
 * Open transactions by id: PGlite's handle inside db.transaction(), `finish` to let the
 * callback return (commit) or throw (rollback), and `done`, db.transaction()'s promise.
 * @type {Map<number, { handle: import('@electric-sql/pglite').Transaction, finish: (commit: boolean) => void, done: Promise<void> }>}
 */
const transactions = new Map();
class RolledBack extends Error {}
/** Parser sets by their raw oids ('1114,1184'): built once, not per query. */
const parserSets = new Map();
const keepText = (/** @type {string} */ value) => value;
function parsersFor(/** @type {number[] | undefined} */ rawOids) {
  if (!rawOids || rawOids.length === 0) return undefined;
  const key = rawOids.join(',');
  let parsers = parserSets.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(rawOids.map((oid) => [oid, keepText]));
    parserSets.set(key, parsers);
  }
  return parsers;
}

/** The fields of a PostgreSQL error that callers read (code 23505, constraint, ...). */
const ERROR_FIELDS = ['code', 'severity', 'detail', 'hint', 'position', 'internalPosition', 'internalQuery', 'where', 'schema', 'table', 'column', 'dataType', 'constraint', 'file', 'line', 'routine'];
function serializeError(/** @type {any} */ err) {
  const out = { name: err?.name ?? 'Error', message: err?.message ?? String(err), stack: err?.stack, fields: /** @type {Record<string, unknown>} */ ({}) };
  for (const field of ERROR_FIELDS) if (err?.[field] !== undefined) out.fields[field] = err[field];
  return out;
}
let broken = false;

/**
 * One statement with parameters, sent to PostgreSQL as one batch (Parse, Bind, Describe,
 * Execute, Sync) with the parameters as text whose types the server infers, as
 * node-postgres does. PGlite's query() asks for the parameter types first and so runs
 * PostgreSQL's loop five times a statement: the batch takes about half the time of a
 * small statement (measured 0.08 against 0.15-0.18 ms).
 * @param {string} text @param {unknown[]} params
 * @param {{ rowMode: 'array' | 'object', parsers?: Record<number, (value: string) => unknown> }} options
 * @param {boolean} sync write the files through (outside a transaction, as PGlite does)
 */
async function runStatement(text, params, options, sync) {
  const s = protocol.serialize;
  const values = params.map(toText);
  const parts = [s.parse({ text }), s.bind({ values: /** @type {string[]} */ (values) }), s.describe({ type: 'P' }), s.execute({}), s.sync()];
  let size = 0;
  for (const part of parts) size += part.length;
  const batch = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    batch.set(part, offset);
    offset += part.length;
  }
  const { messages } = await db.execProtocol(batch, { syncToFs: sync });
  const [result] = parse.parseResults(messages, db.parsers, options);
  if (!result) throw new Error('PGlite answered a statement with no result');
  return result;
}

/** A parameter as PostgreSQL's text input (node-postgres's prepareValue): null stays null. */
function toText(/** @type {unknown} */ value) {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return arrayText(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
/** @param {unknown[]} items */
function arrayText(items) {
  const parts = items.map((item) => {
    if (item === null || item === undefined) return 'NULL';
    if (Array.isArray(item)) return arrayText(item);
    const text = /** @type {string} */ (toText(item));
    return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${parts.join(',')}}`;
}

/** A target to run statements on: the database or an open transaction. */
function target(/** @type {number | undefined} */ tx) {
  if (tx === undefined) return db;
  const open = transactions.get(tx);
  if (!open) throw new Error(`transaction ${tx} is not open`);
  return open.handle;
}

async function handle(/** @type {any} */ msg) {
  switch (msg.op) {
    case 'query': {
      if (msg.tx !== undefined) target(msg.tx);
      const run = () => runStatement(msg.sql, msg.params ?? [], { rowMode: msg.rowMode ?? 'object', parsers: parsersFor(msg.rawOids) }, msg.tx === undefined);
      // As PGlite's own query(): a statement of a transaction takes the statement lock only;
      // any other waits for the transaction lock too, so it runs after an open transaction.
      const result = msg.tx !== undefined ? await db._runExclusiveQuery(run) : await db._runExclusiveTransaction(() => db._runExclusiveQuery(run));
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case 'exec': {
      const results = await target(msg.tx).exec(msg.sql);
      return results.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
    }
    case 'begin':
      return await new Promise((opened, failed) => {
        /** @type {(commit: boolean) => void} */
        let finish = () => undefined;
        const decided = new Promise((resolve) => (finish = resolve));
        const done = db.transaction(async (handle) => {
          transactions.set(msg.id, { handle, finish, done });
          opened(msg.id);
          // PGlite commits when the callback returns and rolls back when it throws.
          if (!(await decided)) throw new RolledBack();
        });
        // BEGIN itself failed (the callback never ran); later failures are 'end's to report.
        done.catch((err) => {
          if (!transactions.has(msg.id)) failed(err);
        });
      });
    case 'end': {
      const open = transactions.get(msg.tx);
      if (!open) throw new Error(`transaction ${msg.tx} is not open`);
      open.finish(Boolean(msg.commit));
      try {
        await open.done;
      } catch (err) {
        if (!(err instanceof RolledBack)) throw err;
      } finally {
        transactions.delete(msg.tx);
      }
      return null;
    }
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`unknown request ${String(msg.op)}`);
  }
}

port.on('message', (/** @type {any} */ msg) => {
  if (broken) {
    port.postMessage({ id: msg.id, ok: false, error: { name: 'Error', message: 'The embedded database stopped after an internal error', fields: {} } });
    return;
  }
  handle(msg).then(
    (result) => {
      port.postMessage({ id: msg.id, ok: true, result });
      if (msg.op === 'close') port.close();
    },
    (err) => {
      port.postMessage({ id: msg.id, ok: false, error: serializeError(err) });
      if (err instanceof WebAssembly.RuntimeError) {
        // PostgreSQL's WebAssembly instance trapped: it cannot be trusted any more.
        broken = true;
        setImmediate(() => process.exit(70));
      }
    },
  );
});
port.postMessage({ ready: true });
