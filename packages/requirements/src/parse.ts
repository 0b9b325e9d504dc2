import { findUnknownUnits } from './unknown-units';
import {
  buyerRequirementsSchema,
  type BudgetConstraint,
  type BuyerRequirements,
  type RequirementApplication,
  type RequirementCurrency,
  type RequirementEnvironment,
  type RequirementLanguage,
  type RequirementMounting,
  type RequirementRobotType,
} from '@cellforge/contracts';
import { CHAT_MESSAGE_MAX_LENGTH, textCutNotice } from '@cellforge/contracts/constants';
import {
  additiveWords,
  applicationWords,
  axisWords,
  builtInMakers,
  clauseBreaks,
  comparatorWords,
  conjunctionWords,
  countryWords,
  currencySymbols,
  fieldWords,
  fillerWords,
  fractionLinks,
  fractionWords,
  includeWords,
  mountingWords,
  multipliers,
  negationWords,
  numberWords,
  partWords,
  postNegationWords,
  rateCountWords,
  rateUnitsPerHour,
  rateUnitsPerMinute,
  robotWeightWords,
  robotWords,
  stopWords,
  typeSpellings,
  typeWords,
  units,
  weighWords,
  type Bound,
  type Dim,
  type Field,
  type Place,
} from './lexicon';
import { describe } from './describe';
import { detectLanguage, parseNumber, tokenize, type Token } from './tokens';

export interface ParseOptions {
  /** The reading of the earlier turns: this text's figures replace its figures, exclusions add up. */
  previous?: BuyerRequirements;
  /** Maker names as the catalog spells them; recognised beside the built-in makers. */
  knownMakers?: readonly string[];
}

/** Longer texts are cut here (and a note says so): no buyer states needs in more. */
export const MAX_TEXT_LENGTH = CHAT_MESSAGE_MAX_LENGTH;

/** The range a figure must be in to be read; outside it the figure is dropped with a note. */
export const FIELD_LIMITS: Record<Field, { max: number; label: string; unit: string }> = {
  payload: { max: 10_000, label: 'payload', unit: 'kg' },
  reach: { max: 50_000, label: 'reach', unit: 'mm' },
  axes: { max: 12, label: 'axes', unit: '' },
  repeatability: { max: 10, label: 'repeatability', unit: 'mm' },
  cycle: { max: 3600, label: 'cycle time', unit: 's' },
  robotWeight: { max: 50_000, label: 'robot weight', unit: 'kg' },
  budget: { max: 1e9, label: 'budget', unit: '' },
};

// ---------------------------------------------------------------- matching on folded text

interface Ctx {
  tokens: Token[];
  text: string;
  starts: Map<number, number>;
  ends: Map<number, number>;
  language: RequirementLanguage;
}

const compiled = new Map<string, RegExp>();
/** A pattern matched on whole tokens; "~" is a token boundary that may be a hyphen. */
function pattern(src: string): RegExp {
  let re = compiled.get(src);
  if (!re) {
    re = new RegExp(`(?<![^ ])(?:${src.replace(/~/g, '(?: -)? ')})(?![^ ])`, 'g');
    compiled.set(src, re);
  }
  return re;
}

function context(tokens: Token[], language: RequirementLanguage): Ctx {
  const starts = new Map<number, number>();
  const ends = new Map<number, number>();
  let text = '';
  tokens.forEach((t, i) => {
    if (i > 0) text += ' ';
    starts.set(text.length, i);
    text += t.norm;
    ends.set(text.length, i);
  });
  return { tokens, text, starts, ends, language };
}

/** Each match of `src` over tokens not yet used: fn gets the token span [s, e); the span is then used. */
function scan(ctx: Ctx, src: string, fn: (s: number, e: number, m: RegExpExecArray) => boolean | void): void {
  const re = pattern(src);
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(ctx.text)) !== null) {
    if (m[0].length === 0) {
      re.lastIndex += 1;
      continue;
    }
    const s = ctx.starts.get(m.index);
    const last = ctx.ends.get(m.index + m[0].length);
    if (s === undefined || last === undefined) continue;
    let free = true;
    for (let i = s; i <= last; i++) if (ctx.tokens[i]?.used) free = false;
    if (!free) continue;
    if (fn(s, last + 1, m) === false) continue;
    for (let i = s; i <= last; i++) (ctx.tokens[i] as Token).used = true;
  }
}

// ---------------------------------------------------------------- figures

interface Quantity {
  s: number;
  e: number;
  /** In kg, mm, s, money, per minute (rates) or a count (axes). */
  value: number;
  hi?: number;
  dim: Dim | 'none';
  /** Multiplier of a unitless figure in a range ("5-10 kg": the 5 takes kg). */
  num: number;
  factor: number;
  currency?: RequirementCurrency;
  negative?: boolean;
  plusMinus?: boolean;
  multiplier?: number;
  hasUnit?: boolean;
  raw: string;
}

const PER_MINUTE: string[][] = [
  ['per', 'minute'], ['per', 'min'], ['a', 'minute'], ['each', 'minute'], ['every', 'minute'], ['/', 'min'], ['/', 'minute'], ['/', 'mins'],
  ['pro', 'minute'], ['pro', 'min'], ['je', 'minute'], ['por', 'minuto'], ['por', 'min'], ['al', 'minuto'], ['/', 'minuto'],
];
const PER_HOUR: string[][] = [
  ['per', 'hour'], ['an', 'hour'], ['each', 'hour'], ['/', 'h'], ['/', 'hr'], ['/', 'hour'], ['pro', 'stunde'], ['/', 'std'], ['je', 'stunde'],
  ['por', 'hora'], ['a', 'la', 'hora'], ['/', 'hora'],
];
const INCH_FOLLOWERS = new Set(['reach', 'of', 'and', 'or', 'travel', 'max', 'maximum', 'min', 'minimum', 'radius', 'stroke', 'long', 'wide', 'range', 'span']);
const GERMAN_AXES = /^(zwei|drei|vier|funf|fuenf|sechs|sieben|acht)achs\w*$/;

