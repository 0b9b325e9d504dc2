import type { ChatContext, ChatHistoryEntry, Role } from '@cellforge/contracts';
import { findVisibleRobotById, findVisibleRobotsByIds, type CatalogReader, type RobotRow } from '../../catalog';
import { extractCodes, makersInText, type CodeMention } from '../understanding/codes';
import { compactText } from '@cellforge/db';
import { gatherFacts, missingSelectionFacts, pickHistory, readFilters, readPriorTurns, type PriorTurns } from '../understanding/conversation';
import { emptyFacts, mergeFacts, readFacts, type Facts } from '../understanding/facts';
import { classifyIntent, type Intent } from '../understanding/intent';
import { readRobotQuestion } from '../understanding/robot-question';
import { candidateKeys, modelCandidates, nicknameCandidates, pickMatches, type ModelCandidate } from '../understanding/models';
import { applicationLabel } from '../understanding/vocabulary';
import { formatNumber } from './format';
import type { ModelNameIndex } from './model-index';
import { readAbout } from './subject';
import { unknownModelsIn } from './unknown-model';
import type { Understanding } from './types';
import { textLanguage } from '@cellforge/requirements';
import type { AnswerLanguage } from './i18n';

export interface UnderstandInput {
  message: string;
  context: ChatContext;
  conversationHistory: ChatHistoryEntry[];
  auth?: { role: Role };
}

/** Robots named in the message, the client context and the conversation, resolved against the live catalog. */
async function resolveModels(names: ModelNameIndex, texts: { current: string; contextModel?: string; userTexts: string[]; assistant?: string }) {
  const current = modelCandidates(texts.current);
  const fromContext = texts.contextModel ? modelCandidates(texts.contextModel) : [];
  const history = texts.userTexts.map((t) => modelCandidates(t));
  const assistant = texts.assistant ? modelCandidates(texts.assistant) : [];
  const all: ModelCandidate[] = [...current, ...fromContext, ...history.flat(), ...assistant];
  // Nicknames ("the Titan", "the iiwa"): a word of a catalog model's name, the catalog's data.
  const nicknamed = await names.nicknamed(nicknameCandidates(texts.current));
  if (!all.length) return { models: nicknamed, named: nicknamed, contextModels: [], historyModels: [], assistantModels: [] };

  const { exact } = candidateKeys(all);
  // Family prefixes ("IRB 1200") only for what the user is asking now.
  const { prefix } = candidateKeys([...current, ...fromContext]);
  const { exact: exactMap, prefix: prefixMap } = await names.resolve(exact, prefix);

  const uniq = (rows: RobotRow[]) => [...new Map(rows.map((r) => [r.id, r])).values()];
  const named = uniq([...pickMatches(current, exactMap, prefixMap).map((m) => m.robot), ...nicknamed]);
  const contextModels = uniq(pickMatches(fromContext, exactMap, prefixMap).map((m) => m.robot));
  const models = uniq([...named, ...contextModels]);
  const historyModels = uniq(history.flatMap((c) => pickMatches(c, exactMap).map((m) => m.robot)));
  // In the order the answer names them, so "the first one" is the first robot of the answer.
  const at = (r: RobotRow) => {
    const i = texts.assistant?.indexOf(r.model) ?? -1;
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  const assistantModels = uniq(pickMatches(assistant, exactMap).map((m) => m.robot)).sort((a, b) => at(a) - at(b));
  return { models, named, contextModels, historyModels, assistantModels };
}

/**
 * The robots of the compare page: context.robotIds (an extra key of the context, sent when
 * the page opens the widget), else the page's own query string (/compare?ids=a,b,c) that
 * the widget sends as frontend_context.search.
 */
export function readRobotIds(context: ChatContext): string[] {
  const raw = (context as Record<string, unknown>).robotIds;
  let ids: unknown[] = Array.isArray(raw) ? raw : [];
  const search = context.frontend_context?.search;
  if (!ids.length && context.page === 'compare' && typeof search === 'string') {
    ids = (new URLSearchParams(search).get('ids') ?? '').split(',').map((id) => id.trim());
  }
  return [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== '' && id.length <= 100))].slice(0, 4);
}

