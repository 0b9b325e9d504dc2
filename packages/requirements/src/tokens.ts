import type { RequirementLanguage } from '@cellforge/contracts';
import { englishWords, germanStems, germanWords, spanishStems, spanishWords } from './lexicon';

export interface Token {
  raw: string;
  /** Lower case, accents removed, ß -> ss. */
  norm: string;
  kind: 'word' | 'num' | 'sym';
  start: number;
  end: number;
  /** Used by a reading (figure, maker, keyword...): no longer free text. */
  used: boolean;
}

const TOKEN_RE = /(\d+(?:[.,]\d+)*(?:[eE][+-]?\d+)?)|([\p{L}\p{M}][\p{L}\p{M}\p{N}'’_]*)|(\+\/-|\+-|<=|>=|[±≤≥<>$€£¥"”″–—\-/,;:+.()!?&%=])/gu;
const ABBREVIATIONS = new Set(['max', 'min', 'ca', 'approx', 'aprox', 'mind', 'zb', 'bzw', 'etc', 'inkl', 'incl', 'vs']);

export function fold(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss');
}

export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  TOKEN_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = TOKEN_RE.exec(text)) !== null) {
    const raw = m[0];
    const kind = m[1] !== undefined ? 'num' : m[2] !== undefined ? 'word' : 'sym';
    let norm = kind === 'word' ? fold(raw) : raw;
    if (raw === '–' || raw === '—') norm = '-';
    if (raw === '+-' || raw === '+/-') norm = '±';
    if (raw === '”' || raw === '″') norm = '"';
    const prev = out[out.length - 1];
    // "max. 5 kg", "ca. 1,4 m": the abbreviation's dot ends no sentence.
    if (raw === '.' && prev && prev.kind === 'word' && prev.end === m.index && ABBREVIATIONS.has(prev.norm)) continue;
    // "40 000 €": a space between digit groups is a thousands separator.
    if (
      kind === 'num' &&
      prev &&
      prev.kind === 'num' &&
      /^\d{1,3}$/.test(prev.raw) &&
      /^\d{3}(?:[.,]\d+)?$/.test(raw) &&
      m.index - prev.end === 1 &&
      /[ \u00a0\u202f]/.test(text[prev.end] ?? '')
    ) {
      prev.raw += raw;
      prev.norm = prev.raw;
      prev.end = m.index + raw.length;
      continue;
    }
    out.push({ raw, norm, kind, start: m.index, end: m.index + raw.length, used: false });
  }
  return out;
}

/** The language with most of its words and letters; undefined when nothing tells. */
export function detectLanguage(text: string, tokens: Token[]): RequirementLanguage | undefined {
  // Maker names are no language evidence ("Stäubli" has an umlaut in English questions too).
  text = text.replace(/st[äa]e?ubli/gi, ' ');
  let de = (text.match(/[äöüßÄÖÜ]/g)?.length ?? 0) * 2;
  let es = (text.match(/[ñáéíóú¿¡Ñ]/g)?.length ?? 0) * 2;
  let en = 0;
  for (const t of tokens) {
    if (t.kind !== 'word') continue;
    if (germanWords.has(t.norm)) de += 1;
    else if (germanStems.test(t.norm)) de += 1;
    if (spanishWords.has(t.norm)) es += 1;
    else if (spanishStems.test(t.norm)) es += 1;
    if (englishWords.has(t.norm)) en += 1;
  }
  if (de === 0 && es === 0 && en === 0) return undefined;
  if (en >= de && en >= es) return 'en';
  return de >= es ? 'de' : 'es';
}

/**
 * A figure as written: "1,5" and "1.5" are 1.5; "40,000" (English) and "40.000"
 * (German, Spanish) are 40000; with both marks the last one is the decimal mark.
 */
export function parseNumber(raw: string, language: RequirementLanguage): number {
  const m = /^([\d.,]+?)([eE][+-]?\d+)?$/.exec(raw);
  if (!m) return Number.NaN;
  let s = m[1] ?? '';
  const exp = m[2] ?? '';
  const dot = s.includes('.');
  const comma = s.includes(',');
  if (dot && comma) {
    const decimal = s.lastIndexOf('.') > s.lastIndexOf(',') ? '.' : ',';
    const group = decimal === '.' ? ',' : '.';
    s = s.split(group).join('').replace(',', '.');
  } else if (comma || dot) {
    const mark = comma ? ',' : '.';
    const parts = s.split(mark);
    // A comma is a thousands mark in English, a dot in German and Spanish: "1,200 kg", "1.500 kg".
    const groupsOfThree = parts.slice(1).every((p) => p.length === 3) && parts[0] !== '0';
    const isGroup = parts.length > 2 ? groupsOfThree : groupsOfThree && (comma ? language === 'en' : language !== 'en');
    s = isGroup ? parts.join('') : parts.join('.');
  }
  return Number(s + exp);
}

/**
 * The language a text is written in ("en", "de", "es"), by its words and letters; the
 * dominant one for mixed texts; undefined when nothing tells (figures, model names only).
 */
export function textLanguage(text: string): RequirementLanguage | undefined {
  const input = text.slice(0, 2000);
  return detectLanguage(input, tokenize(input));
}
