import type { RobotRow } from '../../catalog';
import { missingSelectionFacts } from '../understanding/conversation';
import type { Facts } from '../understanding/facts';
import { categoryLabel, robotName } from './format';
import { fitTextsFor } from './fit-texts';
import { checkFit, partAllowanceKg, recommendRobots, requiredPayloadKg, type RecommendationResult, type SelectionCriteria } from './recommend';
import { answerNothingFits, anyRobotFits, categoryQuery, statesALimit } from './feasibility';
import { candidateRobots } from './catalog-memo';
import { byFit, fitScore } from '@cellforge/robot-fit';
import { applicationMatches } from '../understanding/vocabulary';
import { environmentChecks, environmentWords } from './environment';
import { environmentTextsFor } from './environment-texts';
import { anyOfferPrice, offerPricesOf, offerTextsFor, priceWords } from './offer-prices';
import { emptyDraft, type AdvisorDeps, type Draft, type Understanding } from './types';
import { categoryIn, formatterFor, joinList, messagesFor, type AnswerLanguage } from './i18n';
import { defined, nth } from '../../../lib/invariants';

/** What the user told so far, as a short phrase ("8 kg parts, 1,200 mm reach, machine tending"), in the answer's language. */
export function describeFacts(f: Facts, lang: AnswerLanguage = 'en'): string {
  const t = messagesFor(lang).facts;
  const app = messagesFor(lang).app;
  const x = formatterFor(lang);
  const parts: string[] = [];
  if (f.payloadKg !== undefined) parts.push(t.parts(x.kg(f.payloadKg)));
  if (f.toolKg !== undefined) parts.push(t.tool(x.kg(f.toolKg)));
  if (f.reachMm !== undefined) parts.push(t.reach(reachText(f, lang)));
  if (f.application) parts.push(app(f.application));
  if (f.industry) parts.push(t.industry(f.industry.replace(/-/g, ' ')));
  if (f.maxPayloadKg !== undefined) parts.push(t.maxPayload(x.kg(f.maxPayloadKg)));
  if (f.maxReachMm !== undefined && f.reachMm === undefined) parts.push(t.maxReach(x.mm(f.maxReachMm)));
  if (f.axes?.min !== undefined && f.axes.min === f.axes.max) parts.push(t.axesExactly(f.axes.min));
  else if (f.axes?.min !== undefined) parts.push(t.axesMin(f.axes.min));
  else if (f.axes?.max !== undefined) parts.push(t.axesMax(f.axes.max));
  if (f.manufacturers?.length) parts.push(t.preferred(f.manufacturers.join(` ${t.or} `)));
  if (f.excludedManufacturers?.length) parts.push(t.not(f.excludedManufacturers.join(` ${t.or} `)));
  if (f.category) parts.push(joinList((f.categories ?? [f.category]).map((c) => categoryIn(lang, c, categoryLabel).label), messagesFor(lang).facts.or));
  if (f.excludedCategories?.length) parts.push(t.not(f.excludedCategories.map((c) => categoryIn(lang, c, categoryLabel).label).join(` ${t.or} `)));
  if (f.budgetUsd !== undefined) parts.push(t.budget(x.budget(f.budgetUsd, f.budgetSaid)));
  if (f.cycleTimeS !== undefined) parts.push(t.cycle(x.num(f.cycleTimeS, 3)));
  parts.push(...environmentWords(f.environment, lang));
  return parts.join(', ');
}

/**
 * The reach as the buyer said it: "1,200 mm", or a range "1,000–1,500 mm" (at least the
 * lower figure, at most the upper one), never the upper figure alone as the reach needed.
 */
export function reachText(f: Pick<Facts, 'reachMm' | 'maxReachMm'>, lang: AnswerLanguage = 'en'): string {
  const x = formatterFor(lang);
  const min = defined(f.reachMm, 'a reach');
  return f.maxReachMm !== undefined && f.maxReachMm > min ? `${x.num(min, 0)}–${x.mm(f.maxReachMm)}` : x.mm(min);
}

/** A robot type inside a sentence that names the type itself ("No SCARA robot ...", "Kein Roboter des Typs SCARA ..."). */
function typeName(lang: AnswerLanguage, category: string): string {
  const names = categoryIn(lang, category, categoryLabel);
  return lang === 'en' ? names.label : names.tag;
}

