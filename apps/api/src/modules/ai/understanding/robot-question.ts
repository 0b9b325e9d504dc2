import { findCycleTime } from './units';

/**
 * Questions about a robot already in view: the robot of the detail page, the robots on
 * the compare page, or robots the conversation named ("What payload can it carry?",
 * "which has the longest reach?", "is the ABB one good for palletizing?", "show me
 * alternatives"). This reads the words only; which robots they point at is decided in
 * advisor/subject.ts.
 */

/** Catalog columns a question can ask about. */
export const catalogFields = ['payload', 'reach', 'repeatability', 'axes', 'weight', 'price', 'category', 'applications', 'industries', 'maker', 'source'] as const;
/** Things buyers ask that the catalog does not hold: answered only from the description, never guessed. */
export const unlistedFields = ['mounting', 'protection', 'controller', 'speed', 'footprint', 'power', 'temperature'] as const;
export type CatalogField = (typeof catalogFields)[number];
export type UnlistedField = (typeof unlistedFields)[number];
export type RobotField = CatalogField | UnlistedField;

export const isCatalogField = (f: RobotField): f is CatalogField => (catalogFields as readonly string[]).includes(f);

/** Fields that can be ranked across robots ("which has the longest reach?"). */
export type RankField = 'payload' | 'reach' | 'repeatability' | 'axes' | 'weight' | 'price';

export interface RobotQuestion {
  /** What the question asks, in the order of `catalogFields` then `unlistedFields`. */
  fields: RobotField[];
  /** "accuracy" was asked: the catalog has repeatability only. */
  accuracy: boolean;
  /** "tell me more about it", "its specs". */
  overview: boolean;
  /** "show me alternatives", "anything similar?". */
  alternatives: boolean;
  /** "which has the longest reach?", "which one is cheapest?". */
  rank?: { field: RankField; want: 'max' | 'min' };
  /** A word that points at a robot in view: it, its, this one, that model, these, them... */
  deictic: boolean;
  /** "the first one", "the second", "the last one", "option 2": 0-based, -1 for the last. */
  ordinal?: number;
  /** The message starts a new robot search ("I need a robot for welding 10 kg parts"). */
  newTask: boolean;
  /** "actually make it 35 kg", "change that to 2.5 m": a figure of the need corrected, not a robot pointed at. */
  correction: boolean;
  /** A question about a term ("what does repeatability mean?"), not about a robot. */
  concept: boolean;
  /** "what's the lead time?", "show me the offers", "who sells it?": answered from the suppliers' offers (issue 13). */
  offers: boolean;
}

const ROBOT_NOUN = String.raw`(?:robot(?:ic)? arms?|robots?|cobots?|arms?|scaras?|deltas?|palleti[sz]ers?|models?|manipulators?|automation(?: solution)?)`;

/** German and Spanish words of the rankable fields (outside testers: rankings were English-only). */
const FIELD_WORDS_DE_ES: Array<[RobotField, RegExp]> = [
  ['payload', /\b(traglast\w*|nutzlast\w*|carga(?: útil| util)?|capacidad de carga)\b/i],
  ['reach', /\b(reichweite\w*|arbeitsbereich\w*|alcance\w*)\b/i],
  ['repeatability', /\b(wiederholgenau\w*|genau\w*|präzis\w*|repetibilidad|precisi[oó]n|preciso)\b/i],
  ['axes', /\b(achsen|ejes)\b/i],
  ['weight', /\b(gewicht|eigengewicht|leichteste\w*|schwerste\w*|peso|ligero|pesado)\b/i],
  ['price', /\b(preis\w*|kosten|kostet|günstig\w*|billig\w*|teuer\w*|precio\w*|cost[oe]s?|cuestan?|cu[aá]nto vale[n]?|barat[oa]s?|car[oa]s?)\b/i],
];

