import type { AnswerLanguage } from './i18n';

/** The texts of a side-by-side comparison per answer language (outside testers: comparisons were English only). */
export interface CompareTexts {
  heading: (names: string) => string;
  labels: Record<string, string>;
  price: string;
  lowest: string;
  most: string;
  best: string;
  na: string;
  type: string;
  applications: string;
  againstTask: string;
  fits: string;
  doesNotFit: string;
  carriesMostAndFarthest: (m: string) => string;
  carriesMost: (m: string) => string;
  reachesFarthest: (m: string) => string;
  inShort: (verdict: string, app: string | undefined) => string;
  prices: string;
  taskQ: string;
  othersQ: string;
  cycleQ: string;
  open: (names: string) => string;
  roi: string;
  and: string;
}

const en: CompareTexts = {
  heading: (n) => `${n} side by side:`,
  labels: {},
  price: 'Indicative price',
  lowest: 'lowest',
  most: 'most',
  best: 'best',
  na: 'n/a',
  type: 'Type',
  applications: 'Listed applications',
  againstTask: 'Against your task:',
  fits: 'fits',
  doesNotFit: 'does not fit',
  carriesMostAndFarthest: (m) => `the ${m} carries the most and reaches the farthest`,
  carriesMost: (m) => `the ${m} carries the most`,
  reachesFarthest: (m) => `the ${m} reaches the farthest`,
  inShort: (v, app) => `In short: ${v}. The right pick depends on your part weight, reach${app ? ` and the ${app} task` : ' and application'}.`,
  prices: 'Prices are indicative street prices (arm + controller), not quotes.',
  taskQ: 'What payload and reach does your task need, so I can say which one fits?',
  othersQ: 'Would you like alternatives from other makers?',
  cycleQ: 'What cycle time do you need?',
  open: (n) => `Open the ${n} in the catalog compare view`,
  roi: 'Estimate the payback with the ROI calculator',
  and: 'and',
};

const de: CompareTexts = {
  heading: (n) => `${n} im direkten Vergleich:`,
  labels: { Payload: 'Traglast', Reach: 'Reichweite', Axes: 'Achsen', Repeatability: 'Wiederholgenauigkeit', 'Arm weight': 'Armgewicht' },
  price: 'Richtpreis',
  lowest: 'am niedrigsten',
  most: 'am meisten',
  best: 'am besten',
  na: 'k. A.',
  type: 'Typ',
  applications: 'Gelistete Anwendungen',
  againstTask: 'Gemessen an Ihrer Aufgabe:',
  fits: 'passt',
  doesNotFit: 'passt nicht',
  carriesMostAndFarthest: (m) => `der ${m} trägt am meisten und reicht am weitesten`,
  carriesMost: (m) => `der ${m} trägt am meisten`,
  reachesFarthest: (m) => `der ${m} reicht am weitesten`,
  inShort: (v, app) => `Kurz: ${v}. Die richtige Wahl hängt von Ihrem Teilegewicht, der Reichweite${app ? ` und der Aufgabe ${app}` : ' und der Anwendung'} ab.`,
  prices: 'Die Preise sind Richtpreise (Arm + Steuerung), keine Angebote.',
  taskQ: 'Welche Traglast und Reichweite braucht Ihre Aufgabe, damit ich sagen kann, welcher passt?',
  othersQ: 'Möchten Sie Alternativen anderer Hersteller sehen?',
  cycleQ: 'Welche Taktzeit brauchen Sie?',
  open: (n) => `${n} in der Vergleichsansicht des Katalogs öffnen`,
  roi: 'Die Amortisation mit dem ROI-Rechner abschätzen',
  and: 'und',
};

const es: CompareTexts = {
  heading: (n) => `${n}, lado a lado:`,
  labels: { Payload: 'Carga útil', Reach: 'Alcance', Axes: 'Ejes', Repeatability: 'Repetibilidad', 'Arm weight': 'Peso del brazo' },
  price: 'Precio orientativo',
  lowest: 'el más bajo',
  most: 'el mayor',
  best: 'el mejor',
  na: 'n/d',
  type: 'Tipo',
  applications: 'Aplicaciones indicadas',
  againstTask: 'Frente a su tarea:',
  fits: 'se ajusta',
  doesNotFit: 'no se ajusta',
  carriesMostAndFarthest: (m) => `el ${m} carga más y llega más lejos`,
  carriesMost: (m) => `el ${m} carga más`,
  reachesFarthest: (m) => `el ${m} llega más lejos`,
  inShort: (v, app) => `En resumen: ${v}. La elección correcta depende del peso de su pieza, del alcance${app ? ` y de la tarea de ${app}` : ' y de la aplicación'}.`,
  prices: 'Los precios son orientativos (brazo + controlador), no son ofertas.',
  taskQ: '¿Qué carga útil y alcance necesita su tarea, para decirle cuál se ajusta?',
  othersQ: '¿Quiere ver alternativas de otros fabricantes?',
  cycleQ: '¿Qué tiempo de ciclo necesita?',
  open: (n) => `Abrir ${n} en la vista de comparación del catálogo`,
  roi: 'Estimar la amortización con la calculadora de ROI',
  and: 'y',
};

const byLang: Record<AnswerLanguage, CompareTexts> = { en, de, es };
export const compareTextsFor = (lang: AnswerLanguage = 'en'): CompareTexts => byLang[lang];
