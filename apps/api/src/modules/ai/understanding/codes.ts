import { errorMakers, findErrorCode, findKrnxName, findKukaMessages, type ErrorMaker } from '../knowledge/error-codes';
import { group } from '../../../lib/invariants';

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
  /** Read only by its shape under a named maker ("FANUC ZQX-9981"): a model of that name is no code. */
  shapeOnly?: boolean;
}

/** FANUC alarm facility prefixes (the part before the dash). */
const FANUC_FACILITIES = [
  'SRVO', 'MOTN', 'SYST', 'INTP', 'PRIO', 'HOST', 'TPIF', 'SRIO', 'MACR', 'PROG', 'CVIS', 'TOOL', 'FILE', 'MEMO',
  'ACAL', 'SPOT', 'ARC', 'DNET', 'APSH', 'CMND', 'JOG', 'PALL', 'LNTK', 'TRAK', 'PNT1', 'PNT2', 'SVGN', 'FORC',
  'IRPK', 'DMER', 'COND', 'TAST', 'WEAV', 'SEAL', 'MHND', 'DICT', 'ELOG', 'OPTN', 'PWD', 'ROUT', 'SHAP', 'SPRM',
  'SSPC', 'THSR', 'VARS', 'BBOX', 'CPMO', 'ISD', 'COMP', 'TCPP', 'CALM', 'ASBN', 'ATZN', 'MUPS', 'QMGR', 'FRSY',
  'CNTR', 'TJOG', 'FXTL', 'IBSS', 'ISDT', 'SEMI', 'DTBR', 'LECO', 'LSTP', 'MCTL', 'SCIO',
];

/** Facilities that are also everyday words: read only when written as codes ("TOOL-021"). */
const FANUC_WORD_FACILITIES = new Set(['TOOL', 'JOG', 'FILE', 'MEMO', 'SEAL', 'COND', 'COMP', 'ARC', 'SPOT', 'FORC', 'PROG', 'HOST', 'PWD', 'ROUT', 'SHAP', 'VARS', 'ISD', 'SEMI', 'CALM', 'OPTN', 'TRAK', 'WEAV', 'CMND', 'DICT', 'TAST']);

/** Words around an alarm (English, German, Spanish, French, Italian, Portuguese). */
const ERROR_WORDS = /\b(error|errors|alarm|alarms|fault|faults|code|codes|event|message|warning|fails?|failed|failure|stopp?(?:ed|s|ing)?|shows?|showing|displays?|says|pendant|flexpendant|polyscope|smartpad|protective stop|fehler|fehlermeldung|st[öo]rung|meldung|alarma|alarmas|c[óo]digo|falla|fallo|aviso|alarme|d[ée]faut|erreur|errore|allarme|guasto|erro|falha|meldet|zeigt)\b/i;

/**
 * Maker names and controller / pendant / series names. A controller name tells the maker and
 * is never itself a code ("KR C4" is not the Universal Robots code C4).
 */
const makerContext: Array<[ErrorMaker, RegExp]> = [
  ['ABB', /\b(abb|irc5|omnicore|flex ?pendant|rapid|robotware|irb)\b/gi],
  ['Yaskawa', /\b(yaskawa|motoman|yrc ?1000(?:micro)?|yrc|dx ?100|dx ?200|fs ?100|nx ?100|xrc)\b/gi],
  ['Epson', /\b(epson|rc\+|rc ?700(?:-a)?|rc ?90|rc ?800)(?=\W|$)/gi],
  ['Universal Robots', /\b(universal[- ]robots?|polyscope|e-series|cb ?3(?:\.\d)?|cb-series)\b/gi],
  ['Universal Robots', /\bUR(?:\d{1,2}e?)?\b/g],
  ['KUKA', /\b(kuka|kr ?c ?\d|krc ?\d|smartpad|kss|kcp)\b/gi],
  ['FANUC', /(?<![\w-])(fanuc|r-30i[ab](?: plus| mini(?: plus)?)?|r-j3i?[bc]?|r-j2|ipendant|crx)(?![\w-])/gi],
  ['Denso', /\b(denso|rc ?8a?|rc ?7m?|rc ?9|cobotta|wincaps)\b/gi],
  // KRNX is Kawasaki's PC library (its ROS drivers khi_robot / khi_ros2 log "krnx_Open returned -0x1100").
  ['Kawasaki', /\b(kawasaki|krnx(?:_\w+)?|khi_ros2|khi_robot)\b/gi],
  ['Stäubli', /\b(st[äa]e?ubli|cs ?8c?|cs ?9|cs ?7|srs)\b/gi],
  ['Omron', /\bomron\b/gi],
  ['Techman Robot', /\b(techman|tm ?flow|tm robot)\b/gi],
];

