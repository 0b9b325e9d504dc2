import { budgetInUsd, builtInMakers, cleanroomIsoClassOf, makerCountry, parseRequirements, ruledOutCategories, wantedCategories } from '@cellforge/requirements';
import type { RequirementCurrency } from '@cellforge/contracts';
import type { EnvironmentQuery } from '../../catalog';
import { extractCodes, type CodeMention } from './codes';
import { distanceTo, findBareReach, findCycleTime, findLengths, findMasses, findMoney, findUnknownUnits, round, type Mention, type UnknownUnit } from './units';
import { applications, applicationSynonyms, categorySynonyms, industrySynonyms, manufacturerAliases, type Application, type Industry } from './vocabulary';
import { group, nth } from '../../../lib/invariants';
import { keepRecent } from '../../../lib/recent-map';

/** What one message says, in canonical units. */
export interface Facts {
  /** Mass of the part/load to carry, kg. */
  payloadKg?: number;
  /** Mass of the gripper/tool when stated, kg. */
  toolKg?: number;
  reachMm?: number;
  application?: Application;
  industry?: Industry;
  /** Catalog manufacturer names the message asks for ("Fanuc or ABB"). */
  manufacturers?: string[];
  /** The makers were named as a wish ("Epson or Denso preferred", "ideally FANUC"): ranked, never a limit. */
  makersPreferred?: boolean;
  /** Makers the buyer does not want ("no FANUC", "anything except ABB and KUKA"); they add up over a conversation. */
  excludedManufacturers?: string[];
  /**
   * Makers said to be acceptable without asking for them alone ("ok, FANUC is fine after all",
   * "KUKA geht doch", "ABB también vale"): they lift an earlier exclusion and join an earlier
   * maker list, but never narrow the need to themselves.
   */
  allowedManufacturers?: string[];
  /** Longest reach the robot may have ("no more than 900 mm reach"), mm. */
  maxReachMm?: number;
  /** Largest rated payload wanted ("arms between 5 and 10 kg"), kg. */
  maxPayloadKg?: number;
  /** Axis count ("six-axis", "7-axis", "at least 6 axes"). */
  axes?: { min?: number; max?: number };
  /** Catalog category (collaborative, scara, ...). */
  category?: string;
  /** Every type asked when more than one ("delta or SCARA only": either); `category` is then the first of them. */
  categories?: string[];
  /**
   * Robot types the buyer ruled out ("no cobots", "keine Cobots", "sin SCARA"), as the shared
   * parser reads them (the search box and project matches too); they add up over a conversation
   * and are as hard as an excluded maker. A type asked for again lifts its exclusion.
   */
  excludedCategories?: string[];
  budgetUsd?: number;
  /**
   * The budget as the buyer said it when it was not in USD ("Budget 40.000 €": 40000 EUR);
   * `budgetUsd` is its conversion by the one table (packages/requirements currency.ts). Answers
   * read it back in the buyer's currency with the converted figure beside it.
   */
  budgetSaid?: BudgetSaid;
  cycleTimeS?: number;
  /**
   * Hard environment limits (IP rating, cleanroom class, food-grade, mounting, makers'
   * countries), in the catalog query's terms; a robot whose value is not published never passes.
   */
  environment?: EnvironmentQuery;
  codes: CodeMention[];
  roi: RoiFigures;
  /**
   * Figures in a payload or reach slot whose unit is no mass or length ("a payload of 5
   * lightyears"): said back plainly, never read as a figure; this message's only (not merged).
   */
  unknownUnits?: UnknownUnit[];
}

/** An amount in the buyer's currency (never USD: a USD budget is `budgetUsd` alone). */
export interface BudgetSaid {
  amount: number;
  currency: RequirementCurrency;
}

export interface RoiFigures {
  investmentUsd?: number;
  hourlyWageUsd?: number;
  workers?: number;
  shifts?: number;
  annualSavingsUsd?: number;
}

