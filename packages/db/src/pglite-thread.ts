import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * The embedded database on a worker thread (issue 19): PGlite runs in pglite-worker.mjs
 * and this side offers what Drizzle's pglite driver calls on a PGlite client (query with
 * parameters, exec, transaction), so the API's thread only sends statements and receives
 * rows. Measured in docs/benchmarks.md ("The embedded database off the request thread").
 *
 * Transactions keep PGlite's semantics: the worker runs them inside PGlite's
 * transaction(), whose lock makes every statement sent without the transaction wait until
 * it ends, as statements on one connection would.
 */

/** What Drizzle's pglite session passes as query options. */
export interface RemoteQueryOptions {
  rowMode?: 'array' | 'object';
  /** Only parsers that keep the text as it is (Drizzle's, for dates and intervals) can cross the thread. */
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
}

export interface RemoteResults {
  rows: unknown[];
  fields: Array<{ name: string; dataTypeID: number }>;
  affectedRows?: number;
}

/** The subset of PGlite's client that Drizzle (driver, migrator) and this package use. */
export interface RemoteClient {
  query(sql: string, params?: unknown[], options?: RemoteQueryOptions): Promise<RemoteResults>;
  exec(sql: string): Promise<RemoteResults[]>;
  transaction<T>(fn: (tx: RemoteTransaction) => Promise<T>): Promise<T>;
}
export interface RemoteTransaction {
  query(sql: string, params?: unknown[], options?: RemoteQueryOptions): Promise<RemoteResults>;
  exec(sql: string): Promise<RemoteResults[]>;
  readonly closed: boolean;
}

export interface PgliteThreadOptions {
  dataDir: string;
  sharedBuffers: string;
  /**
   * Called when the database thread stops without being asked to (PostgreSQL's WebAssembly
   * instance trapped, or the thread died): `restarting` tells whether a new thread is being
   * started on the same data folder, or the crashes came too fast and every statement now
   * fails (the owner should then stop the process, and its supervisor start it again).
   */
  onCrash?: (err: Error, restarting: boolean) => void;
}

/** A thread that stopped more than this many times within CRASH_WINDOW_MS is not started again. */
export const MAX_THREAD_CRASHES = 3;
export const CRASH_WINDOW_MS = 60_000;
const CLOSE_TIMEOUT_MS = 10_000;

/** An error from the database thread, with PostgreSQL's fields (code, constraint, detail, ...). */
export class RemoteDatabaseError extends Error {
  [field: string]: unknown;
  constructor(serialized: SerializedError) {
    super(serialized.message);
    this.name = serialized.name === 'Error' ? 'DatabaseError' : serialized.name;
    Object.assign(this, serialized.fields);
    if (serialized.stack) this.stack = `${this.name}: ${this.message}\n    (in the database thread)\n${serialized.stack.split('\n').slice(1).join('\n')}`;
  }
}

interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, unknown>;
}
type Reply = { ready: true } | { id: number; ok: true; result: unknown } | { id: number; ok: false; error: SerializedError };
type Request =
  | { op: 'query'; sql: string; params: unknown[]; rowMode: 'array' | 'object'; rawOids?: number[]; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'close' };

/** Where the worker's code is: beside this file in the sources, beside server.js in a bundle. */
export function pgliteWorkerUrl(): URL {
  const url = new URL('./pglite-worker.mjs', import.meta.url);
  if (!existsSync(fileURLToPath(url))) {
    throw new Error(
      `${fileURLToPath(url)} is missing: a bundle of the API must copy packages/db/src/pglite-worker.mjs beside server.js (apps/api/build.mjs does), or set PGLITE_THREAD=main to run the database on the API's thread.`,
    );
  }
  return url;
}

const rawOidsCache = new WeakMap<object, number[]>();
/** The type oids whose parser keeps the text: sent by number, since functions cannot cross threads. */
function rawOids(parsers: RemoteQueryOptions['parsers']): number[] | undefined {
  if (!parsers) return undefined;
  let oids = rawOidsCache.get(parsers);
  if (oids) return oids;
  oids = Object.keys(parsers).map(Number);
  for (const oid of oids) {
    if (parsers[oid]?.('1', oid) !== '1') throw new Error(`The PGlite thread keeps type ${oid} as text or parses it itself: custom parsers are not supported`);
  }
  rawOidsCache.set(parsers, oids);
  return oids;
}

/** Starts PGlite on a worker thread; resolves once the data folder is open. */
export interface PgliteThreadHandle {
  client: RemoteClient;
  /** Closes the database cleanly (every statement sent before is answered first), then ends the thread. */
  close: () => Promise<void>;
  /** Ends the thread as a crash would (tests of the restart). */
  killThreadForTests: () => Promise<void>;
}

