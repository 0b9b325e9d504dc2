import { offerCurrencies, robotCategories, robotMountings, type OfferCondition, type OfferCurrency, type RobotMounting } from '@cellforge/contracts';
import { foldText } from '@cellforge/db';
import { formatNumber, parseLocaleNumber, type DecimalStyle } from './units';
import type { Cell } from './table';

/**
 * Readers of the optional robot fields of an import (issue 14): each takes a cell and
 * gives the value as robots stores it, null for an empty cell (the field is not given),
 * or pushes a message in the validator's style ('ip rating "IP9" is not an IP code ...')
 * and gives undefined. Messages name the field by the wizard's words.
 */
export type Read<T> = T | null | undefined;

const EMPTY = /^(?:n\/?a|-|—|–|null|none|tbd|\?|unknown|k\.?\s?a\.?)$/i;

export function cellText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  return String(cell).replace(/\s+/g, ' ').trim();
}

function emptyText(text: string): boolean {
  return !text || EMPTY.test(text);
}

/** "IP67", "IP 67", "ip67", "67", "IP 6 7"; "IP67/IP65" takes the first. Stored as the two digits (67). */
export function readIpRating(cell: Cell | undefined, errors: string[]): Read<number> {
  const text = cellText(cell);
  if (emptyText(text)) return null;
  const n = typeof cell === 'number' ? (Number.isInteger(cell) ? cell : Number.NaN) : Number.NaN;
  let digits: string | null = Number.isFinite(n) ? String(n).padStart(2, '0') : null;
  if (!digits) {
    const m = /^(?:ip\s*-?\s*)?([0-6])\s*([0-9])(?:\s*[/,;].*)?$/i.exec(text);
    digits = m ? `${m[1] ?? ''}${m[2] ?? ''}` : null;
  }
  if (!digits || digits.length !== 2 || !/^[0-6][0-9]$/.test(digits)) {
    errors.push(`IP rating "${text}" is not an IP code (write IP67, IP 67 or 67)`);
    return undefined;
  }
  return Number(digits);
}

/** US Fed-Std 209E classes and their ISO 14644-1 equivalents. */
const fedStdClasses: Record<number, number> = { 1: 3, 10: 4, 100: 5, 1000: 6, 10000: 7, 100000: 8 };

/**
 * "ISO 5", "ISO class 5", "Class 5", "5", "ISO5" -> 5; "Class 100" (Fed-Std 209E, >= 10)
 * -> ISO 5 with a warning. A bare number 1-9 is read as an ISO class.
 */