/** Makers whose controllers show their error codes in hexadecimal (Denso RC5/RC7/RC8/RC9, Omron and Techman TM). */
const HEX_MAKERS: ReadonlySet<ErrorMaker> = new Set<ErrorMaker>(['Denso', 'Omron', 'Techman Robot']);
/**
 * Makers whose codes include numbers of one to three digits: Epson's error list (27, 28...) and
 * Stäubli (the CS8C manual's fieldbus statuses 1-32, uniVAL plc error IDs 1-40). Only under such a
 * maker is "error 150" read as a code; Stäubli has no verified entry, so it is said to be unknown.
 */
const LOW_NUMBER_MAKERS: ReadonlySet<ErrorMaker> = new Set<ErrorMaker>(['Epson', 'Stäubli']);

/** A buyer's question ("ABB 6700 for 150 kg"): a number after a maker name is then a model, not an alarm. */
const BUYER_WORDS = /\b(kg|kgs|lbs?|mm|reach|payload|price|budget|buy|quote|compare|vs\.?|versus|cobot|recommend|need an?)\b/i;

const MAKER_WORD = /^(abb|kuka|fanuc|yaskawa|motoman|epson|denso|kawasaki|st[äa]e?ubli|omron|techman|ur)$/i;

interface MakerMention {
  maker: ErrorMaker;
  start: number;
  end: number;
}

function makerMentions(text: string): MakerMention[] {
  const found: MakerMention[] = [];
  for (const [maker, re] of makerContext) {
    for (const m of text.matchAll(re)) found.push({ maker, start: m.index, end: m.index + m[0].length });
  }
  return found.sort((a, b) => a.start - b.start);
}

/** Which makers the words of a text point at (maker and controller names), first named first. */
export function makersInText(text: string): ErrorMaker[] {
  return [...new Set(makerMentions(text).map((m) => m.maker))];
}

/** The maker named nearest to a position (before or after it). */
function nearestMaker(mentions: MakerMention[], start: number, end: number): ErrorMaker | undefined {
  let best: MakerMention | undefined;
  let bestD = Infinity;
  for (const m of mentions) {
    const d = m.end <= start ? start - m.end : m.start >= end ? m.start - end : 0;
    if (d < bestD) {
      best = m;
      bestD = d;
    }
  }
  return best?.maker;
}

const pad3 = (n: string) => n.padStart(3, '0');

/**
 * Codes in a message. `contextMaker` is the maker known from the page (robot detail) or
 * the conversation; it decides which maker a bare number belongs to when the message
 * names none. A bare number is never given a maker the message or context does not name.
 */
