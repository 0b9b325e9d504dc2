/**
 * Numbers with units in free text: masses (payload, tool), lengths (reach), money
 * (budget, investment, wages), cycle times. Everything is converted to kg, mm, USD and
 * seconds. Each mention keeps its position so callers can tell which quantity a
 * nearby word ("payload", "gripper", "reach") talks about.
 */

import { group } from '../../../lib/invariants';

export interface Mention {
  value: number;
  start: number;
  end: number;
}

const LB_TO_KG = 0.45359237;

/** "1,5" is a decimal comma; "1,500" a thousands separator. */
export function parseNumber(raw: string): number {
  const s = raw.trim();
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) return Number(s.replace(/,/g, ''));
  if (/^\d+,\d{1,2}$/.test(s)) return Number(s.replace(',', '.'));
  return Number(s.replace(/,/g, ''));
}

const NUM = String.raw`\d+(?:[.,]\d+)*`;
const RANGE = String.raw`(?<![\w.])(${NUM})(?:\s*(?:-|–|to|and)\s*(${NUM}))?`;

function rangeMax(a: string, b: string | undefined): number {
  const x = parseNumber(a);
  const y = b === undefined ? NaN : parseNumber(b);
  return Number.isFinite(y) ? Math.max(x, y) : x;
}

const massUnits: Array<[RegExp, number]> = [
  [/^(kg|kgs|kilos?|kilograms?)$/i, 1],
  [/^(lb|lbs|pounds?)$/i, LB_TO_KG],
  [/^(g|grams?|gr)$/i, 0.001],
  [/^(t|tons?|tonnes?)$/i, 1000],
];

/** Every mass in the text, in kg. */
export function findMasses(text: string): Mention[] {
  const re = new RegExp(`(?:between\\s+)?${RANGE}\\s*(kg|kgs|kilos?|kilograms?|lbs?|pounds?|grams?|gr|g|tonnes?|tons?|t)\\b(?![/\\-]\\w)`, 'gi');
  const out: Mention[] = [];
  for (const m of text.matchAll(re)) {
    const unit = group(m, 3);
    const factor = massUnits.find(([u]) => u.test(unit))?.[1];
    if (factor === undefined) continue;
    const value = rangeMax(group(m, 1), m[2]) * factor;
    if (!Number.isFinite(value) || value <= 0) continue;
    out.push({ value: round(value, 3), start: m.index, end: m.index + m[0].length });
  }
  return out;
}