export function criteriaFrom(u: Understanding): SelectionCriteria {
  const f = u.facts;
  return {
    payloadKg: defined(f.payloadKg, 'a payload (asked for before selecting)'),
    toolKg: f.toolKg,
    reachMm: f.reachMm,
    application: f.application,
    industry: f.industry,
    manufacturers: f.manufacturers,
    excludedManufacturers: f.excludedManufacturers,
    excludedCategories: f.excludedCategories,
    maxReachMm: f.maxReachMm,
    maxPayloadKg: f.maxPayloadKg,
    axes: f.axes,
    category: f.category,
    categories: f.categories,
    budgetUsd: f.budgetUsd,
    budgetSaid: f.budgetSaid,
    cycleTimeS: f.cycleTimeS,
    environment: f.environment,
    limits: u.limits,
  };
}

function roleAction(u: Understanding): string | undefined {
  if (u.role === 'customer') return 'Create a project with these requirements to get matched with integrators';
  if (u.role === 'integrator') return 'Add the shortlisted robot to a customer project';
  if (u.role === 'supplier') return 'Check that your own listings state payload, reach and applications';
  return undefined;
}

/** The robot in view (detail page, or the one the conversation points at): does it fit the task the user describes? In the buyer's language. */
export async function answerRobotFit(deps: AdvisorDeps, u: Understanding, robot: RobotRow): Promise<Draft> {
  const f = u.facts;
  const lang = u.language ?? 'en';
  const t = fitTextsFor(lang);
  const x = formatterFor(lang);
  const draft = emptyDraft();
  const fit = checkFit(robot, { payloadKg: f.payloadKg, toolKg: f.toolKg, reachMm: f.reachMm, application: f.application, industry: f.industry, budgetUsd: f.budgetUsd, budgetSaid: f.budgetSaid }, lang);
  // A maker named to point at the robot ("the FANUC one") is not a preference here.
  const task = describeFacts({ ...f, manufacturers: undefined, category: undefined, categories: undefined }, lang);
  // Environment limits are hard: a missed one means no fit, and a value its maker does not
  // publish is never answered with a yes (it is said, with whom to ask).
  const environment = environmentChecks(robot, f.environment, lang);
  const missed = environment.filter((c) => c.ok === false);
  const unpublished = environment.filter((c) => c.ok === null);
  const excluded = f.excludedManufacturers?.some((m) => m.toLowerCase() === robot.manufacturer.toLowerCase()) ?? false;
  const fits = fit.fits && !missed.length && !excluded;
  const first = !fits
    ? t.doesNotFit(robotName(robot), task)
    : unpublished.length
      ? t.cannotConfirm(robotName(robot), task, joinList(unpublished.map((c) => c.text), messagesFor(lang).facts.and))
      : t.fits(robotName(robot), task);
  const lines = [
    first,
    '',
    ...fit.notes.map((n) => `- ${n}`),
    ...environment.map((c) => `- ${c.ok === true ? t.env.meets : c.ok === false ? t.env.misses : t.env.unknown}: ${c.text}.`),
    ...(excluded ? [`- ${t.makerExcluded(robot.manufacturer)}`] : []),
  ];
  if (f.cycleTimeS !== undefined) lines.push(`- ${t.cycle(x.num(f.cycleTimeS, 3), robot.model)}`);
  // "Is it good for palletizing?" says nothing of the load: give the limits to check it against.
  if (f.payloadKg === undefined) lines.push(`- ${t.payloadUnknown(x.kg(robot.payloadKg), x.kg(partAllowanceKg(robot.payloadKg)), x.mm(robot.reachMm), f.reachMm !== undefined)}`);
  draft.named.push(robot);
  if (!fits && f.payloadKg !== undefined) {
    const alt = await recommendRobots(deps.catalog, { ...criteriaFrom(u), manufacturers: undefined, category: undefined, categories: undefined }, 2);
    const others = alt.recommendations.filter((r) => r.robot.id !== robot.id);
    if (others.length) {
      lines.push('', t.othersHeading);
      for (const r of others) lines.push(`- ${robotName(r.robot)}: ${t.other(x.kg(r.robot.payloadKg), x.mm(r.robot.reachMm), r.robot.dof, x.band(r.robot.priceMinUsd, r.robot.priceMaxUsd))}`);
      draft.recommended.push(...others.map((r) => r.robot));
      draft.named.push(...others.map((r) => r.robot));
    }
  }
  if (f.toolKg === undefined && f.payloadKg !== undefined) lines.push('', t.gripper);
  draft.text = lines.join('\n');
  draft.answered = true;
  draft.followUps = [f.reachMm === undefined ? t.reachQ : '', f.cycleTimeS === undefined ? t.cycleQ : '', t.compareQ(robot.model)];
  draft.actions = [t.compare(robot.model), t.roi, lang === 'en' ? (roleAction(u) ?? '') : ''];
  draft.sources = [{ manufacturer: robot.manufacturer, title: robot.datasheetSource ?? `${robotName(robot)} datasheet` }];
  return draft;
}

