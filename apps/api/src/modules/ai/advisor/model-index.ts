import type { Database } from '@cellforge/db';
import { catalogVersion, findVisibleRobotsByIds, isRobotVisibleTo, listActiveModelNames, type RobotRow } from '../../catalog';

import { normalizeModel } from '../understanding/models';
import { nth } from '../../../lib/invariants';

/** How long the name index is reused before it is read again from the catalog. */
export const MODEL_INDEX_TTL_MS = 10_000;

interface Entry {
  id: string;
  key: string;
  ownerId: string | null;
  listed: boolean;
}

/**
 * Model names of the active catalog, in memory, for matching the words of a message
 * ("ur 10e", "IRB 1200") without scanning the robots table on every request (the table
 * has no index on the normalised model name). Matched robots are always re-read by id,
 * so their figures and status are live; a robot added to the catalog is matched by
 * name within about MODEL_INDEX_TTL_MS (the index is refreshed in the background), and
 * a vanished id rebuilds the index at once.
 */
export interface ModelNameIndex {
  /** Robots whose normalised model equals a key, and (for keys without one) whose model starts with it. */
  resolve(exactKeys: string[], prefixKeys: string[]): Promise<{ exact: Map<string, RobotRow[]>; prefix: Map<string, RobotRow[]> }>;
  /** Leading letters of catalog models ("irb", "kr", "crx"). */
  families(): Promise<Set<string>>;
  /**
   * The same index read on behalf of a signed-in user (their private robots match too).
   * The index itself is anonymous: only the public catalog matches.
   */
  as(viewerId: string | undefined): ModelNameIndex;
}

const PREFIX_LIMIT = 12;

export function createModelNameIndex(db: Database, ttlMs = MODEL_INDEX_TTL_MS): ModelNameIndex {
  let cache: { at: number; signature: number; byKey: Map<string, Entry[]>; sorted: Entry[]; families: Set<string> } | undefined;
  let loading: Promise<NonNullable<typeof cache>> | undefined;

  async function load() {
    // Unchanged catalog (same version: the newest robot change, one index probe): keep the index, only restart its clock.
    const signature = await catalogVersion(db);
    if (cache && cache.signature === signature) return { ...cache, at: Date.now() };
    const rows = await listActiveModelNames(db);
    const byKey = new Map<string, Entry[]>();
    const families = new Set<string>();
    const sorted: Entry[] = [];
    for (const r of rows) {
      const key = normalizeModel(r.model);
      const entry = { id: r.id, key, ownerId: r.ownerId, listed: r.listed };
      byKey.set(key, [...(byKey.get(key) ?? []), entry]);
      sorted.push(entry);
      const fam = /^[a-z]+/.exec(key)?.[0];
      // Families are shared by every reader: private models do not add one.
      if (fam && /\d/.test(key) && r.listed) families.add(fam);
    }
    sorted.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    return { at: Date.now(), signature, byKey, sorted, families };
  }

  function reload() {
    loading ??= load()
      .then((fresh) => (cache = fresh))
      .finally(() => (loading = undefined));
    return loading;
  }

  async function get(force = false) {
    if (force) cache = undefined;
    if (!cache) return reload();
    if (Date.now() - cache.at >= ttlMs) {
      // Serve the current index and refresh it in the background: no request waits for the rebuild.
      reload().catch(() => undefined);
    }
    return cache;
  }

  function withPrefix(sorted: Entry[], prefix: string, visible: (e: Entry) => boolean): Entry[] {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (nth(sorted, mid).key < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: Entry[] = [];
    for (let i = lo; i < sorted.length && nth(sorted, i).key.startsWith(prefix) && out.length < PREFIX_LIMIT; i += 1) {
      const entry = nth(sorted, i);
      if (entry.key !== prefix && visible(entry)) out.push(entry);
    }
    return out;
  }

  async function resolveOnce(exactKeys: string[], prefixKeys: string[], force: boolean, viewerId: string | undefined) {
    const idx = await get(force);
    // Entries the reader may not see are skipped here, so they neither match nor look stale.
    const visible = (e: Entry) => isRobotVisibleTo({ listed: e.listed, status: 'active', ownerId: e.ownerId }, viewerId);
    const exactIds = new Map<string, string[]>();
    for (const k of exactKeys) {
      const hit = idx.byKey.get(k)?.filter(visible);
      if (hit?.length) exactIds.set(k, hit.map((e) => e.id));
    }
    const prefixIds = new Map<string, string[]>();
    for (const p of prefixKeys) {
      if (exactIds.has(p)) continue;
      const hit = withPrefix(idx.sorted, p, visible);
      if (hit.length) prefixIds.set(p, hit.map((e) => e.id));
    }
    const ids = [...new Set([...exactIds.values(), ...prefixIds.values()].flat())];
    // Re-read through the catalog's visibility rule: the database has the last word.
    const rows = ids.length ? await findVisibleRobotsByIds({ db, viewerId }, ids) : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    const stale = ids.some((id) => !byId.has(id));
    const pick = (m: Map<string, string[]>) => new Map([...m].map(([k, list]) => [k, list.flatMap((id) => byId.get(id) ?? [])]));
    return { stale, exact: pick(exactIds), prefix: pick(prefixIds) };
  }

  function view(viewerId: string | undefined): ModelNameIndex {
    return {
      async resolve(exactKeys, prefixKeys) {
        if (!exactKeys.length && !prefixKeys.length) return { exact: new Map(), prefix: new Map() };
        const first = await resolveOnce(exactKeys, prefixKeys, false, viewerId);
        if (!first.stale) return first;
        // A matched robot was removed, deactivated or unlisted since the index was read: read it again.
        return resolveOnce(exactKeys, prefixKeys, true, viewerId);
      },
      async families() {
        return (await get()).families;
      },
      as: view,
    };
  }
  return view(undefined);
}
