import { AsyncLocalStorage } from 'node:async_hooks';
import type { OfferSummary } from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import { catalogVersion, findCandidateRobots, findOfferSummaries, findSimilarRobots, type CandidateQuery, type CatalogReader, type RobotRow } from '../../catalog';
import { keepRecent } from '../../../lib/recent-map';

/**
 * The catalog reads of the assistant that depend only on the catalog version and their
 * arguments, remembered per version (issue 12's chat CPU, docs/decisions.md "Chat CPU per
 * answer: one version probe, candidate rows kept per catalog version").
 *
 * Every write to robots and to offers is logged in robot_changes (migrations 0004, 0010,
 * 0016, 0026), so its newest id is the catalog's version. A remembered answer is given only
 * while the version probe still reads the version it was computed under; any change forgets
 * them all. Answers are the catalog module's own functions' (its visibility rule included),
 * keyed by the reader (viewer) and the whole query, so an answer is never another caller's.
 */

/** Remembered reads per database: enough for the questions asked again within one catalog version, bounded in memory (80-200 rows each). */
const MAX_REMEMBERED = 64;

/** One probe at a time per database: callers that ask while one is running share it (the catalog search box does the same). */
const probes = new WeakMap<Database, Promise<number>>();

/** The version one answer reads the catalog at (withOneCatalogVersion): its first probe's, per database. */
const answerVersions = new AsyncLocalStorage<Map<Database, Promise<number>>>();

/**
 * Runs one chat answer with one version probe: its first probe's answer is the version every
 * later read of the same answer uses (the name index, the remembered reads), instead of a probe
 * before each of them (up to 4 a selection, one after the other). A change made while the answer
 * is being written is seen by the next answer, as one made just before its first probe would be.
 */
export function withOneCatalogVersion<T>(answer: () => Promise<T>): Promise<T> {
  return answerVersions.run(new Map(), answer);
}

/** True inside withOneCatalogVersion. */
export const insideOneCatalogVersion = (): boolean => answerVersions.getStore() !== undefined;

/** The catalog's version: one probe of robot_changes' primary key, shared by callers that ask at the same moment (and by the rest of an answer in withOneCatalogVersion). */
export function probeCatalogVersion(db: Database): Promise<number> {
  const pinned = answerVersions.getStore();
  if (!pinned) return sharedProbe(db);
  let version = pinned.get(db);
  if (!version) {
    version = sharedProbe(db);
    pinned.set(db, version);
    // A failed probe is not kept: the answer's next read probes again.
    version.catch(() => pinned.get(db) === version && pinned.delete(db));
  }
  return version;
}

function sharedProbe(db: Database): Promise<number> {
  const running = probes.get(db);
  if (running) return running;
  const probe = catalogVersion(db).finally(() => probes.delete(db));
  probes.set(db, probe);
  return probe;
}

interface Memo {
  version: number;
  /** Insertion order is use order: the oldest used first out. */
  rows: Map<string, Promise<unknown>>;
}
const memos = new WeakMap<Database, Memo>();

/** Rows handed out are frozen: a caller that changed one would change every later answer of this version. */
function frozen(rows: RobotRow[]): readonly RobotRow[] {
  for (const r of rows) {
    Object.freeze(r.applications);
    Object.freeze(r.industries);
    Object.freeze(r);
  }
  return Object.freeze(rows);
}

async function remembered<T>(db: Database, key: string, read: () => Promise<T>): Promise<T> {
  const version = await probeCatalogVersion(db);
  let memo = memos.get(db);
  // An answer pinned to an older version than the memo's (the catalog changed while it was written): read, do not remember.
  if (memo && version < memo.version) return read();
  if (!memo || memo.version !== version) {
    memo = { version, rows: new Map() };
    memos.set(db, memo);
  }
  let hit = memo.rows.get(key) as Promise<T> | undefined;
  if (!hit) {
    hit = read();
    const own = memo;
    const mine = hit;
    // A failed read is not remembered: the next caller tries again.
    hit.catch(() => own.rows.get(key) === mine && own.rows.delete(key));
  }
  keepRecent(memo.rows, key, hit, MAX_REMEMBERED);
  return hit;
}

/** A list read under the reader's visibility (the viewer is part of the key); a fresh array each time: callers may sort or splice it. */
async function rememberedRows(reader: CatalogReader, key: string, read: () => Promise<RobotRow[]>): Promise<RobotRow[]> {
  return [...(await remembered(reader.db, `${reader.viewerId ?? ''}\u0000${key}`, () => read().then(frozen)))];
}

/** findCandidateRobots, remembered per catalog version. */
export function candidateRobots(reader: CatalogReader, q: CandidateQuery): Promise<RobotRow[]> {
  return rememberedRows(reader, `candidates\u0000${JSON.stringify(q)}`, () => findCandidateRobots(reader, q));
}

/** findSimilarRobots, remembered per catalog version (the robot's whole row is part of the key). */
export function similarRobots(reader: CatalogReader, robot: RobotRow, opts: Parameters<typeof findSimilarRobots>[2] = {}): Promise<RobotRow[]> {
  return rememberedRows(reader, `similar\u0000${JSON.stringify([robot, opts])}`, () => findSimilarRobots(reader, robot, opts));
}

/** findOfferSummaries (active offers, public to every reader), remembered per catalog version: offer writes log their robot in robot_changes. */
export async function offerSummaries(db: Database, robotIds: string[]): Promise<Map<string, OfferSummary>> {
  const read = () => findOfferSummaries(db, robotIds).then((m) => new Map([...m].map(([id, o]) => [id, Object.freeze(o)])));
  return new Map(await remembered(db, `offers\u0000${robotIds.join(',')}`, read));
}

/** Forgets every remembered read (tests and benches that measure the reads themselves). */
export function forgetRememberedReads(db: Database): void {
  memos.delete(db);
}
