import type { AnswerLanguage } from './i18n';

/**
 * The ROI answer's texts, one entry per sentence with its English, German and Spanish
 * wording side by side (issue 12: answers in the language asked). Figures come in
 * formatted for the language (money, months, percentages); roi.ts chooses the sentences.
 */
const texts = {
  npv: { en: (v: string, h: string) => `Your NPV is ${v}${h}.`, de: (v: string, h: string) => `Ihr Kapitalwert (NPV) beträgt ${v}${h}.`, es: (v: string, h: string) => `Su VAN (NPV) es de ${v}${h}.` },
  noNpv: { en: 'Your calculator figures do not include an NPV.', de: 'Ihre Rechnerwerte enthalten keinen Kapitalwert (NPV).', es: 'Las cifras de su calculadora no incluyen un VAN (NPV).' },
  irr: { en: (v: string) => `Your IRR is ${v}.`, de: (v: string) => `Ihr interner Zinsfuß (IRR) beträgt ${v}.`, es: (v: string) => `Su TIR (IRR) es del ${v}.` },
  noIrr: {
    en: 'Your calculator figures do not include an IRR (there is none when the cell never pays back).',
    de: 'Ihre Rechnerwerte enthalten keinen internen Zinsfuß (IRR); es gibt keinen, wenn sich die Zelle nie amortisiert.',
    es: 'Las cifras de su calculadora no incluyen una TIR (IRR); no existe cuando la célula nunca se amortiza.',
  },
  discounted: { en: (m: string) => `Your discounted payback is about ${m} months.`, de: (m: string) => `Ihre abgezinste Amortisationszeit beträgt etwa ${m} Monate.`, es: (m: string) => `Su plazo de recuperación descontado es de unos ${m} meses.` },
  neverShort: { en: 'At these figures the cell never pays back.', de: 'Mit diesen Werten amortisiert sich die Zelle nie.', es: 'Con estas cifras la célula nunca se amortiza.' },
  payback: {
    en: (m: string, derived: boolean) => `Your payback is about ${m} months${derived ? ' (investment / annual savings)' : ''}.`,
    de: (m: string, derived: boolean) => `Ihre Amortisationszeit beträgt etwa ${m} Monate${derived ? ' (Investition / jährliche Einsparung)' : ''}.`,
    es: (m: string, derived: boolean) => `Su plazo de recuperación es de unos ${m} meses${derived ? ' (inversión / ahorro anual)' : ''}.`,
  },
  savings: { en: (v: string) => `Your net annual savings are ${v}.`, de: (v: string) => `Ihre jährliche Nettoeinsparung beträgt ${v}.`, es: (v: string) => `Su ahorro neto anual es de ${v}.` },
  roi: { en: (v: string, h: string) => `Your ROI is ${v}${h}.`, de: (v: string, h: string) => `Ihr ROI beträgt ${v}${h}.`, es: (v: string, h: string) => `Su ROI es del ${v}${h}.` },
  netGain: { en: (v: string, h: string) => `Your net gain is ${v}${h}.`, de: (v: string, h: string) => `Ihr Nettogewinn beträgt ${v}${h}.`, es: (v: string, h: string) => `Su ganancia neta es de ${v}${h}.` },
  horizon: { en: (y: string) => ` over ${y} years`, de: (y: string) => ` über ${y} Jahre`, es: (y: string) => ` en ${y} años` },
  verdict: {
    en: ['That is an excellent payback: most plants approve automation that pays back within a year.', 'That is a good payback: 1-2 years is a common target for robot cells.', 'That is acceptable for many plants, though some require under 2 years.', 'That is a long payback; the levers below can shorten it.'],
    de: ['Das ist eine ausgezeichnete Amortisation: Die meisten Werke genehmigen Automatisierung, die sich innerhalb eines Jahres amortisiert.', 'Das ist eine gute Amortisation: 1-2 Jahre sind ein übliches Ziel für Roboterzellen.', 'Das ist für viele Werke akzeptabel, manche verlangen jedoch unter 2 Jahre.', 'Das ist eine lange Amortisationszeit; die Hebel unten können sie verkürzen.'],
    es: ['Es una amortización excelente: la mayoría de las plantas aprueban automatizaciones que se amortizan en menos de un año.', 'Es una buena amortización: 1-2 años es un objetivo habitual para células robotizadas.', 'Es aceptable para muchas plantas, aunque algunas exigen menos de 2 años.', 'Es una amortización larga; las palancas de abajo pueden acortarla.'],
  },
  levers: {
    en: ['Run the cell on more shifts: the investment stays the same while savings grow', 'Count scrap, rework and quality savings, not only labour', 'Keep integration simple (standard grippers, a cobot without fencing where the risk assessment allows)'],
    de: ['Die Zelle in mehr Schichten betreiben: die Investition bleibt gleich, die Einsparung wächst', 'Ausschuss, Nacharbeit und Qualitätsgewinne mitrechnen, nicht nur Lohnkosten', 'Die Integration einfach halten (Standardgreifer, ein Cobot ohne Schutzzaun, wo die Risikobeurteilung es erlaubt)'],
    es: ['Hacer funcionar la célula en más turnos: la inversión es la misma y el ahorro crece', 'Contar también chatarra, retrabajos y mejoras de calidad, no solo mano de obra', 'Mantener la integración sencilla (pinzas estándar, un cobot sin vallado donde la evaluación de riesgos lo permita)'],
  },
  leversHeading: { en: 'Ways to improve it:', de: 'So lässt sie sich verbessern:', es: 'Cómo mejorarla:' },
  basedOn: { en: 'Based on the figures in your ROI calculator:', de: 'Nach den Werten in Ihrem ROI-Rechner:', es: 'Según las cifras de su calculadora de ROI:' },
  investment: { en: (v: string) => `- Investment: ${v}`, de: (v: string) => `- Investition: ${v}`, es: (v: string) => `- Inversión: ${v}` },
  annualSavings: {
    en: (v: string, net: boolean) => `- Annual savings: ${v}${net ? ' (net of running costs)' : ''}`,
    de: (v: string, net: boolean) => `- Jährliche Einsparung: ${v}${net ? ' (nach Betriebskosten)' : ''}`,
    es: (v: string, net: boolean) => `- Ahorro anual: ${v}${net ? ' (descontados los costes de funcionamiento)' : ''}`,
  },
  paybackNeverLine: { en: '- Payback: never at these figures', de: '- Amortisation: mit diesen Werten nie', es: '- Amortización: nunca con estas cifras' },
  paybackLine: { en: (m: string) => `- Payback: about ${m} months`, de: (m: string) => `- Amortisation: etwa ${m} Monate`, es: (m: string) => `- Amortización: unos ${m} meses` },
  discountedLine: { en: (m: string) => `- Discounted payback: about ${m} months`, de: (m: string) => `- Abgezinste Amortisation: etwa ${m} Monate`, es: (m: string) => `- Amortización descontada: unos ${m} meses` },
  roiLine: { en: (v: string, h: string) => `- ROI: ${v}${h}`, de: (v: string, h: string) => `- ROI: ${v}${h}`, es: (v: string, h: string) => `- ROI: ${v}${h}` },
  npvLine: { en: (v: string, h: string) => `- NPV: ${v}${h}`, de: (v: string, h: string) => `- Kapitalwert (NPV): ${v}${h}`, es: (v: string, h: string) => `- VAN (NPV): ${v}${h}` },
  irrLine: { en: (v: string) => `- IRR: ${v}`, de: (v: string) => `- Interner Zinsfuß (IRR): ${v}`, es: (v: string) => `- TIR (IRR): ${v}` },
  neverExplained: {
    en: 'At these figures the cell does not pay back: the yearly savings do not cover the running costs. The levers below are where to look first.',
    de: 'Mit diesen Werten amortisiert sich die Zelle nicht: die jährliche Einsparung deckt die Betriebskosten nicht. Die Hebel unten sind der erste Ansatzpunkt.',
    es: 'Con estas cifras la célula no se amortiza: el ahorro anual no cubre los costes de funcionamiento. Las palancas de abajo son lo primero que revisar.',
  },
  firstEstimate: { en: 'A first estimate from your figures:', de: 'Eine erste Schätzung aus Ihren Werten:', es: 'Una primera estimación con sus cifras:' },
  labourSavings: {
    en: (workers: number, wage: string, hours: number, shifts: number, days: number, total: string) => `- Labour savings: ${workers} operator${workers === 1 ? '' : 's'} x ${wage}/h x ${hours} h x ${shifts} shift${shifts === 1 ? '' : 's'} x ${days} days = ${total} a year`,
    de: (workers: number, wage: string, hours: number, shifts: number, days: number, total: string) => `- Lohneinsparung: ${workers} Bediener x ${wage}/h x ${hours} h x ${shifts} Schicht${shifts === 1 ? '' : 'en'} x ${days} Tage = ${total} im Jahr`,
    es: (workers: number, wage: string, hours: number, shifts: number, days: number, total: string) => `- Ahorro en mano de obra: ${workers} operario${workers === 1 ? '' : 's'} x ${wage}/h x ${hours} h x ${shifts} turno${shifts === 1 ? '' : 's'} x ${days} días = ${total} al año`,
  },
  oneShift: { en: '  (one shift assumed; tell me if you run more)', de: '  (eine Schicht angenommen; sagen Sie mir, wenn Sie mehr fahren)', es: '  (se supone un turno; dígame si trabaja más)' },
  annualSavingsPlain: { en: (v: string) => `- Annual savings: ${v}`, de: (v: string) => `- Jährliche Einsparung: ${v}`, es: (v: string) => `- Ahorro anual: ${v}` },
  simplePayback: { en: (m: string) => `- Simple payback: about ${m} months`, de: (m: string) => `- Einfache Amortisation: etwa ${m} Monate`, es: (m: string) => `- Amortización simple: unos ${m} meses` },
  notIncluded: {
    en: 'Not included yet: maintenance (roughly 2-5% of the investment a year), energy, and any quality gains.',
    de: 'Noch nicht enthalten: Wartung (etwa 2-5 % der Investition pro Jahr), Energie und Qualitätsgewinne.',
    es: 'Aún no incluido: mantenimiento (aprox. 2-5 % de la inversión al año), energía y mejoras de calidad.',
  },
  intro: {
    en: 'I can estimate the payback of a robot cell. The simple formula is: payback = total investment / yearly savings.',
    de: 'Ich kann die Amortisation einer Roboterzelle abschätzen. Die einfache Formel lautet: Amortisationszeit = Gesamtinvestition / jährliche Einsparung.',
    es: 'Puedo estimar la amortización de una célula robotizada. La fórmula simple es: plazo de recuperación = inversión total / ahorro anual.',
  },
  need: { en: 'To calculate it I need:', de: 'Dafür brauche ich:', es: 'Para calcularla necesito:' },
  needInvestment: {
    en: '- Total investment: robot, gripper, safety and integration (a complete cell often costs 2-3 times the robot arm)',
    de: '- Gesamtinvestition: Roboter, Greifer, Sicherheitstechnik und Integration (eine komplette Zelle kostet oft das 2- bis 3-Fache des Roboterarms)',
    es: '- Inversión total: robot, pinza, seguridad e integración (una célula completa suele costar 2-3 veces el brazo robótico)',
  },
  needLabour: {
    en: '- Labour cost per hour, operators per shift and shifts per day (or your expected yearly savings)',
    de: '- Lohnkosten pro Stunde, Bediener pro Schicht und Schichten pro Tag (oder Ihre erwartete jährliche Einsparung)',
    es: '- Coste de mano de obra por hora, operarios por turno y turnos por día (o el ahorro anual que espera)',
  },
  reference: {
    en: (robot: string, band: string) => `For reference, the ${robot} arm is listed at an indicative ${band}.`,
    de: (robot: string, band: string) => `Zum Vergleich: der Arm ${robot} ist mit einem Richtpreis von ${band} gelistet.`,
    es: (robot: string, band: string) => `Como referencia, el brazo ${robot} figura con un precio orientativo de ${band}.`,
  },
  calculator: {
    en: 'You can also enter the figures in the ROI calculator and ask me about the result.',
    de: 'Sie können die Werte auch in den ROI-Rechner eingeben und mich zum Ergebnis fragen.',
    es: 'También puede introducir las cifras en la calculadora de ROI y preguntarme por el resultado.',
  },
  investmentQ: { en: 'What is the total investment for the cell?', de: 'Wie hoch ist die Gesamtinvestition für die Zelle?', es: '¿Cuál es la inversión total de la célula?' },
  labourQ: { en: 'What does an operator cost per hour, and how many operators per shift?', de: 'Was kostet ein Bediener pro Stunde, und wie viele Bediener pro Schicht?', es: '¿Cuánto cuesta un operario por hora y cuántos operarios hay por turno?' },
  shiftsQ: { en: 'How many shifts per day would the robot run?', de: 'In wie vielen Schichten pro Tag würde der Roboter laufen?', es: '¿Cuántos turnos al día trabajaría el robot?' },
  answeredQs: {
    en: ['How many shifts per day will the robot run?', 'Should I include maintenance and energy costs?', 'Would you like robot suggestions for this task?'],
    de: ['In wie vielen Schichten pro Tag wird der Roboter laufen?', 'Soll ich Wartungs- und Energiekosten einrechnen?', 'Möchten Sie Robotervorschläge für diese Aufgabe?'],
    es: ['¿Cuántos turnos al día trabajará el robot?', '¿Incluyo los costes de mantenimiento y energía?', '¿Quiere sugerencias de robots para esta tarea?'],
  },
  actions: {
    en: ['Open the ROI calculator', 'Compare robot prices in the catalog', 'Create a project to get integrator quotes'],
    de: ['Den ROI-Rechner öffnen', 'Roboterpreise im Katalog vergleichen', 'Ein Projekt anlegen, um Angebote von Integratoren zu erhalten'],
    es: ['Abrir la calculadora de ROI', 'Comparar precios de robots en el catálogo', 'Crear un proyecto para recibir ofertas de integradores'],
  },
} satisfies Record<string, Record<AnswerLanguage, unknown>>;

type RoiTexts = { [K in keyof typeof texts]: (typeof texts)[K]['en'] };

const byLanguage = new Map<AnswerLanguage, RoiTexts>();

/** The ROI answer's sentences in one language. */
export function roiTextsFor(lang: AnswerLanguage): RoiTexts {
  let t = byLanguage.get(lang);
  if (!t) byLanguage.set(lang, (t = Object.fromEntries(Object.entries(texts).map(([key, byLang]) => [key, byLang[lang]])) as RoiTexts));
  return t;
}
