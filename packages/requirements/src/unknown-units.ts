/**
 * Figures with a unit word no reader knows, in a payload or reach slot ("a payload of 5
 * lightyears", "reach 3 parsecs", "Traglast 5 Lichtjahre"): read once here, so the chat says
 * them back plainly and the catalog search's reading says them instead of dropping them
 * (issue 12, session 15). Moved from apps/api ai/understanding/units.ts.
 */

const group = (m: RegExpMatchArray, n: number): string => m[n] ?? '';

/** A figure with a unit word no reader knows, in a payload or reach slot ("a payload of 5 lightyears", "3 gallons reach"). */
export interface UnknownUnit {
  slot: 'payload' | 'reach';
  /** The figure and the word as written ("5 lightyears"). */
  said: string;
}

/** Unit words the readers know (this file's and packages/requirements'), in English, German and Spanish. */
const KNOWN_UNIT = /^(?:kg|kgs|kilos?|kilo(?:gram(?:me)?s?|gramm|gramos?)|lbs?|pounds?|libras?|g|gr|grams?|gramm|gramos?|t|tons?|tonnes?|tonnen|toneladas?|oz|ounces?|onzas?|unzen?|mm|cm|m|millimet(?:er|re)s?|milímetros?|centimet(?:er|re)s?|zentimeter|centímetros?|met(?:er|re)s?|metros?|in|inch(?:es)?|zoll|pulgadas?|ft|feet|foot|fu(?:ß|ss)|pies?|k|grand|thousand|million|mio|usd|eur|euros?|dollars?|bucks)$/i;
/** Words after a figure that are not a unit: counts, axes, time, rates, joining words. */
const NOT_A_UNIT = /^(?:x|mal|veces|times|axes|axis|achsen|ejes|degrees?|grad|grados|percent|prozent|por|per|pro|each|je|cada|and|or|und|oder|y|o|to|bis|a|hasta|for|für|para|with|mit|con|at|bei|en|s|sec|secs|seconds?|sekunden|segundos|min|mins|minutes?|minuten|minutos|h|hrs?|hours?|stunden|horas|picks?|cycles?|parts?|pieces?|pcs|box(?:es)?|bags?|sacks?|cases?|cartons?|products?|items?|units?|robots?|arms?|cobots?|pallets?|layers?|people|persons?|workers?|shelves|stations?|machines?|conveyors?|more|less|extra|additional|mehr|weniger|más|menos|approx|about|around|ca|max|min|maximum|minimum|plus|or so|ish)$/i;
const PAYLOAD_SLOT = String.raw`payloads?|capacity|carry(?:ing)?|lift(?:ing)?|weigh(?:s|ing)?|traglast|nutzlast|tragen|carga(?:\s+útil)?|cargar|peso`;
const REACH_SLOT = String.raw`reach(?:es|ing)?|radius|reichweite|alcance`;
const FILLER = String.raw`(?:\s*(?:(?:of|is|von|de|about|around|at least|up to|mindestens|bis zu|hasta|al menos|unos?|etwa|ca|an?|una?|ein(?:e|en)?)\b\.?|[:=]))*`;

function unknownWordsIn(text: string, slot: UnknownUnit['slot'], slotWords: string): UnknownUnit[] {
  const out: UnknownUnit[] = [];
  const fig = String.raw`(\d+(?:[.,]\d+)?)\s*([\p{L}][\p{L}-]*)`;
  const after = new RegExp(String.raw`\b(?:${slotWords})\b${FILLER}\s*${fig}`, 'giu');
  const before = new RegExp(String.raw`(?<![\w.])${fig}\s+(?:of\s+|de\s+)?(?:${slotWords})\b`, 'giu');
  for (const re of [after, before]) {
    for (const m of text.matchAll(re)) {
      const word = group(m, 2);
      if (word.length < 2 || KNOWN_UNIT.test(word) || NOT_A_UNIT.test(word)) continue;
      // "5 more kg": a known unit right after the word is the unit.
      const next = /^\s*([\p{L}]+)/u.exec(text.slice(m.index + m[0].length));
      if (re === after && next && KNOWN_UNIT.test(group(next, 1))) continue;
      out.push({ slot, said: `${group(m, 1)} ${word}` });
    }
  }
  return out;
}

/** Figures in a payload or reach slot whose unit word is not a mass or a length ("a payload of 5 lightyears"). */
export function findUnknownUnits(text: string): UnknownUnit[] {
  const found = [...unknownWordsIn(text, 'payload', PAYLOAD_SLOT), ...unknownWordsIn(text, 'reach', REACH_SLOT)];
  return found.filter((u, i) => found.findIndex((x) => x.said.toLowerCase() === u.said.toLowerCase()) === i);
}