const PAYLOAD_WORDS = /\b(payloads?|weigh(?:s|ing|t|ts)?|heavy|load|loads|lift(?:s|ing)?|carry(?:ing)?|handle|handling|pick(?:s|ing)?|parts?|pieces?|box(?:es)?|bags?|sacks?|cases?|cartons?|products?|items?|workpieces?|castings?|components?|blanks?|panels?|trays?|up to|max(?:imum)?)\b/i;
/** Nouns of the thing carried ("weighs" is left out: both parts and grippers weigh something). */
const PART_NOUNS = /\b(payloads?|load|loads|parts?|pieces?|box(?:es)?|bags?|sacks?|cases?|cartons?|products?|items?|workpieces?|castings?|components?|blanks?|panels?|trays?)\b/i;
const TOOL_WORDS = /\b(gripper|grippers|tool|tooling|eoat|end[- ]effector|end[- ]of[- ]arm(?: tool(?:ing)?)?|vacuum (?:cup|head|gripper)|welding torch|torch|spindle|screwdriver|fixture|magnet)\b/i;
const REACH_WORDS = /\b(reach(?:es|ing)?|radius|span|away|apart|between|distance|envelope|stroke|arm length|from the base|far)\b/i;
const NOT_REACH_WORDS = /\b(tall|high|height|wide|width|diameter|thick|thickness|long parts?|length of the part|part length|cell (?:is|of|size)|floor|footprint|ceiling|fence|fencing|walls?|room|sheets?|plates?)\b/i;
const BUDGET_WORDS = /\b(budget|under|below|max(?:imum)?|up to|less than|no more than|at most|spend|afford|cheaper than|within|cap)\b/i;
const INVEST_WORDS = /\b(costs?|costing|investment|invest|price[ds]?|paid|pay|capex|quote[ds]?|purchase|cell|system|installation)\b/i;
const SAVINGS_WORDS = /\b(sav(?:e|es|ing|ings)|per year|a year|annually|annual)\b/i;