function seq(tokens: Token[], at: number, words: string[][]): number {
  for (const w of words) if (w.every((x, k) => tokens[at + k]?.norm === x)) return w.length;
  return 0;
}

function readQuantities(ctx: Ctx): Quantity[] {
  const t = ctx.tokens;
  const out: Quantity[] = [];
  for (let i = 0; i < t.length; i++) {
    const tok = t[i] as Token;
    if (tok.used) continue;
    if (tok.kind === 'word') {
      const german = GERMAN_AXES.exec(tok.norm);
      if (german) {
        const n = numberWords.get(german[1] as string) ?? 0;
        out.push({ s: i, e: i + 1, value: n, num: n, factor: 1, dim: 'axes', hasUnit: true, raw: tok.raw });
        continue;
      }
      const fraction = fractionWords.get(tok.norm);
      if (fraction !== undefined) {
        let j = i + 1;
        while (j < i + 3 && t[j] && fractionLinks.has((t[j] as Token).norm)) j++;
        const unit = t[j] ? units.get((t[j] as Token).norm) : undefined;
        if (unit && (unit.dim === 'mass' || unit.dim === 'length') && (t[j] as Token).kind === 'word') {
          const raw = t.slice(i, j + 1).map((x) => x.raw).join(' ');
          out.push({ s: i, e: j + 1, value: fraction * unit.factor, num: fraction, factor: unit.factor, dim: unit.dim, hasUnit: true, raw });
          for (let k = i; k <= j; k++) (t[k] as Token).used = true;
          i = j;
        }
        continue;
      }
      const n = numberWords.get(tok.norm);
      if (n === undefined) continue;
      let j = i + 1;
      if (t[j]?.norm === '-') j++;
      if (t[j] && axisWords.has((t[j] as Token).norm)) {
        out.push({ s: i, e: j + 1, value: n, num: n, factor: 1, dim: 'axes', hasUnit: true, raw: `${tok.raw} ${(t[j] as Token).raw}` });
        i = j;
      }
      continue;
    }
    if (tok.kind !== 'num') continue;
    let s = i;
    let e = i + 1;
    let num = parseNumber(tok.raw, ctx.language);
    let currency: RequirementCurrency | undefined;
    let negative = false;
    let plusMinus = false;
    const before = t[i - 1];
    if (before && !before.used && currencySymbols.has(before.norm)) {
      currency = currencySymbols.get(before.norm);
      s = i - 1;
    }
    const sign = t[s - 1];
    if (sign && sign.norm === '-' && sign.end === t[s]?.start) {
      const prior = t[s - 2];
      if (!prior || (prior.kind !== 'num' && !units.has(prior.norm) && prior.norm !== 'k')) {
        negative = true;
        s -= 1;
      }
    }
    if (sign && sign.norm === '±') plusMinus = true;
    // 40k, 1.2 million, $1.2M
    const next = t[e];
    let multiplied = false;
    if (next && next.kind === 'word') {
      const mult = multipliers.get(next.norm);
      if (mult !== undefined && (next.norm !== 'k' || next.start === tok.end) && (next.norm !== 'mil' || ctx.language === 'es')) {
        num *= mult;
        e += 1;
        multiplied = true;
      } else if (next.raw === 'M' && currency && next.start === tok.end) {
        num *= 1e6;
        e += 1;
        multiplied = true;
      }
    }
    let dim: Dim | 'none' = 'none';
    let factor = 1;
    let hasUnit = false;
    // "1,5 Mio. €": the abbreviation's full stop stands between the multiplier and the currency.
    // "1,2 millones de euros": Spanish joins the multiplier and the currency with "de".
    if (multiplied && (t[e]?.norm === '.' || t[e]?.norm === 'de') && units.get(t[e + 1]?.norm ?? '')?.dim === 'money') e += 1;
    const u = t[e];
    if (u) {
      let j = e;
      if (rateCountWords.has(u.norm)) j += 1;
      const minute = seq(t, j, PER_MINUTE);
      const hour = minute ? 0 : seq(t, j, PER_HOUR);
      if (minute || hour) {
        dim = 'rate';
        factor = hour ? 1 / 60 : 1;
        e = j + (minute || hour);
        hasUnit = true;
      } else if (rateUnitsPerMinute.has(u.norm) || rateUnitsPerHour.has(u.norm)) {
        dim = 'rate';
        factor = rateUnitsPerHour.has(u.norm) ? 1 / 60 : 1;
        e += 1;
        hasUnit = true;
      } else {
        let j2 = e;
        if (u.norm === '-' && t[e + 1] && axisWords.has((t[e + 1] as Token).norm)) j2 = e + 1;
        const w = t[j2] as Token;
        if (axisWords.has(w.norm)) {
          dim = 'axes';
          e = j2 + 1;
          hasUnit = true;
        } else if (w.norm === 'degrees' && t[j2 + 1]?.norm === 'of' && t[j2 + 2]?.norm === 'freedom') {
          dim = 'axes';
          e = j2 + 3;
          hasUnit = true;
        } else {
          const unit = units.get(w.norm);
          const inchOk = w.norm !== 'in' || !t[j2 + 1] || t[j2 + 1]?.kind !== 'word' || INCH_FOLLOWERS.has((t[j2 + 1] as Token).norm);
          const quoteOk = w.kind !== 'sym' || w.start === tok.end || unit?.dim === 'money';
          if (unit && inchOk && quoteOk && !(unit.dim === 'money' && currency && unit.currency !== currency)) {
            dim = unit.dim;
            factor = unit.factor;
            if (unit.currency) currency = unit.currency;
            e = j2 + 1;
            hasUnit = true;
          }
        }
      }
    }
    if (dim === 'none' && (currency || multiplied)) dim = 'money';
    // Money has no third decimal: "40.000 €", "30.000 EUR", "40,000 €" group thousands in any language.
    if (dim === 'money' && !multiplied && /^\d{1,3}(?:[.,]\d{3})+$/.test(tok.raw) && !(tok.raw.includes('.') && tok.raw.includes(','))) {
      num = Number(tok.raw.replace(/[.,]/g, ''));
      factor = 1;
    }
    const rawText = t
      .slice(s, e)
      .map((x) => x.raw)
      .join(' ');
    const q: Quantity = { s, e, value: num * factor, num, factor, dim, raw: rawText, hasUnit };
    if (currency) q.currency = currency;
    if (negative) q.negative = true;
    if (plusMinus) q.plusMinus = true;
    if (multiplied) q.multiplier = num / parseNumber(tok.raw, ctx.language);
    out.push(q);
    for (let k = s; k < e; k++) if (dim !== 'none') (t[k] as Token).used = true;
    i = e - 1;
  }
  return out;
}

