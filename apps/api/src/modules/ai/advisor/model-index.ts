import type { Database } from '@cellforge/db';
import { findVisibleRobotsByIds, isRobotVisibleTo, listActiveModelNames, type RobotRow } from '../../catalog';

import { isFamilyOf, modelFamily, modelNicknames, modelRuns, modelShape, nameDistance, normalizeModel, withoutLeadingZeros, type ModelIndexEntry, type ModelVocabulary } from '../understanding/models';
import { nth } from '../../../lib/invariants';
import { probeCatalogVersion } from './catalog-memo';

/** How long the name index is reused before it is read again from the catalog. */
export const MODEL_INDEX_TTL_MS = 10_000;

interface Entry {
  id: string;
  key: string;
  manufacturer: string;
  model: string;
  /** The model's runs of letters and digits, for "the closest models". */
  runs: string[];
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
  /**
   * The index entries (id, maker, model) whose normalised model equals a key, read at the
   * current catalog version without re-reading the robots: every change to a robot moves
   * that version (robot_changes), so the entries are as current as a re-read by id. For
   * an answer's links, which need only the id and the name.
   */
  known(exactKeys: string[]): Promise<Map<string, ModelIndexEntry[]>>;
  /**
   * Robots called by a word of their catalog name ("titan" -> KR 1000 titan, "iiwa" -> the LBR
   * iiwa models): only a word that the models of one maker carry, at most 6 robots a word.
   */
  nicknamed(words: string[]): Promise<RobotRow[]>;
  /** Leading letters of catalog models ("irb", "kr", "crx"). */
  families(): Promise<Set<string>>;
  /** Families, their shapes and a check that a key names a catalog robot, for spotting names that look like a model and are none. */
  vocabulary(): Promise<ModelVocabulary>;
  /** The makers of the public catalog models of a name's family ("UR50e" -> Universal Robots; "RS999X" -> Kawasaki, Epson). */
  makersOf(name: string): Promise<string[]>;
  /**
   * The catalog robots whose names are nearest a name that matched nothing: the given
   * makers' first, then the nearest by name (shared leading parts, then the nearest number).
   */
  closest(name: string, makers: string[], limit?: number): Promise<RobotRow[]>;
  /**
   * The same index read on behalf of a signed-in user (their private robots match too).
   * The index itself is anonymous: only the public catalog matches.
   */
  as(viewerId: string | undefined): ModelNameIndex;
}

const PREFIX_LIMIT = 12;

