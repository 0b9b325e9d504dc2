import { findErrorCode, findKukaMessages, makersForNumber, type ErrorMaker } from '../knowledge/error-codes';

/** An alarm or error code found in a message. */
export interface CodeMention {
  /** As written, trimmed ("srvo 62"). */
  raw: string;
  /** Canonical form: "SRVO-062", "50204", "C204A3", "4100", "KSS12345". */
  code: string;
  /** The maker, when the format or the words around it tell. */
  maker?: ErrorMaker;
  /** Universal Robots: family and sub-code ("C204", "A3"). */
  family?: string;
  sub?: string;
}

/** FANUC alarm facility prefixes (the part before the dash). */
const FANUC_FACILITIES = [
  'SRVO', 'MOTN', 'SYST', 'INTP', 'PRIO', 'HOST', 'TPIF', 'SRIO', 'MACR', 'PROG', 'CVIS', 'TOOL', 'FILE', 'MEMO',
  'ACAL', 'SPOT', 'ARC', 'DNET', 'APSH', 'CMND', 'JOG', 'PALL', 'LNTK', 'TRAK', 'PNT1', 'PNT2', 'SVGN', 'FORC',
  'IRPK', 'DMER', 'COND', 'TAST', 'WEAV', 'SEAL', 'MHND', 'DICT', 'ELOG', 'OPTN', 'PWD', 'ROUT', 'SHAP', 'SPRM',
  'SSPC', 'THSR', 'VARS', 'BBOX', 'CPMO', 'ISD', 'COMP', 'TCPP', 'CALM', 'ASBN', 'ATZN', 'MUPS', 'QMGR', 'FRSY',
  'CNTR', 'TJOG', 'FXTL', 'IBSS', 'ISDT', 'SEMI', 'DTBR', 'LECO', 'LSTP', 'MCTL', 'SCIO',
];

const ERROR_WORDS = /\b(error|errors|alarm|alarms|fault|faults|code|codes|event|message|warning|fails?|failed|stopp?(?:ed|s|ing)?|shows?|showing|displays?|says|pendant|flexpendant|polyscope|smartpad|protective stop)\b/i;

const makerContext: Array<[ErrorMaker, RegExp]> = [
  ['ABB', /\b(abb|irc5|omnicore|flex ?pendant|rapid)\b/i],
  ['Yaskawa', /\b(yaskawa|motoman|yrc1000|yrc|dx100|dx200|fs100|nx100)\b/i],
  ['Epson', /\b(epson|rc\+|rc700|rc90)\b/i],
  ['Universal Robots', /\b(universal robots?|UR\d*e?|polyscope|e-series|cb3|protective stop)\b/i],
  ['KUKA', /\b(kuka|krc\d|kr c\d|smartpad|kss)\b/i],
  ['FANUC', /\b(fanuc|r-30i[ab]|teach pendant|ipendant|crx)\b/i],
];

/** Which makers the words of a text point at (in order of appearance in the table). */
export function makersInText(text: string): ErrorMaker[] {
  return makerContext.filter(([, re]) => re.test(text)).map(([m]) => m);
}

const pad3 = (n: string) => n.padStart(3, '0');

/**
 * Codes in a message. `contextMaker` is the maker known from the page (robot detail) or
 * the conversation; it decides which maker a bare number belongs to.
 */
