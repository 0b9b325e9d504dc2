import type { AnswerLanguage } from './i18n';

/** The texts of a fit check on one robot ("can it lift 12 kg?"), per answer language (outside testers: it was English only). */
export interface FitTexts {
  doesNotFit: (name: string, task: string) => string;
  cannotConfirm: (name: string, task: string, unpublished: string) => string;
  fits: (name: string, task: string) => string;
  env: { meets: string; misses: string; unknown: string };
  makerExcluded: (maker: string) => string;
  cycle: (s: string, model: string) => string;
  payloadUnknown: (payload: string, part: string, reach: string, reachKnown: boolean) => string;
  othersHeading: string;
  gripper: string;
  reachQ: string;
  cycleQ: string;
  compareQ: (model: string) => string;
  compare: (model: string) => string;
  roi: string;
  allowanceTool: string;
  allowanceMargin: string;
  payloadOk: (has: string, need: string, allowance: string) => string;
  payloadShort: (has: string, need: string, allowance: string) => string;
  partAlone: (part: string, left: string) => string;
  reachOk: (has: string, need: string) => string;
  reachShort: (has: string, need: string) => string;
  appListed: (app: string) => string;
  appNotListed: (app: string) => string;
  industryListed: (industry: string) => string;
  industryNotListed: (industry: string) => string;
  budgetOk: (start: string, budget: string, top: string | undefined) => string;
  budgetOver: (start: string, budget: string) => string;
  other: (payload: string, reach: string, axes: number, band: string | null) => string;
}

const en: FitTexts = {
  doesNotFit: (n, t) => `The ${n} does not fully fit what you described (${t}).`,
  cannotConfirm: (n, t, u) => `I cannot confirm that the ${n} fits what you described (${t}): ${u} by its maker. Ask the supplier to confirm it before you rely on it.`,
  fits: (n, t) => `Yes, the ${n} fits what you described (${t}).`,
  env: { meets: 'Meets', misses: 'Misses', unknown: 'Unknown' },
  makerExcluded: (m) => `Maker: you asked for anything but ${m}.`,
  cycle: (s) => `Cycle time: the catalog holds no speed data; confirm the ${s} s cycle with a simulation or the supplier's cycle-time study.`,
  payloadUnknown: (p, part, r, reachKnown) => `Payload ${p} (parts up to about ${part} with 20% for the gripper) and ${r} reach: tell me ${reachKnown ? 'your part weight' : 'your part weight and reach'} and I will check them.`,
  othersHeading: 'Catalog robots that do fit:',
  gripper: 'I added 20% to the part weight for the gripper; tell me its real weight to tighten the check.',
  reachQ: 'How far from the robot base is the farthest point it must reach?',
  cycleQ: 'What cycle time do you need per part?',
  compareQ: (m) => `Would you like to compare the ${m} with similar robots?`,
  compare: (m) => `Compare the ${m} with similar robots`,
  roi: 'Estimate the payback with the ROI calculator',
  allowanceTool: 'part + tool',
  allowanceMargin: 'part + 20% for the gripper',
  payloadOk: (h, n, a) => `Payload: ${h} covers the ${n} needed (${a}).`,
  payloadShort: (h, n, a) => `Payload: ${h} is not enough for the ${n} needed (${a}).`,
  partAlone: (p, l) => `It can hold the ${p} part alone, but that leaves only ${l} for the gripper; if your ${p} already includes the gripper, it fits.`,
  reachOk: (h, n) => `Reach: ${h} covers the ${n} needed.`,
  reachShort: (h, n) => `Reach: ${h} is short of the ${n} needed.`,
  appListed: (a) => `Application: listed for ${a}.`,
  appNotListed: (a) => `Application: not listed for ${a} by its maker.`,
  industryListed: (i) => `Industry: listed for ${i}.`,
  industryNotListed: (i) => `Industry: not listed for ${i} by its maker; check hygiene or environment needs with the supplier.`,
  budgetOk: (s, b, top) => `Budget: indicative price starts at ${s}, within ${b}${top ? `; the band goes up to ${top}, above it, so ask for a quote` : ''}.`,
  budgetOver: (s, b) => `Budget: indicative price starts at ${s}, above ${b}.`,
  other: (p, r, axes, band) => `${p} payload, ${r} reach, ${axes} axes${band ? `, indicative ${band}` : ''}`,
};

