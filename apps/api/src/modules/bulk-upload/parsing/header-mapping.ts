import { bulkTargetFieldsFor, type BulkMappings, type BulkTargetField } from '@cellforge/contracts';
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
  // Issue 14: the other robot fields. Short words that typos could reach ("link"/"line",
  // "land"/"hand") weigh under 0.625, so only an exact header suggests them.
  category: [
    ['category', 1], ['robot category', 1], ['robot class', 0.9], ['kinematics', 0.9], ['kategorie', 1], ['categoria', 1], ['categorie', 1],
    ['bauart', 0.9], ['robotertyp', 0.85], ['tipo de robot', 0.9], ['tipo', 0.75], ['class', 0.6], ['robot type', 0.85], ['type', 0.7],
  ],
  repeatability_mm: [
    ['repeatability', 1], ['pose repeatability', 1], ['position repeatability', 1], ['positional repeatability', 1], ['accuracy', 0.8],
    ['wiederholgenauigkeit', 1], ['repetibilidad', 1], ['repetabilite', 1], ['repeatability mm', 1], ['precision', 0.7],
  ],
  weight_kg: [
    ['weight', 1], ['robot weight', 1], ['arm weight', 1], ['net weight', 1], ['mass', 0.6], ['eigengewicht', 1], ['gewicht', 1],
    ['peso', 1], ['poids', 1], ['weight kg', 1],
  ],
  price_usd: [
    ['price', 1], ['list price', 1], ['price usd', 1], ['usd price', 1], ['msrp', 1], ['cost', 0.6], ['preis', 1], ['listenpreis', 1],
    ['precio', 1], ['prix', 1], ['unit price', 1],
  ],
  applications: [
    ['applications', 1], ['application', 1], ['use cases', 0.9], ['use case', 0.9], ['anwendungen', 1], ['anwendung', 1],
    ['einsatzgebiete', 0.95], ['aplicaciones', 1], ['aplicacion', 1], ['tasks', 0.6],
  ],
  industries: [
    ['industries', 1], ['industry', 1], ['sectors', 0.95], ['sector', 0.95], ['branchen', 1], ['branche', 1], ['industrias', 1],
    ['industria', 1], ['markets', 0.6],
  ],
  description: [
    ['description', 1], ['notes', 0.95], ['note', 0.6], ['comments', 0.9], ['remarks', 0.9], ['summary', 0.85], ['beschreibung', 1],
    ['bemerkungen', 0.9], ['bemerkung', 0.9], ['descripcion', 1], ['notas', 0.9], ['product description', 1],
  ],
  datasheet_source: [
    ['datasheet', 1], ['data sheet', 1], ['datasheet url', 1], ['datasheet link', 1], ['spec sheet', 1], ['source', 0.6], ['url', 0.85],
    ['link', 0.6], ['datenblatt', 1], ['ficha tecnica', 1], ['hoja de datos', 1], ['fiche technique', 1],
  ],
  ip_rating: [
    ['ip rating', 1], ['ip', 1], ['ip class', 1], ['ip code', 1], ['ip protection', 1], ['ingress protection', 1], ['protection rating', 1],
    ['protection class', 0.95], ['protection', 0.8], ['schutzart', 1], ['schutzklasse', 0.9], ['ip schutzart', 1], ['grado de proteccion', 1],
    ['proteccion', 0.9], ['grado ip', 1], ['indice de protection', 1], ['indice ip', 1],
  ],
  cleanroom_iso_class: [
    ['cleanroom', 1], ['clean room', 1], ['cleanroom class', 1], ['clean room class', 1], ['cleanroom iso class', 1], ['iso class', 0.95],
    ['cleanliness class', 0.95], ['reinraum', 1], ['reinraumklasse', 1], ['sala limpia', 1], ['clase de sala limpia', 1], ['salle blanche', 1],
  ],
  food_grade: [
    ['food grade', 1], ['food safe', 1], ['food', 0.6], ['hygienic', 0.85], ['hygienic design', 1], ['h1 lubricant', 0.9],
    ['lebensmitteltauglich', 1], ['lebensmittelecht', 1], ['lebensmittel', 0.9], ['grado alimenticio', 1], ['grado alimentario', 1],
    ['apto para alimentos', 1], ['alimentario', 0.9], ['qualite alimentaire', 1],
  ],
  mounting: [
    ['mounting', 1], ['mounting position', 1], ['mounting options', 1], ['mounting orientation', 1], ['installation', 0.8],
    ['installation position', 1], ['orientation', 0.85], ['einbaulage', 1], ['montageart', 1], ['montage', 0.9], ['montaje', 1],
    ['posicion de montaje', 1], ['tipo de montaje', 1], ['montage position', 1],
  ],
  max_speed_mm_s: [
    ['speed', 1], ['max speed', 1], ['tcp speed', 1], ['maximum speed', 1], ['velocity', 0.95], ['tcp velocity', 1], ['max velocity', 1],
    ['linear speed', 1], ['geschwindigkeit', 1], ['velocidad', 1], ['velocidad maxima', 1], ['vitesse', 1], ['speed mm s', 1],
  ],
  maker_country: [
    ['country of origin', 1], ['country', 0.9], ['origin', 0.9], ['made in', 1], ['maker country', 1], ['manufacturer country', 1],
    ['home country', 1], ['herkunftsland', 1], ['ursprungsland', 1], ['land', 0.6], ['pais', 0.95], ['pais de origen', 1], ['origen', 0.9],
    ['pays', 0.9], ['pays d origine', 1],
  ],
  // The offer's terms (suppliers only): the headers of stock lists ("Cond.", "Währung", "Lieferzeit (Wochen)", "Qty").
  currency: [
    ['currency', 1], ['curr', 1], ['cur', 0.9], ['ccy', 1], ['currency code', 1], ['iso currency', 1], ['price currency', 1], ['wahrung', 1],
    ['waehrung', 1], ['moneda', 1], ['divisa', 1], ['devise', 1], ['monnaie', 1], ['valuta', 1],
  ],
  condition: [
    ['condition', 1], ['cond', 1], ['robot condition', 1], ['new used', 1], ['new or used', 1], ['zustand', 1], ['estado', 0.95], ['etat', 0.95],
    ['condizione', 1], ['condicion', 1], ['state', 0.6], ['grade', 0.55],
  ],
  lead_time_weeks: [
    ['lead time', 1], ['leadtime', 1], ['lead time weeks', 1], ['delivery time', 1], ['delivery', 0.8], ['lead', 0.6], ['shipping time', 0.85],
    ['time to ship', 0.85], ['availability', 0.7], ['lieferzeit', 1], ['lieferfrist', 1], ['liefertermin', 0.9], ['verfugbarkeit', 0.7],
    ['plazo de entrega', 1], ['plazo', 0.85], ['tiempo de entrega', 1], ['delai de livraison', 1], ['delai', 0.85], ['tempi di consegna', 1],
  ],
  quantity: [
    ['quantity', 1], ['qty', 1], ['quantity available', 1], ['available quantity', 1], ['units available', 1], ['units', 0.7], ['stock', 0.8],
    ['in stock', 0.85], ['on hand', 0.85], ['pcs', 0.85], ['menge', 1], ['stuckzahl', 1], ['stuck', 0.9], ['bestand', 0.9], ['anzahl', 0.75],
    ['cantidad', 1], ['quantite', 1], ['quantita', 1], ['count', 0.6],
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
    // The whole header as written counts too ("made in": "in" is not a unit there).
    if (phrase === full || phrase === normalized || (core && phrase === core)) {
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
 * columns that match nothing map to null. Ties keep the left-most column. `role`: a
 * supplier's file is also matched against the offer's terms (currency, condition, ...).
 */
export function suggestMappings(columns: readonly string[], role: 'integrator' | 'supplier' = 'integrator'): BulkMappings {
  const pairs: Array<{ column: number; target: BulkTargetField; score: number }> = [];
  // Integrators are never offered the offer's terms (suppliers' fields).
  const targets = bulkTargetFieldsFor(role);
  columns.forEach((column, i) => {
    for (const target of targets) {
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