export async function answerSelection(deps: AdvisorDeps, u: Understanding): Promise<Draft> {
  const draft = await answerSelectionOf(deps, u);
  // "A payload of 5 lightyears": said plainly first (the figure is not read), the rest of the question answered.
  const ask = messagesFor(u.language ?? 'en').ask;
  const notes = (u.current.unknownUnits ?? []).map((x) => ask.unknownUnit(x.said, x.slot));
  if (notes.length) {
    // The greeting gives way to the note ("Happy to help you choose a robot." would come after it).
    const body = draft.text.startsWith(`${ask.hello}\n`) ? draft.text.slice(ask.hello.length + 1) : draft.text;
    draft.text = [...notes, '', body].join('\n');
    draft.kept = [...notes, ...(draft.kept ?? [])];
  }
  return draft;
}

async function answerSelectionOf(deps: AdvisorDeps, u: Understanding): Promise<Draft> {
  const f = u.facts;
  const draft = emptyDraft();
  const lang = u.language ?? 'en';
  const ask = messagesFor(lang).ask;

  // A new search on a robot page ("I need a robot for welding 10 kg parts") is not about the page's robot.
  const aboutPageRobot = u.pageRobot && !u.question.newTask && (u.page === 'robot_detail' || u.question.deictic) && !u.models.length;
  if (aboutPageRobot && u.pageRobot && (f.payloadKg !== undefined || f.reachMm !== undefined || f.application)) return answerRobotFit(deps, u, u.pageRobot);

  const missing = missingSelectionFacts(f);
  // Feasibility first: figures that already rule out the whole catalog are said, not asked around.
  // Any stated limit counts (a type and a reach without a payload: "SCARA with at least 2 m reach").
  if (missing.length && statesALimit(f) && !(await anyRobotFits(deps.catalog, f))) {
    return answerNothingFits(deps.catalog, f, [ask.gotSoFar(describeFacts(f, lang))], lang);
  }
  // Details missing but candidates exist (outside testers: "cobot 10kg"): show the best ones
  // now and ask for the one detail that would change the ranking most. A budget without a
  // payload is enough to say what is within it (or plainly that nothing is).
  if (missing.length && (f.payloadKg !== undefined || f.budgetUsd !== undefined)) {
    const partial = await answerCandidates(deps, u, missing);
    if (partial) return partial;
  }
  // A robot type and a reach without a payload ("SCARA with 3 ft of reach"): the robots of that
  // type that reach it (as the catalog search box lists them), then the payload asked for.
  if (missing.length === 1 && missing[0] === 'payload' && f.category && (f.reachMm !== undefined || f.maxReachMm !== undefined)) {
    const partial = await typeAndReach(deps, u);
    if (partial) return partial;
  }
  if (missing.length) {
    const known = describeFacts(f, lang);
    const lines: string[] = [];
    lines.push(known ? ask.gotSoFar(known) : ask.hello);
    lines.push(ask.stillNeed);
    if (missing.includes('payload')) lines.push(ask.payload);
    if (missing.includes('reach_or_application')) lines.push(ask.reach, ask.application);
    if (u.filtersUsed.length) lines.push('', ask.keepFilters(u.filtersUsed.join(', ')));
    draft.text = lines.join('\n');
    draft.askedForFacts = true;
    draft.followUps = [
      missing.includes('payload') ? ask.payloadQ : '',
      missing.includes('reach_or_application') ? ask.reachQ : '',
      missing.includes('reach_or_application') ? ask.applicationQ : '',
      f.budgetUsd === undefined ? ask.budgetQ : '',
    ];
    draft.actions = [ask.browse, ask.roi];
    if (f.manufacturers?.length) draft.sources = f.manufacturers.slice(0, 2).map((m) => ({ manufacturer: m }));
    return draft;
  }

  return shortlist(deps, u, []);
}

/**
 * Candidates while details are missing: with a payload, the shortlist and a request for the
 * reach or application; with only a budget, what is within it (cheapest first) or plainly
 * that nothing is, with the cheapest robots that meet the rest. Undefined when there is
 * nothing to show (the caller then asks for the details).
 */