const RANGE_SEPARATORS = new Set(['-', 'to', 'bis', 'a', 'hasta', 'till', 'until', '~']);
const BETWEEN_SEPARATORS = new Set(['and', 'und', 'y', '&', 'e']);
const BETWEEN_WORDS = new Set(['between', 'zwischen', 'entre']);
const FROM_WORDS = new Set(['from', 'von', 'de', 'desde']);

/** "5-10 kg", "5 to 10 kg", "between 5 and 10 kg", "von 5 bis 10 kg": one quantity with hi. */
function joinRanges(ctx: Ctx, qs: Quantity[]): Quantity[] {
  const t = ctx.tokens;
  const out: Quantity[] = [];
  for (let k = 0; k < qs.length; k++) {
    const a = qs[k] as Quantity;
    const b = qs[k + 1];
    if (b && b.s === a.e + 1 && !a.negative && (a.dim === 'none' || b.dim === 'none' || a.dim === b.dim)) {
      const sep = t[a.e] as Token;
      const between = t[a.s - 1];
      const isRange =
        RANGE_SEPARATORS.has(sep.norm) || (BETWEEN_SEPARATORS.has(sep.norm) && between !== undefined && BETWEEN_WORDS.has(between.norm));
      if (isRange && a.dim !== 'axes' && !(a.hasUnit && b.dim === 'none')) {
        const dim = b.dim !== 'none' ? b.dim : a.dim;
        // "25-30k USD": the first figure takes the second's multiplier and unit.
        const aNum = a.multiplier === undefined && b.multiplier !== undefined ? a.num * b.multiplier : a.num;
        const lo = a.dim === 'none' || (a.dim === 'money' && !a.hasUnit) ? aNum * b.factor : a.value;
        const hi = b.dim === 'none' ? b.num * a.factor : b.value;
        const q: Quantity = { ...a, dim, value: Math.min(lo, hi), hi: Math.max(lo, hi), e: b.e, raw: `${a.raw} ${sep.raw} ${b.raw}`, hasUnit: true };
        if (b.currency) q.currency = b.currency;
        if (b.negative) q.negative = true;
        sep.used = true;
        for (let i = a.s; i < b.e; i++) (t[i] as Token).used = true;
        if (between && (BETWEEN_WORDS.has(between.norm) || FROM_WORDS.has(between.norm))) between.used = true;
        out.push(q);
        k += 1;
        continue;
      }
    }
    out.push(a);
  }
  return out;
}

// ---------------------------------------------------------------- the reading

interface Comparator {
  s: number;
  e: number;
  bound: Bound;
  place: Place;
  taken?: boolean;
}
interface Keyword {
  s: number;
  e: number;
  field: Field;
  ceiling?: boolean;
}
interface Entity {
  s: number;
  e: number;
  kind: 'maker' | 'country' | 'type';
  value: string;
  /** A type named as the type ("type palletizer", "palletizer type", "Typ: Palettierer"): the robot's kind, not the task. */
  explicit?: true;
}

const SOFT_MAKER_WORDS = new Set([
  'prefer', 'preferred', 'preferably', 'preference', 'ideally', 'ideal', 'favour', 'favor', 'favoured', 'favored',
  'bevorzugt', 'bevorzugen', 'vorzugsweise', 'idealerweise', 'lieber', 'liebsten',
  'preferiblemente', 'prefiero', 'preferimos', 'preferido', 'preferida', 'preferidos', 'preferidas', 'preferentemente', 'idealmente',
]);
const SOFT_MAKER_PAIRS = [['if', 'possible'], ['wenn', 'moglich'], ['si', 'es', 'posible'], ['would', 'be', 'nice'], ['nice', 'to', 'have']];
const HARD_MAKER_WORDS = new Set(['only', 'just', 'exclusively', 'nur', 'ausschliesslich', 'solo', 'solamente', 'unicamente', 'exclusivamente']);
const HARD_MAKER_PAIRS = [['must', 'be'], ['has', 'to', 'be'], ['have', 'to', 'be'], ['muss', 'sein'], ['tiene', 'que', 'ser'], ['debe', 'ser']];

/** Words that name the robot's type itself: "type palletizer", "palletizer type", "tipo: paletizador". */
const TYPE_NOUNS = new Set(['type', 'types', 'typ', 'tipo', 'kind', 'category', 'kategorie', 'categoria']);

const makerPatternCache = new WeakMap<readonly string[], { src: string; byKey: Map<string, string> }>();
const builtIn = buildMakerPattern([]);

function key(s: string): string {
  return s.replace(/[^a-z0-9]/g, '');
}

