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

const de: RankTexts = {
  and: 'und',
  field: { payload: 'Traglast', reach: 'Reichweite', repeatability: 'Wiederholgenauigkeit', axes: 'Achsenzahl', weight: 'Armgewicht', price: 'Richtpreis' },
  best: {
    payload: { max: 'die höchste Traglast', min: 'die niedrigste Traglast' },
    reach: { max: 'die größte Reichweite', min: 'die kleinste Reichweite' },
    repeatability: { max: 'die gröbste Wiederholgenauigkeit', min: 'die beste (kleinste) Wiederholgenauigkeit' },
    axes: { max: 'die meisten Achsen', min: 'die wenigsten Achsen' },
    weight: { max: 'den schwersten Arm', min: 'den leichtesten Arm' },
    price: { max: 'den höchsten Richtpreis', min: 'den niedrigsten Richtpreis' },
  },
  notPublished: 'nicht veröffentlicht',
  none: (f, n) => `Die Datenblätter, die wir haben, nennen keine ${f} für ${n}; danach kann ich sie nicht ordnen.`,
  level: (n, f, v) => `${n} liegen bei der ${f} gleichauf: ${v}.`,
  winner: (n, several, b, v) => `${several ? 'Die Modelle' : 'Der'} ${n} ${several ? 'haben gemeinsam' : 'hat'} ${b}: ${v}.`,
  lead: (from, n) => (from === 'compare_page' ? `Für die Roboter auf Ihrer Vergleichsseite (${n})` : from === 'conversation' ? `Für die besprochenen Roboter (${n})` : `Für ${n}`),
  notRanked: (n, several) => `${n} ${several ? 'sind' : 'ist'} nicht eingeordnet: im Datenblatt, das wir haben, nicht veröffentlicht.`,
  prices: 'Die Preise sind Richtpreise (Arm + Steuerung), keine Angebote.',
  task: 'Welcher passt, hängt von Ihrem Teilegewicht und der Reichweite ab; nennen Sie sie mir, dann prüfe ich jeden Roboter.',
  taskQ: 'Welches Teilegewicht und welche Reichweite braucht Ihre Aufgabe, damit ich sagen kann, welcher passt?',
  compareQ: (n) => `Möchten Sie einen vollständigen Vergleich von ${n}?`,
  compare: (n) => `${n} in der Vergleichsansicht des Katalogs öffnen`,
  axes: (n) => `${n} Achsen`,
};

const es: RankTexts = {
  and: 'y',
  field: { payload: 'carga útil', reach: 'alcance', repeatability: 'repetibilidad', axes: 'número de ejes', weight: 'peso del brazo', price: 'precio orientativo' },
  best: {
    payload: { max: 'la mayor carga útil', min: 'la menor carga útil' },
    reach: { max: 'el mayor alcance', min: 'el menor alcance' },
    repeatability: { max: 'la repetibilidad más holgada', min: 'la mejor (menor) repetibilidad' },
    axes: { max: 'más ejes', min: 'menos ejes' },
    weight: { max: 'el brazo más pesado', min: 'el brazo más ligero' },
    price: { max: 'el precio orientativo más alto', min: 'el precio orientativo más bajo' },
  },
  notPublished: 'no publicado',
  none: (f, n) => `Las hojas de datos que tenemos no indican ${f} para ${n}, así que no puedo ordenarlos por ello.`,
  level: (n, f, v) => `${n} empatan en ${f}: ${v}.`,
  winner: (n, several, b, v) => `${several ? 'Los modelos' : 'El'} ${n} ${several ? 'comparten' : 'tiene'} ${b}: ${v}.`,
  lead: (from, n) => (from === 'compare_page' ? `Para los robots de su página de comparación (${n})` : from === 'conversation' ? `Para los robots que hemos visto (${n})` : `Para ${n}`),
  notRanked: (n, several) => `${n} no ${several ? 'están ordenados' : 'está ordenado'}: no publicado en la hoja de datos que tenemos.`,
  prices: 'Los precios son orientativos (brazo + controlador), no son ofertas.',
  task: 'Cuál conviene depende del peso de su pieza y del alcance; indíquemelos y compruebo cada robot.',
  taskQ: '¿Qué peso de pieza y qué alcance necesita su tarea, para decirle cuál se ajusta?',
  compareQ: (n) => `¿Quiere una comparación completa de ${n}?`,
  compare: (n) => `Abrir ${n} en la vista de comparación del catálogo`,
  axes: (n) => `${n} ejes`,
};

export const rankTextsFor = (lang: 'de' | 'es'): RankTexts => (lang === 'de' ? de : es);

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