async function answerCandidates(deps: AdvisorDeps, u: Understanding, missing: ReturnType<typeof missingSelectionFacts>): Promise<Draft | undefined> {
  if (u.facts.payloadKg !== undefined) return shortlist(deps, u, missing);
  return budgetOnly(deps, u);
}

/** The buyer's stated limits as a candidate query (payload, reach, makers, axes, environment; up to 200 rows). */
function statedLimits(u: Understanding) {
  const f = u.facts;
  return {
    minPayloadKg: Math.max(0, u.limits.minPayloadKg ?? 0),
    maxPayloadKg: f.maxPayloadKg ?? u.limits.maxPayloadKg,
    minReachMm: f.reachMm,
    maxReachMm: f.maxReachMm,
    excludeManufacturers: f.excludedManufacturers,
    excludeCategories: f.excludedCategories,
    manufacturers: f.manufacturers?.length ? f.manufacturers : undefined,
    minDof: f.axes?.min,
    maxDof: f.axes?.max,
    environment: f.environment,
    limit: 200,
  };
}

async function budgetOnly(deps: AdvisorDeps, u: Understanding): Promise<Draft | undefined> {
  const f = u.facts;
  const budget = defined(f.budgetUsd, 'a budget');
  const lang = u.language ?? 'en';
  const t = messagesFor(lang).select;
  const ask = messagesFor(lang).ask;
  const x = formatterFor(lang);
  const query = { ...statedLimits(u), applications: f.application ? applicationMatches(f.application) : undefined, category: categoryQuery(f) };
  const within = await candidateRobots(deps.catalog, { ...query, maxPriceUsd: budget });
  const rows = within.length ? within : await candidateRobots(deps.catalog, query);
  const priced = rows.filter((r) => r.priceMinUsd != null).sort((a, b) => defined(a.priceMinUsd, 'a price') - defined(b.priceMinUsd, 'a price') || a.payloadKg - b.payloadKg);
  if (!priced.length) return undefined;
  const picked: RobotRow[] = priced.slice(0, 3);
  const heading = within.length ? ['', t.budgetHeading(x.budget(budget, f.budgetSaid))] : [t.relaxBudget(x.budget(budget, f.budgetSaid)), '', t.cheapestHeading];
  const draft = await candidatesThenPayload(deps, u, picked, heading, f.reachMm === undefined ? ask.reachQ : '');
  if (!within.length) {
    draft.relaxed = ['budget'];
    draft.kept = [t.relaxBudget(x.budget(budget, f.budgetSaid))];
    draft.keptKinds = ['relaxed'];
  }
  return draft;
}

/**
 * A few candidates the known facts leave, each with its payload, then the payload asked for
 * (the budget-only and the type-and-reach answers): `heading` goes between "Got it so far"
 * and the list; `secondQuestion` is the follow-up offered after the payload one ('' for none).
 */
async function candidatesThenPayload(deps: AdvisorDeps, u: Understanding, picked: RobotRow[], heading: string[], secondQuestion: string): Promise<Draft> {
  const lang = u.language ?? 'en';
  const t = messagesFor(lang).select;
  const ask = messagesFor(lang).ask;
  const none = messagesFor(lang).none;
  const x = formatterFor(lang);
  const offers = await offerPricesOf(deps.catalog, picked);
  const lines = [ask.gotSoFar(describeFacts(u.facts, lang)), ...heading];
  for (const r of picked) {
    const bits = [none.payloadPart(x.kg(r.payloadKg)), t.reach(x.mm(r.reachMm)), t.axes(r.dof), priceWords(r, offers, lang)];
    lines.push(`- ${robotName(r)} (${categoryIn(lang, r.category, categoryLabel).tag}): ${bits.join(', ')}.`);
  }
  lines.push('', ask.narrowPayload, t.prices);
  if (anyOfferPrice(picked, offers)) lines.push(offerTextsFor(lang).note);
  const draft = emptyDraft();
  draft.text = lines.join('\n');
  draft.askedForFacts = true;
  draft.recommended = picked;
  draft.named = [...picked];
  draft.followUps = [ask.payloadQ, secondQuestion];
  draft.actions = [ask.browse, ask.roi];
  draft.sources = picked.slice(0, 2).map((r) => ({ manufacturer: r.manufacturer, title: r.datasheetSource ?? `${robotName(r)} datasheet` }));
  return draft;
}

