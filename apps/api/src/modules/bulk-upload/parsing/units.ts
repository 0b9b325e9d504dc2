import type { BulkUnit } from '@cellforge/contracts';
import { group, nth } from '../../../lib/invariants';

export type Quantity = 'mass' | 'length';

/** Factor to the base unit (kg for mass, mm for length). */
export const unitFactors: Record<BulkUnit, { quantity: Quantity; factor: number }> = {
  kg: { quantity: 'mass', factor: 1 },
  g: { quantity: 'mass', factor: 0.001 },
  lb: { quantity: 'mass', factor: 0.45359237 },
  t: { quantity: 'mass', factor: 1000 },
  mm: { quantity: 'length', factor: 1 },
  cm: { quantity: 'length', factor: 10 },
  m: { quantity: 'length', factor: 1000 },
  in: { quantity: 'length', factor: 25.4 },
  ft: { quantity: 'length', factor: 304.8 },
};

/** Spellings people use, folded to lower case without dots. */
const unitSpellings: Record<string, BulkUnit> = {
  kg: 'kg', kgs: 'kg', kilo: 'kg', kilos: 'kg', kilogram: 'kg', kilograms: 'kg', kilogramm: 'kg', kilogramme: 'kg', kilogrammes: 'kg',
  g: 'g', gr: 'g', gram: 'g', grams: 'g', gramm: 'g', gramme: 'g', grammes: 'g',
  lb: 'lb', lbs: 'lb', pound: 'lb', pounds: 'lb', '#': 'lb',
  t: 't', ton: 't', tons: 't', tonne: 't', tonnes: 't',
  mm: 'mm', millimeter: 'mm', millimeters: 'mm', millimetre: 'mm', millimetres: 'mm',
  cm: 'cm', centimeter: 'cm', centimeters: 'cm', centimetre: 'cm', centimetres: 'cm',
  m: 'm', meter: 'm', meters: 'm', metre: 'm', metres: 'm', mtr: 'm',
  in: 'in', inch: 'in', inches: 'in', '"': 'in', '”': 'in', '″': 'in', "''": 'in',
  ft: 'ft', feet: 'ft', foot: 'ft', "'": 'ft', '′': 'ft',
};

export function unitFromText(text: string): BulkUnit | null {
  const key = text.trim().toLowerCase().replace(/\.$/, '');
  return unitSpellings[key] ?? null;
}

/**
 * The unit a header names: "(lbs)", "[in]", "Payload in kg", "reach_mm", "Payload kg".
 * Only a unit in brackets or as the last word counts ("Max reach" names none).
 */
export function unitFromHeader(header: string): BulkUnit | null {
  const bracketed = /[([{]\s*([^)\]}]+?)\s*[)\]}]/.exec(header);
  if (bracketed) {
    const inside = group(bracketed, 1);
    const direct = unitFromText(inside);
    if (direct) return direct;
    // "(max, lbs)" or "(in kg)"
    for (const word of inside.split(/[\s,;/]+/).reverse()) {
      const u = unitFromText(word);
      if (u && word.length > 1) return u;
    }
  }
  const words = header
    .replace(/[([{].*?[)\]}]/g, ' ')
    .split(/[\s_\-/.:]+/)
    .filter(Boolean);
  // "Model #" and "Part #" mean number: "#" is read as pounds only in brackets ("Payload (#)").
  if (words.length >= 2 && words[words.length - 1] !== '#') {
    const last = unitFromText(nth(words, words.length - 1));
    // A lone "m"/"t"/"g"/"in" word after a name is a unit; "Reach" alone is not.
    if (last) return last;
  }
  return null;
}

export type DecimalStyle = 'point' | 'comma';

/** Votes for each decimal mark among a column's values; kept with an upload so later steps need not rescan. */
export interface DecimalVotes {
  comma: number;
  point: number;
}

/**
 * Counts the values that settle the decimal mark: "1.300,5" or "12,5" vote comma;
 * "1,300.5" or "12.5" vote point. "1,300" and "1.300" (could be either) and plain
 * integers do not vote.
 */
export function countDecimalVotes(values: Iterable<unknown>, into: DecimalVotes = { comma: 0, point: 0 }): DecimalVotes {
  for (const v of values) {
    if (typeof v !== 'string') continue;
    const s = v.replace(/[^\d.,]/g, '');
    if (!s) continue;
    const lastComma = s.lastIndexOf(',');
    const lastPoint = s.lastIndexOf('.');
    if (lastComma >= 0 && lastPoint >= 0) {
      if (lastComma > lastPoint) into.comma += 1;
      else into.point += 1;
      continue;
    }
    if (lastComma >= 0) {
      // "12,5" / "0,75" / "1,2345": not a thousands group, so a decimal comma.
      if (!/^\d{1,3}(,\d{3})+$/.test(s)) into.comma += 1;
      continue;
    }
    // "1.300.000" is thousands and "1.300" could be either; "12.5" and "1.3" are decimals.
    if (lastPoint >= 0 && !/^\d{1,3}(\.\d{3})+$/.test(s)) into.point += 1;
  }
  return into;
}

