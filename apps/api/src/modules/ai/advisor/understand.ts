import type { ChatContext, ChatHistoryEntry, Role } from '@cellforge/contracts';
import { findRobotById, type RobotRow } from '../ai.repository';
import { extractCodes } from '../understanding/codes';
import { gatherFacts, pickHistory, readFilters, readPriorTurns } from '../understanding/conversation';
import { emptyFacts, mergeFacts, type Facts } from '../understanding/facts';
import { classifyIntent } from '../understanding/intent';
import type { Database } from '@cellforge/db';
import { candidateKeys, modelCandidates, pickMatches, type ModelCandidate } from '../understanding/models';
import { applicationLabel } from '../understanding/vocabulary';
import { formatNumber } from './format';
import type { ModelNameIndex } from './model-index';
import type { Understanding } from './types';

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
  if (!all.length) return { models: [], historyModels: [], assistantModels: [] };

  const { exact } = candidateKeys(all);
  // Family prefixes ("IRB 1200") only for what the user is asking now.
  const { prefix } = candidateKeys([...current, ...fromContext]);
  const { exact: exactMap, prefix: prefixMap } = await names.resolve(exact, prefix);

  const uniq = (rows: RobotRow[]) => [...new Map(rows.map((r) => [r.id, r])).values()];
  const models = uniq([...pickMatches(current, exactMap, prefixMap), ...pickMatches(fromContext, exactMap, prefixMap)].map((m) => m.robot));
  const historyModels = uniq(history.flatMap((c) => pickMatches(c, exactMap).map((m) => m.robot)));
  const assistantModels = uniq(pickMatches(assistant, exactMap).map((m) => m.robot));
  return { models, historyModels, assistantModels };
}

/** Builds the assistant's understanding of one chat request. */
export async function understand(deps: { db: Database; names: ModelNameIndex }, input: UnderstandInput): Promise<Understanding> {
  const { db } = deps;
  const { message, context } = input;
  const history = pickHistory(input.conversationHistory, context);
  const prior = readPriorTurns(history, context);

  const pageRobot = context.robotId ? await findRobotById(db, context.robotId) : undefined;
  const contextMaker = pageRobot?.manufacturer;
  const gathered = gatherFacts(message, prior, context, contextMaker);
  const current = gathered.current;

  const filters = readFilters(context.filters);
  let facts: Facts = mergeFacts(Object.assign(emptyFacts(), filters.facts), gathered.all);

  const { models, historyModels, assistantModels } = await resolveModels(deps.names, {
    current: message,
    contextModel: context.robotModel ?? undefined,
    userTexts: prior.userTexts,
    assistant: prior.lastAssistantText,
  });

  // A bare alarm number ("alarm 4100 on my GP25") belongs to the maker of the robot named.
  const maker = models[0]?.manufacturer ?? pageRobot?.manufacturer ?? current.manufacturers?.[0] ?? facts.manufacturers?.[0];
  if (maker && current.codes.some((c) => !c.maker)) {
    current.codes = extractCodes(message, maker);
    facts = { ...facts, codes: [...current.codes, ...facts.codes.filter((c) => !current.codes.some((x) => x.raw === c.raw))] };
  }

  const result = classifyIntent({
    text: message,
    facts: current,
    modelCount: models.length,
    page: context.page,
    hasRoiData: Boolean(context.roiData && Object.keys(context.roiData).length),
    hasPageRobot: Boolean(pageRobot),
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
    historyModels,
    assistantModels,
    pageRobot,
    page: context.page,
    roiData: context.roiData ?? undefined,
    role: input.auth?.role,
    authenticated: Boolean(input.auth),
  };
}