function buildMakerPattern(known: readonly string[]): { src: string; byKey: Map<string, string> } {
  const byKey = new Map<string, string>();
  const alternatives: string[] = [];
  const knownByKey = new Map(known.filter((n) => typeof n === 'string' && n.trim() && n.trim().length <= 120).map((n) => [key(tokenize(n).map((x) => x.norm).join('')), n.trim()]));
  for (const m of builtInMakers) {
    const spelled = knownByKey.get(key(m.name.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, ''))) ?? m.name;
    for (const alias of m.aliases) {
      byKey.set(key(alias), spelled);
      alternatives.push(alias);
    }
  }
  for (const [k, name] of knownByKey) {
    if (!k || byKey.has(k)) continue;
    byKey.set(k, name);
    alternatives.push(
      tokenize(name)
        .map((x) => x.norm.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join(' '),
    );
  }
  alternatives.sort((a, b) => b.length - a.length);
  return { src: alternatives.join('|'), byKey };
}

function makerPattern(known: readonly string[] | undefined) {
  if (!known || known.length === 0) return builtIn;
  let p = makerPatternCache.get(known);
  if (!p) {
    p = buildMakerPattern(known.slice(0, 2000));
    makerPatternCache.set(known, p);
  }
  return p;
}

interface Reading {
  figures: Partial<Record<Field, { min?: number; max?: number }>>;
  currency?: RequirementCurrency;
  makers: { include: string[]; exclude: string[] };
  /** Makers named with a soft word ("preferred", "ideally"): ranked first, no filter. */
  preferredMakers: string[];
  makerCountries: { include: string[]; exclude: string[] };
  robotTypes: { include: RequirementRobotType[]; exclude: RequirementRobotType[] };
  applications: RequirementApplication[];
  environment: RequirementEnvironment;
  mounting: RequirementMounting[];
  language?: RequirementLanguage;
  unparsed: string[];
  freeText: string;
  additive: boolean;
}

const add = <T>(list: T[], v: T) => {
  if (!list.includes(v)) list.push(v);
};