/** Words that admit a maker ("is fine", "after all", "geht doch", "también vale") rather than ask for it. */
const ALLOWING_WORDS = /\b(?:(?:is|are|would be|'s) (?:fine|ok|okay|acceptable|allowed|good(?: enough)?)|after all|(?:ist|sind|wäre|wären) (?:doch |auch )?(?:ok|okay|in ordnung|akzeptabel|erlaubt)|geht (?:doch|auch)|doch (?:ok|okay|in ordnung)|(?:está|están|estaría) bien|(?:también|tambien) (?:vale|sirve|sirven)|es aceptable|son aceptables|al final)\b/i;
/** Words that narrow the need to the makers named ("only FANUC", "nur KUKA", "solo ABB"). */
const ONLY_WORDS = /\b(?:only|just|solely|exclusively|nur|ausschließlich|ausschliesslich|solo|sólo|únicamente|unicamente)\b/i;
const WORD_NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, single: 1, double: 2, triple: 3 };
const num = (s: string) => WORD_NUMBERS[s.toLowerCase()] ?? Number(s);

/** The mention closest to one group of words and not closer to another. */
function pickMention(text: string, mentions: Mention[], want: RegExp, avoid?: RegExp): Mention | undefined {
  let best: Mention | undefined;
  let bestD = Infinity;
  for (const m of mentions) {
    const d = distanceTo(text, m, want, 30);
    const a = avoid ? distanceTo(text, m, avoid, 30) : Infinity;
    if (d < a && d < bestD) {
      best = m;
      bestD = d;
    }
  }
  return best;
}

/**
 * A product named just before a figure ("the Acme Mega 9000 with 900 kg payload", "a UR10e,
 * rated at 12.5 kg"): capitalised words and a word with a digit, then with/has/rated at.
 */
const NAMED_PRODUCT_BEFORE = /\b[A-Z][\w.-]*(?:\s+[\w.-]+){0,3}?\s*\b[\w-]*\d[\w./-]*,?\s+(?:with|has|having|rated (?:at|for)|offering|carrying|that (?:carries|lifts|has|reaches)|mit|con)\s+(?:an?\s+|its\s+|the\s+|einer?\s+|una?\s+)?(?:(?:rated\s+)?(?:payload|reach|capacity|Traglast|Reichweite|carga(?: útil)?|alcance)\s+(?:of\s+|von\s+|de\s+)?)?$/;
/** What the buyer carries after a figure ("900 kg sacks"): a task, even after a product's name. */
const PART_AFTER = /^\s*(?:parts?|pieces?|box(?:es)?|bags?|sacks?|cases?|cartons?|products?|items?|workpieces?|castings?|components?|blanks?|panels?|trays?)\b/i;

/**
 * Issue 12 (bad input): a figure that describes a named product ("Recommend the Acme Mega 9000
 * with 900 kg payload for my 40 kg sacks") is that product's datasheet, not the buyer's need;
 * such figures are not read as the payload or the reach (the buyer's own "40 kg sacks" is).
 */
export function describesNamedProduct(text: string, m: Mention): boolean {
  if (PART_AFTER.test(text.slice(m.end, m.end + 20))) return false;
  return NAMED_PRODUCT_BEFORE.test(text.slice(Math.max(0, m.start - 80), m.start));
}

export function extractFacts(text: string, contextMaker?: string): Facts {
  const facts: Facts = { codes: extractCodes(text, contextMaker), roi: {} };

  // Masses: the tool's weight is told apart from the part's by the nearest words.
  const masses = findMasses(text).filter((m) => !describesNamedProduct(text, m));
  if (masses.length) {
    const tool = pickMention(text, masses, TOOL_WORDS, PART_NOUNS);
    const rest = masses.filter((m) => m !== tool);
    const payload = pickMention(text, rest, PAYLOAD_WORDS) ?? (rest.length ? rest.reduce((a, b) => (b.value > a.value ? b : a)) : undefined);
    if (payload) {
      facts.payloadKg = payload.value;
      if (tool) facts.toolKg = tool.value;
    } else if (tool) {
      // Only the tool's mass is given ("a 5 kg welding torch"): that is what the wrist carries.
      facts.payloadKg = tool.value;
    }
  }

  // Reach: a length near "reach"-like words, else the only plausible length.
  const lengths = findLengths(text).filter((l) => distanceTo(text, l, NOT_REACH_WORDS, 20) > 15 && !describesNamedProduct(text, l));
  const reach = pickMention(text, lengths, REACH_WORDS) ?? (lengths.length === 1 && nth(lengths, 0).value >= 150 ? lengths[0] : undefined);
  if (reach) facts.reachMm = round(reach.value, 0);
  else {
    const bare = findBareReach(text);
    if (bare) facts.reachMm = bare.value;
  }

  for (const [app, re] of applicationSynonyms) {
    if (re.test(text)) {
      facts.application = app;
      break;
    }
  }
  for (const [industry, re] of industrySynonyms) {
    if (re.test(text)) {
      facts.industry = industry;
      break;
    }
  }
  const makers: Array<[number, string]> = [];
  for (const [maker, re] of manufacturerAliases) {
    const m = re.exec(text);
    if (m && !makers.some(([, x]) => x === maker)) makers.push([m.index, maker]);
  }
  if (makers.length) facts.manufacturers = makers.sort((a, b) => a[0] - b[0]).map(([, x]) => x);
  for (const [category, re] of categorySynonyms) {
    if (re.test(text)) {
      facts.category = category;
      break;
    }
  }
  // "palletizing robot" and "palletizer for 9 kg bags" state the task (the application), as the
  // search box reads them; "4-axis palletizer" and "type palletizer" name the category.
  if (facts.category === 'palletizing' && !/\b4[- ]axis\b|\btype\s+(?:of\s+)?palleti[sz]er|\bpalleti[sz]er\s+type\b/i.test(text)) delete facts.category;

  // Money: a budget, an investment (ROI) or yearly savings, told apart by nearby words.
  const money = findMoney(text).filter((m) => !/^\s*(?:\/|per|an|a)\s*(?:h|hr|hour)\b/i.test(text.slice(m.end, m.end + 12)));
  const budget = pickMention(text, money, BUDGET_WORDS, INVEST_WORDS);
  if (budget) facts.budgetUsd = Math.round(budget.value);
  const invest = pickMention(text, money.filter((m) => m !== budget), INVEST_WORDS, SAVINGS_WORDS);
  if (invest) facts.roi.investmentUsd = Math.round(invest.value);
  const savings = pickMention(text, money.filter((m) => m !== budget && m !== invest), SAVINGS_WORDS);
  if (savings) facts.roi.annualSavingsUsd = Math.round(savings.value);

  const wage = /(?:\$|€|£)\s*(\d+(?:\.\d+)?)\s*(?:usd|dollars?)?\s*(?:\/|per|an|a)\s*(?:h|hr|hour)\b|(\d+(?:\.\d+)?)\s*(?:\$|usd|dollars?|€|eur|euros?)\s*(?:\/|per|an|a)\s*(?:h|hr|hour)\b/i.exec(text);
  if (wage) facts.roi.hourlyWageUsd = Number(wage[1] ?? wage[2]);
  const workers = /\b(\d+|one|two|three|four|five|six)\s+(?:full[- ]time\s+)?(operators?|workers?|people|persons?|employees|staff|ftes?|manual (?:workers|operators)|laborers|labourers)\b/i.exec(text);
  if (workers) facts.roi.workers = num(group(workers, 1));
  const shifts = /\b(\d|one|two|three|single|double|triple)[- ]?shifts?\b/i.exec(text);
  if (shifts) facts.roi.shifts = num(group(shifts, 1));

  const unknownUnits = findUnknownUnits(text);
  if (unknownUnits.length) facts.unknownUnits = unknownUnits;

  const cycle = findCycleTime(text);
  if (cycle !== undefined && Number.isFinite(cycle) && cycle > 0) facts.cycleTimeS = cycle;

  // The shared parser reads the text without the figures of named products (blanked, same length).
  let own = text;
  for (const m of [...findMasses(text), ...findLengths(text)]) {
    if (describesNamedProduct(text, m)) own = own.slice(0, m.start) + ' '.repeat(m.end - m.start) + own.slice(m.end);
  }
  addSharedReading(facts, own);
  if (facts.manufacturers && ALLOWING_WORDS.test(text) && !ONLY_WORDS.test(text)) {
    facts.allowedManufacturers = facts.manufacturers;
    delete facts.manufacturers;
  }
  // Figures no robot task has (a 1e20 mm reach, a 1e9 kg part) are dropped, never echoed back as understood.
  if (facts.reachMm !== undefined && !(facts.reachMm > 0 && facts.reachMm <= 100_000)) delete facts.reachMm;
  if (facts.maxReachMm !== undefined && !(facts.maxReachMm > 0 && facts.maxReachMm <= 100_000)) delete facts.maxReachMm;
  // A mass is real up to 10,000 t ("a payload of 1,000,000 kg" is a need no catalog robot meets, and the answer says so).
  if (facts.payloadKg !== undefined && !(facts.payloadKg > 0 && facts.payloadKg <= MAX_REAL_MASS_KG)) delete facts.payloadKg;
  if (facts.toolKg !== undefined && !(facts.toolKg > 0 && facts.toolKg <= MAX_REAL_MASS_KG)) delete facts.toolKg;
  return facts;
}

/** The largest mass read as a real figure (10,000 t); beyond it the figure is dropped. */
const MAX_REAL_MASS_KG = 10_000_000;

const makerNames = builtInMakers.map((m) => m.name);
const STRICT_MAX_WORDS = /\b(no more than|not more than|at most|under|less than|below|shorter than|smaller than|must not exceed|not exceed|max(?:imum)?|höchstens|maximal|unter|como máximo|menos de|or (?:less|shorter|smaller|under|below|lower)|oder weniger|o menos|o inferior)\b/i;
/** Words that cap the robot's rated payload ("payload of 10 kg at most", "10 kg or lighter"); "up to 12 lb" is the load. */
const PAYLOAD_CAP_WORDS = /\b(no more than|not more than|at most|must not exceed|not exceed|höchstens|como máximo|or (?:less|lighter|smaller|under|below|lower)|oder weniger|oder leichter|o menos)\b/i;

/**
 * What the shared requirements parser (packages/requirements: the catalog search box and
 * project matching read buyers' words with it too) understands and the assistant's own
 * reading above does not: excluded makers, upper bounds, ranges, axis counts, makers by
 * country, and units beyond kg and mm ("1.5 t", "2 lbs", "20 in").
 */
function addSharedReading(facts: Facts, text: string): void {
  const r = parseRequirements(text, { knownMakers: makerNames });
  // Makers wanted that only the shared reading finds ("Yaskwa only": a maker's name misspelt).
  const wantedMore = r.makers.include.filter((m) => !facts.manufacturers?.some((x) => x.toLowerCase() === m.toLowerCase()));
  if (wantedMore.length) facts.manufacturers = [...(facts.manufacturers ?? []), ...wantedMore];
  const excluded = [...r.makers.exclude, ...makerNames.filter((m) => r.makerCountries.exclude.includes(makerCountry(m) ?? ''))];
  if (excluded.length) {
    facts.excludedManufacturers = [...new Set(excluded)];
    const lower = new Set(excluded.map((m) => m.toLowerCase()));
    const wanted = facts.manufacturers?.filter((m) => !lower.has(m.toLowerCase()));
    if (wanted?.length) facts.manufacturers = wanted;
    else delete facts.manufacturers;
  }
  // "Epson or Denso preferred": every maker named is a wish (the search box ranks them first, no filter).
  const preferred = new Set((r.preferredMakers ?? []).map((m) => m.toLowerCase()));
  if (preferred.size && facts.manufacturers?.length && facts.manufacturers.every((m) => preferred.has(m.toLowerCase()))) facts.makersPreferred = true;
  if (r.makerCountries.include.length && !facts.manufacturers?.length) {
    const fromCountries = makerNames.filter((m) => r.makerCountries.include.includes(makerCountry(m) ?? ''));
    if (fromCountries.length) facts.manufacturers = fromCountries;
  }
  const reach = r.reachMm;
  // "racks up to 1.6 m away" is the distance to cover (the reach needed); only words that
  // bound the robot itself ("no more than 900 mm reach", "under 600 mm") make a maximum.
  const boundsTheRobot = STRICT_MAX_WORDS.test(text);
  if (reach?.max !== undefined && reach.min === undefined && (boundsTheRobot || facts.reachMm === undefined)) {
    // An upper bound only: the robot must not reach further; it is not the reach needed.
    facts.maxReachMm = reach.max;
    if (facts.reachMm !== undefined && Math.abs(facts.reachMm - reach.max) < 1) delete facts.reachMm;
  } else if (reach?.min !== undefined && reach.max !== undefined && reach.max > reach.min) {
    // A range ("reach between 1 and 1.5 m", "from 1000 to 1500 mm") is at least the lower
    // figure and at most the upper one, whatever single length the reading above picked.
    facts.reachMm = Math.round(reach.min);
    facts.maxReachMm = reach.max;
  } else if (reach?.min !== undefined && facts.reachMm === undefined) {
    facts.reachMm = Math.round(reach.min);
  }
  const payload = r.payloadKg;
  if (payload?.max !== undefined && payload.min === undefined && PAYLOAD_CAP_WORDS.test(text)) {
    // An upper bound only ("payload of 10 kg at most"): the robot's rating must not exceed it; it is not the load.
    facts.maxPayloadKg = payload.max;
    if (facts.payloadKg !== undefined && Math.abs(facts.payloadKg - payload.max) < 0.01) delete facts.payloadKg;
  }
  if (payload?.min !== undefined && facts.payloadKg === undefined) facts.payloadKg = payload.min;
  if (payload?.min !== undefined && payload.max !== undefined && payload.max > payload.min) {
    // "between 5 and 10 kg": the lower figure is the load, the upper one caps the robot's rating.
    facts.payloadKg = payload.min;
    facts.maxPayloadKg = payload.max;
  }
  if (r.axes && (r.axes.min !== undefined || r.axes.max !== undefined)) facts.axes = { ...r.axes };
  // Applications in German or Spanish ("Palettieren", "paletizado", "soldadura").
  if (!facts.application) {
    const app = r.applications.find((a) => (applications as readonly string[]).includes(a));
    if (app) facts.application = app;
  }
  // "palletizer for 9 kg bags" is the task (the application), "type palletizer" the type.
  const categories = wantedCategories(r);
  if (!facts.category && categories.length === 1) facts.category = nth(categories, 0);
  // "delta or SCARA only": either type, as the search box and project matching read it.
  if (categories.length > 1 && (facts.category === undefined || categories.includes(facts.category as (typeof categories)[number]))) {
    facts.category = facts.category ?? nth(categories, 0);
    facts.categories = [facts.category, ...categories.filter((c) => c !== facts.category)];
  }
  // "no cobots": the type named is ruled out, not asked for (the category words above read "cobots" either way).
  const ruledOut = ruledOutCategories(r);
  if (ruledOut.length) {
    facts.excludedCategories = ruledOut;
    dropRuledOutTypes(facts);
  }
  // A budget in another currency is converted by the one table the search box and project
  // matching use (packages/requirements currency.ts): "Budget 40.000 €" is at most $43,280
  // everywhere. A budget the parser reads in USD (or with no currency) keeps findMoney's figure.
  if (r.budget?.max !== undefined) {
    const foreign = r.budget.currency !== undefined && r.budget.currency !== 'USD';
    // The two readings an order of magnitude apart ("Budget 1,5 Mio.": findMoney's 1.5 against the
    // parser's 1,500,000): the parser, which reads decimal commas and Mio./Millionen/mil, wins.
    const parsed = budgetInUsd(r.budget).max;
    const apart = facts.budgetUsd !== undefined && parsed !== undefined && (parsed > facts.budgetUsd * 10 || parsed * 10 < facts.budgetUsd);
    if (foreign || apart || facts.budgetUsd === undefined) facts.budgetUsd = parsed;
    if (foreign && r.budget.currency !== undefined) facts.budgetSaid = { amount: r.budget.max, currency: r.budget.currency };
  }
  const environment: EnvironmentQuery = {};
  if (r.environment.ipRatingMin !== undefined) environment.minIp = r.environment.ipRatingMin;
  const cleanroom = cleanroomIsoClassOf(r.environment);
  if (cleanroom !== undefined) environment.cleanroom = cleanroom;
  if (r.environment.foodGrade) environment.foodGrade = 'true';
  if (r.mounting.length) environment.mounting = r.mounting.join(',');
  if (r.makerCountries.include.length) environment.makerCountry = r.makerCountries.include.join(',');
  // "repeatability 0.02 mm or better": a limit on the robot whose unknown values do not pass,
  // like the environment's (the catalog's maxRepeatability, migration 0023).
  const repeatability = r.repeatabilityMm?.max ?? r.repeatabilityMm?.min;
  if (repeatability !== undefined) environment.maxRepeatability = repeatability;
  if (Object.keys(environment).length) facts.environment = environment;
}

/** Later facts win; codes and ROI figures accumulate. */
export function mergeFacts(base: Facts, next: Facts): Facts {
  const merged: Facts = { ...base, codes: [...base.codes], roi: { ...base.roi } };
  for (const key of ['payloadKg', 'toolKg', 'reachMm', 'maxReachMm', 'maxPayloadKg', 'axes', 'application', 'industry', 'manufacturers', 'category', 'budgetUsd', 'cycleTimeS'] as const) {
    if (next[key] !== undefined) (merged as unknown as Record<string, unknown>)[key] = next[key];
  }
  // Makers said again are a wish or a limit as said this time.
  if (next.manufacturers !== undefined) {
    if (next.makersPreferred) merged.makersPreferred = true;
    else delete merged.makersPreferred;
  }
  // A type said again replaces the types before ("delta or SCARA" ... "SCARA then").
  if (next.category !== undefined) {
    if (next.categories) merged.categories = [...next.categories];
    else delete merged.categories;
  }
  // Types ruled out add up ("no cobots" ... "and no SCARA either"); a type asked for again is no longer ruled out.
  const askedTypes = new Set(next.category !== undefined ? (next.categories ?? [next.category]) : []);
  const ruledOut = [...new Set([...(base.excludedCategories ?? []), ...(next.excludedCategories ?? [])])].filter((c) => !askedTypes.has(c));
  if (ruledOut.length) merged.excludedCategories = ruledOut;
  else delete merged.excludedCategories;
  dropRuledOutTypes(merged);
  // A budget said again replaces the one before, with its currency (a later "$50k" has none).
  if (next.budgetUsd !== undefined) {
    if (next.budgetSaid) merged.budgetSaid = { ...next.budgetSaid };
    else delete merged.budgetSaid;
  }
  // Exclusions add up ("no FANUC" ... "and no Yaskawa either"); a maker asked for again is no longer excluded.
  const wanted = new Set([...(next.manufacturers ?? []), ...(next.allowedManufacturers ?? [])].map((m) => m.toLowerCase()));
  // Makers admitted again join a maker list said before; with none, any maker (not excluded) is fine.
  if (next.allowedManufacturers?.length && next.manufacturers === undefined && base.manufacturers?.length) {
    merged.manufacturers = [...new Set([...base.manufacturers, ...next.allowedManufacturers])];
  }
  delete merged.allowedManufacturers;
  const excluded = [...(base.excludedManufacturers ?? []), ...(next.excludedManufacturers ?? [])].filter((m) => !wanted.has(m.toLowerCase()));
  if (excluded.length) merged.excludedManufacturers = [...new Set(excluded)];
  else delete merged.excludedManufacturers;
  if (merged.excludedManufacturers && merged.manufacturers) {
    const out = new Set(merged.excludedManufacturers.map((m) => m.toLowerCase()));
    merged.manufacturers = merged.manufacturers.filter((m) => !out.has(m.toLowerCase()));
    if (!merged.manufacturers.length) delete merged.manufacturers;
  }
  // Environment limits add up over a conversation ("food-grade" ... "and IP67"); a limit said again replaces it.
  if (next.environment) merged.environment = { ...base.environment, ...next.environment };
  for (const [k, v] of Object.entries(next.roi) as Array<[string, number | undefined]>) if (v !== undefined) (merged.roi as Record<string, number>)[k] = v;
  for (const c of next.codes) if (!merged.codes.some((x) => x.code === c.code && x.maker === c.maker)) merged.codes.push(c);
  return merged;
}

export const emptyFacts = (): Facts => ({ codes: [], roi: {} });
/** Readings kept by text: enough for the earlier turns of the conversations under way, bounded in memory. */
const READINGS_KEPT = 512;
/** Longer texts are read each time (the parser reads at most 4,000 characters; a key that long is no saving). */
const LONGEST_KEPT = 2_000;
const readings = new Map<string, Facts>();

/**
 * extractFacts, remembered by its text (issue 12's chat CPU): a plain [{role, content}]
 * history is read again on every turn, so each earlier user turn would be parsed once per
 * later turn. extractFacts is a pure function of the text and the maker of the page's robot
 * (its vocabulary is built in), so the reading is kept by both and handed out as a copy
 * (callers merge and amend their facts).
 */
export function readFacts(text: string, contextMaker?: string): Facts {
  if (text.length > LONGEST_KEPT) return extractFacts(text, contextMaker);
  const key = `${contextMaker ?? ''}\u0000${text}`;
  const facts = readings.get(key) ?? extractFacts(text, contextMaker);
  keepRecent(readings, key, facts, READINGS_KEPT);
  return structuredClone(facts);
}

/** Takes the types ruled out out of the types asked ("a cobot ... no cobots after all": no type left). */
function dropRuledOutTypes(f: Facts): void {
  const out = f.excludedCategories;
  if (!out?.length || f.category === undefined) return;
  const kept = (f.categories ?? [f.category]).filter((c) => !out.includes(c));
  if (!kept.length) {
    delete f.category;
    delete f.categories;
  } else {
    f.category = nth(kept, 0);
    if (kept.length > 1) f.categories = kept;
    else delete f.categories;
  }
}
