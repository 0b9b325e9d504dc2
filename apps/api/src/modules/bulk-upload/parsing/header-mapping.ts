import { bulkTargetFields, type BulkMappings, type BulkTargetField } from '@cellforge/contracts';
import { foldText } from '@cellforge/db';
import { editDistance } from '../../catalog';
import { nth } from '../../../lib/invariants';

/**
 * Header synonyms per target, already normalised (see normalizeHeader). Weight 1 for
 * names that can only mean the target; lower for vaguer ones ("type", "name") so a
 * clearer column wins the target when both are present.
 */
const synonyms: Record<BulkTargetField, Array<[phrase: string, weight: number]>> = {
  manufacturer: [
    ['manufacturer', 1], ['manufacturer name', 1], ['brand', 1], ['brand name', 1], ['maker', 1], ['make', 0.95], ['oem', 1],
    ['mfr', 1], ['mfg', 1], ['mfgr', 1], ['manuf', 1], ['manufact', 1], ['vendor', 0.95], ['robot manufacturer', 1],
    ['robot brand', 1], ['producer', 0.9], ['hersteller', 1], ['fabricant', 1], ['fabricante', 1], ['marque', 1], ['marca', 1],
    ['company', 0.7], ['supplier', 0.7],
  ],
  model: [
    ['model', 1], ['model name', 1], ['model number', 1], ['model no', 1], ['model nr', 1], ['model num', 1], ['model id', 1],
    ['model code', 1], ['robot model', 1], ['robot', 0.95], ['robot name', 0.95], ['robot type', 0.9], ['type', 0.8],
    ['part number', 0.9], ['part no', 0.9], ['part nr', 0.9], ['pn', 0.85], ['sku', 0.85], ['product', 0.8],
    ['product name', 0.85], ['article', 0.75], ['modell', 1], ['modele', 1], ['modelo', 1], ['typ', 0.8], ['name', 0.7],
    ['designation', 0.8], ['series', 0.6],
  ],
  payload_kg: [
    ['payload', 1], ['max payload', 1], ['maximum payload', 1], ['rated payload', 1], ['payload capacity', 1],
    ['wrist payload', 1], ['load capacity', 1], ['handling capacity', 1], ['carrying capacity', 1], ['max load', 0.95],
    ['load', 0.85], ['capacity', 0.8], ['lifting capacity', 0.95], ['nutzlast', 1], ['traglast', 1], ['charge utile', 1],
    ['charge', 0.8], ['carga', 0.9], ['carga util', 1], ['weight capacity', 0.9], ['payload kg', 1],
  ],
  reach_mm: [
    ['reach', 1], ['max reach', 1], ['maximum reach', 1], ['horizontal reach', 1], ['arm reach', 1], ['working range', 1],
    ['working radius', 1], ['work envelope', 0.9], ['operating range', 0.95], ['radius', 0.85], ['range', 0.75],
    ['reichweite', 1], ['arbeitsbereich', 0.95], ['portee', 1], ['alcance', 1], ['reach mm', 1], ['stroke', 0.6],
  ],
  dof: [
    ['dof', 1], ['axes', 1], ['axis', 0.95], ['no of axes', 1], ['number of axes', 1], ['num axes', 1], ['axes count', 1],
    ['axis count', 1], ['degrees of freedom', 1], ['degree of freedom', 1], ['dofs', 1], ['joints', 0.9],
    ['number of joints', 0.95], ['achsen', 1], ['anzahl achsen', 1], ['achszahl', 1], ['axes nb', 1], ['nb axes', 1], ['ejes', 1],
  ],
};

/** Words that qualify a name without changing what it is ("Max Payload", "Robot Model"). */
const qualifiers = new Set(['max', 'maximum', 'rated', 'nominal', 'the', 'of', 'robot', 'robots', 'total', 'std', 'standard', 'spec']);
const unitWords = new Set([
  'kg', 'kgs', 'lb', 'lbs', 'g', 't', 'mm', 'cm', 'm', 'in', 'inch', 'inches', 'ft', 'feet', 'meter', 'meters', 'metre', 'metres',
  'pounds', 'pound', 'kilogram', 'kilograms', 'millimeter', 'millimeters', 'millimetre', 'millimetres',
]);