function readText(text: string, knownMakers: readonly string[] | undefined, fallbackLanguage: RequirementLanguage): Reading {
  const unparsed: string[] = [];
  let input = text;
  if (input.length > MAX_TEXT_LENGTH) {
    input = input.slice(0, MAX_TEXT_LENGTH);
    unparsed.push(textCutNotice(MAX_TEXT_LENGTH));
  }
  const tokens = tokenize(input);
  const detected = detectLanguage(input, tokens);
  const ctx = context(tokens, detected ?? fallbackLanguage);
  const t = tokens;
  const r: Reading = {
    figures: {},
    makers: { include: [], exclude: [] },
    preferredMakers: [],
    makerCountries: { include: [], exclude: [] },
    robotTypes: { include: [], exclude: [] },
    applications: [],
    environment: {},
    mounting: [],
    unparsed,
    freeText: '',
    additive: tokens.some((x) => additiveWords.has(x.norm)),
  };
  if (detected) r.language = detected;

  // Environment first: its figures (IP67, ISO 5, zone 1) are no payloads.
  scan(ctx, 'ip(\\d{2})k?|ip (\\d{2})(?: k)?', (_s, _e, m) => {
    const code = Number(m[1] ?? m[2]);
    if (code <= 69) r.environment.ipRatingMin = Math.max(r.environment.ipRatingMin ?? 0, code);
  });
  let cleanroom = false;
  scan(ctx, 'clean~rooms?|cleanrooms?|reinraum\\w*|reinraumklasse|salas? (?:limpias?|blancas?)', () => {
    cleanroom = true;
  });
  if (cleanroom) {
    r.environment.cleanroom = true;
    scan(ctx, 'iso(?: (?:class|klasse|clase))? ([1-9])|(?:class|klasse|clase) (?:iso )?([1-9])|(?:class|klasse|clase) (10|100|1000|10000|100000)', (_s, _e, m) => {
      r.environment.cleanroomClass = m[3] ? `Class ${m[3]}` : `ISO ${m[1] ?? m[2]}`;
    });
  }
  scan(
    ctx,
    'atex(?: (?:zone|zona) [0-9]+)?|(?:zone|zona) [0-2]|explosion~(?:proof|protected)|ex~proof|explosionsgeschutzt\\w*|explosionsschutz|ex~geschutzt\\w*|a prueba de explosion(?:es)?|antiexplosi\\w*|antideflagrante|hazardous (?:areas?|locations?)',
    () => {
      r.environment.explosionProof = true;
    },
  );
  scan(
    ctx,
    'food~(?:grade|safe|compatible)|foodgrade|h1 (?:lubricants?|grease|oil)|fda~(?:approved|compliant)|lebensmittel(?:tauglich|echt|geeignet|konform)\\w*|grado alimenti(?:cio|ario)|apto para (?:uso )?alimentari\\w*|apto para alimentos',
    () => {
      r.environment.foodGrade = true;
    },
  );
  scan(ctx, 'wash~down(?: capable)?|washdown|washable|abwaschbar\\w*|abspritzbar|lavable|(?:apto para )?lavado(?: a presion)?', () => {
    r.environment.washdown = true;
  });
  for (const [src, m] of mountingWords) scan(ctx, src, () => add(r.mounting, m));

  // Figures, ranges, then the words around them.
  const qs = joinRanges(ctx, readQuantities(ctx));

  const weightKw: Keyword[] = [];
  scan(ctx, robotWeightWords, (s, e) => {
    weightKw.push({ s, e, field: 'robotWeight' });
  });
  for (let i = 0; i < t.length; i++) {
    const w = t[i] as Token;
    if (w.used || !weighWords.has(w.norm)) continue;
    let robot = -1;
    for (let j = i - 1; j >= Math.max(0, i - 5); j--) {
      const x = t[j] as Token;
      if (clauseBreaks.has(x.norm) || x.norm === ',' || partWords.has(x.norm)) break;
      if (robotWords.has(x.norm)) {
        robot = j;
        break;
      }
    }
    for (let j = i + 1; robot < 0 && j <= Math.min(t.length - 1, i + 2); j++) if (robotWords.has((t[j] as Token).norm)) robot = j;
    w.used = true;
    if (robot >= 0) {
      (t[robot] as Token).used = true;
      weightKw.push({ s: i, e: i + 1, field: 'robotWeight' }, { s: robot, e: robot + 1, field: 'robotWeight' });
    } else weightKw.push({ s: i, e: i + 1, field: 'payload' });
  }

  const comparators: Comparator[] = [];
  // One pattern for all comparator words, so that "less than" cannot take the end of "not less than".
  const groups = comparatorWords.map(([src]) => `(${src})`).join('|');
  scan(ctx, groups, (s, e, m) => {
    const g = m.slice(1).findIndex((x) => x !== undefined);
    const entry = comparatorWords[g];
    if (!entry) return false;
    comparators.push({ s, e, bound: entry[1], place: entry[2] });
  });

  // Applications and types before makers ("Delta" is no maker); palletizer is both.
  const entities: Entity[] = [];
  for (const [src, type] of typeWords) {
    scan(ctx, src, (s, e) => {
      // "type palletizer", "robot type: palletizer", "palletizer type": the word "type" is part of it.
      const nounAt = (i: number) => (t[i] && !t[i].used && TYPE_NOUNS.has(t[i].norm) ? i : undefined);
      const before = nounAt(s - 1) ?? (t[s - 1]?.norm === ':' ? nounAt(s - 2) : undefined);
      const after = nounAt(e);
      for (const i of [before, after]) if (i !== undefined) (t[i] as Token).used = true;
      entities.push({ s, e, kind: 'type', value: type, ...(before !== undefined || after !== undefined ? { explicit: true as const } : {}) });
    });
  }
  // Typos of type words ("cobbot", "scarra", "paletizer"): one edit from a type word, same first letter, six letters or more.
  for (let i = 0; i < t.length; i++) {
    const x = t[i] as Token;
    if (x.used || x.kind !== 'word' || x.norm.length < 6 || stopWords.has(x.norm) || robotWords.has(x.norm) || fillerWords.has(x.norm) || units.has(x.norm)) continue;
    const hit = typeSpellings.find(([w]) => w[0] === x.norm[0] && Math.abs(w.length - x.norm.length) <= 1 && withinOneEdit(w, x.norm));
    if (!hit) continue;
    // A task word one letter from a type ("palletize", "palettieren", "paletizado") names the task, not a misspelt type.
    if (x.norm.slice(-2) !== hit[0].slice(-2) && applicationWordRe.test(x.norm)) continue;
    x.used = true;
    entities.push({ s: i, e: i + 1, kind: 'type', value: hit[1] });
  }
  for (const [src, app] of applicationWords) scan(ctx, src, () => add(r.applications, app));
  const makers = makerPattern(knownMakers);
  scan(ctx, makers.src, (s, e) => {
    const name = makers.byKey.get(key(t.slice(s, e).map((x) => x.norm).join('')));
    if (!name) return false;
    entities.push({ s, e, kind: 'maker', value: name });
  });
  // Typos of makers ("Yaskwa", "Fanuk", "Kawasaky"): see makerTypo.
  for (let i = 0; i < t.length; i++) {
    const x = t[i] as Token;
    if (x.used || x.kind !== 'word' || stopWords.has(x.norm) || robotWords.has(x.norm) || fillerWords.has(x.norm) || units.has(x.norm)) continue;
    const name = makerTypo(x.norm, makers.byKey);
    if (!name) continue;
    x.used = true;
    // In the order the makers are written ("no Fanuk and no KUKA": FANUC, then KUKA).
    const at = entities.findIndex((en) => en.kind === 'maker' && en.s > i);
    entities.splice(at < 0 ? entities.length : at, 0, { s: i, e: i + 1, kind: 'maker', value: name });
  }
  for (const [src, code] of countryWords) {
    scan(ctx, src, (s, e) => {
      entities.push({ s, e, kind: 'country', value: code });
    });
  }
  const keywords: Keyword[] = [...weightKw];
  for (const [src, field] of fieldWords) {
    scan(ctx, src, (s, e, m) => {
      keywords.push({ s, e, field, ceiling: field === 'budget' && /budget|spend|afford|presupuesto/.test(m[0]) });
    });
  }
  const negations: number[] = [];
  const includes: number[] = [];
  const postNegations: number[] = [];
  scan(ctx, postNegationWords, (s) => {
    postNegations.push(s);
  });
  scan(ctx, negationWords, (_s, e) => {
    negations.push(e - 1);
  });
  scan(ctx, includeWords, (_s, e) => {
    includes.push(e - 1);
  });

  // ---- figures: which field, which bound
  const quantityAt = new Map<number, Quantity>();
  for (const q of qs) for (let i = q.s; i < q.e; i++) quantityAt.set(i, q);
  const breaksBetween = (a: number, b: number, commaBreaks: boolean) => {
    for (let i = a; i < b; i++) {
      const x = t[i] as Token;
      if (clauseBreaks.has(x.norm) || (commaBreaks && x.norm === ',')) return true;
      if (quantityAt.has(i)) return true;
    }
    return false;
  };
  const comparatorTokens = new Set<number>();
  for (const c of comparators) for (let i = c.s; i < c.e; i++) comparatorTokens.add(i);
  /** Words between two places, not counting marks and comparator words ("weighing no more than 12 kg": 0). */
  const gap = (a: number, b: number) => {
    let n = 0;
    for (let i = a; i < b; i++) if ((t[i] as Token).kind !== 'sym' && !comparatorTokens.has(i)) n++;
    return n;
  };
  const nearest = (q: Quantity, fields: Field[]): Keyword | undefined => {
    let best: Keyword | undefined;
    let bestD = Infinity;
    for (const k of keywords) {
      if (!fields.includes(k.field)) continue;
      const d = k.e <= q.s ? gap(k.e, q.s) : k.s >= q.e ? gap(q.e, k.s) : Infinity;
      if (d === Infinity) continue;
      if (k.e <= q.s ? breaksBetween(k.e, q.s, true) : breaksBetween(q.e, k.s, true)) continue;
      if (d < bestD || (d === bestD && k.e <= q.s)) {
        best = k;
        bestD = d;
      }
    }
    return best;
  };
  const comparatorFor = (q: Quantity): Bound | undefined => {
    let best: Comparator | undefined;
    let bestD = Infinity;
    for (const c of comparators) {
      if (c.taken || c.place === 'after' || c.e > q.s) continue;
      const d = gap(c.e, q.s);
      if (d <= 3 && d < bestD && !breaksBetween(c.e, q.s, true)) {
        best = c;
        bestD = d;
      }
    }
    if (!best) {
      for (const c of comparators) {
        if (c.taken || c.place === 'before' || c.s < q.e) continue;
        const d = gap(q.e, c.s);
        if (d > 2 || d >= bestD || breaksBetween(q.e, c.s, c.place !== 'after')) continue;
        // "max 900 mm": a both-sided word just before the next figure is that figure's.
        const after = qs.find((o) => o.s >= c.e && gap(c.e, o.s) <= 1 && !breaksBetween(c.e, o.s, true));
        if (c.place === 'both' && after) continue;
        best = c;
        bestD = d;
      }
    }
    if (!best) return undefined;
    best.taken = true;
    return best.bound;
  };

  const set = (field: Field, lo: number | undefined, hi: number | undefined, raw: string) => {
    const limit = FIELD_LIMITS[field];
    for (const v of [lo, hi]) {
      if (v === undefined) continue;
      if (!Number.isFinite(v) || v <= 0 || v > limit.max || (field === 'axes' && !Number.isInteger(v))) {
        unparsed.push(`${limit.label} ${raw}: out of range, dropped`);
        return;
      }
    }
    const round = (v: number | undefined) => (v === undefined ? undefined : Number(v.toPrecision(6)));
    const now = { ...(lo !== undefined ? { min: round(lo) } : {}), ...(hi !== undefined ? { max: round(hi) } : {}) };
    const before = r.figures[field];
    // "payload at most 10 kg ... for 4 kg parts": a stated figure within a one-sided upper bound on
    // the same figure (either order) is the need, the bound caps it: min 4, max 10.
    const stated = (x: { min?: number; max?: number }) => x.min !== undefined && x.min === x.max;
    const capOnly = (x: { min?: number; max?: number }) => x.min === undefined && x.max !== undefined;
    if (before && field !== 'budget' && field !== 'axes') {
      const cap = capOnly(before) && stated(now) ? before.max : capOnly(now) && stated(before) ? now.max : undefined;
      const need = capOnly(before) ? now.min : before.min;
      if (cap !== undefined && need !== undefined && need < cap) {
        r.figures[field] = { min: need, max: cap };
        return;
      }
    }
    // "at least 5 kg and at most 10 kg": a second figure adds its open side; else it replaces.
    if (before && ((before.min === undefined && now.max === undefined) || (before.max === undefined && now.min === undefined)) && !(before.min === before.max)) {
      const both = { ...before, ...now };
      r.figures[field] = both.min !== undefined && both.max !== undefined && both.min > both.max ? now : both;
    } else r.figures[field] = now;
  };

  for (const q of qs) {
    if (q.negative) {
      unparsed.push(`${q.raw}: a negative figure, dropped`);
      for (let i = q.s; i < q.e; i++) (t[i] as Token).used = true;
      continue;
    }
    let field: Field | undefined;
    let rate = false;
    switch (q.dim) {
      case 'money':
        field = 'budget';
        break;
      case 'rate':
        field = 'cycle';
        rate = true;
        break;
      case 'time':
        field = 'cycle';
        break;
      case 'axes':
        field = 'axes';
        break;
      case 'mass':
        field = nearest(q, ['payload', 'robotWeight'])?.field ?? 'payload';
        break;
      case 'length': {
        const kw = nearest(q, ['reach', 'repeatability']);
        field = q.plusMinus || q.factor === 0.001 ? 'repeatability' : (kw?.field ?? (q.value < 5 ? 'repeatability' : 'reach'));
        break;
      }
      default: {
        const kw = nearest(q, ['axes', 'budget']);
        if (kw && gap(Math.min(kw.e, q.e), Math.max(kw.s, q.s)) <= 2) {
          field = kw.field;
          if (field === 'axes' && q.hi !== undefined) field = undefined;
        }
      }
    }
    if (!field) continue;
    for (let i = q.s; i < q.e; i++) (t[i] as Token).used = true;
    let bound: Bound = comparatorFor(q) ?? 'exact';
    if (bound === 'better') bound = field === 'repeatability' || field === 'cycle' ? 'max' : 'min';
    if (field === 'repeatability' && bound === 'min') bound = 'max';
    // A budget is a ceiling, also "about" one: "budget ca. 35.000 Euro".
    if (field === 'budget' && bound === 'exact' && q.hi === undefined) {
      const ceiling = keywords.some((k) => k.ceiling && !(k.e <= q.s ? breaksBetween(k.e, q.s, true) : breaksBetween(q.e, Math.max(k.s, q.e), true)));
      if (ceiling) bound = 'max';
    }
    if (field === 'budget' && q.currency) r.currency = q.currency;
    let lo: number | undefined = q.value;
    let hi: number | undefined = q.hi ?? q.value;
    if (rate) {
      // A rate is turned into seconds per cycle: more per minute is a shorter cycle.
      const fast = 60 / hi;
      const slow = 60 / lo;
      lo = fast;
      hi = slow;
      if (q.hi === undefined) bound = bound === 'min' ? 'max' : bound === 'max' ? 'min' : bound;
    }
    if (q.hi === undefined) {
      if (bound === 'min') hi = undefined;
      if (bound === 'max') lo = undefined;
    }
    set(field, lo, hi, q.raw);
  }

  // ---- makers, countries, types: wanted or not
  const entityAt = new Map<number, Entity>();
  for (const en of entities) for (let i = en.s; i < en.e; i++) entityAt.set(i, en);
  const negSet = new Set(negations);
  const incSet = new Set(includes);
  const postSet = new Set(postNegations);
  const negated = (en: Entity): boolean => {
    // after: "ABB is out", "FANUC is not an option"
    let j = en.e;
    while (j < t.length && (entityAt.has(j) || conjunctionWords.has((t[j] as Token).norm) || fillerWords.has((t[j] as Token).norm))) j++;
    if (postSet.has(j)) return true;
    let unknown = 0;
    for (let i = en.s - 1, steps = 0; i >= 0 && steps < 8; i--, steps++) {
      const x = t[i] as Token;
      if (negSet.has(i)) return true;
      if (incSet.has(i)) return false;
      if (clauseBreaks.has(x.norm)) return false;
      // A comma ends the negation's scope unless it lists more of the same kind ("no FANUC, ABB or KUKA"):
      // "anything but UR, cobot" rules out UR and asks for a cobot.
      if (x.norm === ',' && entityAt.get(i - 1)?.kind !== en.kind) return false;
      if (entityAt.has(i) || conjunctionWords.has(x.norm) || fillerWords.has(x.norm)) continue;
      if (x.used) return false;
      unknown += 1;
      if (unknown > 1) return false;
    }
    return false;
  };
  // "Epson or Denso preferred", "ideally FANUC": a wish, not a limit; "only Epson", "must be FANUC": a limit.
  const near = (en: Entity, words: Set<string>, pairs: string[][]): boolean => {
    const hit = (i: number) => words.has((t[i] as Token).norm) || pairs.some((p) => p.every((w, k) => t[i + k]?.norm === w));
    for (let i = en.s - 1, steps = 0; i >= 0 && steps < 6; i--, steps++) {
      const x = t[i] as Token;
      if (clauseBreaks.has(x.norm) || (x.norm === ',' && entityAt.get(i - 1)?.kind !== 'maker')) break;
      if (hit(i) || pairs.some((p) => i - p.length + 1 >= 0 && p.every((w, k) => t[i - p.length + 1 + k]?.norm === w))) return true;
    }
    for (let i = en.e, steps = 0; i < t.length && steps < 5; i++, steps++) {
      const x = t[i] as Token;
      if (clauseBreaks.has(x.norm) || x.norm === ',') break;
      if (hit(i)) return true;
    }
    return false;
  };
  const hardMakers = new Set<string>();
  for (const en of entities) {
    const neg = negated(en);
    if (en.kind === 'maker' && !neg && near(en, HARD_MAKER_WORDS, HARD_MAKER_PAIRS)) hardMakers.add(en.value);
    if (en.kind === 'maker' && !neg && !hardMakers.has(en.value) && near(en, SOFT_MAKER_WORDS, SOFT_MAKER_PAIRS)) add(r.preferredMakers, en.value);
    else if (en.kind === 'maker') add(neg ? r.makers.exclude : r.makers.include, en.value);
    else if (en.kind === 'country') add(neg ? r.makerCountries.exclude : r.makerCountries.include, en.value);
    else {
      add(neg ? r.robotTypes.exclude : r.robotTypes.include, en.value as RequirementRobotType);
      if (en.value === 'palletizer' && !neg && !en.explicit) add(r.applications, 'palletizing');
    }
  }
  // "ABB or KUKA preferred, FANUC also ok": with a preference stated, makers named without "only" are wishes too.
  if (r.preferredMakers.length) {
    for (const m of r.makers.include) if (!hardMakers.has(m)) add(r.preferredMakers, m);
    r.makers.include = r.makers.include.filter((m) => hardMakers.has(m));
  }
  r.preferredMakers = r.preferredMakers.filter((m) => !r.makers.exclude.includes(m) && !r.makers.include.includes(m));
  for (const list of [r.makers, r.makerCountries, r.robotTypes] as { include: string[]; exclude: string[] }[]) {
    list.include = list.include.filter((x) => !list.exclude.includes(x));
  }

  // ---- what is left: words for a name search
  const words: string[] = [];
  for (const x of t) {
    if (x.used || x.kind === 'sym' || stopWords.has(x.norm) || fillerWords.has(x.norm) || conjunctionWords.has(x.norm)) continue;
    words.push(x.raw);
  }
  r.freeText = words.join(' ').slice(0, 300);
  return r;
}