export function extractCodes(text: string, contextMaker?: string): CodeMention[] {
  const found: CodeMention[] = [];
  const taken: Array<[number, number]> = [];
  const push = (m: CodeMention, start: number, end: number) => {
    if (taken.some(([a, b]) => start < b && end > a)) return;
    taken.push([start, end]);
    found.push(m);
  };

  const mentions = makerMentions(text);
  const named = [...new Set(mentions.map((m) => m.maker))];
  const context = (errorMakers as readonly string[]).includes(contextMaker ?? '') ? (contextMaker as ErrorMaker) : undefined;
  // Controller and maker names are blanked out so that their digits are not read as codes.
  let scan = text;
  for (const m of mentions) scan = scan.slice(0, m.start) + ' '.repeat(m.end - m.start) + scan.slice(m.end);
  const hasErrorWords = ERROR_WORDS.test(text);
  const makerAt = (start: number, end: number) => nearestMaker(mentions, start, end) ?? context;

  const fanucRe = new RegExp(`\\b(${FANUC_FACILITIES.join('|')})\\s*[-_ ]?\\s*(\\d{1,4})\\b`, 'gi');
  for (const m of scan.matchAll(fanucRe)) {
    const facility = group(m, 1).toUpperCase();
    // "tool 2" or "jog 10" in plain words are not alarms: a facility that is also a word needs the
    // dash/underscore or capitals; the others are read as typed on a phone too ("srvo062",
    // "srvo 62 on my fanuc") when written as one word or beside FANUC or an alarm word.
    const written = m[0];
    const styled = /[-_]/.test(written) || written.slice(0, facility.length) === facility;
    const fanucNear = named.includes('FANUC') || context === 'FANUC' || hasErrorWords;
    if (!styled && (FANUC_WORD_FACILITIES.has(facility) || (/\s/.test(written) && !fanucNear))) continue;
    push({ raw: written.trim(), code: `${facility}-${pad3(group(m, 2))}`, maker: 'FANUC' }, m.index, m.index + written.length);
  }

  // Read in the text itself: "KSS" alone is blanked as a KUKA mention, which would hide "KSS 1356".
  for (const m of text.matchAll(/\bKSS\s?(\d{4,5})\b/gi)) {
    push({ raw: m[0], code: `KSS${group(m, 1).padStart(5, '0')}`, maker: 'KUKA' }, m.index, m.index + m[0].length);
  }

  // Universal Robots: C204, C204A3. Excludes model names such as Epson "C4-A601S" and
  // controller names ("KR C4", blanked above). Under another maker a plain "C4" is no UR code.
  const urNamed = named.includes('Universal Robots') || context === 'Universal Robots';
  // A code already read as another maker's in the same message ("C4 shows KSS01356": KUKA's
  // message number) makes "C4" that maker's controller, as a maker's name does.
  const otherCoded = found.some((c) => c.maker !== undefined && c.maker !== 'Universal Robots');
  const otherNamed = otherCoded || named.some((m) => m !== 'Universal Robots') || (context !== undefined && context !== 'Universal Robots');
  for (const m of scan.matchAll(/\bC(\d{1,3})(?:A(\d{1,3}))?(?![-\w])/gi)) {
    if (!urNamed && (otherNamed || !(m[2] || (hasErrorWords && Number(m[1]) >= 4)))) continue;
    const family = `C${Number(m[1])}`;
    const sub = m[2] ? `A${Number(m[2])}` : undefined;
    push({ raw: m[0], code: sub ? `${family}${sub}` : family, maker: 'Universal Robots', family, sub }, m.index, m.index + m[0].length);
  }

  // Kawasaki's KRNX library names its return codes ("KRNX_E_OPEN_NETWORK"): read as that code.
  for (const m of text.matchAll(/\bKRNX_E_[A-Z_]+\b/gi)) {
    const entry = findKrnxName(m[0]);
    if (entry) push({ raw: m[0], code: entry.code, maker: 'Kawasaki' }, m.index, m.index + m[0].length);
  }

  // Hexadecimal codes (Denso "0x6003"): the maker named nearest, else the context's. Kawasaki's
  // KRNX return codes are negative ("krnx_Open returned -0x1100"): the sign is kept under Kawasaki.
  for (const m of scan.matchAll(/(-?)\b0x([0-9a-f]{4,8})\b/gi)) {
    const maker = makerAt(m.index, m.index + m[0].length);
    if (!maker && !hasErrorWords) continue;
    const sign = maker === 'Kawasaki' ? group(m, 1) : '';
    const start = m.index + (sign ? 0 : group(m, 1).length);
    push({ raw: m[0].slice(start - m.index), code: `${sign}0x${group(m, 2).toUpperCase()}`, maker }, start, m.index + m[0].length);
  }

  // Makers whose controllers show hexadecimal codes (Denso "84A7", "6003", RC8 "83201453"; Omron/Techman
  // TM): under such a maker (named nearest, else the page's or conversation's), a word of 4 or 8
  // hexadecimal characters with a digit and a letter A-F is read as its code, as typed ("84a7" too).
  // Words of digits only follow the numbers' rules below (years, prices, model numbers).
  for (const m of scan.matchAll(/(?<![\w.,$€£/-])([0-9a-f]{8}|[0-9a-f]{4})(?![\w-]|[.,]\d)/gi)) {
    const word = group(m, 1);
    if (!/\d/.test(word) || !/[a-f]/i.test(word)) continue;
    const maker = makerAt(m.index, m.index + word.length);
    if (!maker || !HEX_MAKERS.has(maker)) continue;
    push({ raw: word, code: word.toUpperCase(), maker }, m.index, m.index + word.length);
  }

  // Kawasaki: a letter and four digits ("E4000", "P0108", "W1003"), only with Kawasaki named.
  if (named.includes('Kawasaki') || context === 'Kawasaki') {
    for (const m of scan.matchAll(/\(?\b([EPW])(\d{4})\b\)?/g)) {
      push({ raw: m[0], code: `${m[1]}${m[2]}`, maker: 'Kawasaki' }, m.index, m.index + m[0].length);
    }
  }

  // Low error numbers ("Epson error 27", "Staubli CS8C shows runtime error 150"): one to three digits
  // right after an alarm word, read only when the maker named nearest (or the page's or conversation's
  // maker) is one whose codes include such numbers. "error 3 times a day" is a count, not a code.
  for (const m of scan.matchAll(/\b(?:error|err|alarm|code|fehler|alarma|c[óo]digo|erreur|errore)\s*(?:no\.?|nr\.?|number|#)?\s*(\d{1,3})(?![\w.,]|\s*(?:kg|mm|cm|%|°|s\b|sec|times\b|x\b|mal\b|veces\b|fois\b))/gi)) {
    const n = group(m, 1);
    const start = m.index + m[0].length - n.length;
    const maker = makerAt(start, start + n.length);
    if (!maker || !LOW_NUMBER_MAKERS.has(maker)) continue;
    push({ raw: n, code: String(Number(n)), maker }, start, start + n.length);
  }

  // Bare numbers (ABB event numbers, Yaskawa, Epson, KUKA message numbers...): the maker
  // named nearest in the message, else the page's or conversation's maker, else none.
  const numberRe = /(?<![\w.,$€£/-])(\d{4,5})(?!\w|[.,]\d|%|\s*(?:kg|kgs|lbs?|g|mm|cm|m|inch|inches|ft|s|sec|secs|seconds|usd|dollars|eur|k|hours?|h|hrs?|parts?|pieces?|units?|rpm|v|w|hz|cycles?|per)\b|\s*(?:€|\$|°))/gi;
  for (const m of scan.matchAll(numberRe)) {
    const n = group(m, 1);
    const year = n.length === 4 && Number(n) >= 1990 && Number(n) <= 2100 && !/\b(alarm|error|code|event|fehler|alarma)\s*(?:no\.?|number|nr\.?|#)?\s*$/i.test(text.slice(0, m.index));
    if (year) continue;
    const before = text.slice(Math.max(0, m.index - 40), m.index);
    // "IRB 1200", "KR 1000": a model family word right before the number (a maker name is not).
    const word = /([A-Za-z]{1,8})\s$/.exec(before)?.[1];
    if (word && !MAKER_WORD.test(word) && !ERROR_WORDS.test(word) && !/^(no|nr|number|is|of|with|code|and|or|get|got|see|read|reads|does|what|about)$/i.test(word) && word === word.toUpperCase()) continue;
    const after = text.slice(m.index + n.length, m.index + n.length + 48);
    const maker = makerAt(m.index, m.index + n.length);
    // "Got a 50056 on the flexpendant", "our GP7 threw 4312": a number something shows or throws, with a maker or alarm words around.
    const shownNumber = /\b(got|get|gets|getting|threw|throws|throwing|thrown|gives|giving|gave|seeing|saw)\s+(?:an?\s+|the\s+|this\s+)?$/i.test(before) && (maker !== undefined || hasErrorWords);
    const nearWords = shownNumber || ERROR_WORDS.test(before) || /^\s*[:-]?\s*[A-Z][A-Z ()]{3,}/.test(after) || /^\s*(error|alarm|event|mean|means|meaning)\b/i.test(after) || /^\s*(?:J\d\s+)?[a-z ]{0,30}\b(?:failure|error|alarm|fault)\b/i.test(after) || /^\s*[:-]\s*[A-Z][a-z]+/.test(after);
    // Without alarm words, only a number right after a maker or controller name ("ABB IRC5 50204").
    const afterMakerName = mentions.some((x) => x.end <= m.index && /^[\s:,#-]*$/.test(text.slice(x.end, m.index)));
    if (!nearWords && (!afterMakerName || BUYER_WORDS.test(text))) continue;
    if (!ERROR_WORDS.test(before.slice(-12)) && /\b(budget|price|prices|cost|costs|under|below|max(?:imum)?|around|about|approx\.?|up to|spend|for)\s*$/i.test(before)) continue;
    push({ raw: n, code: n, maker }, m.index, m.index + n.length);
  }

  // Any other code-shaped word under a named maker ("FANUC ZQX-9981", "my fanuc shows QQA-123"):
  // capitals, a dash and digits, nothing after (model names end in letters: "CRX-10iA", and
  // controller names were blanked above). Read as that maker's code, so an unknown one is said
  // to be unknown for that maker instead of being taken for a question about something else.
  // Only when the message holds no code of a known format ("Denso VS-087 shows error 6413": the model, not a code).
  for (const m of found.length ? [] : scan.matchAll(/(?<![\w-])([A-Za-z]{2,5})-(\d{2,6})(?![\w-]|[.,]\d)/g)) {
    const letters = group(m, 1);
    const maker = makerAt(m.index, m.index + m[0].length);
    if (!maker || (letters !== letters.toUpperCase() && !hasErrorWords) || (BUYER_WORDS.test(text) && !hasErrorWords)) continue;
    push({ raw: m[0], code: `${letters.toUpperCase()}-${group(m, 2)}`, maker, shapeOnly: true }, m.index, m.index + m[0].length);
  }

  // KUKA messages are quoted by their text ("Software limit switch -A1"): read whenever KUKA
  // is named or in context; KUKA's own wording also when no other maker is named.
  const kukaNamed = named.includes('KUKA') || context === 'KUKA';
  const otherThanKuka =
    named.some((m) => m !== 'KUKA') || (context !== undefined && context !== 'KUKA') || found.some((f) => f.maker !== undefined && f.maker !== 'KUKA');
  if (kukaNamed || !otherThanKuka) {
    for (const entry of findKukaMessages(text, !kukaNamed)) {
      if (!found.some((f) => f.code === entry.code)) found.push({ raw: entry.code, code: entry.code, maker: 'KUKA' });
    }
  }

  return found;
}

/** The knowledge-base entry for a mention, if the code is known. */
export function lookupCode(mention: CodeMention) {
  if (!mention.maker) return undefined;
  if (mention.maker === 'Universal Robots') return findErrorCode('Universal Robots', mention.family ?? mention.code);
  // Hexadecimal makers: "0x6411" is the same code as the "6411" their manuals list.
  const plain = HEX_MAKERS.has(mention.maker) ? mention.code.replace(/^0x/i, '') : mention.code;
  // KRNX codes are negative; "0x1100" typed without its sign is the same code.
  const signed = mention.maker === 'Kawasaki' && /^0x/i.test(mention.code) ? `-${mention.code}` : plain;
  return findErrorCode(mention.maker, mention.code) ?? findErrorCode(mention.maker, plain) ?? findErrorCode(mention.maker, signed);
}