const FIELD_PATTERNS: Array<[RobotField, RegExp]> = [
  [
    'payload',
    /\b(payloads?|load capacity|lifting capacity|carrying capacity|max(?:imum)? (?:load|weight|mass)|(?:how (?:much|heavy)|what (?:weight|load|mass))\b.{0,40}\b(?:lift|carry|handle|hold|take|manage|move)|(?:lift|carry|handle)s? (?:how much|what weight)|what (?:can|could|does|will) \S+(?: \S+){0,3} (?:lift|carry|hold)\b)\b/i,
  ],
  ['reach', /\b(reach(?:es)?|working (?:range|radius|envelope|area)|work(?:ing)? ?envelope|how far\b|radius|arm length)/i],
  ['repeatability', /\b(repeatab\w*|precision|precise|accura(?:te|cy))\b/i],
  ['axes', /\b(axes|axis|dof|degrees? of freedom|joints)\b/i],
  ['weight', /\b(weigh(?:s|t)?|mass|how heavy is|heavy is (?:it|this|that))\b/i],
  ['price', /\b(prices?|priced|cost(?:s)?|how much (?:is|are|for) (?:it|this|that|the|an?|one)\b|expensive|cheap|affordable|quote)\b/i],
  [
    'category',
    new RegExp(
      String.raw`\b((?:kind|type|sort|class|category) of (?:robot|arm|machine)|is (?:it|this(?: one| robot| arm)?|that(?: one| model| robot)?) (?:an? )?(?:cobot|collaborative|scara|delta|articulated|industrial|palleti[sz]ing|heavy[- ]payload)|what (?:kind|type|category) is (?:it|this|that))\b`,
      'i',
    ),
  ],
  ['applications', /\b(applications?|used for|use cases?|what (?:tasks|jobs)|(?:good|suited|designed|made|built|meant) for what|what (?:can|could) (?:it|this|that|they)(?: one| robot)? (?:be used for|do)|what (?:is|are) (?:it|this|that|they)(?: one| robot)? (?:good|suited|designed|made|built|meant) for)\b/i],
  ['industries', /\b(industr(?:y|ies)|sectors?)\b/i],
  ['maker', /\b(who (?:makes|made|builds|built|manufactures|produces)|manufacturer|maker|brand|made by|which company)\b/i],
  ['source', /\b(datasheets?|data sheets?|spec(?:ification)? sheets?|sources?|where (?:do|does|did) (?:these|the|this|that|those|its|your) (?:figures?|numbers?|data|specs?|values?|information)(?: \w+)? come from)\b/i],
  ['mounting', /\b(mount(?:ed|ing|s)?|ceiling|wall[- ]mount\w*|upside[- ]down|inverted|floor[- ]standing|installation position)\b/i],
  ['protection', /\b(ip ?\d{2}|ip (?:rating|class|code|protection)|ingress|protection (?:class|rating)|water ?proof|dust ?proof|wash ?down|splash)\b/i],
  ['controller', /\b(controllers?|control (?:box|cabinet|unit)|teach pendant|pendant)\b/i],
  ['speed', /\b(speed|speeds|velocity|how fast|fast is|max(?:imum)? (?:speed|velocity)|joint speeds?|tcp speed|cycle times?)\b/i],
  ['footprint', /\b(footprint|base (?:size|dimensions)|dimensions|how (?:big|large) is)\b/i],
  ['power', /\b(power (?:consumption|supply|draw|requirements?)|voltage|watts?|energy (?:consumption|use)|how much power)\b/i],
  ['temperature', /\b((?:operating|ambient|working) temperature|temperature range|temperature)\b/i],
];

/** "What can it lift" and "how heavy a part" ask about payload, not the arm's own weight. */
const LIFT_WORDS = /\b(lift|carry|handle|hold|payloads?|capacity)\b/i;

const RANK_WORDS: Array<[RegExp, RankField | 'any', 'max' | 'min']> = [
  [/\b(longest|farthest|furthest|longer|further|farther|biggest reach|largest reach|most reach|more reach|greatest reach)\b/i, 'reach', 'max'],
  [/\bshortest\b/i, 'reach', 'min'],
  [/\b(cheapest|least expensive|lowest price|less expensive|cheaper|most affordable|lowest cost)\b/i, 'price', 'min'],
  [/\b(most expensive|priciest|highest price)\b/i, 'price', 'max'],
  [/\b(lightest|lighter)\b/i, 'weight', 'min'],
  [/\b(most (?:precise|accurate|repeatable)|more (?:precise|accurate|repeatable)|best (?:repeatability|precision|accuracy)|better (?:repeatability|precision|accuracy)|highest (?:precision|accuracy))\b/i, 'repeatability', 'min'],
  [/\b(strongest|lifts? the most|carr(?:y|ies) the most|handles? the most|heaviest (?:payloads?|loads?|parts?|boxes|cases|bags)|most payload|more payload|highest payload|biggest payload|largest payload|(?:most|more) (?:load|capacity))\b/i, 'payload', 'max'],
  [/\b(most axes|more axes)\b/i, 'axes', 'max'],
  [/\b(heaviest|heavier)\b/i, 'weight', 'max'],
  // German and Spanish superlatives.
  [/\b(günstigste\w*|billigste\w*|más barat[oa]s?|menor precio)\b/i, 'price', 'min'],
  [/\b(teuerste\w*|más car[oa]s?)\b/i, 'price', 'max'],
  [/\b(leichteste\w*|más ligero\w*)\b/i, 'weight', 'min'],
  [/\b(genaueste\w*|präziseste\w*|más precis[oa]s?)\b/i, 'repeatability', 'min'],
  [/\b(längste\w*|weiteste\w*|más largo\w*)\b/i, 'reach', 'max'],
  [/\b(größte\w*|höchste\w*|meiste\w*|mayor(?:es)?|más alt[oa]s?|más)\b/i, 'any', 'max'],
  [/\b(kleinste\w*|niedrigste\w*|wenigste\w*|menor(?:es)?|menos)\b/i, 'any', 'min'],
  [/\b(most|highest|largest|biggest|greatest|more|higher|larger|bigger|greater|best|better)\b/i, 'any', 'max'],
  [/\b(least|lowest|smallest|fewer|less|lower|smaller)\b/i, 'any', 'min'],
];