const de: FitTexts = {
  doesNotFit: (n, t) => `Der ${n} passt nicht vollständig zu Ihrer Beschreibung (${t}).`,
  cannotConfirm: (n, t, u) => `Ich kann nicht bestätigen, dass der ${n} zu Ihrer Beschreibung passt (${t}): ${u} vom Hersteller. Lassen Sie es sich vom Anbieter bestätigen, bevor Sie sich darauf verlassen.`,
  fits: (n, t) => `Ja, der ${n} passt zu Ihrer Beschreibung (${t}).`,
  env: { meets: 'Erfüllt', misses: 'Verfehlt', unknown: 'Unbekannt' },
  makerExcluded: (m) => `Hersteller: Sie wollten alles außer ${m}.`,
  cycle: (s) => `Taktzeit: der Katalog enthält keine Geschwindigkeitsdaten; prüfen Sie die ${s} s mit einer Simulation oder einer Taktzeitstudie des Anbieters.`,
  payloadUnknown: (p, part, r, reachKnown) => `Traglast ${p} (Teile bis etwa ${part} mit 20 % für den Greifer) und ${r} Reichweite: nennen Sie mir ${reachKnown ? 'Ihr Teilegewicht' : 'Ihr Teilegewicht und die Reichweite'}, dann prüfe ich sie.`,
  othersHeading: 'Katalogroboter, die passen:',
  gripper: 'Ich habe 20 % auf das Teilegewicht für den Greifer aufgeschlagen; nennen Sie mir sein echtes Gewicht, dann wird die Prüfung genauer.',
  reachQ: 'Wie weit vom Roboterfuß liegt der entfernteste Punkt, den er erreichen muss?',
  cycleQ: 'Welche Taktzeit brauchen Sie pro Teil?',
  compareQ: (m) => `Möchten Sie den ${m} mit ähnlichen Robotern vergleichen?`,
  compare: (m) => `Den ${m} mit ähnlichen Robotern vergleichen`,
  roi: 'Die Amortisation mit dem ROI-Rechner abschätzen',
  allowanceTool: 'Teil + Werkzeug',
  allowanceMargin: 'Teil + 20 % für den Greifer',
  payloadOk: (h, n, a) => `Traglast: ${h} decken die benötigten ${n} (${a}).`,
  payloadShort: (h, n, a) => `Traglast: ${h} reichen nicht für die benötigten ${n} (${a}).`,
  partAlone: (p, l) => `Das ${p}-Teil allein kann er halten, für den Greifer bleiben dann aber nur ${l}; wenn Ihre ${p} den Greifer schon enthalten, passt er.`,
  reachOk: (h, n) => `Reichweite: ${h} decken die benötigten ${n}.`,
  reachShort: (h, n) => `Reichweite: ${h} sind kürzer als die benötigten ${n}.`,
  appListed: (a) => `Anwendung: für ${a} gelistet.`,
  appNotListed: (a) => `Anwendung: vom Hersteller nicht für ${a} gelistet.`,
  industryListed: (i) => `Branche: für ${i} gelistet.`,
  industryNotListed: (i) => `Branche: vom Hersteller nicht für ${i} gelistet; klären Sie Hygiene- und Umgebungsanforderungen mit dem Anbieter.`,
  budgetOk: (s, b, top) => `Budget: der Richtpreis beginnt bei ${s}, innerhalb von ${b}${top ? `; die Spanne reicht bis ${top}, darüber, also fragen Sie ein Angebot an` : ''}.`,
  budgetOver: (s, b) => `Budget: der Richtpreis beginnt bei ${s}, über ${b}.`,
  other: (p, r, axes, band) => `${p} Traglast, ${r} Reichweite, ${axes} Achsen${band ? `, Richtpreis ${band}` : ''}`,
};