/**
 * Type + reach, no payload yet (docs/decisions.md "Type and one figure: candidates first"): the
 * robots of the type meeting the reach and the hard limits, in the one fit order on the reach
 * (robot-fit fitScore, byFit), each with its payload so the buyer can check the part against
 * it; then the payload asked for. Undefined when none (the caller asks for the details).
 */
async function typeAndReach(deps: AdvisorDeps, u: Understanding): Promise<Draft | undefined> {
  const f = u.facts;
  const category = defined(f.category, 'a robot type');
  const lang = u.language ?? 'en';
  const ask = messagesFor(lang).ask;
  const x = formatterFor(lang);
  const rows = await candidateRobots(deps.catalog, { ...statedLimits(u), category: categoryQuery(f), maxPriceUsd: f.budgetUsd ?? u.limits.maxPriceUsd });
  if (!rows.length) return undefined;
  const picked = rows
    .map((robot) => ({ robot, cost: fitScore(robot, { reachMm: f.reachMm }) }))
    .sort((a, b) => byFit({ cost: a.cost, manufacturer: a.robot.manufacturer, model: a.robot.model }, { cost: b.cost, manufacturer: b.robot.manufacturer, model: b.robot.model }))
    .slice(0, 3)
    .map((s) => s.robot);
  const reach = f.reachMm !== undefined ? x.mm(f.reachMm) : x.mm(defined(f.maxReachMm, 'a reach'));
  return candidatesThenPayload(deps, u, picked, ['', ask.typeReachHeading(joinList((f.categories ?? [category]).map((c) => typeName(lang, c)), messagesFor(lang).facts.or), reach)], f.budgetUsd === undefined ? ask.budgetQ : '');
}