const lengthUnits: Array<[RegExp, number]> = [
  [/^(mm|millimet(?:er|re)s?)$/i, 1],
  [/^(cm|centimet(?:er|re)s?)$/i, 10],
  [/^(m|met(?:er|re)s?)$/i, 1000],
  [/^(in|in\.|inch(?:es)?|")$/i, 25.4],
  [/^(ft|feet|foot|')$/i, 304.8],
];

/** Spans like "300 x 200 x 150 mm": part dimensions, never a reach. */
function dimensionSpans(text: string): Array<[number, number]> {
  const re = new RegExp(`${NUM}\\s*(?:mm|cm|m)?\\s*[x×*]\\s*${NUM}(?:\\s*(?:mm|cm|m)?\\s*[x×*]\\s*${NUM})?\\s*(?:mm|cm|m|in|inch(?:es)?)?`, 'gi');
  return [...text.matchAll(re)].map((m) => [m.index, m.index + m[0].length]);
}

/** Every length in the text (mm), part dimensions excluded. */
export function findLengths(text: string): Mention[] {
  const dims = dimensionSpans(text);
  const re = new RegExp(
    `${RANGE}\\s*(mm|millimet(?:er|re)s?|cm|centimet(?:er|re)s?|met(?:er|re)s?|m(?![/²³\\w])|inch(?:es)?|in\\.?(?=\\s*(?:reach|radius|away|$|[,;:)!?]))|"|ft|feet|foot|'(?!s))`,
    'gi',
  );
  const out: Mention[] = [];
  for (const m of text.matchAll(re)) {
    const start = m.index;
    if (dims.some(([a, b]) => start >= a && start < b)) continue;
    const unit = group(m, 3);
    const factor = lengthUnits.find(([u]) => u.test(unit))?.[1];
    if (factor === undefined) continue;
    const value = rangeMax(group(m, 1), m[2]) * factor;
    if (!Number.isFinite(value) || value <= 0) continue;
    out.push({ value: round(value, 1), start, end: start + m[0].length });
  }
  return out;
}

/** "reach of 1300" without a unit: read as millimetres when plausible. */
export function findBareReach(text: string): Mention | undefined {
  const m = /\breach(?:es|ing)?\s*(?:of|:|=|is|around|about|at least|min(?:imum)?)?\s*(?:of\s*)?(\d{3,4})(?!\s*(?:kg|lb|g|mm|cm|m|in|ft|%|\$|k\b|s\b))/i.exec(text);
  if (!m) return undefined;
  const value = Number(m[1]);
  if (value < 200 || value > 5000) return undefined;
  return { value, start: m.index, end: m.index + m[0].length };
}

/** An amount of money: no price has a third decimal, so "40.000" and "40,000" are forty thousand. */
function moneyNumber(raw: string): number {
  return /^\d{1,3}(?:[.,]\d{3})+$/.test(raw) && !(raw.includes('.') && raw.includes(',')) ? Number(raw.replace(/[.,]/g, '')) : parseNumber(raw);
}

/** Money amounts in USD (EUR and GBP taken at face value: budgets are rough). */
export function findMoney(text: string): Mention[] {
  const out: Mention[] = [];
  const parseNumber = moneyNumber;
  const mult = (s: string | undefined) => {
    if (!s) return 1;
    const k = s.toLowerCase();
    if (k === 'k' || k === 'thousand' || k === 'grand') return 1000;
    if (k === 'm' || k === 'mm' || k === 'million') return 1_000_000;
    return 1;
  };
  const pre = /(?:\$|\busd\s?|\bus\$|€|\beur\s?|£|\bgbp\s?)\s*(\d[\d,.]*\d|\d)\s*(k|thousand|grand|million|m)?\b/gi;
  for (const m of text.matchAll(pre)) {
    out.push({ value: parseNumber(group(m, 1)) * mult(m[2]), start: m.index, end: m.index + m[0].length });
  }
  const post = /(\d[\d,.]*\d|\d)\s*(k|thousand|grand|million|m)?\s*(?:usd|dollars?|bucks|eur|euros?|€|gbp|pounds sterling)\b/gi;
  for (const m of text.matchAll(post)) {
    if (out.some((o) => m.index >= o.start && m.index < o.end)) continue;
    out.push({ value: parseNumber(group(m, 1)) * mult(m[2]), start: m.index, end: m.index + m[0].length });
  }
  // "a robot costing 60k": a number with a k is money in this domain.
  for (const m of text.matchAll(/(?<![\w.$€£])(\d+(?:\.\d+)?)\s?k\b/gi)) {
    if (out.some((o) => m.index >= o.start && m.index < o.end)) continue;
    out.push({ value: parseNumber(group(m, 1)) * 1000, start: m.index, end: m.index + m[0].length });
  }
  // "budget of 50k", "budget is 60000": no currency sign, the word "budget" says it.
  const bare = /\bbudget\b[^\d$€£]{0,20}(\d[\d,]*(?:\.\d+)?)\s*(k|thousand|grand|million|m)?\b/gi;
  for (const m of text.matchAll(bare)) {
    const numStart = m.index + m[0].indexOf(group(m, 1));
    if (out.some((o) => numStart >= o.start && numStart < o.end)) continue;
    out.push({ value: parseNumber(group(m, 1)) * mult(m[2]), start: numStart, end: m.index + m[0].length });
  }
  return out.filter((o) => Number.isFinite(o.value) && o.value > 0).sort((a, b) => a.start - b.start);
}

/** Cycle time in seconds: "cycle time of 6 s", "12 picks per minute", "400 parts an hour". */
export function findCycleTime(text: string): number | undefined {
  const perMin = /(\d+(?:\.\d+)?)\s*(?:parts?|picks?|pieces?|pcs|cycles?|units?|boxes|bags|cases|items?|products?)?\s*(?:per|\/|a|an|each)\s*(min|minute)\b/i.exec(text);
  if (perMin) return round(60 / Number(perMin[1]), 2);
  const perHour = /(\d[\d,]*)\s*(?:parts?|picks?|pieces?|pcs|cycles?|units?|boxes|bags|cases|items?|products?)\s*(?:per|\/|a|an|each)\s*(h|hr|hour)\b/i.exec(text);
  if (perHour) return round(3600 / parseNumber(group(perHour, 1)), 2);
  const secs = /(?:cycle(?:[- ]time)?|takt(?:[- ]time)?|every)\D{0,25}?(\d+(?:\.\d+)?)\s*(s|secs?|seconds?)\b|(\d+(?:\.\d+)?)\s*(s|secs?|seconds?)\s*(?:cycle|takt|per (?:part|cycle|pick))/i.exec(text);
  if (secs) return Number(secs[1] ?? secs[3]);
  return undefined;
}

export function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** Distance (characters) from a mention to the nearest match of a pattern, or Infinity. */
export function distanceTo(text: string, mention: Mention, pattern: RegExp, window = 40): number {
  const from = Math.max(0, mention.start - window);
  const to = Math.min(text.length, mention.end + window);
  const slice = text.slice(from, to);
  const re = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
  let best = Infinity;
  for (const m of slice.matchAll(re)) {
    const s = from + m.index;
    const e = s + m[0].length;
    const d = e <= mention.start ? mention.start - e : s >= mention.end ? s - mention.end : 0;
    best = Math.min(best, d);
  }
  return best;
}

/** Figures in a payload or reach slot whose unit is no mass or length: read once, in packages/requirements. */
export { findUnknownUnits, type UnknownUnit } from '@cellforge/requirements';
