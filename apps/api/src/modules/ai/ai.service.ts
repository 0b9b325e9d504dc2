import { catalogHrefOf, compareHrefOf, robotLinksOf } from './advisor/answer-links';
import {
  AI_EOAT_PAYLOAD_MARGIN,
  type ChatResponse,
  type CompareRobotsResponse,
  type RecommendRobotsResponse,
  type chatRequestSchema,
  type compareRobotsRequestSchema,
  type recommendRobotsRequestSchema,
} from '@cellforge/contracts';
import type { z } from 'zod';
import { normalizeRole, type Role } from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import type { Config } from '../../env';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { nth } from '../../lib/invariants';
import { toRobotDto } from '../catalog';
import { findVisibleRobotsByIds, listPublicManufacturers, type CatalogReader, type RobotRow } from '../catalog';
import { runAdvisor } from './advisor/advisor';
import { createModelNameIndex } from './advisor/model-index';
import { insideOneCatalogVersion, probeCatalogVersion, withOneCatalogVersion } from './advisor/catalog-memo';
import { joinWords } from './advisor/format';
import { compareRobotRows, recommendRobots } from './advisor/recommend';
import { criteriaFrom } from './advisor/selection';
import type { AdvisorAnswer, Understanding } from './advisor/types';
import { understand } from './advisor/understand';
import { errorCodeEntries } from './knowledge/error-codes';
import { buildPrompt, parseModelAnswer, sanitizeModelAnswer } from './provider/model-answer';
import { createModelProvider, type ModelProvider } from './provider/model-provider';
import { readRequirementsWithModel, withModelRequirements } from './provider/model-requirements';
import { isState, pickHistory, readApplication } from './understanding/conversation';
import { isIntent } from './understanding/intent';
import { manufacturerAliases } from './understanding/vocabulary';

export type ChatInput = z.output<typeof chatRequestSchema>;
export type RecommendInput = z.output<typeof recommendRobotsRequestSchema>;
export type CompareInput = z.output<typeof compareRobotsRequestSchema>;

export interface AiServiceDeps {
  db: Database;
  config: Config;
  logger: Logger;
  /** Provider request timeout (default 25 s). */
  providerTimeoutMs?: number;
  /** Replaces the OpenAI-compatible provider (tests). */
  provider?: ModelProvider | null;
}

/** The signed-in user a request comes from (a verified bearer token only). */
export interface ChatCaller {
  role: Role;
  userId: string;
}

export interface ChatResult {
  body: ChatResponse;
  /** How the answer was made, for logs and the evaluation. */
  mode: 'built-in' | 'model' | 'model-fallback';
  /** Who read the buyer's requirements: the model (structured output, validated) or the built-in parser. */
  requirementsFrom: 'model' | 'built-in';
  understanding: Understanding;
  advisor: AdvisorAnswer;
}

export type AiService = ReturnType<typeof createAiService>;

