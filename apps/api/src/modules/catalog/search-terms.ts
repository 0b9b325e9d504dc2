import { robotCategories } from '@cellforge/contracts';
import { compactText, foldText } from '@cellforge/db';
import { nth } from '../../lib/invariants';

/** Words that say nothing about which robot is meant. */
const stopWords = new Set([
  'a', 'an', 'and', 'the', 'for', 'with', 'of', 'to', 'in', 'on', 'by', 'from', 'robot', 'robots', 'robotic',
  'arm', 'arms', 'industrial', 'model', 'series', 'me', 'i', 'need', 'want', 'looking', 'best', 'good',
]);

export const MAX_SEARCH_TOKENS = 8;

/** Units after a figure ("10 kg", "900 mm"): not part of a model number. */
const unitWords = new Set(['kg', 'lb', 'g', 'mm', 'cm', 'm', 'km', 's', 'ms', 'h', 'in', 'ft', 'oz', 't', 'x', 'k', 'ip', 'kw', 'w', 'v', 'hz']);

/**
 * Words typos are corrected towards: makers, their aliases, categories, applications.
 * Trigram similarity misses transpositions ("kuak"), so these get an edit-distance check.
 */
const baseVocabulary = [
  'abb', 'fanuc', 'kuka', 'yaskawa', 'motoman', 'universal', 'kawasaki', 'staubli', 'epson', 'denso', 'nachi',
  'doosan', 'techman', 'omron', 'mitsubishi', 'melfa', 'comau', 'franka', 'kinova', 'yamaha', 'adept',
  ...robotCategories.flatMap((c) => c.split('-')),
  'assembly', 'machine', 'tending', 'welding', 'painting', 'palletizing', 'packaging', 'pick', 'place', 'material',
  'handling', 'dispensing', 'polishing', 'deburring', 'inspection', 'screwdriving', 'laboratory', 'cutting', 'press',
  'food', 'cleanroom', 'automotive', 'electronics', 'pharmaceutical', 'logistics', 'aerospace', 'plastics', 'medical',
  'semiconductors', 'cobot', 'collaborative',
];

/** Optimal string alignment distance (Damerau-Levenshtein with adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  const cell = (i: number, j: number) => nth(nth(d, i), j);
  for (let j = 1; j <= b.length; j += 1) nth(d, 0)[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(cell(i - 1, j) + 1, cell(i, j - 1) + 1, cell(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, cell(i - 2, j - 2) + 1);
      nth(d, i)[j] = v;
    }
  }
  return cell(a.length, b.length);
}

export function correctToken(token: string, vocabulary: readonly string[] = baseVocabulary): string {
  if (token.length < 4 || /\d/.test(token) || vocabulary.includes(token)) return token;
  const allowed = token.length >= 7 ? 2 : 1;
  let best: { word: string; distance: number } | null = null;
  for (const word of vocabulary) {
    if (Math.abs(word.length - token.length) > allowed) continue;
    const distance = editDistance(token, word);
    if (distance <= allowed && (!best || distance < best.distance)) best = { word, distance };
  }
  return best?.word ?? token;
}

export interface SearchTerms {
  /** Letters+digits tokens of the query, stop words removed, typos corrected, at most 8. */
  tokens: string[];
  /** The whole query compacted ("ur 10e" -> "ur10e") for model-number matching. */
  compact: string;
}

/**
 * null: no text condition (no query, or only stop words like "robot arm").
 * 'nothing': the query has no letter or digit at all, so nothing can match.
 */
export function parseSearchTerms(q: string | undefined): SearchTerms | null | 'nothing' {
  if (!q || !q.trim()) return null;
  const words = foldText(q)
    .split(/[\s,;]+/)
    .map((w) => w.replace(/[^a-z0-9]/g, ''))
    .filter(Boolean);
  if (!words.length) return 'nothing';
  // A model number typed in pieces ("crx 25 ia", "ur 10 e"): a one- or two-letter suffix after a
  // number belongs to it ("25ia"), as the catalog writes it.
  for (let i = words.length - 1; i > 0; i -= 1) {
    if (/^[a-z]{1,2}$/.test(nth(words, i)) && /\d$/.test(nth(words, i - 1)) && !stopWords.has(nth(words, i)) && !unitWords.has(nth(words, i))) {
      words.splice(i - 1, 2, nth(words, i - 1) + nth(words, i));
    }
  }
  const tokens = [...new Set(words.filter((w) => !stopWords.has(w)).map((w) => correctToken(w)))].slice(0, MAX_SEARCH_TOKENS);
  if (!tokens.length) return null;
  return { tokens, compact: compactText(tokens.join('')) };
}
