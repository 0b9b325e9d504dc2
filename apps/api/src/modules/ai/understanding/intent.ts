import type { Facts } from './facts';

/** The intents the assistant answers (contracts: knownIntents). Off-topic is answered as general. */
export type Intent = 'robot_selection' | 'troubleshooting' | 'comparison' | 'roi' | 'general';
export const intents: Intent[] = ['robot_selection', 'troubleshooting', 'comparison', 'roi', 'general'];

export function isIntent(value: unknown): value is Intent {
  return typeof value === 'string' && (intents as string[]).includes(value);
}

export interface IntentSignals {
  text: string;
  facts: Facts;
  /** Robots the message names (resolved against the catalog). */
  modelCount: number;
  page?: string;
  hasRoiData: boolean;
  /** The robot of the page the user is on (robot detail). */
  hasPageRobot: boolean;
  previousIntent?: Intent;
  previousState?: string;
  /** The message is a follow-up about robots in view (advisor/subject.ts): its kind, and whether several robots. */
  about?: { kind: 'spec' | 'fit' | 'alternatives' | 'rank' | 'compare'; several: boolean };
}

export interface IntentResult {
  intent: Intent;
  offTopic: boolean;
  greeting: boolean;
  scores: Record<Intent, number>;
}

const TROUBLE = [
  /\b(errors?|alarms?|faults?|fault codes?|error codes?|failure|fails?|failed|failing|malfunction(?:ing)?|broken|crash(?:ed|es)?|collided|collision detect(?:ed|ion)?)\b/i,
  /\b(not working|doesn'?t (?:work|move|start|run|power|turn on)|won'?t (?:move|start|run|power|turn on|jog|home)|can'?t (?:move|jog|start|reset)|stopped (?:working|moving)|keeps? (?:stopping|faulting|alarming|tripping|crashing)|stops? (?:randomly|mid[- ]cycle|suddenly|with)|(?:is|are) stuck|got stuck|freez(?:es|ing))\b/i,
  /\b(troubleshoot(?:ing)?|diagnos(?:e|is|ing)|fix(?:ed|ing)?|repair|debug|clear (?:the|this|an?) (?:alarm|error|fault)|reset (?:the|this|an?) (?:alarm|error|fault)|recover)\b/i,
  /\b(vibrat(?:es|ing|ion)|grinding noise|strange noise|noisy|overheat(?:s|ing)?|drift(?:s|ing)?|jerky|shak(?:es|ing)|lost (?:its )?(?:position|mastering|calibration|zero|home)|out of calibration|encoder|servo (?:alarm|error|fault)|overcurrent|overtravel|protective stop|e-?stop (?:won'?t|will not)|battery (?:low|alarm|error|dead)|low battery|brake (?:fault|problem|issue))\b/i,
  /\b(teach pendant|flexpendant|smartpad|polyscope) (?:shows?|says|displays?|reads?)\b/i,
  // German and Spanish faults and symptoms told without a code ("Roboter ruckelt", "el robot vibra", "se para de forma aleatoria").
  /(?<![\p{L}\d])((?:had|after|in) an? collision|fehler\p{L}*|st[öo]rung\p{L}*|ruckel\p{L}*|ruckt|ruckartig|vibriert|vibrationen|zittert|bleibt (?:\p{L}+ )?(?:zuf[äa]llig |sporadisch |pl[öo]tzlich |immer wieder |ab und zu )*stehen|stoppt (?:zuf[äa]llig|sporadisch|pl[öo]tzlich|immer wieder|ohne grund)|bewegt sich nicht|f[äa]hrt nicht|l[äa]uft nicht(?: mehr)? an|[üu]berhitz\p{L}*|kollision|position verloren|aver[ií]a|alarmas?|c[oó]digos? de (?:error|alarma)|falla|fallo|vibra|vibraci[oó]n|tiembla|ruido\p{L}*|se (?:para|detiene|bloquea|queda parado)|no se mueve|no arranca|sobrecalent\p{L}*|colisi[oó]n|perdi[oó] la posici[oó]n)(?![\p{L}])/iu,
  /\b(issue|problem|trouble)s? with (?:my|our|the)\b|\b(?:my|our|the) (?:robot|arm|cobot|cell)\b.{0,40}\b(?:issue|problem|trouble)s?\b/i,
];
const COMPARE = [
  /\b(compar(?:e|ed|ing|ison)|versus|vs\.?|v\/s|head[- ]to[- ]head|side[- ]by[- ]side)\b/i,
  /\b(difference|differences) between\b/i,
  // German and Spanish (outside testers): "Vergleiche den UR10e mit dem CRX", "compara el UR10e con el CRX".
  /\b(vergleich\w*|gegenüberstell\w*|unterschied\w* zwischen|compara|comparar|comparación|comparacion|diferencias? entre)\b/i,
  /\b(which (?:one )?is better|better than|how does .{2,40} stack up|or the .{2,30}\?)/i,
];
const ROI = [
  /\b(roi|return on (?:the )?investment|payback|pay(?:s)? ?back|pays? (?:for )?itself|break[- ]?even|amorti[sz](?:e|ation))\b/i,
  /\b(npv|net present value|irr|internal rate of return|net gain|discount(?:ed)? (?:rate|payback|cash ?flows?)|cash ?flows?|my (?:savings|figures|numbers|results?))\b/i,
  /\b(how much (?:will|would|can|could) (?:i|we) save|cost savings?|save (?:money|on labou?r)|labou?r costs?|worth (?:it|automating|the investment)|is it worth|business case|justify (?:the )?(?:cost|investment|purchase)|total cost of ownership|tco)\b/i,
];
const SELECT = [
  /\b(recommend(?:ation|ations|ed)?|suggest(?:ion|ions)?|advise|which (?:robot|cobot|arm|model|one) (?:should|would|do|for|can|is)|what (?:robot|cobot|arm|model|kind of robot|type of robot)|best (?:robot|cobot|arm|option|choice)|right (?:robot|cobot|arm)|suitable (?:robot|cobot|arm)|options? for)\b/i,
  /\b(i|we) (?:need|want|am looking|are looking|'m looking|'re looking|plan|would like)\b.{0,60}\b(robot|cobot|arm|automat(?:e|ion)|scara|delta|palleti[sz]er)\b/i,
  /\b(looking for|searching for|shopping for|help me (?:choose|select|find|pick)|choose|choosing|select(?:ing)?|pick (?:a|the) (?:robot|cobot)|find (?:me )?(?:a|the) (?:robot|cobot))\b/i,
  /\b(robot|cobot|arm)s? (?:for|to|that can|which can|able to|capable of)\b/i,
  /\b(is (?:this|it|the .{1,30}) (?:suitable|good|a good fit|right|enough|able)|can (?:this|it) (?:handle|lift|carry|reach|do))\b/i,
  /\bwhich (?:of (?:these|them|those)|ones?)\b.{0,40}\b(suits?|suitable|fits?|best|handle|should|would|can)\b/i,
];
const GREETING = /^\s*(hi|hello|hey|hiya|good (?:morning|afternoon|evening)|greetings|yo|thanks?|thank you|cheers|ok(?:ay)?|great|cool|bye|goodbye)\b[\s!.,?]*(?:there|again|so much|a lot)?[\s!.,?]*$/i;
const ROBOTICS = /\b(robots?|robotic|robotics|cobots?|automat(?:e|ion|ed)|arm|gripper|end[- ]effector|eoat|payload|reach|axis|axes|dof|scara|delta|palleti[sz]|weld|cnc|plc|teach pendant|servo|encoder|manufactur|factory|production|cell|conveyor|pick|assembly|fanuc|abb|kuka|yaskawa|universal robots|cycle time|repeatability|integrator|catalog|price|cost|roi|payback|safety|iso 10218|ts 15066)\b/i;
const OFF_TOPIC = /\b(weather|recipe|cook|football|soccer|basketball|movie|film|song|lyrics|poem|joke|horoscope|bitcoin|crypto|stock (?:price|market)|president|election|capital of|dating|vacation|holiday|restaurant|celebrity|homework|translate)\b/i;

const CONCEPT = /^\s*(?:what(?:'s| is| are| does)|explain|define|how does (?:a|an|the)? ?\w+ work)\b(?!.{0,30}\b(?:robot|cobot|arm|model)s? (?:should|would|do you|for|can)\b)/i;

/** The intent a follow-up about robots in view is answered under. */
export function intentOfAbout(about: NonNullable<IntentSignals['about']>): Intent {
  if (about.kind === 'fit' || about.kind === 'alternatives') return 'robot_selection';
  if (about.kind === 'rank' || about.kind === 'compare') return 'comparison';
  return about.several ? 'comparison' : 'general';
}

const count = (patterns: RegExp[], text: string) => patterns.reduce((n, re) => n + (re.test(text) ? 1 : 0), 0);

/**
 * Scores each intent from the words and facts of the message, then lets the
 * conversation decide when the message alone is not enough ("8 kg, 1.2 m" after the
 * assistant asked for payload and reach continues the robot selection).
 */
export function classifyIntent(s: IntentSignals): IntentResult {
  const { text, facts } = s;
  const scores: Record<Intent, number> = { robot_selection: 0, troubleshooting: 0, comparison: 0, roi: 0, general: 0 };

  if (facts.codes.length) scores.troubleshooting += 6;
  scores.troubleshooting += 2.5 * count(TROUBLE, text);

  scores.comparison += 4 * count(COMPARE, text);
  if (s.modelCount >= 2 && scores.comparison > 0) scores.comparison += 2;
  if (s.modelCount >= 2 && /\b(or|and)\b/i.test(text) && /\b(which|better|best|pick|choose|should i)\b/i.test(text)) scores.comparison += 3;
  if ((facts.manufacturers?.length ?? 0) >= 2 && /\b(which|better|or)\b/i.test(text) && !facts.payloadKg) scores.comparison += 2;

  scores.roi += 4 * count(ROI, text);
  const roiFigures = Object.values(facts.roi).filter((v) => v !== undefined).length;
  if (roiFigures >= 2) scores.roi += 2;
  // On the ROI calculator with its figures at hand, an open question is about those figures.
  if (s.page === 'roi_calculator' && s.hasRoiData && !s.about) scores.roi += scores.roi > 0 ? 1 : 2.5;

  scores.robot_selection += 3 * count(SELECT, text);
  const selectionFacts = [
    facts.payloadKg,
    facts.reachMm,
    facts.application,
    facts.budgetUsd,
    facts.category,
    facts.environment,
    facts.maxPayloadKg ?? facts.maxReachMm,
    facts.axes,
    facts.cycleTimeS,
    facts.manufacturers?.length || facts.excludedManufacturers?.length ? true : undefined,
    // "a payload of 5 lightyears": a payload asked about, in a unit that is none.
    facts.unknownUnits?.length ? true : undefined,
  ].filter((v) => v !== undefined).length;
  if (selectionFacts >= 1 && /\b(robot|cobot|arm|automat)/i.test(text)) scores.robot_selection += 1.5;
  scores.robot_selection += Math.min(selectionFacts, 3) * 0.75;
  // A payload or reach figure ("2 t payload", "anything except ABB and KUKA, 10 kg payload") is a
  // task to choose a robot for, unless the rest of the message says otherwise.
  const figure = [facts.payloadKg, facts.reachMm, facts.maxPayloadKg, facts.maxReachMm].some((v) => v !== undefined);
  if (figure && /\b(payload|reach|kg|kilos?|lbs?|t|tonnes?|tons?|mm|m)\b/i.test(text)) scores.robot_selection += 1;

  const greeting = GREETING.test(text);
  const offTopic = !ROBOTICS.test(text) && OFF_TOPIC.test(text);
  if (greeting || offTopic) scores.general += 5;
  // "What is a cobot?", "What does repeatability mean?": a question about a concept, not a task.
  if (CONCEPT.test(text) && facts.payloadKg === undefined && facts.reachMm === undefined) scores.general += 3;

  const order: Intent[] = ['troubleshooting', 'comparison', 'roi', 'robot_selection', 'general'];
  let intent: Intent = 'general';
  let best = 0;
  for (const i of order) {
    if (scores[i] > best) {
      best = scores[i];
      intent = i;
    }
  }
  // "Only IP67 robots please" in a robot selection is one more limit on the task, not a
  // question about one robot's IP rating ("is it IP67?" still is).
  const environmentLimit = facts.environment !== undefined && s.previousIntent === 'robot_selection' && !/^\s*(is|are|does|do|what|which|can|has|have|how)\b/i.test(text);
  const aboutIntent = s.about && !environmentLimit ? intentOfAbout(s.about) : undefined;
  if (greeting || offTopic) intent = 'general';
  else if (aboutIntent && scores.troubleshooting === 0 && count(ROI, text) === 0 && (count(COMPARE, text) === 0 || s.about?.kind === 'rank')) {
    // "What payload can it carry?" on a robot page is about that robot, not a new search;
    // alarms, ROI and explicit comparisons keep their own answers.
    intent = aboutIntent;
  } else if (best < 2.5) {
    // Too little in the message itself: a short follow-up ("how do I clear it?", "with the
    // TM12", "8 kg, 1.2 m") continues the conversation's topic.
    const prev = s.previousIntent;
    const words = text.trim().split(/\s+/).length;
    if (prev && prev !== 'general' && (words <= 30 || selectionFacts > 0)) intent = prev;
    else if (best < 1.5) intent = 'general';
  }
  return { intent, offTopic, greeting, scores };
}