export function createAiService(deps: AiServiceDeps) {
  const { db, config, logger } = deps;
  const ai = config.ai;
  const provider: ModelProvider | null =
    deps.provider !== undefined
      ? deps.provider
      : ai.baseUrl && ai.apiKey && ai.model
        ? createModelProvider({ baseUrl: ai.baseUrl, apiKey: ai.apiKey, model: ai.model, timeoutMs: deps.providerTimeoutMs ?? ai.timeoutMs }, logger)
        : null;

  const names = createModelNameIndex(db);
  /** The catalog as this caller may see it: public robots, and their own private ones. */
  const readerFor = (caller?: ChatCaller): CatalogReader => ({ db, viewerId: caller?.userId });
  const advisorDepsFor = (caller?: ChatCaller) => ({ catalog: readerFor(caller), names: names.as(caller?.userId), defaultManufacturer: ai.defaultManufacturer });

  // Makers change only when the catalog does: kept per catalog version (one probe of its primary
  // key, as the search box's memo), so a maker a supplier added a moment ago is known at once.
  let makersCache: { version: number; makers: string[] } | undefined;
  async function knownMakers() {
    const version = await probeCatalogVersion(db);
    if (makersCache && makersCache.version === version) return makersCache.makers;
    const makers = await listPublicManufacturers(db);
    makersCache = { version, makers: [...new Set([...makers, ...errorCodeEntries.map((e) => e.maker)])] };
    return makersCache.makers;
  }

  /** One request's time for the model: reading the requirements gets at most 30 % of it, phrasing the rest. */
  const providerBudgetMs = deps.providerTimeoutMs ?? ai.timeoutMs;

  async function answerWithModel(p: ModelProvider, input: ChatInput, u: Understanding, builtIn: AdvisorAnswer, caller: ChatCaller | undefined, timeoutMs: number) {
    const rows = new Map<string, RobotRow>();
    const add = (list: RobotRow[]) => list.forEach((r) => rows.set(r.id, r));
    add(builtIn.trace.recommended);
    add(builtIn.trace.named);
    add(u.models);
    if (u.pageRobot) add([u.pageRobot]);
    if (u.about) add(u.about.robots);
    add(u.compareRobots);
    if (u.intent === 'robot_selection' && u.facts.payloadKg !== undefined) {
      const more = await recommendRobots(readerFor(caller), criteriaFrom(u), 8);
      add(more.recommendations.map((r) => r.robot));
    }
    const history = pickHistory(input.conversationHistory, input.context);
    const given = [...rows.values()].slice(0, 12);
    const raw = await p.complete(buildPrompt(u, builtIn, given, history), timeoutMs);
    const parsed = parseModelAnswer(raw);
    if (!parsed) {
      logger.warn({ length: raw.length }, 'AI provider answer was not valid JSON of the expected shape; built-in advisor answer used');
      return null;
    }
    const clean = await sanitizeModelAnswer(parsed, {
      names: names.as(caller?.userId),
      rows: given,
      allowedTexts: [builtIn.response, ...history.filter((h) => h.role === 'user').map((h) => h.content)],
      intent: u.intent,
      understanding: u,
      knownMakers: await knownMakers(),
      defaultManufacturer: ai.defaultManufacturer,
      keptKinds: builtIn.trace.keptKinds,
    });
    if (clean.removed.length) logger.warn({ removed: clean.removed }, 'AI provider named robots outside the catalog or the task; removed');
    if (clean.removedFigures.length) logger.warn({ removed: clean.removedFigures }, 'AI provider stated figures that are in no retrieved row; removed');
    // The deterministic statements (not in our catalog + the closest models; nothing fits + why
    // + the nearest robots) lead the answer whatever the model phrased (issue 12).
    const kept = builtIn.trace.kept.join('\n').replace(/\n{3,}/g, '\n\n').trim();
    if (!clean.response && !kept) return null;
    const response = kept && !clean.response.includes(kept) ? [kept, clean.response].filter(Boolean).join('\n\n') : clean.response;
    const keptNamed = kept ? builtIn.trace.named.filter((r) => kept.includes(r.model)) : [];
    return {
      response,
      followUpQuestions: clean.followUpQuestions,
      suggestedActions: clean.suggestedActions,
      sources: clean.sources,
      conversationState: isState(clean.conversationState) ? clean.conversationState : builtIn.conversationState,
      userIntent: isIntent(clean.userIntent) ? clean.userIntent : builtIn.userIntent,
      robotDataIncluded: clean.named.length > 0 || keptNamed.length > 0,
    };
  }

  const service = {
    /** POST /ai/chat. `caller` comes from a verified bearer token only. The catalog is read at one version (one probe) per answer. */
    async chat(input: ChatInput, caller?: ChatCaller): Promise<ChatResult> {
      if (!insideOneCatalogVersion()) return withOneCatalogVersion(() => service.chat(input, caller));
      // The client's claimed role is never trusted: only a verified token gives one.
      const claimed = input.context.user_context?.role;
      if (claimed && (!caller || normalizeRole(claimed) !== caller.role)) {
        logger.debug({ claimed, role: caller?.role ?? null }, 'chat context role ignored: it does not match the bearer token');
      }
      const advisorDeps = advisorDepsFor(caller);
      let u = await understand(advisorDeps, {
        message: input.message,
        context: input.context,
        conversationHistory: input.conversationHistory,
        auth: caller ? { role: caller.role } : undefined,
      });
      // With a model: it reads the buyer's requirements (structured output, validated); the
      // built-in reading stays when it fails. Retrieval and figures stay the advisor's.
      let requirementsFrom: ChatResult['requirementsFrom'] = 'built-in';
      const started = Date.now();
      if (provider && u.intent === 'robot_selection' && !u.about) {
        const history = pickHistory(input.conversationHistory, input.context);
        const read = await readRequirementsWithModel(provider, input.message, history, Math.round(providerBudgetMs * 0.3), logger);
        if (read) {
          u = withModelRequirements(u, read);
          requirementsFrom = 'model';
        }
      }
      const builtIn = await runAdvisor(advisorDeps, u);

      let mode: ChatResult['mode'] = 'built-in';
      let answer: Omit<AdvisorAnswer, 'trace'> = builtIn;
      if (provider) {
        const left = Math.max(Math.round(providerBudgetMs * 0.3), providerBudgetMs - (Date.now() - started));
        const fromModel = await answerWithModel(provider, input, u, builtIn, caller, left);
        if (fromModel) {
          answer = fromModel;
          mode = 'model';
        } else mode = 'model-fallback';
      }

      // What the answer names links to its page; a selection links to the catalog with the task applied.
      const robotLinks = await robotLinksOf(names.as(caller?.userId), answer.response);
      const catalogHref = u.intent === 'robot_selection' && answer.robotDataIncluded ? catalogHrefOf(u.facts, builtIn.trace.relaxed, u.limits) : undefined;
      const compareHref = u.intent === 'comparison' ? compareHrefOf(builtIn.trace.named, robotLinks) : undefined;
      const body: ChatResponse = {
        success: true,
        response: answer.response,
        error: null,
        user_authenticated: Boolean(caller),
        robot_data_included: answer.robotDataIncluded,
        timestamp: new Date().toISOString(),
        metadata: {
          followUpQuestions: answer.followUpQuestions,
          suggestedActions: answer.suggestedActions,
          sources: answer.sources,
          conversationState: answer.conversationState,
          userIntent: answer.userIntent,
          ...(robotLinks.length ? { robotLinks } : {}),
          ...(catalogHref ? { catalogHref } : {}),
          ...(compareHref ? { compareHref } : {}),
        },
      };
      return { body, mode, requirementsFrom, understanding: u, advisor: builtIn };
    },

    /** POST /ai/recommend-robots: robots the caller may see (public, or their own). */
    async recommend(input: RecommendInput, caller?: ChatCaller): Promise<RecommendRobotsResponse> {
      const application = readApplication(input.application) ?? input.application?.toLowerCase();
      const named = input.manufacturer;
      const manufacturer = named ? (manufacturerAliases.find(([, re]) => re.test(named))?.[0] ?? named) : undefined;
      const industry = input.industry?.toLowerCase();
      const category = input.category?.toLowerCase();
      const result = await recommendRobots(
        readerFor(caller),
        {
          payloadKg: input.payload_kg,
          toolKg: input.tool_kg,
          reachMm: input.reach_mm,
          application,
          industry,
          manufacturers: manufacturer ? [manufacturer] : undefined,
          category,
          budgetUsd: input.budget_usd,
        },
        input.limit,
      );
      return {
        success: true,
        data: result.recommendations.map((r, i) => ({
          rank: i + 1,
          robot: toRobotDto(r.robot),
          score: r.score,
          payload_margin_pct: r.payloadMarginPct,
          reach_margin_mm: r.reachMarginMm ?? 0,
          application_match: r.applicationMatch,
          industry_match: r.industryMatch,
          within_budget: input.budget_usd !== undefined && r.robot.priceMinUsd != null ? r.robot.priceMinUsd <= input.budget_usd : null,
          reasons: r.reasons,
        })),
        criteria: {
          payload_kg: input.payload_kg,
          tool_kg: input.tool_kg ?? null,
          required_payload_kg: result.requiredPayloadKg,
          eoat_margin: AI_EOAT_PAYLOAD_MARGIN,
          reach_mm: input.reach_mm,
          application: application ?? null,
          industry: industry ?? null,
          budget_usd: input.budget_usd ?? null,
          manufacturer: manufacturer ?? null,
          category: category ?? null,
        },
        relaxed: result.relaxed,
        total_candidates: result.candidates,
      };
    },

    /** POST /ai/compare-robots. Unknown ids, and robots the caller may not see, are a 404 naming them. */
    async compare(input: CompareInput, caller?: ChatCaller): Promise<CompareRobotsResponse> {
      const ids = input.ids.map((i) => i.toLowerCase());
      const found = await findVisibleRobotsByIds(readerFor(caller), ids);
      const byId = new Map(found.map((r) => [r.id.toLowerCase(), r]));
      const list: typeof found = [];
      const missing: string[] = [];
      for (const i of ids) {
        const robot = byId.get(i);
        if (robot) list.push(robot);
        else missing.push(i);
      }
      if (missing.length) throw new AppError('NOT_FOUND', `Robot not found: ${missing.join(', ')}`, { ids: missing.map((m) => `Robot not found: ${m}`) });
      const rows = compareRobotRows(list);
      const summary: string[] = [];
      for (const row of rows) {
        if (!row.better || !row.best.length || row.best.length === list.length) continue;
        if (row.field === 'price_max_usd') continue;
        const who = joinWords(row.best.map((i) => nth(list, i).model));
        const what = {
          payload_kg: 'the most payload',
          reach_mm: 'the longest reach',
          repeatability_mm: 'the best repeatability',
          weight_kg: 'the lightest arm',
          price_min_usd: 'the lowest indicative price',
        }[row.field as string];
        if (what) summary.push(`${who} ${row.best.length > 1 ? 'have' : 'has'} ${what}`);
      }
      return {
        success: true,
        data: list.map(toRobotDto),
        rows: rows.map((r) => ({ ...r, best_ids: r.best.map((i) => nth(list, i).id) })),
        summary: summary.length ? `${summary.join('; ')}.` : 'These robots have the same figures where the catalog lists them.',
      };
    },
  };
  return service;
}