export async function startPgliteThread(options: PgliteThreadOptions): Promise<PgliteThreadHandle> {
  const url = pgliteWorkerUrl();
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  let nextId = 1;
  let worker: Worker;
  let ready: Promise<void>;
  let closing = false;
  let closed = false;
  let gaveUp: Error | null = null;
  let alive = false;
  const crashes: number[] = [];

  function launch(): Promise<void> {
    // No execArgv: the API's flags (its heap budget, a bench's --import probe) are not the database's.
    const w = new Worker(url, { workerData: { dataDir: options.dataDir, sharedBuffers: options.sharedBuffers }, execArgv: [], stdout: false, stderr: false });
    worker = w;
    let lastError: Error | null = null;
    let started = false;
    w.unref();
    alive = true;
    return new Promise<void>((resolve, reject) => {
      w.on('message', (reply: Reply) => {
        if ('ready' in reply) {
          started = true;
          resolve();
          return;
        }
        const waiter = pending.get(reply.id);
        if (!waiter) return;
        pending.delete(reply.id);
        if (pending.size === 0 && !closing) w.unref();
        if (reply.ok) waiter.resolve(reply.result);
        else waiter.reject(new RemoteDatabaseError(reply.error));
      });
      w.on('error', (err) => {
        lastError = err;
      });
      w.on('exit', (code) => {
        if (worker !== w) return;
        alive = false;
        const why = lastError ? `${lastError.message}` : `exit code ${code}`;
        const err = new Error(`The embedded database (PGlite thread) stopped: ${why}`, { cause: lastError ?? undefined });
        for (const waiter of pending.values()) waiter.reject(err);
        pending.clear();
        if (!started) {
          reject(lastError ?? err);
          return;
        }
        if (closing) return;
        const now = Date.now();
        crashes.push(now);
        while (crashes.length > 0 && (crashes[0] ?? now) < now - CRASH_WINDOW_MS) crashes.shift();
        const restarting = crashes.length <= MAX_THREAD_CRASHES;
        options.onCrash?.(err, restarting);
        if (!restarting) {
          gaveUp = new Error(`The embedded database stopped ${crashes.length} times within a minute; not starting it again: ${why}`, { cause: err });
          return;
        }
        ready = launch();
        ready.catch((startErr: unknown) => {
          gaveUp = new Error('The embedded database could not be opened again after it stopped', { cause: startErr });
          options.onCrash?.(gaveUp, false);
        });
      });
    });
  }

  ready = launch();
  await ready;

  /** Throws when the thread was given up (a restart may give up while a request waits for it). */
  const checkAlive = (): void => {
    if (gaveUp) throw gaveUp;
  };
  async function request<T>(req: Request): Promise<T> {
    checkAlive();
    if (closed || (closing && req.op !== 'close')) throw new Error('The embedded database is closed');
    await ready;
    checkAlive();
    const id = nextId;
    nextId += 1;
    return new Promise<T>((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...req, id });
    });
  }

  const query = (sql: string, params: unknown[] = [], opts?: RemoteQueryOptions, tx?: number) =>
    request<RemoteResults>({ op: 'query', sql, params, rowMode: opts?.rowMode ?? 'object', rawOids: rawOids(opts?.parsers), tx });
  const exec = (sql: string, tx?: number) => request<RemoteResults[]>({ op: 'exec', sql, tx });

  const client: RemoteClient = {
    query: (sql, params, opts) => query(sql, params, opts),
    exec: (sql) => exec(sql),
    async transaction(fn) {
      const tx = await request<number>({ op: 'begin' });
      let ended = false;
      const handle: RemoteTransaction = {
        query: (sql, params, opts) => (ended ? Promise.reject(new Error('Transaction is closed')) : query(sql, params, opts, tx)),
        exec: (sql) => (ended ? Promise.reject(new Error('Transaction is closed')) : exec(sql, tx)),
        get closed() {
          return ended;
        },
      };
      let result;
      try {
        result = await fn(handle);
      } catch (err) {
        ended = true;
        // The thread may be gone (a crash rolls the transaction back): the caller's error is the one to report.
        await request({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw err;
      }
      ended = true;
      await request({ op: 'end', tx, commit: true });
      return result;
    },
  };

  async function close(): Promise<void> {
    if (closing) return;
    closing = true;
    const w = worker;
    // Keeps the process alive until the thread has closed the data folder and ended.
    w.ref();
    const exited = new Promise<void>((resolve) => {
      if (!alive) resolve();
      else w.once('exit', () => resolve());
    });
    if (!gaveUp) {
      try {
        await ready;
        await Promise.race([request({ op: 'close' }), new Promise((_, reject) => setTimeout(() => reject(new Error('closing PGlite timed out')), CLOSE_TIMEOUT_MS).unref())]);
      } catch {
        await w.terminate();
      }
    }
    await exited;
    closed = true;
  }

  return {
    client,
    close,
    killThreadForTests: async () => {
      await worker.terminate();
    },
  };
}