const es: FitTexts = {
  doesNotFit: (n, t) => `El ${n} no se ajusta del todo a lo que describió (${t}).`,
  cannotConfirm: (n, t, u) => `No puedo confirmar que el ${n} se ajuste a lo que describió (${t}): ${u} por su fabricante. Pida al proveedor que lo confirme antes de contar con ello.`,
  fits: (n, t) => `Sí, el ${n} se ajusta a lo que describió (${t}).`,
  env: { meets: 'Cumple', misses: 'No cumple', unknown: 'Desconocido' },
  makerExcluded: (m) => `Fabricante: pidió cualquiera menos ${m}.`,
  cycle: (s) => `Tiempo de ciclo: el catálogo no tiene datos de velocidad; confirme los ${s} s con una simulación o un estudio de ciclo del proveedor.`,
  payloadUnknown: (p, part, r, reachKnown) => `Carga útil ${p} (piezas de hasta unos ${part} con un 20 % para la pinza) y alcance ${r}: indíqueme ${reachKnown ? 'el peso de su pieza' : 'el peso de su pieza y el alcance'} y los compruebo.`,
  othersHeading: 'Robots del catálogo que sí se ajustan:',
  gripper: 'Añadí un 20 % al peso de la pieza para la pinza; indíqueme su peso real para afinar la comprobación.',
  reachQ: '¿A qué distancia de la base del robot está el punto más lejano que debe alcanzar?',
  cycleQ: '¿Qué tiempo de ciclo necesita por pieza?',
  compareQ: (m) => `¿Quiere comparar el ${m} con robots similares?`,
  compare: (m) => `Comparar el ${m} con robots similares`,
  roi: 'Estimar la amortización con la calculadora de ROI',
  allowanceTool: 'pieza + herramienta',
  allowanceMargin: 'pieza + 20 % para la pinza',
  payloadOk: (h, n, a) => `Carga útil: ${h} cubren los ${n} necesarios (${a}).`,
  payloadShort: (h, n, a) => `Carga útil: ${h} no bastan para los ${n} necesarios (${a}).`,
  partAlone: (p, l) => `Puede sostener la pieza de ${p} sola, pero solo quedan ${l} para la pinza; si sus ${p} ya incluyen la pinza, se ajusta.`,
  reachOk: (h, n) => `Alcance: ${h} cubren los ${n} necesarios.`,
  reachShort: (h, n) => `Alcance: ${h} no llegan a los ${n} necesarios.`,
  appListed: (a) => `Aplicación: indicado para ${a}.`,
  appNotListed: (a) => `Aplicación: su fabricante no lo indica para ${a}.`,
  industryListed: (i) => `Sector: indicado para ${i}.`,
  industryNotListed: (i) => `Sector: su fabricante no lo indica para ${i}; consulte los requisitos de higiene o de entorno con el proveedor.`,
  budgetOk: (s, b, top) => `Presupuesto: el precio orientativo empieza en ${s}, dentro de ${b}${top ? `; la banda llega a ${top}, por encima, así que pida una oferta` : ''}.`,
  budgetOver: (s, b) => `Presupuesto: el precio orientativo empieza en ${s}, por encima de ${b}.`,
  other: (p, r, axes, band) => `carga útil ${p}, alcance ${r}, ${axes} ejes${band ? `, precio orientativo ${band}` : ''}`,
};

const byLang: Record<AnswerLanguage, FitTexts> = { en, de, es };
export const fitTextsFor = (lang: AnswerLanguage = 'en'): FitTexts => byLang[lang];