const ORDINALS: Array<[RegExp, number]> = [
  [/\b(?:the )?(?:first|1st|top)(?: one| robot| option| model| pick| choice| suggestion| recommendation)\b|\bthe (?:first|1st|top)\b|\b(?:option|number|#) ?(?:1|one)\b/i, 0],
  [/\b(?:the )?(?:second|2nd)(?: one| robot| option| model| pick| choice| suggestion| recommendation)\b|\bthe (?:second|2nd)\b|\b(?:option|number|#) ?(?:2|two)\b/i, 1],
  [/\b(?:the )?(?:third|3rd)(?: one| robot| option| model| pick| choice| suggestion| recommendation)\b|\bthe (?:third|3rd)\b|\b(?:option|number|#) ?(?:3|three)\b/i, 2],
  [/\b(?:the )?(?:fourth|4th)(?: one| robot| option| model)\b|\b(?:option|number|#) ?(?:4|four)\b/i, 3],
  [/\bthe last(?: one| robot| option| model| pick| suggestion)?\b/i, -1],
];

const DEICTIC = new RegExp(
  String.raw`\b(it|its|it's|itself|this|these|those|them|they|their|both|(?:that|the|same) (?:one|${ROBOT_NOUN})|which (?:one|of (?:them|these|those|the \w+)))\b`,
  'i',
);

/** "make it 35 kg", "change that to 2.5 m", "actually it's 9 kg": "it" is the need, the figure replaces the earlier one. */
const CORRECTION = /\b(?:make|change|set|bump|raise|lower|increase|decrease|up)\s+(?:it|that|this)\s+(?:to\s+|up to\s+)?(?:about\s+|around\s+)?\d|^\s*(?:ok(?:ay)?,?\s+|no,?\s+|sorry,?\s+)?actually,?\s+(?:it'?s|it is|they are|they'?re)\s+(?:about\s+|around\s+)?\d/i;

const ALTERNATIVES =
  /\b(alternatives?|similar|comparable|equivalents?|competitors?|substitutes?|other (?:options?|robots?|cobots?|models?|makers?|brands?|choices?|suggestions?)|something (?:like|similar)|anything (?:like|similar|else)|like (?:it|this|that)(?: one)?\b|instead|cheaper (?:options?|ones?|robots?|models?))\b/i;

/** Up to three words between the article and the noun ("a small 6-axis robot"), but not "a quote for this robot". */
const ADJECTIVES = String.raw`(?:\s+(?!(?:this|that|these|the|its|it|my|our|your|for|of|to|with|on|about|from)\b)[\w-]+){0,3}?`;

/** A new search: "I need a robot for...", "recommend a cobot", "which robot should I buy for...". */
const NEW_TASK = [
  new RegExp(
    String.raw`\b(?:need|want|require|looking for|searching for|shopping for|would like|'d like|plan(?:ning)? to buy|buy|get)(?:\s+(?!(?:it|this|that|is|if|whether|know)\b)[\w']+){0,2}?\s+(?:a|an|some|new|another)\b${ADJECTIVES}\s+${ROBOT_NOUN}\b`,
    'i',
  ),
  new RegExp(String.raw`\b(?:recommend|suggest|find|choose|pick|select)(?: me| us)? (?:a|an|some|the best|the right|a good)\b${ADJECTIVES}\s+${ROBOT_NOUN}\b`, 'i'),
  new RegExp(String.raw`\b(?:which|what) (?:${ROBOT_NOUN}|kind of robot|type of robot) (?:should|would|do you|can i|could i|to|for|is best|is right)\b`, 'i'),
];

const OVERVIEW = [
  /\b(tell me (?:more )?about|more (?:details|info(?:rmation)?)|details|specs|specifications|tech(?:nical)? data|overview|describe)\b/i,
  /^\s*(?:and |so )?what about (?:it|this(?: one| robot)?|that(?: one| robot)?|them)\s*\??\s*$/i,
];

const CONCEPT = /\b(mean|meaning|definition|define|explain (?:what|the term)|what is meant by)\b|^\s*what(?:'s| is| are) (?:a |an )?(?:payload|reach|repeatability|accuracy|dof|degrees of freedom|an? ip rating|ip rating|footprint)\s*\??\s*$/i;

/**
 * Lead time, delivery, availability and the offers themselves (issue 13). "offers" only as a
 * noun ("the offers", "offers for"), so "which robot offers more reach" stays a field question.
 */
const OFFER_WORDS = new RegExp(
  [
    String.raw`\blead[- ]?times?\b|\bdelivery (?:times?|dates?|terms)\b|\bhow (?:soon|quickly|fast) (?:can|could|would|will) (?:i|we|you)\b[^?.!]{0,20}\b(?:get|have|receive|deliver|ship)\b`,
    String.raw`\bwhen (?:can|could|would|will) (?:i|we)\b[^?.!]{0,20}\b(?:get|have|receive)\b|\b(?:in|from) stock\b|\bavailability\b`,
    String.raw`\b(?:the|any|all|supplier'?s?|suppliers'|current|active|its|their|what) offers?\b|\boffers? (?:for|on)\b|\bwho (?:sells|offers|supplies|stocks)\b|\b(?:which|what|any) (?:suppliers?|sellers?|dealers?)\b`,
    String.raw`\bwhere (?:can|could|do) (?:i|we) (?:buy|get|order)\b`,
    // German and Spanish.
    String.raw`\b(?:lieferzeit\w*|liefertermin\w*|lieferbar\w*|angebote|anbieter\w*)|\b(?:plazos? de entrega|tiempos? de entrega|ofertas|disponibilidad|proveedor(?:es)?)\b`,
  ].join('|'),
  'i',
);

export function readRobotQuestion(text: string): RobotQuestion {
  const fields: RobotField[] = [];
  for (const [field, re] of FIELD_PATTERNS) if (re.test(text)) fields.push(field);
  for (const [field, re] of FIELD_WORDS_DE_ES) if (!fields.includes(field) && re.test(text)) fields.push(field);
  // "Can it do 20 picks a minute?": a throughput the catalog cannot confirm.
  if (!fields.includes('speed') && findCycleTime(text) !== undefined) fields.push('speed');
  // "how much weight can it lift": payload, not the arm's weight.
  if (fields.includes('weight') && LIFT_WORDS.test(text) && !/\b(arm|robot|it|itself) weigh|\bweight of the (?:arm|robot)\b|\barm weight\b/i.test(text)) {
    fields.splice(fields.indexOf('weight'), 1);
    if (!fields.includes('payload')) fields.unshift('payload');
  }

  let rank: RobotQuestion['rank'];
  for (const [re, field, want] of RANK_WORDS) {
    if (!re.test(text)) continue;
    const rankable = fields.find((f): f is RankField => ['payload', 'reach', 'repeatability', 'axes', 'weight', 'price'].includes(f));
    if (field === 'any') {
      if (!rankable) continue;
      // "best repeatability" is the smallest number, "lowest price" the cheapest...
      const lowerIsBetter = rankable === 'repeatability' || rankable === 'price' || rankable === 'weight';
      rank = { field: rankable, want: lowerIsBetter && /\b(best|better)\b/i.test(text) ? 'min' : want };
    } else rank = { field: rankable && field === 'weight' && rankable === 'payload' ? 'payload' : field, want };
    break;
  }
  // A superlative needs a "which/who" question or a comparison of several ("the UR10e or the CRX?").
  // "Is the UR20 cheaper than the H2017?" compares too (the "than" of a comparative).
  if (rank && !/\b(which|who|what(?:'s| is) the|rank|order|sort|welche[rsmn]?|wer|cu[aá]l(?:es)?|qu[eé]|qui[eé]n)\b|\b(or|oder|o|than|als|que)\b/i.test(text)) rank = undefined;

  let ordinal: number | undefined;
  for (const [re, n] of ORDINALS) {
    if (re.test(text)) {
      ordinal = n;
      break;
    }
  }

  const alternatives = ALTERNATIVES.test(text);
  const newTask = !alternatives && NEW_TASK.some((re) => re.test(text));
  const deictic = DEICTIC.test(text);
  return {
    fields,
    accuracy: /\baccura(?:te|cy)\b/i.test(text),
    overview: OVERVIEW.some((re) => re.test(text)),
    alternatives,
    rank,
    deictic,
    ordinal,
    newTask,
    correction: CORRECTION.test(text),
    concept: !deictic && CONCEPT.test(text),
    offers: OFFER_WORDS.test(text),
  };
}

/** The message carries a question about robots rather than only stating facts. */
export function asksAboutRobot(q: RobotQuestion): boolean {
  return q.fields.length > 0 || q.overview || q.alternatives || q.rank !== undefined || q.offers;
}
