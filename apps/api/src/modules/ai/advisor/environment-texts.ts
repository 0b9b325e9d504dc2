/**
 * The environment limits' words in the answer languages (issue 12): what the buyer asked
 * ("food-grade, IP67 or better"), each robot's published value against it, and the answer
 * when no robot is known to meet them. Country names come from the runtime's region names
 * (Intl.DisplayNames), so "Japan" is "Japón" in Spanish without a table of our own.
 */
import { countryNames } from '@cellforge/contracts';
import type { RobotMounting } from '@cellforge/contracts/constants';
import type { EnvironmentFilter } from '../../catalog';
import type { AnswerLanguage } from './i18n';

export interface EnvironmentTexts {
  foodGrade: string;
  ipOrBetter: (ip: string) => string;
  cleanroomRated: string;
  cleanroomOrCleaner: (iso: string) => string;
  /** "ceiling or wall mounting" from the places already joined with "or". */
  mounting: (places: string) => string;
  places: Record<RobotMounting, string>;
  madeIn: (countries: string) => string;
  // A robot's value against the limit.
  notFoodGrade: string;
  foodGradeUnknown: string;
  ipUnknown: string;
  ipNeeded: (has: string, need: string) => string;
  cleanroomIs: (iso: string) => string;
  cleanroomNeeded: (has: string, need: string) => string;
  cleanroomUnknown: string;
  mountingAllowed: (places: string) => string;
  mountingOnly: (places: string) => string;
  mountingUnknown: string;
  countryUnknown: string;
  /** "repeatability ±0.02 mm or better". */
  repeatabilityOrBetter: (mm: string) => string;
  repeatabilityUnknown: string;
  repeatabilityNeeded: (has: string, need: string) => string;
  // No robot is known to meet the limits.
  noneKnown: (asked: string, figures: string) => string;
  figures: (payload: string, reach: string | undefined) => string;
  unpublished: (meeting: number, parts: string) => string;
  unpublishedPart: (robots: number, filter: EnvironmentFilter) => string;
  nearest: string;
  meetsLimits: string;
  // Selection notes when a preference had to be relaxed while the limits hold.
  limitsMet: (limits: string) => string;
  relaxApplication: (limits: string, app: string) => string;
  relaxCategory: (limits: string, category: string) => string;
  relaxMaker: (limits: string, makers: string) => string;
  relaxBudget: (limits: string, budget: string) => string;
  followUps: string[];
  actions: string[];
}

const en: EnvironmentTexts = {
  foodGrade: 'food-grade',
  ipOrBetter: (ip) => `${ip} or better`,
  cleanroomRated: 'cleanroom-rated',
  cleanroomOrCleaner: (iso) => `cleanroom ISO ${iso} or cleaner`,
  mounting: (p) => `${p} mounting`,
  places: { floor: 'floor', ceiling: 'ceiling', wall: 'wall', angle: 'angle' },
  madeIn: (c) => `made in ${c}`,
  notFoodGrade: 'not food-grade',
  foodGradeUnknown: 'food-grade rating not published',
  ipUnknown: 'IP rating not published',
  ipNeeded: (h, n) => `${h}, ${n} needed`,
  cleanroomIs: (iso) => `cleanroom ISO ${iso}`,
  cleanroomNeeded: (h, n) => `cleanroom ISO ${h}, ISO ${n} needed`,
  cleanroomUnknown: 'cleanroom class not published',
  mountingAllowed: (p) => `${p} mounting allowed`,
  mountingOnly: (p) => `mounting ${p} only`,
  mountingUnknown: 'mounting not published',
  countryUnknown: "maker's country not known",
  repeatabilityOrBetter: (v) => `repeatability ${v} or better`,
  repeatabilityUnknown: 'repeatability not published',
  repeatabilityNeeded: (h, n) => `repeatability ${h}, ${n} needed`,
  noneKnown: (a, f) => `No robot in our catalog is known to be ${a} and also meet the figures (${f}).`,
  figures: (p, r) => `${p} payload${r ? `, ${r} reach` : ''}`,
  unpublished: (m, p) =>
    `Of the ${m} robots that meet the figures, ${p}: I do not count a value that is not published as a match. Ask the supplier; a maker often sells a food-grade, washdown or cleanroom version under its own model name.`,
  unpublishedPart: (n, f) =>
    `${n} have no published ${{ minIp: 'IP rating', cleanroom: 'cleanroom class', foodGrade: 'food-grade rating', mounting: 'mounting', makerCountry: 'maker country', maxRepeatability: 'repeatability' }[f]}`,
  nearest: 'The nearest robots, and what each misses:',
  meetsLimits: 'meets the limits',
  limitsMet: (l) => `payload, reach and ${l}`,
  relaxApplication: (l, a) => `No catalog robot that is known to meet ${l} is listed for ${a}; these meet ${l}, so check the application with the supplier.`,
  relaxCategory: (l, c) => `No ${c} is known to meet ${l}; these are other types that do.`,
  relaxMaker: (l, m) => `No ${m} robot in the catalog is known to meet ${l}; these are from other makers.`,
  relaxBudget: (l, b) => `Nothing that is known to meet ${l} is listed within ${b}; these are the closest, above budget.`,
  followUps: ['Could a protective cover (robot jacket) meet the hygiene or washdown need?', 'Which limit matters most: the IP rating, food-grade lubricant or the cleanroom class?'],
  actions: ['Ask suppliers for a food-grade, washdown or cleanroom version', 'Browse the robot catalog by payload and reach'],
};