/** Lower case, no accents, units in brackets removed, punctuation to spaces, "#"/"no." to "no". */
export function normalizeHeader(header: string): string {
  return foldText(header)
    .replace(/[([{][^)\]}]*[)\]}]/g, ' ')
    .replace(/#/g, ' no ')
    .replace(/\bn[°º]/g, ' no ')
    .replace(/([a-z])([0-9])/g, '$1 $2')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/\s+/g, ' ');
}

function wordsOf(normalized: string): string[] {
  return normalized.split(' ').filter(Boolean);
}

/** The header without unit words at its end ("payload kg" -> "payload", "reach in" -> "reach"). */
function withoutTrailingUnits(words: string[]): string[] {
  const out = [...words];
  while (out.length > 1 && unitWords.has(nth(out, out.length - 1))) out.pop();
  return out;
}

function fuzzyWordEqual(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length < 4 || b.length < 4) return false;
  const allowed = Math.max(a.length, b.length) >= 8 ? 2 : 1;
  return Math.abs(a.length - b.length) <= allowed && editDistance(a, b) <= allowed;
}

/** How well one normalised header names one target: 0..1. */
export function scoreHeader(header: string, target: BulkTargetField): number {
  const normalized = normalizeHeader(header);
  if (!normalized) return 0;
  const words = withoutTrailingUnits(wordsOf(normalized));
  const full = words.join(' ');
  const core = words.filter((w) => !qualifiers.has(w)).join(' ');
  let best = 0;
  for (const [phrase, weight] of synonyms[target]) {
    if (phrase === full || (core && phrase === core)) {
      best = Math.max(best, weight);
      continue;
    }
    const pw = phrase.split(' ');
    const hw = core ? core.split(' ') : words;
    // The synonym appears as whole words inside a longer header ("robot payload capacity").
    const joined = ` ${hw.join(' ')} `;
    if (pw.length >= 1 && joined.includes(` ${phrase} `) && phrase.length >= 3) {
      best = Math.max(best, weight * (0.9 - 0.05 * Math.max(0, hw.length - pw.length - 1)));
      continue;
    }
    // Token overlap with typo tolerance ("paylod", "manufaturer").
    const matched = pw.filter((p) => hw.some((h) => fuzzyWordEqual(h, p))).length;
    if (matched) {
      const overlap = matched / Math.max(pw.length, hw.length);
      best = Math.max(best, weight * 0.8 * overlap);
    }
  }
  return Math.round(best * 1000) / 1000;
}

/** Below this a header is not suggested for any target. */
export const MATCH_THRESHOLD = 0.5;

/**
 * column -> target suggestions: every (column, target) pair is scored, then the best
 * pairs are taken first, each target at most once and each column at most once;
 * columns that match nothing map to null. Ties keep the left-most column.
 */
export function suggestMappings(columns: readonly string[]): BulkMappings {
  const pairs: Array<{ column: number; target: BulkTargetField; score: number }> = [];
  columns.forEach((column, i) => {
    for (const target of bulkTargetFields) {
      const score = scoreHeader(column, target);
      if (score >= MATCH_THRESHOLD) pairs.push({ column: i, target, score });
    }
  });
  pairs.sort((a, b) => b.score - a.score || a.column - b.column);
  const out: BulkMappings = {};
  for (const c of columns) out[c] = null;
  const usedTargets = new Set<BulkTargetField>();
  const usedColumns = new Set<number>();
  for (const p of pairs) {
    if (usedTargets.has(p.target) || usedColumns.has(p.column)) continue;
    usedTargets.add(p.target);
    usedColumns.add(p.column);
    out[nth(columns, p.column)] = p.target;
  }
  return out;
}
