import type { RobotRow } from '../../catalog';
import type { RankField } from '../understanding/robot-question';
import { formatterFor, joinList } from './i18n';

/** "Which has the longest reach?" over the robots in view, answered in German or Spanish (English: robot-specs.ts). */
interface RankTexts {
  and: string;
  field: Record<RankField, string>;
  best: Record<RankField, { max: string; min: string }>;
  notPublished: string;
  none: (field: string, names: string) => string;
  level: (names: string, field: string, value: string) => string;
  winner: (names: string, several: boolean, best: string, value: string) => string;
  lead: (from: string | undefined, names: string) => string;
  notRanked: (names: string, several: boolean) => string;
  prices: string;
  task: string;
  taskQ: string;
  compareQ: (names: string) => string;
  compare: (names: string) => string;
  axes: (n: number) => string;
}

/** The superlative of each field, German and Spanish side by side. */
const best: Record<RankField, Record<'de' | 'es', { max: string; min: string }>> = {
  payload: { de: { max: 'die höchste Traglast', min: 'die niedrigste Traglast' }, es: { max: 'la mayor carga útil', min: 'la menor carga útil' } },
  reach: { de: { max: 'die größte Reichweite', min: 'die kleinste Reichweite' }, es: { max: 'el mayor alcance', min: 'el menor alcance' } },
  repeatability: { de: { max: 'die gröbste Wiederholgenauigkeit', min: 'die beste (kleinste) Wiederholgenauigkeit' }, es: { max: 'la repetibilidad más holgada', min: 'la mejor (menor) repetibilidad' } },
  axes: { de: { max: 'die meisten Achsen', min: 'die wenigsten Achsen' }, es: { max: 'más ejes', min: 'menos ejes' } },
  weight: { de: { max: 'den schwersten Arm', min: 'den leichtesten Arm' }, es: { max: 'el brazo más pesado', min: 'el brazo más ligero' } },
  price: { de: { max: 'den höchsten Richtpreis', min: 'den niedrigsten Richtpreis' }, es: { max: 'el precio orientativo más alto', min: 'el precio orientativo más bajo' } },
};

/** Each text with its German and Spanish wording side by side (one table, not a copy per language). */
const texts: { [K in Exclude<keyof RankTexts, 'best'>]: Record<'de' | 'es', RankTexts[K]> } = {
  and: {
    de: 'und',
    es: 'y',
  },
  field: {
    de: { payload: 'Traglast', reach: 'Reichweite', repeatability: 'Wiederholgenauigkeit', axes: 'Achsenzahl', weight: 'Armgewicht', price: 'Richtpreis' },
    es: { payload: 'carga útil', reach: 'alcance', repeatability: 'repetibilidad', axes: 'número de ejes', weight: 'peso del brazo', price: 'precio orientativo' },
  },

  notPublished: {
    de: 'nicht veröffentlicht',
    es: 'no publicado',
  },
  none: {
    de: (f, n) => `Die Datenblätter, die wir haben, nennen keine ${f} für ${n}; danach kann ich sie nicht ordnen.`,
    es: (f, n) => `Las hojas de datos que tenemos no indican ${f} para ${n}, así que no puedo ordenarlos por ello.`,
  },
  level: {
    de: (n, f, v) => `${n} liegen bei der ${f} gleichauf: ${v}.`,
    es: (n, f, v) => `${n} empatan en ${f}: ${v}.`,
  },
  winner: {
    de: (n, several, b, v) => `${several ? 'Die Modelle' : 'Der'} ${n} ${several ? 'haben gemeinsam' : 'hat'} ${b}: ${v}.`,
    es: (n, several, b, v) => `${several ? 'Los modelos' : 'El'} ${n} ${several ? 'comparten' : 'tiene'} ${b}: ${v}.`,
  },
  lead: {
    de: (from, n) => (from === 'compare_page' ? `Für die Roboter auf Ihrer Vergleichsseite (${n})` : from === 'conversation' ? `Für die besprochenen Roboter (${n})` : `Für ${n}`),
    es: (from, n) => (from === 'compare_page' ? `Para los robots de su página de comparación (${n})` : from === 'conversation' ? `Para los robots que hemos visto (${n})` : `Para ${n}`),
  },
  notRanked: {
    de: (n, several) => `${n} ${several ? 'sind' : 'ist'} nicht eingeordnet: im Datenblatt, das wir haben, nicht veröffentlicht.`,
    es: (n, several) => `${n} no ${several ? 'están ordenados' : 'está ordenado'}: no publicado en la hoja de datos que tenemos.`,
  },
  prices: {
    de: 'Die Preise sind Richtpreise (Arm + Steuerung), keine Angebote.',
    es: 'Los precios son orientativos (brazo + controlador), no son ofertas.',
  },
  task: {
    de: 'Welcher passt, hängt von Ihrem Teilegewicht und der Reichweite ab; nennen Sie sie mir, dann prüfe ich jeden Roboter.',
    es: 'Cuál conviene depende del peso de su pieza y del alcance; indíquemelos y compruebo cada robot.',
  },
  taskQ: {
    de: 'Welches Teilegewicht und welche Reichweite braucht Ihre Aufgabe, damit ich sagen kann, welcher passt?',
    es: '¿Qué peso de pieza y qué alcance necesita su tarea, para decirle cuál se ajusta?',
  },
  compareQ: {
    de: (n) => `Möchten Sie einen vollständigen Vergleich von ${n}?`,
    es: (n) => `¿Quiere una comparación completa de ${n}?`,
  },
  compare: {
    de: (n) => `${n} in der Vergleichsansicht des Katalogs öffnen`,
    es: (n) => `Abrir ${n} en la vista de comparación del catálogo`,
  },
  axes: {
    de: (n) => `${n} Achsen`,
    es: (n) => `${n} ejes`,
  },
};

const byLanguage = new Map<'de' | 'es', RankTexts>();
export function rankTextsFor(lang: 'de' | 'es'): RankTexts {
  let t = byLanguage.get(lang);
  if (!t) {
    const pick = <T>(table: Record<string, Record<'de' | 'es', T>>) => Object.fromEntries(Object.entries(table).map(([key, byLang]) => [key, byLang[lang]]));
    t = { ...pick<unknown>(texts), best: pick(best) } as RankTexts;
    byLanguage.set(lang, t);
  }
  return t;
}

/** A robot's value of a ranked field, formatted for the language. */
export function rankValue(lang: 'de' | 'es', field: RankField, r: RobotRow): string {
  const x = formatterFor(lang);
  const t = rankTextsFor(lang);
  switch (field) {
    case 'payload':
      return x.kg(r.payloadKg);
    case 'reach':
      return x.mm(r.reachMm);
    case 'repeatability':
      return r.repeatabilityMm != null ? `±${x.num(r.repeatabilityMm, 3)} mm` : t.notPublished;
    case 'axes':
      return t.axes(r.dof);
    case 'weight':
      return r.weightKg != null ? x.kg(r.weightKg) : t.notPublished;
    case 'price':
      return x.band(r.priceMinUsd, r.priceMaxUsd) ?? t.notPublished;
  }
}

export const joinNames = (lang: 'de' | 'es', names: string[]) => joinList(names, rankTextsFor(lang).and);