/** Single words of the application vocabulary ("palletize", "paletizado"). */
const applicationWordRe = new RegExp(`^(?:${applicationWords.map(([src]) => src).join('|')})$`);

/** Whether b is a at most one edit away: a letter added, dropped or changed, or two neighbours swapped. */
/**
 * Ordinary words one edit from a maker's name ("dense" / Denso, "effort" / Efort, "frank" /
 * Franka, "nacho" / Nachi): never read as a maker.
 */
const NOT_MAKER_TYPOS = new Set(['dense', 'effort', 'frank', 'franks', 'nacho', 'nachos', 'nacht', 'epsom', 'adapt', 'estan', 'comas']);

/**
 * A word misspelling a maker (issue 12: "Yaskwa only", "no Fanuk"), read the same way by the chat,
 * the search box and the project matches: a single word of five letters or more, starting with the
 * name's first letter, one edit (a letter added, dropped, changed or two swapped) from a one-word
 * name or alias of five to seven letters, or two edits from one of eight or more ("Mitsubichi").
 * Shorter names (ABB, KUKA, UR, JAKA) are never guessed, nor words listed in NOT_MAKER_TYPOS.
 */
export function makerTypo(word: string, byKey: ReadonlyMap<string, string>): string | undefined {
  if (word.length < 5 || !/^[a-z]+$/.test(word) || NOT_MAKER_TYPOS.has(word) || byKey.has(word)) return undefined;
  let found: string | undefined;
  for (const [k, name] of byKey) {
    if (k.length < 5 || k[0] !== word[0] || Math.abs(k.length - word.length) > (k.length >= 8 ? 2 : 1)) continue;
    const near = k.length >= 8 ? editDistance(k, word, 2) <= 2 : withinOneEdit(k, word);
    if (!near) continue;
    // Two makers as near: no guess.
    if (found !== undefined && found !== name) return undefined;
    found = name;
  }
  return found;
}