const de: EnvironmentTexts = {
  foodGrade: 'lebensmitteltauglich',
  ipOrBetter: (ip) => `${ip} oder besser`,
  cleanroomRated: 'reinraumtauglich',
  cleanroomOrCleaner: (iso) => `Reinraum ISO ${iso} oder reiner`,
  mounting: (p) => `Montage an ${p}`,
  places: { floor: 'Boden', ceiling: 'Decke', wall: 'Wand', angle: 'Schräge' },
  madeIn: (c) => `hergestellt in ${c}`,
  notFoodGrade: 'nicht lebensmitteltauglich',
  foodGradeUnknown: 'Lebensmitteltauglichkeit nicht veröffentlicht',
  ipUnknown: 'Schutzart (IP) nicht veröffentlicht',
  ipNeeded: (h, n) => `${h}, ${n} nötig`,
  cleanroomIs: (iso) => `Reinraum ISO ${iso}`,
  cleanroomNeeded: (h, n) => `Reinraum ISO ${h}, ISO ${n} nötig`,
  cleanroomUnknown: 'Reinraumklasse nicht veröffentlicht',
  mountingAllowed: (p) => `Montage an ${p} zulässig`,
  mountingOnly: (p) => `nur Montage an ${p}`,
  mountingUnknown: 'Montagearten nicht veröffentlicht',
  countryUnknown: 'Herkunftsland des Herstellers unbekannt',
  repeatabilityOrBetter: (v) => `Wiederholgenauigkeit ${v} oder besser`,
  repeatabilityUnknown: 'Wiederholgenauigkeit nicht veröffentlicht',
  repeatabilityNeeded: (h, n) => `Wiederholgenauigkeit ${h}, ${n} nötig`,
  noneKnown: (a, f) => `Kein Roboter in unserem Katalog erfüllt nachweislich diese Anforderungen (${a}) und zugleich die Werte (${f}).`,
  figures: (p, r) => `${p} Traglast${r ? `, ${r} Reichweite` : ''}`,
  unpublished: (m, p) =>
    `Von den ${m} Robotern, die die Werte erfüllen, ${p}: Einen nicht veröffentlichten Wert zähle ich nicht als Treffer. Fragen Sie den Anbieter; Hersteller verkaufen lebensmitteltaugliche, abwaschbare oder Reinraum-Ausführungen oft unter eigenem Modellnamen.`,
  unpublishedPart: (n, f) =>
    `${n} ohne veröffentlichte ${{ minIp: 'Schutzart', cleanroom: 'Reinraumklasse', foodGrade: 'Lebensmitteltauglichkeit', mounting: 'Montagearten', makerCountry: 'Herstellerland', maxRepeatability: 'Wiederholgenauigkeit' }[f]}`,
  nearest: 'Die nächstliegenden Roboter und was jedem fehlt:',
  meetsLimits: 'erfüllt die Grenzen',
  limitsMet: (l) => `Traglast, Reichweite und ${l}`,
  relaxApplication: (l, a) => `Kein Katalogroboter, der nachweislich ${l} erfüllt, ist für ${a} gelistet; diese erfüllen ${l}, klären Sie die Anwendung mit dem Anbieter.`,
  relaxCategory: (l, c) => `Kein Roboter der Bauart ${c} erfüllt nachweislich ${l}; dies sind andere Bauarten, die es tun.`,
  relaxMaker: (l, m) => `Kein ${m}-Roboter im Katalog erfüllt nachweislich ${l}; diese sind von anderen Herstellern.`,
  relaxBudget: (l, b) => `Nichts, was nachweislich ${l} erfüllt, liegt innerhalb von ${b}; dies sind die nächstliegenden, über dem Budget.`,
  followUps: ['Könnte eine Schutzhülle (Roboter-Jacke) die Hygiene- oder Abwaschanforderung erfüllen?', 'Welche Grenze ist am wichtigsten: Schutzart, lebensmitteltaugliches Schmiermittel oder Reinraumklasse?'],
  actions: ['Anbieter nach einer lebensmitteltauglichen, abwaschbaren oder Reinraum-Ausführung fragen', 'Den Roboterkatalog nach Traglast und Reichweite durchsuchen'],
};