async function findCompareRobots(catalog: CatalogReader, ids: string[]): Promise<RobotRow[]> {
  if (!ids.length) return [];
  const rows = await findVisibleRobotsByIds(catalog, ids);
  const byId = new Map(rows.map((r) => [r.id.toLowerCase(), r]));
  return ids.flatMap((id) => byId.get(id.toLowerCase()) ?? []);
}

/**
 * A history of plain {role, content} turns (any client, not only the web app) carries no
 * intent or stage: they are read again from the earlier user turns, the way they were
 * read when those turns were answered, so a follow-up ("actually the boxes are 9 kg")
 * keeps the thread without the client echoing metadata back.
 */
function deriveEarlierIntent(prior: PriorTurns, page: string | undefined, hasPageRobot: boolean, contextMaker?: string): void {
  if (prior.previousIntent || !prior.userTexts.length) return;
  let intent: Intent | undefined;
  let facts = emptyFacts();
  for (const text of prior.userTexts) {
    const current = readFacts(text, contextMaker);
    facts = mergeFacts(facts, current);
    const read = classifyIntent({ text, facts: current, modelCount: 0, page, hasRoiData: false, hasPageRobot, previousIntent: intent });
    if (read.intent !== 'general') intent = read.intent;
  }
  if (!intent) return;
  prior.previousIntent = intent;
  if (!prior.previousState) {
    prior.previousState = intent === 'robot_selection' && missingSelectionFacts(facts).length ? 'gathering_info' : 'solution_providing';
  }
}

/** Standards, ratings and interfaces written like product codes ("IP-67", "ISO-10218") are none. */
const NOT_A_PRODUCT = /^(?:IP|ISO|EN|IEC|DIN|ANSI|RIA|NEMA|SIL|PL|CAT|RS|USB|UL|CE|CSA|ATEX|DC|AC)-/i;

/** Product codes shaped "ZR-4477", "VX-90S": two to four capitals, a hyphen, two to five digits. */
function productCodesIn(text: string): string[] {
  return [...new Set([...text.matchAll(/\b[A-Z]{2,4}-\d{2,5}[A-Za-z]{0,3}\b/g)].map((m) => m[0]).filter((c) => !NOT_A_PRODUCT.test(c)))];
}

