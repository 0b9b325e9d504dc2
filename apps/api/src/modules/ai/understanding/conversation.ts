import type { ChatContext, ChatHistoryEntry } from '@cellforge/contracts';
import { emptyFacts, mergeFacts, readFacts, type Facts } from './facts';
import { isIntent, type Intent } from './intent';
import { applications, applicationSynonyms, type Application } from './vocabulary';

/** Spec section 4: the conversation stage; the client's gatheringInfo is false only in solution_providing. */
export type ConversationState = 'initial' | 'gathering_info' | 'solution_providing';
const states: ConversationState[] = ['initial', 'gathering_info', 'solution_providing'];
export const isState = (v: unknown): v is ConversationState => typeof v === 'string' && (states as string[]).includes(v);

/** What the conversation so far tells: the last intent and stage, and the user's earlier words. */
export interface PriorTurns {
  previousIntent?: Intent;
  previousState?: ConversationState;
  userTexts: string[];
  lastAssistantText?: string;
  turns: number;
}

/** History of the request: the body's conversationHistory, else the one inside the context. */
export function pickHistory(bodyHistory: ChatHistoryEntry[], context: ChatContext): ChatHistoryEntry[] {
  if (bodyHistory.length) return bodyHistory;
  return context.conversationHistory ?? [];
}

export function readPriorTurns(history: ChatHistoryEntry[], context: ChatContext, maxTurns = 12): PriorTurns {
  const recent = history.slice(-maxTurns);
  let previousIntent: Intent | undefined;
  let previousState: ConversationState | undefined;
  let lastAssistantText: string | undefined;
  for (const entry of recent) {
    if (entry.role !== 'assistant') continue;
    lastAssistantText = entry.content;
    const meta = entry.metadata ?? {};
    if (isIntent(meta.userIntent)) previousIntent = meta.userIntent;
    if (isState(meta.conversationState)) previousState = meta.conversationState;
  }
  // The client also keeps them in its context (docs/product.md §4.2: stage, userIntent).
  if (!previousIntent && isIntent(context.userIntent)) previousIntent = context.userIntent;
  const stage = (context as Record<string, unknown>).stage;
  if (!previousState && isState(stage)) previousState = stage;
  return {
    previousIntent,
    previousState,
    userTexts: recent.filter((e) => e.role === 'user').map((e) => e.content),
    lastAssistantText,
    turns: recent.length,
  };
}

/** A free-text or catalog-value application from the client context. */
export function readApplication(value: string | null | undefined): Application | undefined {
  if (!value) return undefined;
  const v = value.trim().toLowerCase();
  if ((applications as readonly string[]).includes(v)) return v as Application;
  return applicationSynonyms.find(([, re]) => re.test(value))?.[0];
}

/**
 * What an earlier turn adds to the need: the maker of an alarm question ("FANUC SRVO-062 on our
 * R-30iB") is the maker of the robot that stopped, not a maker the buyer asked for; only makers
 * asked for or ruled out in a selection turn filter a later selection (issue 12, outsider J2).
 */
export function asEarlierTurn(facts: Facts): Facts {
  if (facts.codes.length && facts.manufacturers) delete facts.manufacturers;
  return facts;
}

/**
 * Facts of the whole conversation: earlier user turns, then the client context
 * (application, catalog filters), then this message; later values win.
 */
export function gatherFacts(message: string, prior: PriorTurns, context: ChatContext, contextMaker?: string): { all: Facts; current: Facts } {
  let all = emptyFacts();
  for (const text of prior.userTexts) all = mergeFacts(all, asEarlierTurn(readFacts(text, contextMaker)));
  const fromContext = emptyFacts();
  const app = readApplication(context.application);
  if (app) fromContext.application = app;
  all = mergeFacts(all, fromContext);
  const current = readFacts(message, contextMaker);
  all = mergeFacts(all, current);
  return { all, current };
}

/** Limits on the robot itself (catalog filters), as opposed to facts about the task. */
export interface RobotLimits {
  minPayloadKg?: number;
  maxPayloadKg?: number;
  minPriceUsd?: number;
  maxPriceUsd?: number;
}

/**
 * Catalog filters of the page (docs/product.md §3.14). Maker, category, application and
 * industry become facts (the message overrides them); payload and price bounds limit
 * the robots themselves.
 */
export function readFilters(filters: Record<string, string> | undefined): { facts: Partial<Facts>; limits: RobotLimits } {
  const facts: Partial<Facts> = {};
  const limits: RobotLimits = {};
  if (!filters) return { facts, limits };
  const n = (v: string | undefined) => (v !== undefined && v.trim() !== '' && Number.isFinite(Number(v)) && Number(v) >= 0 ? Number(v) : undefined);
  if (filters.manufacturer?.trim()) facts.manufacturers = [filters.manufacturer.trim()];
  if (filters.category?.trim()) facts.category = filters.category.trim().toLowerCase();
  const app = readApplication(filters.application);
  if (app) facts.application = app;
  if (filters.industry?.trim()) facts.industry = filters.industry.trim().toLowerCase() as Facts['industry'];
  limits.minPayloadKg = n(filters.minPayload);
  limits.maxPayloadKg = n(filters.maxPayload);
  limits.minPriceUsd = n(filters.minPrice);
  limits.maxPriceUsd = n(filters.maxPrice);
  return { facts, limits };
}

/** The facts a robot selection still needs: payload, and reach or application. */
export function missingSelectionFacts(facts: Facts): Array<'payload' | 'reach_or_application'> {
  const missing: Array<'payload' | 'reach_or_application'> = [];
  if (facts.payloadKg === undefined) missing.push('payload');
  if (facts.reachMm === undefined && facts.maxReachMm === undefined && facts.application === undefined) missing.push('reach_or_application');
  return missing;
}

export interface StateInput {
  intent: Intent;
  facts: Facts;
  /** The assistant could give the answer the intent asks for. */
  answered: boolean;
  /** It asked the user for facts it needs. */
  askedForFacts: boolean;
  turns: number;
  previousState?: ConversationState;
  smallTalk: boolean;
}

/**
 * The conversation state machine (docs/product.md §5.2):
 * - initial: nothing asked yet (first turn small talk, or an off-topic opener);
 * - gathering_info: the assistant still needs facts (missing payload/reach, an unknown
 *   alarm code, a single robot to compare, ROI figures) and says which;
 * - solution_providing: it answered (recommendations, a known code, a comparison, ROI).
 */
export function nextState(s: StateInput): ConversationState {
  if (s.smallTalk) return s.turns === 0 ? 'initial' : (s.previousState ?? 'initial');
  if (s.askedForFacts && !s.answered) return 'gathering_info';
  if (s.answered) return 'solution_providing';
  return s.turns === 0 ? 'initial' : 'gathering_info';
}