const es: EnvironmentTexts = {
  foodGrade: 'apto para alimentos',
  ipOrBetter: (ip) => `${ip} o superior`,
  cleanroomRated: 'apto para sala limpia',
  cleanroomOrCleaner: (iso) => `sala limpia ISO ${iso} o más limpia`,
  mounting: (p) => `montaje en ${p}`,
  places: { floor: 'suelo', ceiling: 'techo', wall: 'pared', angle: 'ángulo' },
  madeIn: (c) => `fabricado en ${c}`,
  notFoodGrade: 'no apto para alimentos',
  foodGradeUnknown: 'aptitud alimentaria no publicada',
  ipUnknown: 'grado IP no publicado',
  ipNeeded: (h, n) => `${h}, se necesita ${n}`,
  cleanroomIs: (iso) => `sala limpia ISO ${iso}`,
  cleanroomNeeded: (h, n) => `sala limpia ISO ${h}, se necesita ISO ${n}`,
  cleanroomUnknown: 'clase de sala limpia no publicada',
  mountingAllowed: (p) => `admite montaje en ${p}`,
  mountingOnly: (p) => `solo montaje en ${p}`,
  mountingUnknown: 'tipos de montaje no publicados',
  countryUnknown: 'país del fabricante desconocido',
  repeatabilityOrBetter: (v) => `repetibilidad de ${v} o mejor`,
  repeatabilityUnknown: 'repetibilidad no publicada',
  repeatabilityNeeded: (h, n) => `repetibilidad de ${h}, se necesita ${n}`,
  noneKnown: (a, f) => `Ningún robot de nuestro catálogo cumple con certeza estos requisitos (${a}) y a la vez las cifras (${f}).`,
  figures: (p, r) => `carga útil de ${p}${r ? `, alcance de ${r}` : ''}`,
  unpublished: (m, p) =>
    `De los ${m} robots que cumplen las cifras, ${p}: no cuento como coincidencia un valor que no está publicado. Pregunte al proveedor; los fabricantes suelen vender versiones aptas para alimentos, lavables o de sala limpia con su propio nombre de modelo.`,
  unpublishedPart: (n, f) =>
    `${n} no publican ${{ minIp: 'su grado IP', cleanroom: 'su clase de sala limpia', foodGrade: 'su aptitud alimentaria', mounting: 'sus tipos de montaje', makerCountry: 'el país del fabricante', maxRepeatability: 'su repetibilidad' }[f]}`,
  nearest: 'Los robots más cercanos y lo que le falta a cada uno:',
  meetsLimits: 'cumple los límites',
  limitsMet: (l) => `carga útil, alcance y ${l}`,
  relaxApplication: (l, a) => `Ningún robot del catálogo que conste que cumple ${l} figura para ${a}; estos cumplen ${l}, así que confirme la aplicación con el proveedor.`,
  relaxCategory: (l, c) => `Ningún robot de tipo ${c} consta que cumpla ${l}; estos son de otros tipos que sí.`,
  relaxMaker: (l, m) => `Ningún robot ${m} del catálogo consta que cumpla ${l}; estos son de otros fabricantes.`,
  relaxBudget: (l, b) => `Nada que conste que cumple ${l} está dentro de ${b}; estos son los más cercanos, por encima del presupuesto.`,
  followUps: ['¿Podría una funda protectora (chaqueta para robot) cumplir el requisito de higiene o lavado?', '¿Qué límite importa más: el grado IP, el lubricante apto para alimentos o la clase de sala limpia?'],
  actions: ['Pedir a los proveedores una versión apta para alimentos, lavable o de sala limpia', 'Explorar el catálogo de robots por carga útil y alcance'],
};

const texts: Record<AnswerLanguage, EnvironmentTexts> = { en, de, es };
export const environmentTextsFor = (lang: AnswerLanguage = 'en'): EnvironmentTexts => texts[lang];

const regionNames = new Map<AnswerLanguage, Intl.DisplayNames>();
/** "Japan", "Japan", "Japón": the runtime's region name, else the contracts' English one. */
export function countryName(code: string, lang: AnswerLanguage = 'en'): string {
  if (lang === 'en') return countryNames[code] ?? code;
  let names = regionNames.get(lang);
  if (!names) regionNames.set(lang, (names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' })));
  try {
    return names.of(code) ?? countryNames[code] ?? code;
  } catch {
    return countryNames[code] ?? code;
  }
}