/** Optimal-string-alignment distance (a swap of two letters is one edit), stopping past `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (prev2[j - 2] as number) + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > limit) return limit + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length] as number;
}

function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

// ---------------------------------------------------------------- merging turns and the result

const FIELD_KEYS = {
  payload: 'payloadKg',
  reach: 'reachMm',
  axes: 'axes',
  repeatability: 'repeatabilityMm',
  cycle: 'cycleTimeS',
  robotWeight: 'robotWeightKg',
} as const;

function previousOf(previous: unknown, unparsed: string[]): BuyerRequirements | undefined {
  if (previous === undefined || previous === null) return undefined;
  const parsed = buyerRequirementsSchema.safeParse(previous);
  if (parsed.success) return parsed.data;
  unparsed.push('the earlier requirements were not valid and were not used');
  return undefined;
}

function mergeLists<T extends string>(prev: { include: T[]; exclude: T[] } | undefined, now: { include: T[]; exclude: T[] }, additive: boolean) {
  const include = now.include.length > 0 && !additive ? [...now.include] : [...(prev?.include ?? [])];
  if (additive) for (const v of now.include) add(include, v);
  const exclude = [...(prev?.exclude ?? [])].filter((v) => !now.include.includes(v));
  for (const v of now.exclude) add(exclude, v);
  return { include: include.filter((v) => !exclude.includes(v)), exclude };
}

/**
 * What the buyer needs, read from their own words (English, German or Spanish). Never
 * throws: text that says nothing gives an empty reading, a figure out of range is dropped
 * and named in `unparsed`. With `previous`, this text is a follow-up: its figures replace
 * the earlier ones, its exclusions add to them, a wanted maker or type replaces the earlier
 * ones unless the text says "also".
 */