export function extractCodes(text: string, contextMaker?: string): CodeMention[] {
  const found: CodeMention[] = [];
  const taken: Array<[number, number]> = [];
  const push = (m: CodeMention, start: number, end: number) => {
    if (taken.some(([a, b]) => start < b && end > a)) return;
    taken.push([start, end]);
    found.push(m);
  };

  const fanucRe = new RegExp(`\\b(${FANUC_FACILITIES.join('|')})\\s*[-_ ]?\\s*(\\d{1,4})\\b`, 'gi');
  for (const m of text.matchAll(fanucRe)) {
    const facility = m[1]!.toUpperCase();
    // "tool 2" or "jog 10" in plain words are not alarms: require the dash/underscore or capitals.
    const written = m[0];
    if (!/[-_]/.test(written) && written.slice(0, facility.length) !== facility) continue;
    push({ raw: written.trim(), code: `${facility}-${pad3(m[2]!)}`, maker: 'FANUC' }, m.index, m.index + written.length);
  }

  for (const m of text.matchAll(/\bKSS\s?(\d{4,5})\b/gi)) {
    push({ raw: m[0], code: `KSS${m[1]!.padStart(5, '0')}`, maker: 'KUKA' }, m.index, m.index + m[0].length);
  }

  const makers = makersInText(text);
  const hasErrorWords = ERROR_WORDS.test(text);

  // Universal Robots: C204, C204A3. Excludes model names such as Epson "C4-A601S".
  for (const m of text.matchAll(/\bC(\d{1,3})(?:A(\d{1,3}))?(?![-\w])/gi)) {
    const urContext = makers.includes('Universal Robots') || contextMaker === 'Universal Robots';
    if (!m[2] && !(urContext || (hasErrorWords && Number(m[1]) >= 4))) continue;
    const family = `C${Number(m[1])}`;
    const sub = m[2] ? `A${Number(m[2])}` : undefined;
    push({ raw: m[0], code: sub ? `${family}${sub}` : family, maker: 'Universal Robots', family, sub }, m.index, m.index + m[0].length);
  }

  // Bare numbers: ABB event numbers (5 digits), Yaskawa and Epson (4 digits).
  const numberRe = /(?<![\w.,$€£/-])(\d{4,5})(?!\w|[.,]\d|%|\s*(?:kg|kgs|lbs?|g|mm|cm|m|inch|inches|ft|s|sec|secs|seconds|usd|dollars|eur|k|hours?|h|hrs?|parts?|pieces?|units?|rpm|v|w|hz)\b|\s*(?:€|\$|°))/gi;
  for (const m of text.matchAll(numberRe)) {
    const n = m[1]!;
    const year = n.length === 4 && Number(n) >= 1990 && Number(n) <= 2100 && !/\b(alarm|error|code|event)\s*(?:no\.?|number|#)?\s*$/i.test(text.slice(0, m.index));
    if (year) continue;
    const before = text.slice(Math.max(0, m.index - 40), m.index);
    // "IRB 1200", "KR 1000": a model family word right before the number.
    const word = /([A-Za-z]{1,8})\s$/.exec(before)?.[1];
    const isMaker = word !== undefined && makerContext.some(([, re]) => re.test(word));
    if (word && !isMaker && !ERROR_WORDS.test(word) && !/^(no|number|nr|is|of|with|shows?|code|event|alarm|error|and|or|get|got|see|read|reads)$/i.test(word) && word === word.toUpperCase()) continue;
    const after = text.slice(m.index + n.length, m.index + n.length + 30);
    const nearWords = ERROR_WORDS.test(before) || /^\s*[:-]?\s*[A-Z][A-Z ()]{3,}/.test(after) || /^\s*(error|alarm|event)/i.test(after);
    const maker = pickNumberMaker(n, makers, contextMaker);
    if (!maker && !nearWords) continue;
    if (maker && !nearWords && !makers.includes(maker) && contextMaker !== maker) continue;
    if (!maker && !hasErrorWords) continue;
    push({ raw: n, code: n, maker }, m.index, m.index + n.length);
  }

  // KUKA messages are quoted by their text ("Software limit switch -A1").
  if (makers.includes('KUKA') || contextMaker === 'KUKA') {
    for (const entry of findKukaMessages(text)) {
      if (!found.some((f) => f.code === entry.code)) found.push({ raw: entry.code, code: entry.code, maker: 'KUKA' });
    }
  }

  return found;
}

/** Decides which maker a bare number belongs to, or undefined when it cannot be told. */
function pickNumberMaker(code: string, makers: ErrorMaker[], contextMaker?: string): ErrorMaker | undefined {
  const numberMakers: ErrorMaker[] = code.length === 5 ? ['ABB'] : ['Yaskawa', 'Epson'];
  const named = makers.find((m) => numberMakers.includes(m));
  if (named) return named;
  if (contextMaker && (numberMakers as string[]).includes(contextMaker)) return contextMaker as ErrorMaker;
  if (code.length === 5) return 'ABB';
  const known = makersForNumber(code).filter((m) => numberMakers.includes(m));
  return known.length === 1 ? known[0] : undefined;
}

/** The knowledge-base entry for a mention, if the code is known. */
export function lookupCode(mention: CodeMention) {
  if (!mention.maker) return undefined;
  if (mention.maker === 'Universal Robots') return findErrorCode('Universal Robots', mention.family ?? mention.code);
  return findErrorCode(mention.maker, mention.code);
}