/** The shortlist for the task; with details still `missing`, it asks for the one that would change the ranking most. */
async function shortlist(deps: AdvisorDeps, u: Understanding, missing: ReturnType<typeof missingSelectionFacts>): Promise<Draft> {
  const f = u.facts;
  const draft = emptyDraft();
  const lang = u.language ?? 'en';
  const ask = messagesFor(lang).ask;
  const t = messagesFor(lang).select;
  const app = messagesFor(lang).app;
  const x = formatterFor(lang);
  const criteria = criteriaFrom(u);
  const required = requiredPayloadKg(criteria.payloadKg, f.toolKg);
  const facts = messagesFor(lang).facts;
  const taskParts = [facts.parts(x.kg(criteria.payloadKg))];
  const range = f.reachMm !== undefined && f.maxReachMm !== undefined && f.maxReachMm > f.reachMm;
  if (f.reachMm !== undefined) taskParts.push(facts.reach(reachText(f, lang)));
  if (f.application) taskParts.push(app(f.application));
  const allowance = f.toolKg !== undefined ? t.partPlusTool(x.kg(criteria.payloadKg), x.kg(f.toolKg)) : t.plusAllowance(x.kg(criteria.payloadKg));
  const lines: string[] = [];
  // While details are missing, first what was understood (makers ruled out, places, countries...).
  if (missing.length) lines.push(ask.gotSoFar(describeFacts(f, lang)));
  lines.push(t.mustCarry(joinList(taskParts, facts.and), x.kg(required), allowance, f.reachMm !== undefined && !range ? x.mm(f.reachMm) : undefined));
  if (u.filtersUsed.length) lines.push(t.keptFilters(u.filtersUsed.join(', ')));

  // Feasibility first, with the kind asked kept (a type, a maker, an environment): "a cobot for
  // 200 kg" is said to fit nothing with the heaviest cobots, not answered with palletizers.
  // (With details missing the caller has checked it already.)
  if (!missing.length && !(await anyRobotFits(deps.catalog, f))) return answerNothingFits(deps.catalog, f, lines, lang);
  const result = await recommendRobots(deps.catalog, criteria, 3);
  if (!result.recommendations.length) return answerNothingFits(deps.catalog, f, lines, lang);

  // With environment limits, "meets" means known to meet them too (a value not published does not count).
  const envWords = environmentWords(f.environment, lang);
  const env = environmentTextsFor(lang);
  const limitsMet = env.limitsMet(joinList(envWords, facts.and));
  const relaxNotes: Record<RecommendationResult['relaxed'][number], string> = {
    ...(envWords.length
      ? {
          application: env.relaxApplication(limitsMet, f.application ? app(f.application) : '—'),
          category: env.relaxCategory(limitsMet, f.category ? typeName(lang, f.category) : '—'),
          manufacturer: env.relaxMaker(limitsMet, f.manufacturers?.join(` ${facts.or} `) ?? '—'),
          budget: env.relaxBudget(limitsMet, f.budgetUsd !== undefined ? x.budget(f.budgetUsd, f.budgetSaid) : '—'),
        }
      : {
        application: t.relaxApplication(f.application ? app(f.application) : '—'),
        category: t.relaxCategory(f.category ? typeName(lang, f.category) : '—'),
        manufacturer: t.relaxMaker(f.manufacturers?.join(` ${facts.or} `) ?? '—'),
        budget: t.relaxBudget(f.budgetUsd !== undefined ? x.budget(f.budgetUsd, f.budgetSaid) : '—'),
        }),
  };
  for (const r of result.relaxed) lines.push(relaxNotes[r]);
  // "Nothing in our catalog fits your budget" (or type, maker, application): said in any phrasing.
  const relaxedLines = result.relaxed.map((r) => relaxNotes[r]);

  lines.push('', result.overBudget ? t.cheapestHeading : t.heading(result.recommendations.length));
  // Supplier offers price a model before its indicative band (what a buyer can be quoted).
  const offers = await offerPricesOf(deps.catalog, result.recommendations.map((rec) => rec.robot));
  for (const rec of result.recommendations) {
    const r = rec.robot;
    const bits = [
      t.payload(x.kg(r.payloadKg), x.num(rec.payloadMarginPct)),
      f.reachMm !== undefined ? t.reach(x.mm(r.reachMm), x.mm(r.reachMm - f.reachMm)) : t.reach(x.mm(r.reachMm)),
      t.axes(r.dof),
    ];
    if (r.repeatabilityMm != null) bits.push(t.repeatability(`${x.num(r.repeatabilityMm, 3)} mm`));
    if (rec.applicationMatch && f.application) bits.push(t.listedFor(app(f.application)));
    // The repeatability met is the figure shown just above.
    bits.push(...environmentChecks(r, f.environment, lang).filter((check) => !(check.ok && check.figure === 'repeatability' && r.repeatabilityMm != null)).map((check) => check.text));
    bits.push(priceWords(r, offers, lang));
    lines.push(`- ${robotName(r)} (${categoryIn(lang, r.category, categoryLabel).tag}): ${bits.join(', ')}.`);
  }
  const top = nth(result.recommendations, 0).robot;
  const why: string[] = [];
  if (top.dof === 4) why.push(t.fourAxes);
  if (top.category === 'collaborative') why.push(t.cobot);
  if (why.length && !result.overBudget) lines.push('', t.leads(top.model, why.join(` ${facts.and} `)));
  if (f.cycleTimeS !== undefined) {
    // "SCARA/delta are the fastest" only when the list puts one first (the order and the text agree).
    const fast = top.category === 'scara' || top.category === 'delta';
    lines.push('', t.cycle(x.num(f.cycleTimeS, 3), fast));
  }
  if (missing.length) lines.push('', ask.narrowReach);
  else if (f.toolKg === undefined) lines.push('', t.gripper);
  lines.push(t.prices);
  if (anyOfferPrice(draft.recommended.length ? draft.recommended : result.recommendations.map((rec) => rec.robot), offers)) lines.push(offerTextsFor(lang).note);

  draft.text = lines.join('\n');
  draft.answered = !missing.length;
  draft.askedForFacts = missing.length > 0;
  draft.recommended = result.recommendations.map((r) => r.robot);
  draft.relaxed = [...result.relaxed];
  if (relaxedLines.length) {
    draft.kept = relaxedLines;
    draft.keptKinds = ['relaxed'];
  }
  draft.named = [...draft.recommended];
  const [a, b] = draft.recommended;
  draft.followUps = [
    missing.length ? ask.reachQ : '',
    missing.length ? ask.applicationQ : '',
    a && b ? t.compareQ(a.model, b.model) : '',
    f.cycleTimeS === undefined ? t.cycleQ : '',
    f.budgetUsd === undefined ? t.budgetQ : '',
    f.toolKg === undefined ? t.toolQ : '',
  ];
  draft.actions = [
    a && b ? t.compare(a.model, b.model) : '',
    t.openCatalog(x.kg(required), f.reachMm !== undefined ? x.mm(f.reachMm) : undefined),
    roleAction(u) ?? t.roi,
  ];
  draft.sources = draft.recommended.slice(0, 2).map((r) => ({ manufacturer: r.manufacturer, title: r.datasheetSource ?? `${robotName(r)} datasheet` }));
  return draft;
}
