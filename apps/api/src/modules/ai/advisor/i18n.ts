/**
 * The built-in advisor's answer templates in the languages buyers ask in (English, German,
 * Spanish). The language is the question's (packages/requirements `textLanguage`: the dominant
 * one of a mixed question), else the conversation's, else English. Robot names, model names,
 * codes and the alarm knowledge (the makers' manual wording) are never translated; figures are
 * formatted per locale ("1,5 kg" and "1.200 mm" in German, "45.000 US$" in Spanish).
 */
import type { RequirementCurrency } from '@cellforge/contracts';
import { roughUsd } from '@cellforge/requirements';
import { applicationLabel } from '../understanding/vocabulary';

export const answerLanguages = ['en', 'de', 'es'] as const;
export type AnswerLanguage = (typeof answerLanguages)[number];

const locales: Record<AnswerLanguage, string> = { en: 'en-US', de: 'de-DE', es: 'es-ES' };

/** Figures and units in one language. */
export interface Formatter {
  num: (value: number, digits?: number) => string;
  kg: (value: number) => string;
  mm: (value: number) => string;
  usd: (value: number) => string;
  /**
   * A buyer's budget as they said it, with the catalog's USD beside it when they did not say
   * USD: "€40,000 (≈ $43,300)", "40.000 € (≈ 43.300 $)", "40.000 € (≈ 43.300 US$)"; "$40,000"
   * for a USD budget. The conversion is the one table's (packages/requirements currency.ts),
   * rounded as the search chips round it (3 significant digits).
   */
  budget: (usd: number, said?: { amount: number; currency: RequirementCurrency }) => string;
  /** An amount in its own currency: "€24,000", "24.000 €", "£30,000". */
  money: (value: number, currency: string) => string;
  /** "$35,000–$45,000", "35.000 $–45.000 $", or null when the catalog has no price. */
  band: (min: number | null, max: number | null) => string | null;
}

const formatters = new Map<string, Intl.NumberFormat>();
function intl(lang: AnswerLanguage, key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const id = `${lang}|${key}`;
  let f = formatters.get(id);
  if (!f) formatters.set(id, (f = new Intl.NumberFormat(locales[lang], options)));
  return f;
}