export function readCleanroomClass(cell: Cell | undefined, errors: string[], warn: (kind: string, text: string) => void, rowNo: number): Read<number> {
  const text = cellText(cell);
  if (emptyText(text)) return null;
  const folded = foldText(text).replace(/[,.'’\s]+(?=\d{3}\b)/g, '');
  const m = /^(?:(iso)\s*(?:14644(?:-1)?\s*)?)?(?:(?:class|klasse|clase|classe)\s*)?(?:(iso)\s*)?(\d+)$/.exec(folded.replace(/\s+/g, ' ').trim());
  const n = m ? Number(m[3]) : Number.NaN;
  const iso = Boolean(m?.[1] ?? m?.[2]);
  if (Number.isInteger(n) && n >= 1 && n <= 9) return n;
  if (!iso && Number.isInteger(n) && fedStdClasses[n] !== undefined) {
    const converted = fedStdClasses[n] ?? n;
    warn('cleanroom class converted from Fed-Std 209E to ISO', `Row ${rowNo}: cleanroom class ${formatNumber(n)} (Fed-Std 209E) read as ISO class ${converted}`);
    return converted;
  }
  errors.push(`cleanroom class "${text}" is not an ISO 14644-1 class (write ISO 5, Class 5 or 5; 1 to 9)`);
  return undefined;
}

const truthy = new Set(['yes', 'y', 'true', '1', 'x', 'ja', 'j', 'si', 's', 'oui', 'wahr', 'food grade', 'food-grade', 'h1', 'nsf h1', '✓', '✔']);
const falsy = new Set(['no', 'n', 'false', '0', 'nein', 'non', 'falsch', '✗', '✘']);

/** yes/no, Y/N, true/false, 1/0 (and ja/nein, sí/no, oui/non) -> boolean. */
export function readYesNo(cell: Cell | undefined, label: string, errors: string[]): Read<boolean> {
  if (typeof cell === 'boolean') return cell;
  const text = cellText(cell);
  if (!text || /^(?:n\/?a|-|—|–|null|tbd|\?|unknown)$/i.test(text)) return null;
  const folded = foldText(text);
  if (truthy.has(folded)) return true;
  if (falsy.has(folded)) return false;
  errors.push(`${label} "${text}" is not yes or no (write yes/no, Y/N, true/false or 1/0)`);
  return undefined;
}

const mountingWords: Record<string, RobotMounting | 'any'> = {
  floor: 'floor', ground: 'floor', standing: 'floor', upright: 'floor', boden: 'floor', suelo: 'floor', sol: 'floor', piso: 'floor', table: 'floor', tabletop: 'floor',
  ceiling: 'ceiling', inverted: 'ceiling', overhead: 'ceiling', 'upside down': 'ceiling', decke: 'ceiling', techo: 'ceiling', plafond: 'ceiling', hanging: 'ceiling', suspended: 'ceiling',
  wall: 'wall', side: 'wall', wand: 'wall', pared: 'wall', mur: 'wall',
  angle: 'angle', angled: 'angle', tilted: 'angle', inclined: 'angle', schraeg: 'angle', schrag: 'angle', schraege: 'angle', inclinado: 'angle', incline: 'angle', angulo: 'angle',
  any: 'any', all: 'any', 'any angle': 'any', 'any orientation': 'any', beliebig: 'any', alle: 'any', cualquiera: 'any', todas: 'any',
};

/** "Floor, ceiling", "floor/inverted", "any" -> the catalog's orientations (floor, ceiling, wall, angle), in that order. */
export function readMounting(cell: Cell | undefined, errors: string[]): Read<RobotMounting[]> {
  const text = cellText(cell);
  if (emptyText(text)) return null;
  const found = new Set<RobotMounting>();
  const unknown: string[] = [];
  for (const part of foldText(text).replace(/ä/g, 'ae').split(/\s*(?:[,;/|+&]|\band\b|\bund\b|\by\b|\bor\b|\boder\b)\s*/)) {
    const word = part.replace(/\s*(?:mount(?:ed|ing)?|montage|montiert|montaje|position)\s*/g, ' ').replace(/\s+/g, ' ').trim();
    if (!word) continue;
    const value = mountingWords[word];
    if (value === 'any') for (const m of robotMountings) found.add(m);
    else if (value) found.add(value);
    else unknown.push(part.trim());
  }
  if (unknown.length || !found.size) {
    errors.push(`mounting "${text}" is not among ${robotMountings.join(', ')} (inverted, tilted and any are understood too)`);
    return undefined;
  }
  return robotMountings.filter((m) => found.has(m));
}

const speedFactors: Record<string, number> = { 'mm/s': 1, 'mm/sec': 1, 'cm/s': 10, 'm/s': 1000, 'm/sec': 1000, 'in/s': 25.4, 'ips': 25.4, 'ft/s': 304.8 };

/** The speed unit a header names ("Max. speed [mm/s]", "TCP speed (m/s)"); null: none. */
export function speedUnitFromHeader(header: string): string | null {
  const m = /\b(mm|cm|m|in|ft)\s*\/\s*(?:s|sec)\b|\b(ips)\b/i.exec(header);
  if (!m) return null;
  return m[2] ? 'ips' : `${(m[1] ?? '').toLowerCase()}/s`;
}

/** A speed in mm/s: "2500", "2.5 m/s", "2500 mm/s"; the header's unit when the cell names none. Plausible: 1 to 100,000 mm/s. */
export function readSpeed(cell: Cell | undefined, headerUnit: string | null, style: DecimalStyle | null, errors: string[], warn: (kind: string, text: string) => void, rowNo: number): Read<number> {
  const text = cellText(cell);
  if (emptyText(text)) return null;
  let value: number | null;
  let unit: string | null = null;
  if (typeof cell === 'number') value = cell;
  else {
    const m = /^(?:max\.?\s*|up to\s*|ca\.?\s*|~\s*)?([+-]?[\d.,\s'’]*\d)\s*(mm\/s(?:ec)?|cm\/s|m\/s(?:ec)?|in\/s|ips|ft\/s)?$/i.exec(text);
    value = m ? parseLocaleNumber(m[1] ?? '', style) : null;
    unit = m?.[2]?.toLowerCase() ?? null;
  }
  if (value === null || !Number.isFinite(value)) {
    errors.push(`max speed "${text}" is not a number (write 2500, 2500 mm/s or 2.5 m/s)`);
    return undefined;
  }
  const used = unit ?? headerUnit ?? 'mm/s';
  const factor = speedFactors[used] ?? 1;
  const mmS = Math.round(value * factor * 10) / 10;
  if (used !== 'mm/s') warn(`max speed converted from ${used} to mm/s`, `Row ${rowNo}: max speed ${formatNumber(value)} ${used} converted to ${formatNumber(mmS)} mm/s`);
  if (mmS < 1 || mmS > 100_000) {
    errors.push(`max speed ${formatNumber(mmS)} mm/s is outside the plausible range (1 to 100,000 mm/s)`);
    return undefined;
  }
  return mmS;
}

/** Country codes and the names people write (English, German, Spanish, French, native), folded. */
const countries: Array<[code: string, alpha3: string, names: string[]]> = [
  ['JP', 'JPN', ['japan', 'nippon', 'japon']],
  ['DE', 'DEU', ['germany', 'deutschland', 'alemania', 'allemagne', 'west germany']],
  ['CH', 'CHE', ['switzerland', 'schweiz', 'suiza', 'suisse', 'svizzera']],
  ['DK', 'DNK', ['denmark', 'danemark', 'dinamarca', 'danmark']],
  ['IT', 'ITA', ['italy', 'italien', 'italia', 'italie']],
  ['KR', 'KOR', ['south korea', 'korea', 'republic of korea', 'korea republic of', 'sudkorea', 'suedkorea', 'corea del sur', 'corea', 'coree du sud']],
  ['TW', 'TWN', ['taiwan', 'republic of china']],
  ['CA', 'CAN', ['canada', 'kanada']],
  ['CN', 'CHN', ['china', 'peoples republic of china', 'people s republic of china', 'prc', 'volksrepublik china', 'chine']],
  ['US', 'USA', ['united states', 'united states of america', 'u s a', 'u s', 'america', 'vereinigte staaten', 'estados unidos', 'etats unis']],
  ['FR', 'FRA', ['france', 'frankreich', 'francia']],
  ['SE', 'SWE', ['sweden', 'schweden', 'suecia', 'suede', 'sverige']],
  ['AT', 'AUT', ['austria', 'osterreich', 'oesterreich', 'autriche']],
  ['GB', 'GBR', ['united kingdom', 'uk', 'great britain', 'britain', 'england', 'grossbritannien', 'reino unido', 'royaume uni']],
  ['NL', 'NLD', ['netherlands', 'the netherlands', 'holland', 'niederlande', 'paises bajos', 'pays bas']],
  ['ES', 'ESP', ['spain', 'spanien', 'espana', 'espagne']],
  ['NO', 'NOR', ['norway', 'norwegen', 'noruega', 'norvege', 'norge']],
  ['FI', 'FIN', ['finland', 'finnland', 'finlandia', 'finlande', 'suomi']],
  ['BE', 'BEL', ['belgium', 'belgien', 'belgica', 'belgique']],
  ['PL', 'POL', ['poland', 'polen', 'polonia', 'pologne', 'polska']],
  ['CZ', 'CZE', ['czech republic', 'czechia', 'tschechien', 'republica checa', 'tchequie']],
  ['IN', 'IND', ['india', 'indien', 'inde']],
  ['IL', 'ISR', ['israel']],
  ['SG', 'SGP', ['singapore', 'singapur']],
  ['AU', 'AUS', ['australia', 'australien', 'australie']],
  ['BR', 'BRA', ['brazil', 'brasilien', 'brasil', 'bresil']],
  ['MX', 'MEX', ['mexico', 'mexiko', 'mexique']],
  ['TR', 'TUR', ['turkey', 'turkiye', 'turkei', 'turquia', 'turquie']],
  ['HU', 'HUN', ['hungary', 'ungarn', 'hungria', 'hongrie']],
  ['PT', 'PRT', ['portugal']],
  ['SI', 'SVN', ['slovenia', 'slowenien', 'eslovenia', 'slovenie']],
  ['IE', 'IRL', ['ireland', 'irland', 'irlanda', 'irlande']],
  ['TH', 'THA', ['thailand', 'tailandia', 'thailande']],
  ['VN', 'VNM', ['vietnam', 'viet nam']],
  ['MY', 'MYS', ['malaysia', 'malasia', 'malaisie']],
];
const countryIndex = new Map<string, string>();
for (const [code, alpha3, names] of countries) {
  countryIndex.set(code.toLowerCase(), code);
  countryIndex.set(alpha3.toLowerCase(), code);
  for (const name of names) countryIndex.set(name, code);
}

/** "Germany", "Deutschland", "DE", "DEU", "Made in Japan" -> the ISO 3166-1 alpha-2 code robots.maker_country stores. */
export function readCountry(cell: Cell | undefined, errors: string[]): Read<string> {
  const text = cellText(cell);
  if (emptyText(text)) return null;
  const folded = foldText(text)
    .replace(/^made in\s+/, '')
    .replace(/[^a-z]+/g, ' ')
    .trim();
  const code = countryIndex.get(folded) ?? countryIndex.get(folded.replace(/^the /, ''));
  if (!code) {
    errors.push(`country "${text}" is not a country we know (write its name or ISO code, e.g. Germany or DE)`);
    return undefined;
  }
  return code;
}

const categoryWords: Record<string, (typeof robotCategories)[number]> = {
  articulated: 'articulated', 'articulated arm': 'articulated', industrial: 'articulated', 'industrial robot': 'articulated', '6 axis': 'articulated', 'six axis': 'articulated',
  knickarm: 'articulated', knickarmroboter: 'articulated', articulado: 'articulated', 'robot articulado': 'articulated', 'serial arm': 'articulated',
  collaborative: 'collaborative', cobot: 'collaborative', cobots: 'collaborative', 'collaborative robot': 'collaborative', kollaborativ: 'collaborative', colaborativo: 'collaborative', 'cobot arm': 'collaborative',
  scara: 'scara', 'scara robot': 'scara',
  delta: 'delta', parallel: 'delta', 'delta robot': 'delta', 'parallel robot': 'delta', picker: 'delta', 'parallel kinematic': 'delta',
  palletizing: 'palletizing', palletising: 'palletizing', palletizer: 'palletizing', palletiser: 'palletizing', palettierer: 'palletizing', paletizado: 'palletizing', paletizador: 'palletizing', 'palletizing robot': 'palletizing',
  'heavy payload': 'heavy-payload', 'heavy-payload': 'heavy-payload', 'heavy duty': 'heavy-payload', heavy: 'heavy-payload', 'high payload': 'heavy-payload', schwerlast: 'heavy-payload',
};

/** The catalog's category from a type cell ("Cobot" -> collaborative, "Palletizer" -> palletizing). */
export function readCategory(cell: Cell | undefined, errors: string[]): Read<string> {
  const text = cellText(cell);
  if (emptyText(text)) return null;
  const folded = foldText(text).replace(/[_-]+/g, ' ').replace(/[^a-z0-9 ]+/g, ' ').replace(/\s+/g, ' ').trim();
  const value = categoryWords[folded] ?? categoryWords[folded.replace(/ robots?$/, '')];
  if (!value) {
    errors.push(`category "${text}" is not one of ${robotCategories.join(', ')} (cobot and palletizer are understood too)`);
    return undefined;
  }
  return value;
}

/** "Spot welding; Material handling" -> ["spot-welding", "material-handling"]: the catalog's slugs, at most 20, each at most 60 characters. */
export function readList(cell: Cell | undefined, label: string, errors: string[]): Read<string[]> {
  const text = cellText(cell);
  if (emptyText(text)) return null;
  const out: string[] = [];
  for (const part of text.split(/\s*[,;|/\n•·]\s*|\s+-\s+/)) {
    const slug = foldText(part).replace(/&/g, ' and ').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
    if (!slug) continue;
    if (slug.length > 60) {
      errors.push(`${label}: "${part.slice(0, 40)}…" is longer than 60 characters`);
      return undefined;
    }
    if (!out.includes(slug)) out.push(slug);
  }
  if (out.length > 20) {
    errors.push(`${label} lists ${out.length} entries; at most 20`);
    return undefined;
  }
  return out.length ? out : null;
}

/** Free text (description, datasheet), whitespace collapsed, at most `max` characters. */
export function readText(cell: Cell | undefined, label: string, max: number, errors: string[]): Read<string> {
  const text = cellText(cell);
  if (!text) return null;
  if (text.length > max) {
    errors.push(`${label} is longer than ${max.toLocaleString('en-US')} characters`);
    return undefined;
  }
  return text;
}

/** A currency a header or cell names other than USD ("Price (EUR)", "€ 25,000"): the catalog stores USD. */
export function foreignCurrencyOf(text: string): string | null {
  const m = /(€|£|¥|\beur\b|\beuro?s?\b|\bgbp\b|\bjpy\b|\bchf\b|\bcny\b|\brmb\b)/i.exec(text);
  if (!m) return null;
  const t = (m[1] ?? '').toLowerCase();
  return t === '€' || t.startsWith('eur') ? 'EUR' : t === '£' ? 'GBP' : t === '¥' ? 'JPY/CNY' : t.toUpperCase();
}

/** "95000", "$95,000", "USD 25,000 - 30,000" -> { min, max } in whole dollars. */
export function readPrice(cell: Cell | undefined, style: DecimalStyle | null, errors: string[]): Read<{ min: number; max: number }> {
  const text = cellText(cell);
  if (emptyText(text)) return null;
  const currency = foreignCurrencyOf(text);
  if (currency) {
    errors.push(`price "${text}" is in ${currency}; the catalog stores prices in USD`);
    return undefined;
  }
  const bare = text.replace(/\$|\busd\b|\bus\$|\bdollars?\b/gi, '').trim();
  const parts = typeof cell === 'number' ? [String(cell)] : bare.split(/\s*(?:–|—|\bto\b|\s-\s|-(?=\s*\d))\s*/i);
  const values =
    typeof cell === 'number'
      ? [cell]
      : parts.map((p) => {
          const n = parseLocaleNumber(p.replace(/k$/i, ''), style);
          return n === null ? null : n * (/k$/i.test(p) ? 1000 : 1);
        });
  if (!values.length || values.length > 2 || values.some((v) => v === null || !Number.isFinite(v))) {
    errors.push(`price "${text}" is not a number or a range (write 95000 or 90000-100000)`);
    return undefined;
  }
  const nums = values.map((v) => Math.round(v ?? 0));
  const min = Math.min(...nums);
  const max = Math.max(...nums);
  if (min <= 0 || max > 10_000_000) {
    errors.push(`price ${formatNumber(min)} USD is outside the plausible range (more than 0 and at most 10,000,000 USD)`);
    return undefined;
  }
  return { min, max };
}

/*
 * The offer's terms in a supplier's file (issue 14, offer fields of issue 13): currency,
 * condition, lead time and quantity, read from the words suppliers write in their stock lists.
 */

/** A currency as a cell or a header names it: "EUR", "€", "Euro", "US$", "$", "£", "Pfund Sterling". */
export function currencyOfText(text: string): OfferCurrency | 'other' | null {
  const t = foldText(text.replace(/€/g, ' eur ').replace(/£/g, ' gbp ').replace(/US\$|\$/gi, ' usd '));
  if (/\b(?:eur|euro|euros)\b/.test(t)) return 'EUR';
  if (/\b(?:gbp|pounds?|sterling|pfund)\b/.test(t)) return 'GBP';
  if (/\b(?:usd|dollars?|us dollars?|dolares?)\b/.test(t)) return 'USD';
  if (/¥|\b(?:jpy|yen|chf|franken|cny|rmb|yuan|sek|dkk|nok|pln|czk|cad|aud)\b/i.test(text)) return 'other';
  return null;
}

/** The currency cell of an offer: USD, EUR or GBP by code, symbol or name. */
export function readCurrency(cell: Cell | undefined, errors: string[]): Read<OfferCurrency> {
  const text = cellText(cell);
  if (emptyText(text)) return null;
  const currency = currencyOfText(text);
  if (currency && currency !== 'other') return currency;
  errors.push(`currency "${text}" is not one offers are listed in (write ${offerCurrencies.join(', ')}; €, $ and £ also work)`);
  return undefined;
}

/** The words for each condition (folded: lower case, no accents), English, German, Spanish, French, Italian. */
const conditionWords: Record<OfferCondition, string[]> = {
  new: ['new', 'brand new', 'unused', 'new boxed', 'new in box', 'nib', 'neu', 'neuware', 'neugerat', 'nuevo', 'nueva', 'neuf', 'neuve', 'nuovo', 'nuova'],
  used: [
    'used', 'second hand', 'secondhand', 'pre owned', 'preowned', 'pre-owned', 'gebraucht', 'gebrauchtgerat', 'gebrauchtware', 'usado', 'usada',
    'occasion', 'd occasion', 'usato', 'usata', 'ex demo', 'demo', 'ex-demo',
  ],
  refurbished: [
    'refurbished', 'refurb', 'refurbed', 'reconditioned', 'recon', 'remanufactured', 'reman', 'rebuilt', 'overhauled', 'generaluberholt',
    'uberholt', 'aufbereitet', 'wiederaufbereitet', 'instandgesetzt', 'reacondicionado', 'reacondicionada', 'restaurado', 'reconditionne',
    'remis a neuf', 'ricondizionato', 'rigenerato', 'used refurbished', 'certified refurbished',
  ],
};
const conditionOf = new Map<string, OfferCondition>(
  (Object.entries(conditionWords) as Array<[OfferCondition, string[]]>).flatMap(([condition, words]) => words.map((w) => [w.replace(/[^a-z0-9]+/g, ' ').trim(), condition] as const)),
);

/** new / used / refurbished, from the words suppliers use ("refurb", "gebraucht", "second-hand", "neu"). */
export function readCondition(cell: Cell | undefined, errors: string[]): Read<OfferCondition> {
  const text = cellText(cell);
  if (emptyText(text)) return null;
  const folded = foldText(text).replace(/[^a-z0-9]+/g, ' ').trim();
  const found = conditionOf.get(folded) ?? conditionOf.get(folded.replace(/\s*(?:condition|zustand|robot|unit)$/, '').trim());
  if (found) return found;
  errors.push(`condition "${text}" is not new, used or refurbished (write one of those; "refurb", "gebraucht" or "second-hand" also work)`);
  return undefined;
}

export type LeadTimeUnit = 'weeks' | 'days' | 'months';
const leadUnitWords: Array<[RegExp, LeadTimeUnit]> = [
  [/\b(?:weeks?|wks?|wk|w|wo|wochen|woche|kw|semanas?|semaines?|settimane)\b/, 'weeks'],
  [/\b(?:days?|d|tage?|werktage|arbeitstage|dias?|jours?|giorni|business days|working days)\b/, 'days'],
  [/\b(?:months?|mo|monate?|meses?|mois|mesi)\b/, 'months'],
];

/** The unit a lead-time header names ("Lead time (weeks)", "Lieferzeit (Wochen)", "Delivery [days]"); null: none. */
export function leadTimeUnitFromHeader(header: string): LeadTimeUnit | null {
  const inside = /[([{]([^)\]}]*)[)\]}]/.exec(header)?.[1] ?? header.replace(/^.*?\b(?:in)\b/i, '');
  const folded = foldText(inside);
  for (const [re, unit] of leadUnitWords) if (re.test(folded)) return unit;
  return null;
}

const inStock = /^(?:in stock|on stock|ex stock|from stock|stock|immediate(?:ly)?|now|available|ab lager|auf lager|lagernd|sofort|sofort lieferbar|en stock|disponible|en existencia|inmediato|immediat|pronta consegna|0)$/;
const WEEKS_PER = { weeks: 1, days: 1 / 7, months: 52 / 12 } as const;

/**
 * Weeks until delivery, 0 to 104: "6", "6 weeks", "6-8 weeks" (the longer end, with a
 * warning: the buyer is promised no less), "10 days" and "2 months" (converted, rounded up),
 * "in stock" / "ab Lager" (0). The header's unit ("Lieferzeit (Wochen)") applies to bare numbers.
 */
export function readLeadTime(
  cell: Cell | undefined,
  headerUnit: LeadTimeUnit | null,
  style: DecimalStyle | null,
  errors: string[],
  warn: (kind: string, text: string) => void,
  rowNo: number,
): Read<number> {
  const text = cellText(cell);
  if (emptyText(text)) return null;
  const folded = foldText(text).replace(/[.,;:!]+$/, '').replace(/\s+/g, ' ').trim();
  if (inStock.test(folded)) return 0;
  const bad = () => {
    errors.push(`lead time "${text}" is not a number of weeks (write 6, "6 weeks", "6-8 weeks", "10 days" or "in stock")`);
    return undefined;
  };
  const m = /^(?:ca\.?\s*|approx\.?\s*|about\s*|~\s*|circa\s*|etwa\s*)?(\d+(?:[.,]\d+)?)(?:\s*(?:-|–|—|to|bis|a|à)\s*(\d+(?:[.,]\d+)?))?\s*([a-z. ]*)$/.exec(folded);
  if (!m) return bad();
  const low = parseLocaleNumber(m[1] ?? '', style);
  const high = m[2] !== undefined ? parseLocaleNumber(m[2], style) : low;
  if (low === null || high === null) return bad();
  const word = (m[3] ?? '').replace(/\./g, ' ').trim();
  let unit: LeadTimeUnit | null = headerUnit ?? 'weeks';
  if (word) {
    unit = null;
    for (const [re, u] of leadUnitWords) if (re.test(word)) unit = u;
    if (!unit) return bad();
  }
  const longer = Math.max(low, high);
  const weeks = Math.ceil(longer * WEEKS_PER[unit] - 1e-9);
  if (m[2] !== undefined && low !== high) warn('lead time range: the longer end kept', `Row ${rowNo}: lead time ${text} read as ${weeks} weeks (the longer end)`);
  else if (unit !== 'weeks') warn(`lead time converted from ${unit} to weeks`, `Row ${rowNo}: lead time ${text} converted to ${weeks} weeks (rounded up)`);
  else if (!Number.isInteger(longer)) warn('lead time rounded up to whole weeks', `Row ${rowNo}: lead time ${text} rounded up to ${weeks} weeks`);
  if (weeks > 104) {
    errors.push(`lead time ${text} is more than 104 weeks (2 years)`);
    return undefined;
  }
  return weeks;
}

/** Units available: a whole number 1 to 100,000 ("2", "2 pcs", "2 Stk.", "x2"). */
export function readOfferQuantity(cell: Cell | undefined, errors: string[]): Read<number> {
  const text = cellText(cell);
  if (emptyText(text)) return null;
  const m = typeof cell === 'number' ? [String(cell), String(cell)] : /^(?:x\s*)?(\d+(?:[.,]0+)?)\s*(?:x|pcs?\.?|pieces?|units?|stk\.?|stuck|st\.?|ea\.?|each|unidades?|pieces|pz\.?)?$/i.exec(foldText(text));
  const n = m ? Number((m[1] ?? '').replace(',', '.')) : Number.NaN;
  if (!Number.isFinite(n) || !Number.isInteger(n)) {
    errors.push(`quantity "${text}" is not a whole number of units (write 1, 2 or "2 pcs")`);
    return undefined;
  }
  if (n < 1 || n > 100_000) {
    errors.push(`quantity ${formatNumber(n)} is outside 1 to 100,000 (an offer needs at least one unit; leave the row out when none is left)`);
    return undefined;
  }
  return n;
}

/**
 * A supplier's price cell: as readPrice, and the currency it names ("€ 24.000", "24000 EUR",
 * "£18,500") read with it; USD, EUR and GBP only.
 */
export function readOfferPrice(cell: Cell | undefined, style: DecimalStyle | null, errors: string[]): Read<{ min: number; max: number; currency: OfferCurrency | null }> {
  const text = cellText(cell);
  if (emptyText(text)) return null;
  const currency = typeof cell === 'number' ? null : currencyOfText(text);
  if (currency === 'other') {
    errors.push(`price "${text}" is not in a currency offers are listed in (${offerCurrencies.join(', ')})`);
    return undefined;
  }
  const bare = currency ? text.replace(/€|£|US\$|\$|\b(?:eur|euros?|gbp|pounds?|sterling|usd|us dollars?|dollars?)\b/gi, '').trim() : text;
  const before = errors.length;
  const price = readPrice(typeof cell === 'number' ? cell : bare, style, errors);
  if (errors.length > before) {
    // readPrice names USD; the offer's price is in its own currency.
    for (let i = before; i < errors.length; i += 1) errors[i] = (errors[i] ?? '').replace(/ USD/g, currency ? ` ${currency}` : '');
  }
  return price ? { ...price, currency } : price;
}
