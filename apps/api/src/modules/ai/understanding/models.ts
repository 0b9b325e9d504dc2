import { normalizeRobotKey } from '@cellforge/db';
import { controllerNames } from './vocabulary';
import { defined, nth } from '../../../lib/invariants';

/** A model name compared without case, spaces, accents or punctuation: "M-20iD/25" -> "m20id25". */
export function normalizeModel(model: string): string {
  return normalizeRobotKey('', model).slice(1);
}

/** A piece of the message that may name a robot model, with the tokens it spans. */
export interface ModelCandidate {
  key: string;
  text: string;
  from: number;
  to: number;
  /** Shaped like an alarm code ("P3020" is Doosan's P3020 and a Kawasaki-style code): a model only by an exact match. */
  code?: true;
}

interface Token {
  text: string;
  start: number;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(/[^\s,;:!?()"“”[\]{}]+/g)) {
    // Keep "/", "-", "." inside tokens (M-20iD/25, IRB 6700-200/2.60) but not at the ends.
    const raw = m[0];
    const lead = raw.length - raw.replace(/^[.'\-/]+/, '').length;
    const clean = raw.replace(/^[.'\-/]+/, '').replace(/[.'\-/]+$/, '');
    if (clean) tokens.push({ text: clean, start: m.index + lead });
  }
  return tokens;
}

const UNIT_ONLY = /^(\d+(?:[.,]\d+)?)(kg|kgs|lb|lbs|g|mm|cm|m|in|ft|s|sec|k|usd|eur|h|hr|rpm|v|w|hz|x|%|st|nd|rd|th|d)$/i;
/** Alarm codes: FANUC, KUKA, UR, Kawasaki ("E1088", "P0108", "W1013", "D1507"), hexadecimal (Denso, Omron/Techman). */
const CODE_LIKE = /^(?:(?:srvo|motn|syst|intp|prio|host|tpif|srio|prog|memo|kss)\d+|c\d{1,3}(?:a\d{1,3})?|[epwd]\d{4}|0x[0-9a-f]{4,8})$/i;

/**
 * Every run of 1 to 4 tokens that could be a model name once normalised. Runs must
 * contain a digit (or be a single capitalised word of 5+ letters like "COBOTTA"),
 * and runs that are just a quantity ("10kg") or an alarm code are skipped.
 */
export function modelCandidates(text: string, maxTokens = 4): ModelCandidate[] {
  const tokens = tokenize(text);
  const out: ModelCandidate[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    for (let n = 1; n <= maxTokens && i + n <= tokens.length; n += 1) {
      const span = tokens.slice(i, i + n);
      // A model name never runs over a comma or semicolon ("1.5 m, 10 kilos" is no "M 10"), and
      // never starts or ends with a bare symbol ("$ | CRX-10iA" in a comparison row is "CRX-10iA").
      if (n > 1 && /[,;]/.test(text.slice(nth(span, 0).start, nth(span, n - 1).start))) break;
      if (!/[\p{L}\p{N}]/u.test(nth(span, 0).text) || !/[\p{L}\p{N}]/u.test(nth(span, n - 1).text)) continue;
      const joined = span.map((t) => t.text).join(' ');
      const key = normalizeModel(joined);
      if (key.length < 2 || key.length > 24) continue;
      const hasDigit = /\d/.test(key);
      if (!hasDigit) {
        if (n !== 1 || key.length < 5 || !/^[A-Z]/.test(nth(span, 0).text)) continue;
      }
      if (/^\d+$/.test(key)) continue;
      if (n === 1 && UNIT_ONLY.test(key)) continue;
      const code = CODE_LIKE.test(key);
      if (code && n > 1) continue;
      const first = nth(span, 0);
      const last = nth(span, span.length - 1);
      out.push({ key, text: text.slice(first.start, last.start + last.text.length), from: i, to: i + n, ...(code ? { code: true as const } : {}) });
    }
  }
  return out;
}

export interface ModelIndexEntry {
  id: string;
  manufacturer: string;
  model: string;
}

export interface ModelMatch<T extends ModelIndexEntry = ModelIndexEntry> {
  robot: T;
  text: string;
  /** true when the text named a family ("IRB 1200") and this is one of its variants. */
  family: boolean;
}

/**
 * Picks the catalog robots named by the candidates: longest exact match first, no two
 * matches over the same words; then family prefixes ("IRB 1200" -> "IRB 1200-7/0.7")
 * for candidates with digits that matched nothing. `lookup` returns the robots whose
 * normalised model equals a key, `lookupPrefix` those whose normalised model starts
 * with a key.
 */
export function pickMatches<T extends ModelIndexEntry>(
  candidates: ModelCandidate[],
  exact: Map<string, T[]>,
  prefix: Map<string, T[]> = new Map(),
  used: Set<number> = new Set(),
): ModelMatch<T>[] {
  const matches: ModelMatch<T>[] = [];
  const seen = new Set<string>();
  const byLength = [...candidates].sort((a, b) => b.to - b.from - (a.to - a.from) || b.key.length - a.key.length || a.from - b.from);
  const free = (c: ModelCandidate) => {
    for (let i = c.from; i < c.to; i += 1) if (used.has(i)) return false;
    return true;
  };
  const take = (c: ModelCandidate) => {
    for (let i = c.from; i < c.to; i += 1) used.add(i);
  };
  for (const c of byLength) {
    const robots = exact.get(c.key);
    if (!robots?.length || !free(c)) continue;
    take(c);
    for (const robot of robots) {
      if (seen.has(robot.id)) continue;
      seen.add(robot.id);
      matches.push({ robot, text: c.text, family: false });
    }
  }
  for (const c of byLength) {
    if (!/\d/.test(c.key) || c.key.length < 3 || !free(c)) continue;
    const robots = (prefix.get(c.key) ?? []).filter((r) => isFamilyOf(c.key, r.model));
    if (!robots.length) continue;
    take(c);
    for (const robot of robots.slice(0, 6)) {
      if (seen.has(robot.id)) continue;
      seen.add(robot.id);
      matches.push({ robot, text: c.text, family: true });
    }
  }
  // Keep the order in which the message names them.
  const order = (t: string) => candidates.find((c) => c.text === t)?.from ?? 0;
  return matches.sort((a, b) => order(a.text) - order(b.text));
}

/**
 * "KR 10" is a family of "KR 10 R1420" and "IRB 1200" of "IRB 1200-7/0.7", but "KR 10"
 * is not a family of "KR 1000 titan": where the prefix ends inside the model name, the
 * next character must not continue its number.
 */
export function isFamilyOf(prefixKey: string, model: string): boolean {
  const key = normalizeModel(model);
  if (!key.startsWith(prefixKey) || key === prefixKey) return false;
  // Walk the model's characters until the normalised prefix is consumed.
  let consumed = 0;
  let i = 0;
  const chars = [...model.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase()];
  while (i < chars.length && consumed < prefixKey.length) {
    if (/[a-z0-9]/.test(nth(chars, i))) consumed += 1;
    i += 1;
  }
  const next = chars[i];
  if (next === undefined) return false;
  const lastIsDigit = /\d/.test(prefixKey.slice(-1));
  return !(lastIsDigit && /\d/.test(next));
}

/** Candidate keys worth asking the catalog about (exact and prefix). */
export function candidateKeys(candidates: ModelCandidate[]): { exact: string[]; prefix: string[] } {
  const exact = [...new Set(candidates.map((c) => c.key))];
  const prefix = [...new Set(candidates.filter((c) => !c.code && /\d/.test(c.key) && /[a-z]/.test(c.key) && c.key.length >= 3).map((c) => c.key))];
  return { exact, prefix };
}

const controllerSet = new Set(controllerNames);

/**
 * Robots an answer names: known ones (exact catalog matches, from `exact`) and
 * model-like words of a catalog family that match nothing ("M-20iD/99"). Used to make
 * sure an answer only names robots that exist. `families` are the letter prefixes of
 * catalog models ("irb", "kr", "crx", "ur", "gp").
 */
export function analyzeModelMentions<T extends ModelIndexEntry>(
  text: string,
  exact: Map<string, T[]>,
  families: Set<string>,
): { known: ModelMatch<T>[]; unknown: string[] } {
  const candidates = modelCandidates(text);
  const used = new Set<number>();
  const known = pickMatches(candidates, exact, new Map(), used);
  const tokens = tokenize(text);
  const unknown: string[] = [];
  const looksLikeModel = (key: string) => {
    if (!/^[a-z]+\d/.test(key) || controllerSet.has(key) || CODE_LIKE.test(key) || UNIT_ONLY.test(key)) return false;
    const family = defined(/^[a-z]+/.exec(key), 'the letters before the digit')[0];
    if (!families.has(family)) return false;
    return family.length > 1 || key.length >= 4;
  };
  for (let i = 0; i < tokens.length; i += 1) {
    if (used.has(i)) continue;
    const tok = nth(tokens, i);
    const key = normalizeModel(tok.text);
    const next = tokens[i + 1];
    // "IRB 9999": a family word followed by a number.
    if (/^[A-Za-z]{2,6}$/.test(tok.text) && next && !used.has(i + 1) && /^\d/.test(next.text) && families.has(key)) {
      const pair = normalizeModel(`${tok.text} ${next.text}`);
      if (looksLikeModel(pair) && !UNIT_ONLY.test(normalizeModel(next.text))) {
        unknown.push(`${tok.text} ${next.text}`);
        i += 1;
        continue;
      }
    }
    if (looksLikeModel(key)) unknown.push(tok.text);
  }
  return { known, unknown };
}

/** Letter prefixes of model names ("IRB 6700-200/2.60" -> "irb"). */
export function modelFamilies(models: string[]): Set<string> {
  const set = new Set<string>();
  for (const m of models) {
    const key = normalizeModel(m);
    const fam = /^[a-z]+/.exec(key)?.[0];
    if (fam && /\d/.test(key)) set.add(fam);
  }
  return set;
}