/** Builds the assistant's understanding of one chat request. */
export async function understand(deps: { catalog: CatalogReader; names: ModelNameIndex }, input: UnderstandInput): Promise<Understanding> {
  const { catalog } = deps;
  const { message, context } = input;
  const history = pickHistory(input.conversationHistory, context);
  const prior = readPriorTurns(history, context);

  const [pageRobot, compareRobots] = await Promise.all([
    context.robotId ? findVisibleRobotById(catalog, context.robotId) : undefined,
    findCompareRobots(catalog, readRobotIds(context)),
  ]);
  const contextMaker = pageRobot?.manufacturer;
  deriveEarlierIntent(prior, context.page, Boolean(pageRobot), contextMaker);
  const gathered = gatherFacts(message, prior, context, contextMaker);
  const current = gathered.current;

  const filters = readFilters(context.filters);
  let facts: Facts = mergeFacts(Object.assign(emptyFacts(), filters.facts), gathered.all);

  const [{ models, named, contextModels, historyModels, assistantModels }, unknownModels] = await Promise.all([
    resolveModels(deps.names, {
      current: message,
      contextModel: context.robotModel ?? undefined,
      userTexts: prior.userTexts,
      assistant: prior.lastAssistantText,
    }),
    unknownModelsIn(deps.names, message),
  ]);

  // A bare alarm number ("alarm 4100 on my GP25") belongs to the maker of the robot named.
  // Else the maker or controller the conversation named last ("our DX200 stopped" ... "alarm 77777").
  const conversationMaker = [...prior.userTexts].reverse().map((t) => makersInText(t).at(-1)).find(Boolean);
  const maker = models[0]?.manufacturer ?? pageRobot?.manufacturer ?? current.manufacturers?.[0] ?? facts.manufacturers?.[0] ?? conversationMaker ?? historyModels[0]?.manufacturer;
  if (maker && current.codes.some((c) => !c.maker)) {
    current.codes = extractCodes(message, maker);
    facts = { ...facts, codes: [...current.codes, ...facts.codes.filter((c) => !current.codes.some((x) => x.raw === c.raw))] };
  }

  // A code read only by its shape that is a model named ("Denso VS-087") is the robot, not an alarm.
  const isModel = (c: CodeMention) => c.shapeOnly === true && models.some((m) => compactText(m.model).includes(compactText(c.raw)));
  if (current.codes.some(isModel)) {
    current.codes = current.codes.filter((c) => !isModel(c));
    facts = { ...facts, codes: facts.codes.filter((c) => !isModel(c)) };
  }

  const question = readRobotQuestion(message);
  // "How much is the Zeta Robotics ZR-4477?": a price or spec question about a product code
  // (letters, a hyphen, digits) that matches no robot this reader may see (another user's private
  // robot, a maker the catalog does not hold) is not in the catalog either, never the generic menu.
  let unknownModelsUnnamed = false;
  if (!unknownModels.length && !models.length && !pageRobot && !compareRobots.length && question.fields.length && !current.codes.length) {
    unknownModels.push(...productCodesIn(message));
    unknownModelsUnnamed = unknownModels.length > 0;
  }
  // Candidates shown while details were missing ("cobot 10kg" -> a shortlist and "tell me the
  // reach"): a reply with the task's figures ("it must reach 1.2 m") answers the question and
  // refines the search; its "it" is the robot to be chosen, not the shortlist's robots.
  const answeringAsked =
    prior.previousIntent === 'robot_selection' &&
    prior.previousState === 'gathering_info' &&
    (current.payloadKg !== undefined || current.reachMm !== undefined || current.maxReachMm !== undefined || current.application !== undefined);
  const about = readAbout({ text: message, question, current, named, contextModels, pageRobot, compareRobots, assistantModels: answeringAsked ? [] : assistantModels, historyModels: answeringAsked ? [] : historyModels });

  const result = classifyIntent({
    text: message,
    facts: current,
    modelCount: models.length,
    page: context.page,
    hasRoiData: Boolean(context.roiData && Object.keys(context.roiData).length),
    hasPageRobot: Boolean(pageRobot),
    about: about ? { kind: about.kind, several: about.robots.length > 1 } : undefined,
    previousIntent: prior.previousIntent,
    previousState: prior.previousState,
  });

  const filtersUsed: string[] = [];
  if (filters.facts.manufacturers?.length) filtersUsed.push(`manufacturer ${filters.facts.manufacturers.join(', ')}`);
  if (filters.facts.category) filtersUsed.push(`category ${filters.facts.category}`);
  if (filters.facts.application) filtersUsed.push(`application ${applicationLabel(filters.facts.application)}`);
  if (filters.limits.minPayloadKg !== undefined) filtersUsed.push(`payload from ${formatNumber(filters.limits.minPayloadKg)} kg`);
  if (filters.limits.maxPayloadKg !== undefined) filtersUsed.push(`payload up to ${formatNumber(filters.limits.maxPayloadKg)} kg`);
  if (filters.limits.minPriceUsd !== undefined) filtersUsed.push(`price from $${formatNumber(filters.limits.minPriceUsd, 0)}`);
  if (filters.limits.maxPriceUsd !== undefined) filtersUsed.push(`price up to $${formatNumber(filters.limits.maxPriceUsd, 0)}`);

  return {
    message,
    intent: result.intent,
    greeting: result.greeting,
    offTopic: result.offTopic,
    prior,
    facts,
    current,
    limits: filters.limits,
    filtersUsed,
    models,
    unknownModels,
    ...(unknownModelsUnnamed ? { unknownModelsUnnamed } : {}),
    historyModels,
    assistantModels,
    pageRobot,
    compareRobots,
    question,
    about,
    page: context.page,
    roiData: context.roiData ?? undefined,
    role: input.auth?.role,
    authenticated: Boolean(input.auth),
    language: answerLanguage(message, prior.userTexts),
  };
}

/**
 * The language to answer in: the question's (the dominant one of a mixed question), else the
 * language of the user's last earlier message that tells one ("40 kg" alone keeps the
 * conversation's language), else English.
 */
export function answerLanguage(message: string, earlierUserTexts: string[] = []): AnswerLanguage {
  const own = textLanguage(message);
  if (own) return own;
  for (const text of [...earlierUserTexts].reverse()) {
    const lang = textLanguage(text);
    if (lang) return lang;
  }
  return 'en';
}