export function parseRequirements(text: string, options: ParseOptions = {}): BuyerRequirements {
  const notes: string[] = [];
  const prev = previousOf(options?.previous, notes);
  const knownMakers = Array.isArray(options?.knownMakers) ? options.knownMakers : undefined;
  const r = readText(typeof text === 'string' ? text : '', knownMakers, prev?.language ?? 'en');

  const out: BuyerRequirements = {
    makers: mergeLists(prev?.makers, r.makers, r.additive),
    ...(r.preferredMakers.length || prev?.preferredMakers?.length
      ? { preferredMakers: (r.preferredMakers.length ? r.preferredMakers : (prev?.preferredMakers ?? [])).filter((m) => !r.makers.exclude.includes(m)) }
      : {}),
    makerCountries: mergeLists(prev?.makerCountries, r.makerCountries, r.additive),
    robotTypes: mergeLists(prev?.robotTypes, r.robotTypes, r.additive),
    applications: r.applications.length > 0 && !r.additive && prev ? [...r.applications] : [...(prev?.applications ?? [])],
    environment: { ...(prev?.environment ?? {}), ...r.environment },
    mounting: r.mounting.length > 0 ? [...r.mounting] : [...(prev?.mounting ?? [])],
    language: r.language ?? prev?.language ?? 'en',
    readAs: [],
    unparsed: [...notes, ...r.unparsed],
    freeText: [prev?.freeText, r.freeText].filter(Boolean).join(' ').slice(0, 300),
  };
  if (prev && r.additive) for (const a of r.applications) add(out.applications, a);
  if (!prev) out.applications = r.applications;
  for (const [field, k] of Object.entries(FIELD_KEYS) as [Exclude<Field, 'budget'>, (typeof FIELD_KEYS)[keyof typeof FIELD_KEYS]][]) {
    const now = r.figures[field];
    const value = now ?? prev?.[k];
    if (value) out[k] = { ...value };
  }
  const budgetNow = r.figures.budget;
  if (budgetNow) {
    const b: BudgetConstraint = { ...budgetNow };
    const currency = r.currency ?? prev?.budget?.currency;
    if (currency) b.currency = currency;
    out.budget = b;
  } else if (prev?.budget) out.budget = { ...prev.budget };
  // "payload 5 lightyears": no figure is read from it and its words are no name to search; said back instead.
  const unknownUnits = findUnknownUnits((typeof text === 'string' ? text : '').slice(0, MAX_TEXT_LENGTH));
  if (unknownUnits.length) {
    out.unknownUnits = unknownUnits;
    let free = out.freeText;
    for (const u of unknownUnits) {
      const [num = '', ...word] = u.said.split(' ');
      free = free.replace(new RegExp(`(?<![\\p{L}\\d.,])${escapeRegExp(num)}\\s*${escapeRegExp(word.join(' '))}(?![\\p{L}])`, 'giu'), ' ');
    }
    out.freeText = free.replace(/\s+/g, ' ').trim();
  }
  out.readAs = describe(out);
  // Figures first, then lists, then the explanation: easier to read in logs and tests.
  const ordered = {} as Record<string, unknown>;
  for (const k of OUTPUT_ORDER) if ((out as Record<string, unknown>)[k] !== undefined) ordered[k] = (out as Record<string, unknown>)[k];
  return ordered as BuyerRequirements;
}

const OUTPUT_ORDER = [
  'payloadKg', 'reachMm', 'axes', 'repeatabilityMm', 'cycleTimeS', 'robotWeightKg', 'budget',
  'makers', 'preferredMakers', 'makerCountries', 'robotTypes', 'applications', 'environment', 'mounting', 'language',
  'readAs', 'unparsed', 'unknownUnits', 'freeText',
] as const satisfies readonly (keyof BuyerRequirements)[];

const escapeRegExp = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