export function decideDecimalStyle(votes: DecimalVotes | null | undefined): DecimalStyle | null {
  if (!votes) return null;
  if (votes.comma > votes.point) return 'comma';
  if (votes.point > votes.comma) return 'point';
  return null;
}

/** Which decimal mark a column uses, judged from all its values; null when none settles it. */
export function detectDecimalStyle(values: Iterable<unknown>): DecimalStyle | null {
  return decideDecimalStyle(countDecimalVotes(values));
}

export type ParsedNumber =
  | { ok: true; value: number; unit: BulkUnit | null; text: string }
  | { ok: false; reason: 'empty' | 'not-a-number' | 'range' | 'unknown-unit'; text: string };

const numberWithUnit = /^([+-]?(?:\d[\d\s.,'’\u00a0\u202f]*\d|\d)?(?:[.,]\d+)?)\s*([a-zA-Zµ"'”″′#]+\.?|'')?$/;

/** "1.300,5" -> 1300.5, "1,300" -> 1300 (or 1.3 with a comma column), "1 300" -> 1300. */
export function parseLocaleNumber(raw: string, style: DecimalStyle | null): number | null {
  let s = raw.replace(/[\s'’\u00a0\u202f]/g, '');
  if (!s || !/^[+-]?[\d.,]+$/.test(s) || !/\d/.test(s)) return null;
  const lastComma = s.lastIndexOf(',');
  const lastPoint = s.lastIndexOf('.');
  if (lastComma >= 0 && lastPoint >= 0) {
    const decimal = lastComma > lastPoint ? ',' : '.';
    const thousands = decimal === ',' ? '.' : ',';
    if (s.indexOf(decimal) !== s.lastIndexOf(decimal)) return null;
    s = s.split(thousands).join('').replace(decimal, '.');
  } else if (lastComma >= 0) {
    const grouped = /^[+-]?\d{1,3}(,\d{3})+$/.test(s);
    if (grouped && style !== 'comma') s = s.replace(/,/g, '');
    else if (s.indexOf(',') === lastComma) s = s.replace(',', '.');
    else return null;
  } else if (lastPoint >= 0) {
    const grouped = /^[+-]?\d{1,3}(\.\d{3})+$/.test(s);
    const multi = s.indexOf('.') !== lastPoint;
    if (grouped && (multi || style === 'comma')) s = s.replace(/\./g, '');
    else if (multi) return null;
  }
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** A cell as a number and the unit written in it ("20 lb", "1.3 m", "850mm", 12.5). */
export function parseQuantityCell(cell: unknown, style: DecimalStyle | null): ParsedNumber {
  if (cell === null || cell === undefined) return { ok: false, reason: 'empty', text: '' };
  if (typeof cell === 'number') {
    return Number.isFinite(cell) ? { ok: true, value: cell, unit: null, text: String(cell) } : { ok: false, reason: 'not-a-number', text: String(cell) };
  }
  if (typeof cell === 'boolean') return { ok: false, reason: 'not-a-number', text: String(cell) };
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a cell is a string, number, boolean or date here
  const text = String(cell).trim();
  if (!text || text === '-' || text === '—' || /^(n\/?a|null|none|tbd|\?)$/i.test(text)) return { ok: false, reason: 'empty', text };
  const cleaned = text.replace(/^(?:ca\.?|approx\.?|~|≈|max\.?|up to)\s*/i, '');
  const match = numberWithUnit.exec(cleaned);
  if (!match || !match[1]) return { ok: false, reason: 'not-a-number', text };
  const value = parseLocaleNumber(match[1], style);
  if (value === null) return { ok: false, reason: 'not-a-number', text };
  let unit: BulkUnit | null = null;
  if (match[2]) {
    unit = unitFromText(match[2]);
    if (!unit) return { ok: false, reason: 'unknown-unit', text };
  }
  return { ok: true, value, unit, text };
}

/** Converts to kg or mm; null when the unit measures the other quantity (a length in a payload column). */
export function toBaseUnit(value: number, unit: BulkUnit, quantity: Quantity): number | null {
  const u = unitFactors[unit];
  if (u.quantity !== quantity) return null;
  return value * u.factor;
}

/** Payload to 0.1 kg, reach to 1 mm: the precision datasheets give. */
export function roundFor(quantity: Quantity, value: number): number {
  return quantity === 'mass' ? Math.round(value * 10) / 10 : Math.round(value);
}

/** "20" not "20.0", "9.1" */
export function formatNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 1000) / 1000);
}