export function createModelNameIndex(db: Database, ttlMs = MODEL_INDEX_TTL_MS): ModelNameIndex {
  interface Cache {
    at: number;
    signature: number;
    byKey: Map<string, Entry[]>;
    /** The same entries by their key without leading zeros ("rs7n" for the RS007N). */
    byStripped: Map<string, Entry[]>;
    sorted: Entry[];
    families: Set<string>;
    shapes: Map<string, Set<string>>;
    familyMakers: Map<string, Set<string>>;
    /** Entries by the words of their model name (modelNicknames). */
    byNickname: Map<string, Entry[]>;
  }
  let cache: Cache | undefined;
  let loading: Promise<Cache> | undefined;

  const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };

  async function load(): Promise<Cache> {
    // Unchanged catalog (same version: the newest robot change, one index probe): keep the index, only restart its clock.
    const signature = await probeCatalogVersion(db);
    if (cache && cache.signature === signature) return { ...cache, at: Date.now() };
    const rows = await listActiveModelNames(db);
    const byKey = new Map<string, Entry[]>();
    const byStripped = new Map<string, Entry[]>();
    const families = new Set<string>();
    const shapes = new Map<string, Set<string>>();
    const familyMakers = new Map<string, Set<string>>();
    const sorted: Entry[] = [];
    const byNickname = new Map<string, Entry[]>();
    for (const r of rows) {
      const key = normalizeModel(r.model);
      const entry = { id: r.id, key, manufacturer: r.manufacturer, model: r.model, runs: modelRuns(r.model), ownerId: r.ownerId, listed: r.listed };
      push(byKey, key, entry);
      const stripped = withoutLeadingZeros(key);
      if (stripped !== key) push(byStripped, stripped, entry);
      sorted.push(entry);
      for (const word of modelNicknames(r.model)) push(byNickname, word, entry);
      const fam = modelFamily(key);
      // Families and their shapes are shared by every reader: private models do not add one.
      if (fam && r.listed) {
        families.add(fam);
        shapes.set(fam, (shapes.get(fam) ?? new Set()).add(modelShape(key)));
        familyMakers.set(fam, (familyMakers.get(fam) ?? new Set()).add(r.manufacturer));
      }
    }
    sorted.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    return { at: Date.now(), signature, byKey, byStripped, sorted, families, shapes, familyMakers, byNickname };
  }

  function reload() {
    loading ??= load()
      .then((fresh) => (cache = fresh))
      .finally(() => (loading = undefined));
    return loading;
  }

  /**
   * The index; `current`: checked against the catalog version first (one probe of the primary key),
   * so a model a supplier added a moment ago is known to the next question, as the search box knows it.
   * Calls at the same moment (a message's names and its unknown-name check) share one probe.
   */
  async function get(force = false, current = false) {
    if (force) cache = undefined;
    if (!cache) return reload();
    if (current && (await probeCatalogVersion(db)) !== cache.signature) return reload();
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

  // Entries the reader may not see are skipped, so they neither match nor look stale.
  const visibleTo = (viewerId: string | undefined) => (e: Entry) => isRobotVisibleTo({ listed: e.listed, status: 'active', ownerId: e.ownerId }, viewerId);

  /** The entries a key names exactly, else written without a number's leading zeros ("rs7n" = "RS007N"). */
  function exactEntries(idx: Cache, key: string, visible: (e: Entry) => boolean): Entry[] {
    const hit = idx.byKey.get(key)?.filter(visible) ?? [];
    if (hit.length || !/\d/.test(key)) return hit;
    return idx.byStripped.get(withoutLeadingZeros(key))?.filter(visible) ?? [];
  }

  /** A key that names a family of catalog models ("irb1200", "kr210"). */
  function isFamilyKey(idx: Cache, key: string, visible: (e: Entry) => boolean): boolean {
    let lo = 0;
    let hi = idx.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (nth(idx.sorted, mid).key < key) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo, seen = 0; i < idx.sorted.length && seen < 200; i += 1, seen += 1) {
      const entry = nth(idx.sorted, i);
      if (!entry.key.startsWith(key)) return false;
      if (visible(entry) && isFamilyOf(key, entry.model)) return true;
    }
    return false;
  }

  async function resolveOnce(exactKeys: string[], prefixKeys: string[], force: boolean, viewerId: string | undefined) {
    const idx = await get(force, true);
    const visible = visibleTo(viewerId);
    const exactIds = new Map<string, string[]>();
    for (const k of exactKeys) {
      const hit = exactEntries(idx, k, visible);
      if (hit.length) exactIds.set(k, hit.map((e) => e.id));
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
      async known(exactKeys) {
        const found = new Map<string, ModelIndexEntry[]>();
        if (!exactKeys.length) return found;
        const idx = await get(false, true);
        const visible = visibleTo(viewerId);
        for (const k of exactKeys) {
          const hit = exactEntries(idx, k, visible);
          if (hit.length) found.set(k, hit.map((e) => ({ id: e.id, manufacturer: e.manufacturer, model: e.model })));
        }
        return found;
      },
      async nicknamed(words) {
        if (!words.length) return [];
        const idx = await get(false, true);
        const visible = visibleTo(viewerId);
        const ids: string[] = [];
        for (const word of words) {
          const hit = (idx.byNickname.get(word) ?? []).filter(visible);
          // A word several makers' models carry names none of them in particular.
          if (!hit.length || new Set(hit.map((e) => e.manufacturer.toLowerCase())).size > 1) continue;
          ids.push(...hit.slice(0, 6).map((e) => e.id));
        }
        const unique = [...new Set(ids)];
        if (!unique.length) return [];
        const rows = await findVisibleRobotsByIds({ db, viewerId }, unique);
        const byId = new Map(rows.map((r) => [r.id, r]));
        return unique.flatMap((id) => byId.get(id) ?? []);
      },
      async families() {
        return (await get()).families;
      },
      async vocabulary() {
        const idx = await get(false, true);
        const visible = visibleTo(viewerId);
        return {
          families: idx.families,
          shapes: idx.shapes,
          isKnown: (key: string) => exactEntries(idx, key, visible).length > 0 || (/\d/.test(key) && isFamilyKey(idx, key, visible)),
        };
      },
      async makersOf(name) {
        const family = modelFamily(normalizeModel(name));
        return [...((family && (await get()).familyMakers.get(family)) || [])];
      },
      async closest(name, makers, limit = 3) {
        const idx = await get();
        const visible = visibleTo(viewerId);
        const asked = modelRuns(name);
        const wanted = new Set(makers.map((m) => m.toLowerCase()));
        const scored: Array<{ entry: Entry; score: number[] }> = [];
        for (const entry of idx.sorted) {
          if (!visible(entry)) continue;
          scored.push({ entry, score: [wanted.has(entry.manufacturer.toLowerCase()) ? 0 : 1, ...nameDistance(asked, entry.runs)] });
        }
        const order = (a: number[], b: number[]) => {
          for (let i = 0; i < a.length; i += 1) if (nth(a, i) !== nth(b, i)) return nth(a, i) - nth(b, i);
          return 0;
        };
        scored.sort((a, b) => order(a.score, b.score) || (a.entry.model < b.entry.model ? -1 : 1));
        const ids = scored.slice(0, limit).map((s) => s.entry.id);
        const rows = ids.length ? await findVisibleRobotsByIds({ db, viewerId }, ids) : [];
        const byId = new Map(rows.map((r) => [r.id, r]));
        return ids.flatMap((id) => byId.get(id) ?? []);
      },
      as: view,
    };
  }
  return view(undefined);
}
