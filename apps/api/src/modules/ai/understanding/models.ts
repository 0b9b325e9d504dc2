import { normalizeRobotKey } from '@cellforge/db';
import { controllerNames, manufacturerAliases } from './vocabulary';
import { nth } from '../../../lib/invariants';

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
  // Per token, once (a span's key is its tokens' keys joined: normalizeModel keeps letters and
  // digits only, character by character, so "UR 10e" -> "ur" + "10e"); the answer's links run
  // this over every answer's whole text (session 15, docs/benchmarks.md).
  const keys = tokens.map((t) => normalizeModel(t.text));
  const wordy = tokens.map((t) => /[\p{L}\p{N}]/u.test(t.text));
  /** A comma or semicolon between token i and the next. */
  const cut = tokens.map((t, i) => i + 1 < tokens.length && /[,;]/.test(text.slice(t.start, nth(tokens, i + 1).start)));
  const out: ModelCandidate[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    let key = '';
    for (let n = 1; n <= maxTokens && i + n <= tokens.length; n += 1) {
      // A model name never runs over a comma or semicolon ("1.5 m, 10 kilos" is no "M 10"), and
      // never starts or ends with a bare symbol ("$ | CRX-10iA" in a comparison row is "CRX-10iA").
      if (n > 1 && nth(cut, i + n - 2)) break;
      key += nth(keys, i + n - 1);
      if (!nth(wordy, i) || !nth(wordy, i + n - 1)) continue;
      if (key.length < 2) continue;
      // Keys only grow with the span.
      if (key.length > 24) break;
      const hasDigit = /\d/.test(key);
      if (!hasDigit) {
        // A single word: "COBOTTA", "MotoMini"; written in lower case ("cobotta") only from 6 letters on.
        // Shorter names only in capitals ("AURA", "YuMi", "GoFa" after a capitalised word: "Comau AURA",
        // "ABB GoFa"); they are looked up exactly, never as a family prefix.
        const word = nth(tokens, i).text;
        const shortName = key.length >= 3 && (/^[A-Z]{3,}$/.test(word) || (key.length === 4 && /^[A-Z]/.test(word) && i > 0 && /^[A-Z]/.test(nth(tokens, i - 1).text)));
        if (n !== 1 || ((key.length < 5 || (!/^[A-Z]/.test(word) && key.length < 6)) && !shortName)) continue;
      }
      if (/^\d+$/.test(key)) continue;
      if (n === 1 && UNIT_ONLY.test(key)) continue;
      const code = CODE_LIKE.test(key);
      if (code && n > 1) continue;
      const last = nth(tokens, i + n - 1);
      out.push({ key, text: text.slice(nth(tokens, i).start, last.start + last.text.length), from: i, to: i + n, ...(code ? { code: true as const } : {}) });
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
 * "rs007n" -> "rs7n", "mz04" -> "mz4": a number's leading zeros dropped, so a buyer who
 * writes "RS7N" or "MZ4" finds the RS007N and the MZ04. Zeros after another digit stay.
 */
export function withoutLeadingZeros(key: string): string {
  return key.replace(/(^|[a-z])0+(?=\d)/g, '$1');
}

/** The letters a model name starts with, before its first digit ("IRB 6700-200/2.60" -> "irb", "LR Mate 200iD" -> "lrmate"). */
export function modelFamily(key: string): string | undefined {
  const m = /^([a-z]+)\d/.exec(key);
  return m?.[1];
}

/**
 * The shape of a model name: its family letters, then "#" for each number and "a" for
 * each later run of letters ("M-20iD/25" -> "m#a#", "UR10e" -> "ur#a", "T3-B401S" ->
 * "t#a#a"). Read from the catalog's own names, it tells a maker's series pattern.
 */
export function modelShape(key: string): string {
  const family = modelFamily(key) ?? '';
  return family + key.slice(family.length).replace(/\d+/g, '#').replace(/[a-z]+/g, 'a');
}

/** The runs of letters and digits of a model name as written ("IRB 6700-200/2.60" -> irb, 6700, 200, 2, 60). */
export function modelRuns(model: string): string[] {
  return model.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().match(/[a-z]+|\d+/g) ?? [];
}

/**
 * How far a catalog model's name is from another name, for "the closest models": the
 * leading runs they share (more is nearer), then how far apart the first numbers that
 * differ are (a ratio: 50 is nearer 30 than 10), then the characters they share from the start.
 */
export function nameDistance(asked: string[], model: string[]): [number, number, number] {
  let same = 0;
  while (same < asked.length && same < model.length && runEquals(nth(asked, same), nth(model, same))) same += 1;
  const a = asked[same];
  const b = model[same];
  let gap: number;
  if (a === undefined || b === undefined) gap = a === b ? 0 : 4;
  else if (/^\d/.test(a) && /^\d/.test(b)) gap = Math.abs(Math.log((Number(a) + 1) / (Number(b) + 1)));
  else gap = 8;
  const x = asked.join('');
  const y = model.join('');
  let prefix = 0;
  while (prefix < x.length && x[prefix] === y[prefix]) prefix += 1;
  return [-same, gap, -prefix];
}

const runEquals = (a: string, b: string) => (/^\d/.test(a) && /^\d/.test(b) ? Number(a) === Number(b) : a === b);

/** What the catalog tells about model names, for spotting names shaped like a model that it does not hold. */
export interface ModelVocabulary {
  /** Family letters of catalog models ("irb", "kr", "crx", "ur", "gp", "m"). */
  families: ReadonlySet<string>;
  /** The shapes each family's models take ("m" -> "m#a#", "m#a#a", "m#"). */
  shapes: ReadonlyMap<string, ReadonlySet<string>>;
  /** A catalog model (the reader may see) is named by this key: exactly, without leading zeros, or as a family ("irb1200"). */
  isKnown(key: string): boolean;
}

/**
 * Designations buyers write that share a family's letters but are no robot: serial
 * interfaces (RS-232/422/485 next to the RS series), coin cells, metric threads (M8, M10x1.5).
 */
const NOT_A_MODEL = /^(?:rs(?:232|422|423|485)|cr\d{4}|m\d{1,2}(?:x\d+)?)$/;
const STANDARD = /^(iso|ip|ts|en|iec|ul|din|vdi|sil|cat|ple?|ce)\d/;

/** The key is shaped like a model of a catalog family and is not a code, a unit, a controller or a standard. */
function modelShaped(key: string, vocab: ModelVocabulary): boolean {
  const family = modelFamily(key);
  if (!family || !vocab.families.has(family)) return false;
  if (CODE_LIKE.test(key) || UNIT_ONLY.test(key) || controllerSet.has(key) || NOT_A_MODEL.test(key) || STANDARD.test(key)) return false;
  if (CONTROLLER_NAME.test(key)) return false;
  if (family.length > 1) return true;
  // One letter ("M-", "R-", "T"): the name must follow that family's shape ("M-9000iZ" like "M-20iD/25").
  if (key.length < 4) return false;
  const shape = modelShape(key);
  for (const known of vocab.shapes.get(family) ?? []) if (known.startsWith(shape) || shape.startsWith(known)) return true;
  return false;
}

/** Controllers written with their generation ("R-30iB Plus", "KR C4", "IRC5", "DX200", "CS9", "CB3"). */
const CONTROLLER_NAME = /^(?:r30i[ab]|rj3|irc5|krc\d|dx\d{3}|nx100|fs100|yrc\d|cs[789]|cb\d|rc\d{1,3}a?|cr[78]\d0|e\d0$)/;

/**
 * Names in a text shaped like a maker's model ("UR50e", "Kawasaki RS999X", "KR 9999",
 * "LBR iiwa 99", "FANUC M-9000iZ") that name no catalog robot. The families and shapes
 * come from the catalog's model names, so a maker's series are recognised without a
 * list kept by hand; words of a real model ("KR 210", "ur 10e") are never taken.
 */
export function unknownModelNames(text: string, vocab: ModelVocabulary): string[] {
  const tokens = tokenize(text);
  const used = new Set<number>();
  // Words of a real model first, longest first.
  const candidates = modelCandidates(text).sort((a, b) => b.to - b.from - (a.to - a.from) || a.from - b.from);
  for (const c of candidates) {
    let free = true;
    for (let i = c.from; i < c.to; i += 1) if (used.has(i)) free = false;
    if (free && vocab.isKnown(c.key)) for (let i = c.from; i < c.to; i += 1) used.add(i);
  }
  const unknown: string[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    if (used.has(i)) continue;
    // Up to three words: family words, then the number ("KR 9999", "LBR iiwa 99", "LR Mate 999iD"), or one word ("UR50e").
    for (let n = 3; n >= 1; n -= 1) {
      const span = tokens.slice(i, i + n);
      if (span.length < n || span.some((_, k) => used.has(i + k))) continue;
      const last = nth(span, n - 1).text;
      if (n > 1 && (!span.slice(0, -1).every((t) => /^[A-Za-z]+$/.test(t.text)) || !/^\d/.test(last))) continue;
      if (n > 1 && /[,;]/.test(text.slice(nth(span, 0).start, nth(span, n - 1).start))) continue;
      // "M10 bolts" and "KR 16 parts" aside, a word that is only a quantity is no model ("KR 20kg").
      if (n > 1 && UNIT_ONLY.test(normalizeModel(last))) continue;
      const key = normalizeModel(span.map((t) => t.text).join(' '));
      if (key.length > 24 || !modelShaped(key, vocab)) continue;
      // Family words before the number: the whole family, of two letters at least ("KR 9999", not "a 3000" or "M 10").
      const family = modelFamily(key) ?? '';
      if (n > 1 && (family.length < 2 || family !== normalizeModel(span.slice(0, -1).map((t) => t.text).join(' ')))) continue;
      unknown.push(text.slice(nth(span, 0).start, nth(span, n - 1).start + last.length));
      for (let k = 0; k < n; k += 1) used.add(i + k);
      i += n - 1;
      break;
    }
  }
  return [...new Set(unknown)];
}

/**
 * Robots an answer names: known ones (exact catalog matches, from `exact`) and names
 * shaped like a catalog family's models that match nothing ("M-20iD/99"). Used to make
 * sure an answer only names robots that exist.
 */
export function analyzeModelMentions<T extends ModelIndexEntry>(
  text: string,
  exact: Map<string, T[]>,
  vocab: ModelVocabulary,
): { known: ModelMatch<T>[]; unknown: string[] } {
  const known = pickMatches(modelCandidates(text), exact);
  return { known, unknown: unknownModelNames(text, vocab) };
}

/** What a list of model names tells (families, shapes, exact and family names), for tests and small catalogs. */
export function modelVocabulary(models: string[]): ModelVocabulary {
  const families = new Set<string>();
  const shapes = new Map<string, Set<string>>();
  const keys = new Set<string>();
  const stripped = new Set<string>();
  for (const m of models) {
    const key = normalizeModel(m);
    keys.add(key);
    stripped.add(withoutLeadingZeros(key));
    const family = modelFamily(key);
    if (!family) continue;
    families.add(family);
    shapes.set(family, (shapes.get(family) ?? new Set()).add(modelShape(key)));
  }
  return {
    families,
    shapes,
    isKnown: (key) => keys.has(key) || stripped.has(withoutLeadingZeros(key)) || (/\d/.test(key) && models.some((m) => isFamilyOf(key, m))),
  };
}

/**
 * Ordinary words that some model names carry ("Gen3 lite", "Franka Research 3"): a buyer writing
 * "the research" or "a lite robot" names no robot. Other whole words of a model name are its
 * nickname ("the Titan", "the iiwa", "the Viper").
 */
const ORDINARY_MODEL_WORDS = new Set(['lite', 'light', 'research', 'plus', 'mini', 'compact', 'power', 'long', 'high', 'speed', 'smart', 'edition', 'series', 'robot', 'cobot', 'arm']);

/**
 * The words a model is called by on its own, read from its catalog name: whole words of four
 * or more letters, not glued to a number ("KR 1000 titan" -> titan, "LBR iiwa 7 R800" -> iiwa,
 * "Viper 650" -> viper; "Smart5 PAL 180" has none), ordinary words aside.
 */
export function modelNicknames(model: string): string[] {
  const plain = model.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const words = plain.match(/(?<![\p{L}\p{N}])\p{L}{4,}(?![\p{L}\p{N}])/gu) ?? [];
  return [...new Set(words.map((w) => w.toLowerCase()).filter((w) => !ORDINARY_MODEL_WORDS.has(w)))];
}

/** Words that point at one thing: "the Titan", "der iiwa", "el Viper", "an iiwa". */
const DETERMINER = /^(?:the|a|an|this|that|your|our|my|der|die|das|den|dem|des|ein|eine|einen|el|la|los|las|un|una|del)$/i;

/**
 * Words of a message that may be a model's nickname ("How much is the Titan?", "what can the
 * iiwa carry?", "KUKA iiwa payload"): a word of four or more letters after a determiner or a
 * maker's name. The catalog decides whether any model is called so (modelNicknames).
 */
export function nicknameCandidates(text: string): string[] {
  const tokens = tokenize(text);
  const out: string[] = [];
  for (let i = 1; i < tokens.length; i += 1) {
    const word = nth(tokens, i).text;
    if (!/^\p{L}{4,}$/u.test(word)) continue;
    const before = nth(tokens, i - 1).text;
    if (DETERMINER.test(before) || manufacturerAliases.some(([, re]) => re.test(before))) out.push(word.toLowerCase());
  }
  return [...new Set(out)];
}