function makeFormatter(lang: AnswerLanguage): Formatter {
  const num = (value: number, digits = 1) => intl(lang, `n${digits}`, { maximumFractionDigits: digits }).format(Math.round(value * 10 ** digits) / 10 ** digits);
  const usd = (value: number) => intl(lang, 'usd', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(Math.round(value));
  const money = (value: number, currency: RequirementCurrency) =>
    intl(lang, `money-${currency}`, { style: 'currency', currency, maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(Math.round(value));
  return {
    num,
    budget: (value, said) => (said && said.currency !== 'USD' ? `${money(said.amount, said.currency)} (≈ ${usd(roughUsd(value))})` : usd(value)),
    kg: (v) => `${num(v, v < 10 ? 2 : 1)} kg`,
    mm: (v) => `${num(v, 0)} mm`,
    usd,
    money: (value, currency) =>
      currency === 'USD'
        ? usd(value)
        : intl(lang, `money-${currency}`, { style: 'currency', currency, maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(Math.round(value)),
    band: (min, max) => {
      if (min == null && max == null) return null;
      if (min != null && max != null && min !== max) return `${usd(min)}–${usd(max)}`;
      return usd((min ?? max) as number);
    },
  };
}

const formatterByLang: Record<AnswerLanguage, Formatter> = { en: makeFormatter('en'), de: makeFormatter('de'), es: makeFormatter('es') };
export const formatterFor = (lang: AnswerLanguage = 'en'): Formatter => formatterByLang[lang];

const appLabels: Record<'de' | 'es', Record<string, string>> = {
  de: {
    assembly: 'Montage', 'machine-tending': 'Maschinenbeschickung', welding: 'Schweißen', 'arc-welding': 'Lichtbogenschweißen', 'spot-welding': 'Punktschweißen',
    painting: 'Lackieren', palletizing: 'Palettieren', packaging: 'Verpacken', 'pick-and-place': 'Pick-and-Place', 'material-handling': 'Materialhandhabung',
    dispensing: 'Dosieren', polishing: 'Polieren', deburring: 'Entgraten', inspection: 'Prüfung', screwdriving: 'Schrauben', laboratory: 'Labor',
    cutting: 'Schneiden', 'press-tending': 'Pressenbeschickung', 'food-handling': 'Lebensmittelhandhabung', cleanroom: 'Reinraum',
  },
  es: {
    assembly: 'ensamblaje', 'machine-tending': 'carga y descarga de máquinas', welding: 'soldadura', 'arc-welding': 'soldadura por arco', 'spot-welding': 'soldadura por puntos',
    painting: 'pintura', palletizing: 'paletizado', packaging: 'embalaje', 'pick-and-place': 'pick-and-place', 'material-handling': 'manipulación de materiales',
    dispensing: 'dispensado', polishing: 'pulido', deburring: 'desbarbado', inspection: 'inspección', screwdriving: 'atornillado', laboratory: 'laboratorio',
    cutting: 'corte', 'press-tending': 'alimentación de prensas', 'food-handling': 'manipulación de alimentos', cleanroom: 'sala limpia',
  },
};

const categoryNames: Record<'de' | 'es', { label: Record<string, string>; tag: Record<string, string> }> = {
  de: {
    label: { collaborative: 'kollaborativer Roboter (Cobot)', articulated: 'Knickarm-Industrieroboter', scara: 'SCARA-Roboter', delta: 'Delta-Roboter (Parallelkinematik)', palletizing: 'Palettierroboter', 'heavy-payload': 'Schwerlastroboter' },
    tag: { collaborative: 'Cobot', articulated: 'Knickarm', scara: 'SCARA', delta: 'Delta', palletizing: 'Palettierer', 'heavy-payload': 'Schwerlast' },
  },
  es: {
    label: { collaborative: 'robot colaborativo (cobot)', articulated: 'robot industrial articulado', scara: 'robot SCARA', delta: 'robot delta (paralelo)', palletizing: 'robot paletizador', 'heavy-payload': 'robot de carga pesada' },
    tag: { collaborative: 'cobot', articulated: 'articulado', scara: 'SCARA', delta: 'delta', palletizing: 'paletizador', 'heavy-payload': 'carga pesada' },
  },
};

/**
 * A robot type in the answer's language: `label` for sentences ("SCARA robot"), `tag` for the
 * short mark after a robot's name (English keeps the catalog's own key there, "articulated").
 */
export function categoryIn(lang: AnswerLanguage, category: string, englishLabel: (c: string) => string): { label: string; tag: string } {
  if (lang === 'en') return { label: englishLabel(category), tag: category };
  const names = categoryNames[lang];
  return { label: names.label[category] ?? englishLabel(category), tag: names.tag[category] ?? category };
}

/** The answer texts of one language. */
export interface Messages {
  app: (app: string) => string;
  // What the buyer said so far (describeFacts).
  facts: {
    parts: (kg: string) => string;
    tool: (kg: string) => string;
    reach: (mm: string) => string;
    industry: (name: string) => string;
    maxPayload: (kg: string) => string;
    maxReach: (mm: string) => string;
    axesExactly: (n: number) => string;
    axesMin: (n: number) => string;
    axesMax: (n: number) => string;
    preferred: (makers: string) => string;
    not: (makers: string) => string;
    budget: (usd: string) => string;
    cycle: (s: string) => string;
    or: string;
    and: string;
  };
  // Asking for the details that are missing.
  ask: {
    gotSoFar: (known: string) => string;
    hello: string;
    stillNeed: string;
    payload: string;
    reach: string;
    application: string;
    keepFilters: (filters: string) => string;
    payloadQ: string;
    reachQ: string;
    applicationQ: string;
    budgetQ: string;
    browse: string;
    /** Candidates shown while details are missing: the one detail that would change the ranking most. */
    narrowReach: string;
    narrowPayload: string;
    /** A figure in a payload or reach slot with a unit that is no mass or length ("5 lightyears"). */
    unknownUnit: (said: string, slot: 'payload' | 'reach') => string;
    /** Type + reach without a payload: the robots of the type that reach it, before the payload is known. */
    typeReachHeading: (type: string, reach: string) => string;
    roi: string;
  };
  // The selection.
  select: {
    mustCarry: (task: string, required: string, allowance: string, reach: string | undefined) => string;
    partPlusTool: (part: string, tool: string) => string;
    plusAllowance: (part: string) => string;
    keptFilters: (filters: string) => string;
    relaxApplication: (app: string) => string;
    relaxCategory: (category: string) => string;
    relaxMaker: (makers: string) => string;
    relaxBudget: (budget: string) => string;
    /** Over budget: the heading of the cheapest robots that meet the rest. */
    cheapestHeading: string;
    /** Within the budget (no payload yet), cheapest first. */
    budgetHeading: (budget: string) => string;
    heading: (count: number) => string;
    payload: (kg: string, pct: string) => string;
    reach: (mm: string, margin?: string) => string;
    axes: (n: number) => string;
    repeatability: (mm: string) => string;
    listedFor: (app: string) => string;
    indicative: (band: string) => string;
    noPrice: string;
    leads: (model: string, reasons: string) => string;
    fourAxes: string;
    cobot: string;
    cycle: (s: string, fast: boolean) => string;
    gripper: string;
    prices: string;
    compareQ: (a: string, b: string) => string;
    cycleQ: string;
    budgetQ: string;
    toolQ: string;
    compare: (a: string, b: string) => string;
    openCatalog: (payload: string, reach: string | undefined) => string;
    roi: string;
  };
  // Nothing in the catalog fits.
  none: {
    heading: string;
    payload: (need: string, max: string) => string;
    reach: (need: string, max: string) => string;
    together: (parts: string) => string;
    /** The same three when the buyer named a kind (type, makers): its limits, not the catalog's. */
    kindPayload: (kind: string, need: string, max: string) => string;
    kindReach: (kind: string, need: string, max: string) => string;
    kindTogether: (kind: string, parts: string) => string;
    /** Robots of another kind meet the figures (they are not named). */
    othersFit: string;
    closestOfKind: string;
    atMostReach: (mm: string) => string;
    notMakers: (makers: string) => string;
    payloadPart: (kg: string) => string;
    reachPart: (mm: string) => string;
    closest: string;
    payloadShort: (has: string, short: string, pct: string) => string;
    reachShort: (has: string, short: string, pct: string) => string;
    meets: string;
    split: string;
    gantry: string;
    followUps: string[];
    actions: string[];
  };
  // A model name that matches nothing.
  unknownModel: {
    notInCatalog: (name: string) => string;
    /** The same without repeating the name (a bare product code that may be someone's private robot). */
    notInCatalogUnnamed: string;
    closest: (maker: string | undefined) => string;
    advice: string;
    followUps: string[];
    actions: string[];
  };
  // The help menu (what the assistant can do), greetings and off-topic questions.
  menu: {
    capabilities: string[];
    helpLead: string;
    greetingLead: (again: boolean) => string;
    offTopicLead: string;
    thanks: string;
    followUps: string[];
    actions: string[];
  };
  // Alarm answers.
  alarm: {
    forYour: (robot: string) => string;
    kukaMessage: (title: string) => string;
    subCode: (sub: string, text: string) => string;
    seenOn: (controllers: string) => string;
    informational: string;
    causes: string;
    checks: string;
    safety: (text: string) => string;
    source: (text: string) => string;
    /** Under a translated entry: the title, KUKA message text and sub-codes are the maker's wording (English, as the pendant shows it). */
    makerWording: string;
    /** Before an entry with no translation in this language: its explanation follows in English. */
    englishOnly: (maker: string) => string;
    unknown: (code: string, maker: string) => string;
    /** What to check: the code as displayed and the controller model. */
    displayed: (code: string) => string;
    /** Where to look it up: the maker's manual (the one our verified entries cite, when known) and the alarm history. */
    unknownCheck: (maker: string, manual: string | undefined) => string;
    whichMaker: (code: string) => string;
    whichMakerQ: string;
    pendant: string;
    firstChecks: string;
    firstCheckList: string[];
    askCode: string;
    /** The same question when the maker is known ("our KUKA stopped with an alarm"). */
    askCodeOf: (maker: string) => string;
    askCodeQ: string;
    whenQ: string;
    samePointQ: string;
    whichRobotQ: string;
    fullTextQ: (code: string) => string;
    writeDown: string;
    history: string;
    photograph: string;
    otherAlarmQ: string;
    doingQ: string;
    refuseQ: string;
    realFaults: string;
    axisQ: string;
    jointQ: string;
    causeQ: string;
    backQ: string;
  };
}

const article = (word: string) => (/^[AEIOU]/i.test(word) ? 'an' : 'a');

const en: Messages = {
  app: applicationLabel,
  facts: {
    parts: (k) => `${k} parts`,
    tool: (k) => `a ${k} tool`,
    reach: (m) => `${m} reach`,
    industry: (n) => `${n} industry`,
    maxPayload: (k) => `rated payload up to ${k}`,
    maxReach: (m) => `reach no more than ${m}`,
    axesExactly: (n) => `${n} axes`,
    axesMin: (n) => `at least ${n} axes`,
    axesMax: (n) => `at most ${n} axes`,
    preferred: (m) => `${m} preferred`,
    not: (m) => `not ${m}`,
    budget: (u) => `budget ${u}`,
    cycle: (s) => `${s} s cycle time`,
    or: 'or',
    and: 'and',
  },
  ask: {
    gotSoFar: (k) => `Got it so far: ${k}.`,
    hello: 'Happy to help you choose a robot.',
    stillNeed: 'To shortlist catalog robots that really fit, I still need:',
    payload: '- Payload: the heaviest part the robot must carry, in kg (and the gripper weight if you know it)',
    reach: '- Reach: the distance from the robot base to the farthest pick or place point, in mm or m',
    application: '- Or the application (for example machine tending, palletizing, welding, assembly)',
    keepFilters: (f) => `I will also keep your catalog filters (${f}).`,
    payloadQ: 'What is the heaviest part the robot must handle, in kg?',
    reachQ: 'How far must the robot reach from its base (mm)?',
    applicationQ: 'What is the application (machine tending, palletizing, welding, ...)?',
    budgetQ: 'Do you have a budget range?',
    browse: 'Browse the robot catalog by payload and reach',
    narrowReach: 'These fit what you told me so far. Tell me the reach (from the robot base to the farthest pick or place point) or the application, and I will narrow the shortlist.',
    narrowPayload: 'Tell me the heaviest part the robot must carry (in kg) and I will check these against it.',
    unknownUnit: (said, slot) =>
      slot === 'payload'
        ? `"${said}" is not a unit of mass (weight) I can read, so I have not used it: give the payload in kg, g, t, lb or oz.`
        : `"${said}" is not a unit of length I can read, so I have not used it: give the reach in mm, cm, m, in or ft.`,
    typeReachHeading: (type, reach) => `${type.charAt(0).toUpperCase()}${type.slice(1)}: catalog robots that reach at least ${reach} (the payload is not known yet, so none is checked against it):`,
    roi: 'Estimate the payback with the ROI calculator',
  },
  select: {
    mustCarry: (task, required, allowance, reach) => `For ${task}, the robot must carry at least ${required} (${allowance})${reach ? ` and reach at least ${reach}` : ''}.`,
    partPlusTool: (p, t) => `${p} part + ${t} tool`,
    plusAllowance: (p) => `${p} + 20% allowance for the gripper`,
    keptFilters: (f) => `I kept your catalog filters: ${f}.`,
    relaxApplication: (a) => `No catalog robot that meets payload and reach is listed for ${a}; these meet payload and reach, so check the application with the supplier.`,
    relaxCategory: (c) => `No ${c} meets payload and reach; these are other types that do.`,
    relaxMaker: (m) => `No ${m} robot in the catalog meets payload and reach; these are from other makers.`,
    relaxBudget: (b) => `Nothing in our catalog fits your ${b} budget: no robot that meets the rest of what you asked is listed at or below it.`,
    cheapestHeading: 'The nearest options, cheapest first, with their indicative prices:',
    budgetHeading: (b) => `Within your ${b} budget, cheapest first:`,
    heading: (n) => (n === 1 ? 'One catalog robot fits:' : `${n === 2 ? 'Two' : 'Three'} catalog robots that fit:`),
    payload: (k, p) => `${k} payload (${p}% headroom)`,
    reach: (m, margin) => (margin ? `${m} reach (+${margin})` : `${m} reach`),
    axes: (n) => `${n} axes`,
    repeatability: (m) => `±${m} repeatability`,
    listedFor: (a) => `listed for ${a}`,
    indicative: (b) => `indicative ${b}`,
    noPrice: 'price not published',
    leads: (m, r) => `The ${m} leads because ${r}.`,
    fourAxes: '4 axes keep it fast for flat pick-and-place',
    cobot: 'as a cobot it can work next to people after a risk assessment',
    cycle: (s, fast) => `For your ${s} s cycle${fast ? ', the SCARA/delta options are the fastest for flat picks' : ''}: confirm it with a simulation or the supplier's cycle-time study, since it depends on the path, the gripper and the payload.`,
    gripper: 'Tell me the gripper weight if you know it and I will tighten the payload check.',
    prices: 'Prices are indicative street prices for arm + controller (makers do not publish list prices), not quotes.',
    compareQ: (a, b) => `Would you like a side-by-side comparison of the ${a} and ${b}?`,
    cycleQ: 'What cycle time do you need per part?',
    budgetQ: 'Do you have a budget range?',
    toolQ: 'How heavy is the gripper or tool?',
    compare: (a, b) => `Compare the ${a} and ${b} side by side`,
    openCatalog: (p, r) => `Open the catalog filtered to at least ${p} payload${r ? ` and ${r} reach` : ''}`,
    roi: 'Estimate the payback with the ROI calculator',
  },
  none: {
    heading: 'Nothing in our catalog fits this task:',
    payload: (n, m) => `Payload: no robot in our catalog carries ${n}; the largest rated payload is ${m}.`,
    reach: (n, m) => `Reach: no robot in our catalog reaches ${n}; the longest reach is ${m}.`,
    together: (p) => `No robot in our catalog has ${p} together; each figure alone is within the catalog's range.`,
    kindPayload: (k, n, m) => `Payload: no ${k} in our catalog carries ${n}; the largest rated payload among them is ${m}.`,
    kindReach: (k, n, m) => `Reach: no ${k} in our catalog reaches ${n}; the longest reach among them is ${m}.`,
    kindTogether: (k, p) => `No ${k} in our catalog has ${p} together.`,
    othersFit: 'Robots of other types or makers meet these figures: say if one would do and I will shortlist them.',
    closestOfKind: 'The closest robots of the kind you asked for, and how far each falls short:',
    atMostReach: (m) => `at most ${m} reach`,
    notMakers: (m) => `not ${m}`,
    payloadPart: (k) => `${k} payload`,
    reachPart: (m) => `${m} reach`,
    closest: 'The closest robots, and how far each falls short:',
    payloadShort: (h, s, p) => `payload ${h}, ${s} (${p}) short`,
    reachShort: (h, s, p) => `reach ${h}, ${s} (${p}) short`,
    meets: 'meets the figures',
    split: '- Check whether the load can be split, or the part picked closer to the robot base (less reach), or on a linear track',
    gantry: '- A gantry or a custom cell may suit loads and spans beyond articulated arms: an integrator can advise',
    followUps: ['Could the load be split or lightened (gripper, fixture)?', 'Could the robot be placed closer to the pick and place points?', 'Would a linear track (7th axis) be an option?'],
    actions: ['Talk to an integrator about a custom cell', 'Browse the robot catalog by payload and reach'],
  },
  unknownModel: {
    notInCatalog: (n) => `The ${n} is not in our catalog, so I have no figures for it.`,
    notInCatalogUnnamed: 'The model you asked about is not in our catalog, so I have no figures for it.',
    closest: (m) => (m ? `The closest ${m} models we list:` : 'The closest models we list:'),
    advice: 'If it is a new or regional model, check the maker’s datasheet, or tell me the payload and reach you need and I will shortlist catalog robots.',
    followUps: ['What payload and reach do you need?', 'Should I compare the closest models side by side?'],
    actions: ['Browse the robot catalog by maker and model'],
  },
  menu: {
    capabilities: [
      '- Choose a robot: tell me the part weight, the reach and the application',
      '- Troubleshoot: give me the alarm code and text from the teach pendant',
      '- Compare models side by side',
      '- Estimate the payback (ROI) of a robot cell',
    ],
    helpLead: 'I can help best with robot questions. For example, I can:',
    greetingLead: (again) => `${again ? 'Hi again!' : 'Hi!'} I'm the CellForge assistant. I can help you:`,
    offTopicLead: "That's outside what I can help with: I'm CellForge's assistant for industrial robots and automation. I can help you:",
    thanks: "You're welcome! Anything else I can help with?",
    followUps: ['What task would you like to automate?', 'Do you have an alarm code you need help with?', 'Which robots would you like to compare?'],
    actions: ['Browse the robot catalog', 'Try the ROI calculator'],
  },
  alarm: {
    forYour: (r) => `For your ${r}:`,
    kukaMessage: (t) => `KUKA message "${t}"`,
    subCode: (s, t) => `Sub-code ${s}: ${t}.`,
    seenOn: (c) => `Seen on: ${c}.`,
    informational: 'This is an informational message, not a fault.',
    causes: 'Likely causes:',
    checks: 'What to check:',
    safety: (t) => `Safety: ${t}`,
    source: (t) => `Source: ${t}.`,
    makerWording: '',
    englishOnly: () => '',
    unknown: (code, maker) => `${code} is not ${article(maker)} ${maker} alarm code in our verified list, so I won't guess what it means: the same number can mean different things on different controllers and software versions.`,
    displayed: (code) => `Check the code exactly as the pendant displays it (${code}: every letter and digit; 0 and O or 1 and I are easily mixed up) and the controller model (on the cabinet's rating plate or the pendant's version screen).`,
    unknownCheck: (maker, manual) => `Look it up in the ${maker} manual for your controller and software version${manual ? ` (ours cite: ${manual})` : ''}, and check the controller's alarm history: the first alarm of the sequence is usually the cause.`,
    whichMaker: (code) => `I can't tell which maker's code ${code} is, and the same number means different things on different makers' controllers, so I won't guess.`,
    whichMakerQ: 'Which robot maker and controller show this code?',
    pendant: 'Please tell me exactly what the teach pendant shows: the full alarm text and number, and any cause or sub-code line under it (and the robot model and controller).',
    firstChecks: "Let's find the cause. A few first checks:",
    firstCheckList: [
      '- Read the active alarm list on the teach pendant: the first alarm is usually the cause, later ones are consequences',
      '- Note when it happens: at power-up, during a specific move, or at random',
      '- Check whether anything changed recently: tool, program, payload, maintenance',
    ],
    askCode: 'What error code is displayed on the teach pendant? With the exact code and text I can tell you what it means and what to check.',
    askCodeOf: (maker) => `What error code or message does the ${maker} controller show on the teach pendant? With the exact code and text I can tell you what it means and what to check.`,
    askCodeQ: 'What error code is displayed?',
    whenQ: 'When did this error first appear?',
    samePointQ: 'Does it happen at the same point of the program every time?',
    whichRobotQ: 'Which robot model and controller is it?',
    fullTextQ: (code) => `What is the full alarm text shown with ${code}?`,
    writeDown: 'Write down the full alarm text and number from the teach pendant',
    history: 'Check the alarm history for the first alarm in the sequence',
    photograph: 'Photograph the alarm screen including the cause/sub-code lines',
    otherAlarmQ: 'Is another alarm logged at the same time?',
    doingQ: 'What was the robot doing when it appeared?',
    refuseQ: 'Does the robot refuse to run?',
    realFaults: 'Check the alarm history for real faults around this message',
    axisQ: 'Which axis does the alarm name?',
    jointQ: 'Which joint or axis is affected?',
    causeQ: 'Did it start after a collision, a power cut or maintenance?',
    backQ: 'Does the alarm come back after a reset?',
  },
};

const de: Messages = {
  app: (a) => appLabels.de[a] ?? applicationLabel(a),
  facts: {
    parts: (k) => `Teile mit ${k}`,
    tool: (k) => `ein Werkzeug mit ${k}`,
    reach: (m) => `${m} Reichweite`,
    industry: (n) => `Branche ${n}`,
    maxPayload: (k) => `Nenntraglast höchstens ${k}`,
    maxReach: (m) => `Reichweite höchstens ${m}`,
    axesExactly: (n) => `${n} Achsen`,
    axesMin: (n) => `mindestens ${n} Achsen`,
    axesMax: (n) => `höchstens ${n} Achsen`,
    preferred: (m) => `bevorzugt ${m}`,
    not: (m) => `nicht ${m}`,
    budget: (u) => `Budget ${u}`,
    cycle: (s) => `${s} s Taktzeit`,
    or: 'oder',
    and: 'und',
  },
  ask: {
    gotSoFar: (k) => `Bisher verstanden: ${k}.`,
    hello: 'Gern helfe ich Ihnen bei der Wahl eines Roboters.',
    stillNeed: 'Um Roboter aus dem Katalog auszuwählen, die wirklich passen, brauche ich noch:',
    payload: '- Traglast: das schwerste Teil, das der Roboter tragen muss, in kg (und das Greifergewicht, falls bekannt)',
    reach: '- Reichweite: der Abstand vom Roboterfuß zum entferntesten Greif- oder Ablagepunkt, in mm oder m',
    application: '- Oder die Anwendung (zum Beispiel Maschinenbeschickung, Palettieren, Schweißen, Montage)',
    keepFilters: (f) => `Ihre Katalogfilter behalte ich bei (${f}).`,
    payloadQ: 'Wie schwer ist das schwerste Teil, das der Roboter handhaben muss, in kg?',
    reachQ: 'Wie weit muss der Roboter von seinem Fuß aus reichen (mm)?',
    applicationQ: 'Welche Anwendung ist es (Maschinenbeschickung, Palettieren, Schweißen, ...)?',
    budgetQ: 'Haben Sie einen Budgetrahmen?',
    browse: 'Den Roboterkatalog nach Traglast und Reichweite durchsuchen',
    narrowReach: 'Diese passen zu dem, was Sie bisher genannt haben. Nennen Sie mir die Reichweite (vom Roboterfuß bis zum entferntesten Greif- oder Ablagepunkt) oder die Anwendung, dann grenze ich die Auswahl ein.',
    narrowPayload: 'Nennen Sie mir das schwerste Teil, das der Roboter tragen muss (in kg), dann prüfe ich diese Roboter daran.',
    unknownUnit: (said, slot) =>
      slot === 'payload'
        ? `„${said}“ ist keine Masseneinheit (Gewicht), die ich lesen kann; ich habe die Angabe daher nicht verwendet. Nennen Sie die Traglast in kg, g, t, lb oder oz.`
        : `„${said}“ ist keine Längeneinheit, die ich lesen kann; ich habe die Angabe daher nicht verwendet. Nennen Sie die Reichweite in mm, cm, m, in oder ft.`,
    typeReachHeading: (type, reach) => `Roboter des Typs ${type} in unserem Katalog mit mindestens ${reach} Reichweite (die Traglast kenne ich noch nicht, daher ist keiner daran geprüft):`,
    roi: 'Die Amortisation mit dem ROI-Rechner abschätzen',
  },
  select: {
    mustCarry: (task, required, allowance, reach) => `Für ${task} muss der Roboter mindestens ${required} tragen (${allowance})${reach ? ` und mindestens ${reach} weit reichen` : ''}.`,
    partPlusTool: (p, t) => `${p} Teil + ${t} Werkzeug`,
    plusAllowance: (p) => `${p} + 20 % Zuschlag für den Greifer`,
    keptFilters: (f) => `Ihre Katalogfilter habe ich beibehalten: ${f}.`,
    relaxApplication: (a) => `Kein Katalogroboter, der Traglast und Reichweite erfüllt, ist für ${a} gelistet; diese erfüllen Traglast und Reichweite, klären Sie die Anwendung mit dem Anbieter.`,
    relaxCategory: (c) => `Kein Roboter des Typs ${c} erfüllt Traglast und Reichweite; diese anderen Typen tun es.`,
    relaxMaker: (m) => `Kein Roboter von ${m} im Katalog erfüllt Traglast und Reichweite; diese stammen von anderen Herstellern.`,
    relaxBudget: (b) => `Nichts in unserem Katalog passt in Ihr Budget von ${b}: kein Roboter, der den Rest Ihrer Anforderungen erfüllt, liegt darunter.`,
    cheapestHeading: 'Die nächstliegenden Optionen, günstigste zuerst, mit Richtpreisen:',
    budgetHeading: (b) => `Innerhalb Ihres Budgets von ${b}, günstigste zuerst:`,
    heading: (n) => (n === 1 ? 'Ein Katalogroboter passt:' : `${n === 2 ? 'Zwei' : 'Drei'} Katalogroboter, die passen:`),
    payload: (k, p) => `${k} Traglast (${p} % Reserve)`,
    reach: (m, margin) => (margin ? `${m} Reichweite (+${margin})` : `${m} Reichweite`),
    axes: (n) => `${n} Achsen`,
    repeatability: (m) => `±${m} Wiederholgenauigkeit`,
    listedFor: (a) => `gelistet für ${a}`,
    indicative: (b) => `Richtpreis ${b}`,
    noPrice: 'Preis nicht veröffentlicht',
    leads: (m, r) => `Der ${m} liegt vorn, weil ${r}.`,
    fourAxes: 'er mit 4 Achsen schnell für flaches Pick-and-Place ist',
    cobot: 'er als Cobot nach einer Risikobeurteilung neben Menschen arbeiten kann',
    cycle: (s, fast) => `Für Ihre Taktzeit von ${s} s${fast ? ' sind die SCARA-/Delta-Optionen für flaches Greifen am schnellsten' : ''}: bestätigen Sie sie mit einer Simulation oder einer Taktzeitstudie des Anbieters, denn sie hängt von Bahn, Greifer und Traglast ab.`,
    gripper: 'Nennen Sie mir das Greifergewicht, falls bekannt, dann prüfe ich die Traglast genauer.',
    prices: 'Die Preise sind Richtpreise für Arm + Steuerung (die Hersteller veröffentlichen keine Listenpreise), keine Angebote.',
    compareQ: (a, b) => `Möchten Sie den ${a} und den ${b} direkt vergleichen?`,
    cycleQ: 'Welche Taktzeit brauchen Sie pro Teil?',
    budgetQ: 'Haben Sie einen Budgetrahmen?',
    toolQ: 'Wie schwer ist der Greifer oder das Werkzeug?',
    compare: (a, b) => `${a} und ${b} nebeneinander vergleichen`,
    openCatalog: (p, r) => `Den Katalog mit mindestens ${p} Traglast${r ? ` und ${r} Reichweite` : ''} öffnen`,
    roi: 'Die Amortisation mit dem ROI-Rechner abschätzen',
  },
  none: {
    heading: 'Nichts in unserem Katalog passt zu dieser Aufgabe:',
    payload: (n, m) => `Traglast: kein Roboter in unserem Katalog trägt ${n}; die größte Nenntraglast ist ${m}.`,
    reach: (n, m) => `Reichweite: kein Roboter in unserem Katalog reicht ${n} weit; die größte Reichweite ist ${m}.`,
    together: (p) => `Kein Roboter in unserem Katalog hat ${p} zugleich; jeder Wert allein liegt im Bereich des Katalogs.`,
    kindPayload: (k, n, m) => `Traglast: kein ${k} in unserem Katalog trägt ${n}; die größte Nenntraglast unter ihnen ist ${m}.`,
    kindReach: (k, n, m) => `Reichweite: kein ${k} in unserem Katalog reicht ${n} weit; die größte Reichweite unter ihnen ist ${m}.`,
    kindTogether: (k, p) => `Kein ${k} in unserem Katalog hat ${p} zugleich.`,
    othersFit: 'Roboter anderer Typen oder Hersteller erfüllen diese Werte: sagen Sie, ob einer davon in Frage kommt, dann wähle ich passende aus.',
    closestOfKind: 'Die nächstliegenden Roboter der gewünschten Art und wie weit jeder davon entfernt ist:',
    atMostReach: (m) => `höchstens ${m} Reichweite`,
    notMakers: (m) => `nicht ${m}`,
    payloadPart: (k) => `${k} Traglast`,
    reachPart: (m) => `${m} Reichweite`,
    closest: 'Die nächstliegenden Roboter und wie weit jeder davon entfernt ist:',
    payloadShort: (h, s, p) => `Traglast ${h}, ${s} (${p}) zu wenig`,
    reachShort: (h, s, p) => `Reichweite ${h}, ${s} (${p}) zu wenig`,
    meets: 'erfüllt die Werte',
    split: '- Prüfen Sie, ob die Last geteilt, das Teil näher am Roboterfuß gegriffen (weniger Reichweite) oder eine Linearachse genutzt werden kann',
    gantry: '- Für Lasten und Spannweiten jenseits von Knickarmrobotern kann ein Portal oder eine Sonderzelle passen: ein Integrator berät Sie',
    followUps: ['Lässt sich die Last teilen oder leichter machen (Greifer, Vorrichtung)?', 'Kann der Roboter näher an den Greif- und Ablagepunkten stehen?', 'Wäre eine Linearachse (7. Achse) eine Option?'],
    actions: ['Mit einem Integrator über eine Sonderzelle sprechen', 'Den Roboterkatalog nach Traglast und Reichweite durchsuchen'],
  },
  unknownModel: {
    notInCatalog: (n) => `Der ${n} ist nicht in unserem Katalog, daher habe ich keine Daten dazu.`,
    notInCatalogUnnamed: 'Das gesuchte Modell ist nicht in unserem Katalog, daher habe ich keine Daten dazu.',
    closest: (m) => (m ? `Die nächstliegenden ${m}-Modelle in unserem Katalog:` : 'Die nächstliegenden Modelle in unserem Katalog:'),
    advice: 'Ist es ein neues oder regionales Modell, prüfen Sie das Datenblatt des Herstellers, oder nennen Sie mir Traglast und Reichweite, dann wähle ich Katalogroboter aus.',
    followUps: ['Welche Traglast und Reichweite brauchen Sie?', 'Soll ich die nächstliegenden Modelle nebeneinander vergleichen?'],
    actions: ['Den Roboterkatalog nach Hersteller und Modell durchsuchen'],
  },
  menu: {
    capabilities: [
      '- Roboter auswählen: nennen Sie mir Teilegewicht, Reichweite und Anwendung',
      '- Fehlersuche: nennen Sie mir Alarmcode und Text vom Bediengerät (Teach Pendant)',
      '- Modelle nebeneinander vergleichen',
      '- Die Amortisation (ROI) einer Roboterzelle abschätzen',
    ],
    helpLead: 'Ich helfe am besten bei Fragen zu Robotern. Zum Beispiel kann ich:',
    greetingLead: (again) => `${again ? 'Willkommen zurück!' : 'Hallo!'} Ich bin der CellForge-Assistent. Ich kann Ihnen helfen:`,
    offTopicLead: 'Dabei kann ich nicht helfen: Ich bin der CellForge-Assistent für Industrieroboter und Automatisierung. Ich kann Ihnen helfen:',
    thanks: 'Gern geschehen! Kann ich sonst noch helfen?',
    followUps: ['Welche Aufgabe möchten Sie automatisieren?', 'Haben Sie einen Alarmcode, bei dem ich helfen soll?', 'Welche Roboter möchten Sie vergleichen?'],
    actions: ['Den Roboterkatalog durchsuchen', 'Den ROI-Rechner ausprobieren'],
  },
  alarm: {
    forYour: (r) => `Für Ihren ${r}:`,
    kukaMessage: (t) => `KUKA-Meldung "${t}"`,
    subCode: (s, t) => `Untercode ${s}: ${t}.`,
    seenOn: (c) => `Tritt auf bei: ${c}.`,
    informational: 'Das ist eine Hinweismeldung, kein Fehler.',
    causes: 'Wahrscheinliche Ursachen:',
    checks: 'Was zu prüfen ist:',
    safety: (t) => `Sicherheit: ${t}`,
    source: (t) => `Quelle: ${t}.`,
    makerWording: 'Alarmtitel, Meldungstext und Untercodes stehen im Wortlaut des Herstellers (Englisch), wie das Bediengerät sie anzeigt.',
    englishOnly: (maker) => `Die Erklärung dieses ${maker}-Codes liegt uns nur auf Englisch vor; sie folgt im Wortlaut unserer geprüften Liste:`,
    unknown: (code, maker) => `${code} ist kein ${maker}-Alarmcode in unserer geprüften Liste, daher rate ich nicht, was er bedeutet: dieselbe Nummer kann auf verschiedenen Steuerungen und Softwareständen Verschiedenes bedeuten.`,
    displayed: (code) => `Prüfen Sie den Code genau so, wie das Bediengerät ihn anzeigt (${code}: jeder Buchstabe und jede Ziffer; 0 und O oder 1 und I werden leicht verwechselt), und das Steuerungsmodell (Typenschild am Schaltschrank oder Versionsanzeige des Bediengeräts).`,
    unknownCheck: (maker, manual) => `Schlagen Sie ihn im ${maker}-Handbuch für Ihre Steuerung und Softwareversion nach${manual ? ` (unsere Einträge zitieren: ${manual})` : ''}, und prüfen Sie die Alarmhistorie der Steuerung: der erste Alarm der Folge ist meist die Ursache.`,
    whichMaker: (code) => `Ich kann nicht erkennen, von welchem Hersteller der Code ${code} stammt, und dieselbe Nummer bedeutet bei verschiedenen Herstellern Verschiedenes, daher rate ich nicht.`,
    whichMakerQ: 'Welcher Roboterhersteller und welche Steuerung zeigen diesen Code?',
    pendant: 'Bitte nennen Sie mir genau, was das Bediengerät (Teach Pendant) anzeigt: den vollständigen Alarmtext mit Nummer und jede Ursachen- oder Untercode-Zeile darunter (und Robotermodell und Steuerung).',
    firstChecks: 'Suchen wir die Ursache. Ein paar erste Prüfungen:',
    firstCheckList: [
      '- Lesen Sie die aktive Alarmliste am Bediengerät: der erste Alarm ist meist die Ursache, spätere sind Folgen',
      '- Notieren Sie, wann es auftritt: beim Einschalten, bei einer bestimmten Bewegung oder zufällig',
      '- Prüfen Sie, ob sich kürzlich etwas geändert hat: Werkzeug, Programm, Traglast, Wartung',
    ],
    askCode: 'Welcher Fehlercode steht auf dem Bediengerät (Teach Pendant)? Mit dem genauen Code und Text kann ich sagen, was er bedeutet und was zu prüfen ist.',
    askCodeOf: (maker) => `Welchen Fehlercode oder welche Meldung zeigt die ${maker}-Steuerung auf dem Bediengerät (Teach Pendant)? Mit dem genauen Code und Text kann ich sagen, was er bedeutet und was zu prüfen ist.`,
    askCodeQ: 'Welcher Fehlercode wird angezeigt?',
    whenQ: 'Wann ist der Fehler zum ersten Mal aufgetreten?',
    samePointQ: 'Tritt er jedes Mal an derselben Stelle im Programm auf?',
    whichRobotQ: 'Welches Robotermodell und welche Steuerung sind es?',
    fullTextQ: (code) => `Wie lautet der vollständige Alarmtext zu ${code}?`,
    writeDown: 'Den vollständigen Alarmtext und die Nummer vom Bediengerät notieren',
    history: 'In der Alarmhistorie den ersten Alarm der Folge suchen',
    photograph: 'Den Alarmbildschirm samt Ursachen-/Untercode-Zeilen fotografieren',
    otherAlarmQ: 'Wird gleichzeitig ein weiterer Alarm protokolliert?',
    doingQ: 'Was hat der Roboter gemacht, als die Meldung kam?',
    refuseQ: 'Läuft der Roboter nicht mehr an?',
    realFaults: 'In der Alarmhistorie nach echten Fehlern rund um diese Meldung suchen',
    axisQ: 'Welche Achse nennt der Alarm?',
    jointQ: 'Welches Gelenk oder welche Achse ist betroffen?',
    causeQ: 'Trat er nach einer Kollision, einem Stromausfall oder einer Wartung auf?',
    backQ: 'Kommt der Alarm nach dem Quittieren wieder?',
  },
};

const es: Messages = {
  app: (a) => appLabels.es[a] ?? applicationLabel(a),
  facts: {
    parts: (k) => `piezas de ${k}`,
    tool: (k) => `una herramienta de ${k}`,
    reach: (m) => `alcance de ${m}`,
    industry: (n) => `sector ${n}`,
    maxPayload: (k) => `carga nominal de hasta ${k}`,
    maxReach: (m) => `alcance no mayor de ${m}`,
    axesExactly: (n) => `${n} ejes`,
    axesMin: (n) => `al menos ${n} ejes`,
    axesMax: (n) => `como mucho ${n} ejes`,
    preferred: (m) => `preferiblemente ${m}`,
    not: (m) => `no ${m}`,
    budget: (u) => `presupuesto ${u}`,
    cycle: (s) => `tiempo de ciclo de ${s} s`,
    or: 'o',
    and: 'y',
  },
  ask: {
    gotSoFar: (k) => `Hasta ahora he entendido: ${k}.`,
    hello: 'Con gusto le ayudo a elegir un robot.',
    stillNeed: 'Para preseleccionar robots del catálogo que realmente encajen, aún necesito:',
    payload: '- Carga útil: la pieza más pesada que debe llevar el robot, en kg (y el peso de la pinza si lo conoce)',
    reach: '- Alcance: la distancia desde la base del robot hasta el punto de recogida o depósito más lejano, en mm o m',
    application: '- O la aplicación (por ejemplo carga y descarga de máquinas, paletizado, soldadura, ensamblaje)',
    keepFilters: (f) => `También mantendré sus filtros del catálogo (${f}).`,
    payloadQ: '¿Cuál es la pieza más pesada que debe manipular el robot, en kg?',
    reachQ: '¿Qué alcance necesita el robot desde su base (mm)?',
    applicationQ: '¿Cuál es la aplicación (carga de máquinas, paletizado, soldadura, ...)?',
    budgetQ: '¿Tiene un rango de presupuesto?',
    browse: 'Explorar el catálogo de robots por carga útil y alcance',
    narrowReach: 'Estos se ajustan a lo que me ha dicho hasta ahora. Indíqueme el alcance (desde la base del robot hasta el punto más lejano de recogida o depósito) o la aplicación, y acotaré la lista.',
    narrowPayload: 'Indíqueme la pieza más pesada que debe llevar el robot (en kg) y los comprobaré con ella.',
    unknownUnit: (said, slot) =>
      slot === 'payload'
        ? `«${said}» no es una unidad de masa (peso) que pueda leer, así que no la he usado: indique la carga útil en kg, g, t, lb u oz.`
        : `«${said}» no es una unidad de longitud que pueda leer, así que no la he usado: indique el alcance en mm, cm, m, in o ft.`,
    typeReachHeading: (type, reach) => `Robots de tipo ${type} de nuestro catálogo con al menos ${reach} de alcance (aún no conozco la carga útil, así que ninguno está comprobado con ella):`,
    roi: 'Estimar la amortización con la calculadora de ROI',
  },
  select: {
    mustCarry: (task, required, allowance, reach) => `Para ${task}, el robot debe cargar al menos ${required} (${allowance})${reach ? ` y alcanzar al menos ${reach}` : ''}.`,
    partPlusTool: (p, t) => `${p} de pieza + ${t} de herramienta`,
    plusAllowance: (p) => `${p} + 20 % de margen para la pinza`,
    keptFilters: (f) => `He mantenido sus filtros del catálogo: ${f}.`,
    relaxApplication: (a) => `Ningún robot del catálogo que cumpla carga y alcance figura para ${a}; estos cumplen carga y alcance, consulte la aplicación con el proveedor.`,
    relaxCategory: (c) => `Ningún robot de tipo ${c} cumple carga y alcance; estos son de otros tipos que sí.`,
    relaxMaker: (m) => `Ningún robot de ${m} del catálogo cumple carga y alcance; estos son de otros fabricantes.`,
    relaxBudget: (b) => `Nada en nuestro catálogo se ajusta a su presupuesto de ${b}: ningún robot que cumpla el resto de lo que pidió está a ese precio o por debajo.`,
    cheapestHeading: 'Las opciones más cercanas, de la más barata a la más cara, con sus precios orientativos:',
    budgetHeading: (b) => `Dentro de su presupuesto de ${b}, de la más barata a la más cara:`,
    heading: (n) => (n === 1 ? 'Un robot del catálogo encaja:' : `${n === 2 ? 'Dos' : 'Tres'} robots del catálogo que encajan:`),
    payload: (k, p) => `carga útil ${k} (${p} % de reserva)`,
    reach: (m, margin) => (margin ? `alcance ${m} (+${margin})` : `alcance ${m}`),
    axes: (n) => `${n} ejes`,
    repeatability: (m) => `repetibilidad ±${m}`,
    listedFor: (a) => `indicado para ${a}`,
    indicative: (b) => `precio orientativo ${b}`,
    noPrice: 'precio no publicado',
    leads: (m, r) => `El ${m} va primero porque ${r}.`,
    fourAxes: 'con 4 ejes es rápido para pick-and-place en plano',
    cobot: 'como cobot puede trabajar junto a personas tras una evaluación de riesgos',
    cycle: (s, fast) => `Para su ciclo de ${s} s${fast ? ', las opciones SCARA/delta son las más rápidas para recogidas en plano' : ''}: confírmelo con una simulación o un estudio de tiempos del proveedor, porque depende de la trayectoria, la pinza y la carga.`,
    gripper: 'Dígame el peso de la pinza si lo conoce y afinaré la comprobación de carga.',
    prices: 'Los precios son orientativos para brazo + controlador (los fabricantes no publican precios de lista), no son ofertas.',
    compareQ: (a, b) => `¿Quiere una comparación lado a lado del ${a} y el ${b}?`,
    cycleQ: '¿Qué tiempo de ciclo necesita por pieza?',
    budgetQ: '¿Tiene un rango de presupuesto?',
    toolQ: '¿Cuánto pesa la pinza o herramienta?',
    compare: (a, b) => `Comparar el ${a} y el ${b} lado a lado`,
    openCatalog: (p, r) => `Abrir el catálogo filtrado a al menos ${p} de carga${r ? ` y ${r} de alcance` : ''}`,
    roi: 'Estimar la amortización con la calculadora de ROI',
  },
  none: {
    heading: 'Nada en nuestro catálogo encaja con esta tarea:',
    payload: (n, m) => `Carga útil: ningún robot de nuestro catálogo carga ${n}; la mayor carga nominal es ${m}.`,
    reach: (n, m) => `Alcance: ningún robot de nuestro catálogo alcanza ${n}; el mayor alcance es ${m}.`,
    together: (p) => `Ningún robot de nuestro catálogo tiene ${p} a la vez; cada valor por separado está dentro del rango del catálogo.`,
    kindPayload: (k, n, m) => `Carga útil: ningún ${k} de nuestro catálogo carga ${n}; la mayor carga nominal entre ellos es ${m}.`,
    kindReach: (k, n, m) => `Alcance: ningún ${k} de nuestro catálogo alcanza ${n}; el mayor alcance entre ellos es ${m}.`,
    kindTogether: (k, p) => `Ningún ${k} de nuestro catálogo tiene ${p} a la vez.`,
    othersFit: 'Robots de otros tipos o fabricantes cumplen estos valores: dígame si alguno le sirve y le preparo una selección.',
    closestOfKind: 'Los robots más cercanos del tipo que pidió y cuánto le falta a cada uno:',
    atMostReach: (m) => `alcance de como mucho ${m}`,
    notMakers: (m) => `no ${m}`,
    payloadPart: (k) => `carga útil de ${k}`,
    reachPart: (m) => `alcance de ${m}`,
    closest: 'Los robots más cercanos y cuánto le falta a cada uno:',
    payloadShort: (h, s, p) => `carga útil ${h}, faltan ${s} (${p})`,
    reachShort: (h, s, p) => `alcance ${h}, faltan ${s} (${p})`,
    meets: 'cumple los valores',
    split: '- Compruebe si la carga puede dividirse, si la pieza puede tomarse más cerca de la base del robot (menos alcance) o sobre un eje lineal',
    gantry: '- Un pórtico o una célula a medida pueden servir para cargas y distancias fuera del alcance de los brazos articulados: un integrador puede asesorarle',
    followUps: ['¿Se puede dividir o aligerar la carga (pinza, utillaje)?', '¿Se puede colocar el robot más cerca de los puntos de recogida y depósito?', '¿Sería una opción un eje lineal (7.º eje)?'],
    actions: ['Hablar con un integrador sobre una célula a medida', 'Explorar el catálogo de robots por carga útil y alcance'],
  },
  unknownModel: {
    notInCatalog: (n) => `El ${n} no está en nuestro catálogo, así que no tengo datos de él.`,
    notInCatalogUnnamed: 'El modelo por el que pregunta no está en nuestro catálogo, así que no tengo datos de él.',
    closest: (m) => (m ? `Los modelos de ${m} más cercanos que tenemos:` : 'Los modelos más cercanos que tenemos:'),
    advice: 'Si es un modelo nuevo o regional, consulte la ficha técnica del fabricante, o dígame la carga útil y el alcance que necesita y preseleccionaré robots del catálogo.',
    followUps: ['¿Qué carga útil y alcance necesita?', '¿Comparo los modelos más cercanos lado a lado?'],
    actions: ['Explorar el catálogo de robots por fabricante y modelo'],
  },
  menu: {
    capabilities: [
      '- Elegir un robot: dígame el peso de la pieza, el alcance y la aplicación',
      '- Resolver averías: deme el código y el texto de la alarma de la consola (teach pendant)',
      '- Comparar modelos lado a lado',
      '- Estimar la amortización (ROI) de una célula robotizada',
    ],
    helpLead: 'Puedo ayudar mejor con preguntas sobre robots. Por ejemplo, puedo:',
    greetingLead: (again) => `${again ? '¡Hola de nuevo!' : '¡Hola!'} Soy el asistente de CellForge. Puedo ayudarle a:`,
    offTopicLead: 'Eso queda fuera de lo que puedo hacer: soy el asistente de CellForge para robots industriales y automatización. Puedo ayudarle a:',
    thanks: '¡De nada! ¿Puedo ayudarle en algo más?',
    followUps: ['¿Qué tarea quiere automatizar?', '¿Tiene un código de alarma con el que necesite ayuda?', '¿Qué robots quiere comparar?'],
    actions: ['Explorar el catálogo de robots', 'Probar la calculadora de ROI'],
  },
  alarm: {
    forYour: (r) => `Para su ${r}:`,
    kukaMessage: (t) => `Mensaje de KUKA "${t}"`,
    subCode: (s, t) => `Subcódigo ${s}: ${t}.`,
    seenOn: (c) => `Aparece en: ${c}.`,
    informational: 'Es un mensaje informativo, no una avería.',
    causes: 'Causas probables:',
    checks: 'Qué comprobar:',
    safety: (t) => `Seguridad: ${t}`,
    source: (t) => `Fuente: ${t}.`,
    makerWording: 'El título de la alarma, el texto del mensaje y los subcódigos se dan con el texto del fabricante (en inglés), tal como los muestra la consola.',
    englishOnly: (maker) => `La explicación de este código de ${maker} solo la tenemos en inglés; sigue con el texto de nuestra lista verificada:`,
    unknown: (code, maker) => `${code} no es un código de alarma de ${maker} de nuestra lista verificada, así que no voy a adivinar su significado: el mismo número puede significar cosas distintas en distintos controladores y versiones de software.`,
    displayed: (code) => `Compruebe el código exactamente como lo muestra la consola (${code}: cada letra y cada dígito; 0 y O o 1 e I se confunden con facilidad) y el modelo de controlador (en la placa de características del armario o en la pantalla de versión de la consola).`,
    unknownCheck: (maker, manual) => `Búsquelo en el manual de ${maker} para su controlador y versión de software${manual ? ` (nuestras entradas citan: ${manual})` : ''}, y revise el historial de alarmas del controlador: la primera alarma de la secuencia suele ser la causa.`,
    whichMaker: (code) => `No puedo saber de qué fabricante es el código ${code}, y el mismo número significa cosas distintas en controladores de distintos fabricantes, así que no voy a adivinar.`,
    whichMakerQ: '¿Qué fabricante de robot y qué controlador muestran este código?',
    pendant: 'Dígame exactamente qué muestra la consola de programación (teach pendant): el texto completo y el número de la alarma, y cualquier línea de causa o subcódigo debajo (y el modelo de robot y el controlador).',
    firstChecks: 'Busquemos la causa. Unas primeras comprobaciones:',
    firstCheckList: [
      '- Lea la lista de alarmas activas en la consola: la primera alarma suele ser la causa, las siguientes son consecuencias',
      '- Anote cuándo ocurre: al encender, durante un movimiento concreto o al azar',
      '- Compruebe si algo cambió hace poco: herramienta, programa, carga, mantenimiento',
    ],
    askCode: '¿Qué código de error aparece en la consola de programación (teach pendant)? Con el código y el texto exactos puedo decirle qué significa y qué comprobar.',
    askCodeOf: (maker) => `¿Qué código de error o mensaje muestra el controlador ${maker} en la consola de programación (teach pendant)? Con el código y el texto exactos puedo decirle qué significa y qué comprobar.`,
    askCodeQ: '¿Qué código de error aparece?',
    whenQ: '¿Cuándo apareció este error por primera vez?',
    samePointQ: '¿Ocurre siempre en el mismo punto del programa?',
    whichRobotQ: '¿Qué modelo de robot y qué controlador es?',
    fullTextQ: (code) => `¿Cuál es el texto completo de la alarma que acompaña a ${code}?`,
    writeDown: 'Anotar el texto completo y el número de la alarma de la consola',
    history: 'Buscar en el historial de alarmas la primera alarma de la secuencia',
    photograph: 'Fotografiar la pantalla de alarma con las líneas de causa/subcódigo',
    otherAlarmQ: '¿Se registra otra alarma al mismo tiempo?',
    doingQ: '¿Qué hacía el robot cuando apareció?',
    refuseQ: '¿El robot se niega a arrancar?',
    realFaults: 'Buscar en el historial de alarmas averías reales en torno a este mensaje',
    axisQ: '¿Qué eje indica la alarma?',
    jointQ: '¿Qué articulación o eje está afectado?',
    causeQ: '¿Empezó tras una colisión, un corte de corriente o un mantenimiento?',
    backQ: '¿Vuelve la alarma después de un reset?',
  },
};

const catalogue: Record<AnswerLanguage, Messages> = { en, de, es };
export const messagesFor = (lang: AnswerLanguage = 'en'): Messages => catalogue[lang];

/** "a, b and c" / "a, b und c" / "a, b y c" */
export function joinList(items: string[], and: string): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`;
}
