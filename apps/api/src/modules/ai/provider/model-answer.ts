import { z } from 'zod';
import type { ChatHistoryEntry, ChatSource } from '@cellforge/contracts';
import type { RobotRow } from '../../catalog';
import { clampSources } from '../advisor/advisor';
import { findNamedRobots } from '../advisor/mentions';
import type { ModelNameIndex } from '../advisor/model-index';
import { clampText, priceBand } from '../advisor/format';
import { checkFit, requiredPayloadKg } from '../advisor/recommend';
import type { AdvisorAnswer, KeptKind, Understanding } from '../advisor/types';
import type { ErrorCodeEntry } from '../knowledge/error-codes';
import { missingSelectionFacts } from '../understanding/conversation';
import { isIntent, type Intent } from '../understanding/intent';
import { normalizeModel } from '../understanding/models';
import { manufacturerAliases } from '../understanding/vocabulary';
import type { ChatTurn } from './model-provider';

/** What the model must return (response_format json_object), checked before use. */
export const modelAnswerSchema = z.object({
  response: z.string().trim().min(1),
  followUpQuestions: z.array(z.string()).optional().default([]),
  suggestedActions: z.array(z.string()).optional().default([]),
  sources: z
    .array(z.union([z.object({ manufacturer: z.string(), title: z.string().optional(), url: z.string().optional() }), z.string()]))
    .optional()
    .default([]),
  conversationState: z.string().optional(),
  userIntent: z.string().optional(),
  robots: z.array(z.string()).optional().default([]),
});
export type ModelAnswer = z.infer<typeof modelAnswerSchema>;

/** The model's JSON, or null when it is not valid JSON of the expected shape. */
export function parseModelAnswer(raw: string): ModelAnswer | null {
  const text = raw.trim().replace(/^```(?:json)?\s*/i, '').replace(/\s*```$/, '');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = modelAnswerSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

function compactRow(r: RobotRow) {
  return {
    manufacturer: r.manufacturer,
    model: r.model,
    category: r.category,
    payload_kg: r.payloadKg,
    reach_mm: r.reachMm,
    dof: r.dof,
    repeatability_mm: r.repeatabilityMm,
    weight_kg: r.weightKg,
    indicative_price_usd: priceBand(r),
    applications: r.applications,
    industries: r.industries,
    datasheet_source: r.datasheetSource,
  };
}

function compactCode(e: ErrorCodeEntry) {
  return { maker: e.maker, code: e.code, title: e.title, meaning: e.meaning, causes: e.causes, checks: e.checks, safety: e.safety, subcodes: e.subcodes };
}

const SYSTEM_PROMPT = `You are the CellForge robotics assistant on a marketplace for industrial robots. You help users choose robots, troubleshoot alarm codes, compare models and estimate ROI.
Write plain, specific, helpful prose: short paragraphs and "- " bullets; no headings, no tables, no markdown emphasis.
Rules:
- Name or recommend only robots listed in catalog_rows, with their exact manufacturer and model. Never invent models, specifications or prices. If none fits, say so.
- A robot fits a task when payload_kg >= required_payload_kg (the part plus 20% for the gripper unless the tool mass is given) and reach_mm >= the needed reach. Say why each robot fits (payload margin, reach margin, axes, repeatability, indicative price).
- Explain only alarm codes listed in known_codes, with that meaning. For any other code say you have no verified meaning and ask for the full alarm text and number shown on the teach pendant; never guess.
- Prices are indicative street prices for arm + controller, not quotes.
- If facts are missing for a recommendation (payload, and reach or application), ask for them.
- shown_before_your_answer is shown to the user verbatim, above your answer (a model that is not in our catalog with the closest real models, or that nothing in the catalog fits and why). Do not repeat it and never contradict it: a model not in the catalog has no figures, and when nothing fits no robot "fits".
- A question about robots_in_view ("what payload can it carry?", "which has the longest reach?") is about those robots, not a new search: answer from their rows. A value that is null or not in the row (IP rating, mounting, controller, speed...) is "not published in the datasheet we hold"; never guess it.
Reply with one JSON object only:
{"response": string, "followUpQuestions": string[] (at most 3), "suggestedActions": string[] (at most 3), "sources": [{"manufacturer": string, "title": string}] (at most 2), "conversationState": "initial" | "gathering_info" | "solution_providing", "userIntent": "robot_selection" | "troubleshooting" | "comparison" | "roi" | "general", "robots": string[] (the models you named)}`;

/** The prompt: rules, what the assistant retrieved (catalog rows, known codes, page data), the conversation and the message. */
export function buildPrompt(u: Understanding, builtIn: AdvisorAnswer, rows: RobotRow[], history: ChatHistoryEntry[]): ChatTurn[] {
  const f = u.facts;
  const grounding = {
    page: u.page ?? null,
    user: { authenticated: u.authenticated, role: u.role ?? null },
    understood: {
      intent: u.intent,
      payload_kg: f.payloadKg ?? null,
      tool_kg: f.toolKg ?? null,
      required_payload_kg: f.payloadKg !== undefined ? requiredPayloadKg(f.payloadKg, f.toolKg) : null,
      reach_mm: f.reachMm ?? null,
      application: f.application ?? null,
      industry: f.industry ?? null,
      manufacturers: f.manufacturers ?? [],
      budget_usd: f.budgetUsd ?? null,
      cycle_time_s: f.cycleTimeS ?? null,
      codes: f.codes.map((c) => ({ code: c.code, maker: c.maker ?? null })),
      missing_for_selection: u.intent === 'robot_selection' ? missingSelectionFacts(f) : [],
      catalog_filters: u.filtersUsed,
    },
    catalog_rows: rows.map(compactRow),
    known_codes: builtIn.trace.codes.map(compactCode),
    unknown_codes: builtIn.trace.unknownCodes,
    page_robot: u.pageRobot ? compactRow(u.pageRobot) : null,
    robots_in_view: u.about ? { kind: u.about.kind, from: u.about.from, asked: u.question.fields, robots: u.about.robots.map(compactRow) } : null,
    roi_data: u.roiData ?? null,
    shown_before_your_answer: builtIn.trace.kept,
  };
  const turns: ChatTurn[] = [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'system', content: `Retrieved data (JSON):\n${JSON.stringify(grounding)}` },
  ];
  for (const h of history.slice(-10)) turns.push({ role: h.role, content: h.content.slice(0, 2000) });
  turns.push({ role: 'user', content: u.message });
  return turns;
}

export interface SanitizeContext {
  names: ModelNameIndex;
  /** The catalog rows the model was given: the only robots and figures it may state. */
  rows?: RobotRow[];
  /** Texts whose figures are the user's or deterministic (the message, the built-in answer). */
  allowedTexts?: string[];
  intent: Intent;
  understanding: Understanding;
  knownMakers: string[];
  defaultManufacturer: string;
  /**
   * What the deterministic statements shown above the model's answer say (issue 12): a
   * sentence of the model that contradicts them is dropped ("we have it", "the X fits").
   */
  keptKinds?: KeptKind[];
}

const NEGATION = /\b(?:not|no|none|nothing|neither|nor|never|cannot|without|nicht|kein\w*|nichts|weder|ningun[oa]?|ningún|nada|ni|sin)\b|n['’]t\b/i;
/** "We have the M-9000iZ", "it is in our catalog", "available from us". */
const IN_CATALOG = /\b(?:we (?:do )?(?:have|carry|list|stock|sell|offer)|(?:is|are) (?:listed|available|in stock)|in (?:our|the) catalog(?:ue)?|haben wir|im (?:unserem )?katalog|tenemos|en (?:nuestro|el) cat[aá]logo)\b/i;
/** "The X fits", "meets your needs", "I recommend", "suitable", "can handle". */
const FIT_CLAIM = /\b(?:fits?|fitting|meets?|suitable|suited|recommend\w*|good (?:choice|match|fit|option)|best (?:choice|match|fit|option)|can (?:handle|carry|lift|do)|will work|works for|passt|geeignet|empfehle\w*|erfüllt|cumple|adecuad[oa]|recomiendo|sirve)\b/i;

/** A sentence of the model that contradicts the statements shown above its answer. */
export function contradictsKept(sentence: string, kinds: KeptKind[] | undefined): boolean {
  if (!kinds?.length || NEGATION.test(sentence)) return false;
  if (kinds.includes('unknown-model') && IN_CATALOG.test(sentence)) return true;
  if (kinds.includes('nothing-fits') && FIT_CLAIM.test(sentence)) return true;
  return false;
}

export interface SanitizedAnswer {
  response: string;
  followUpQuestions: string[];
  suggestedActions: string[];
  sources: ChatSource[];
  conversationState?: string;
  userIntent: Intent;
  /** Catalog robots the final answer names. */
  named: RobotRow[];
  /** Robot names that were taken out (not in the catalog, or not fitting the stated task). */
  removed: string[];
  /** Figures that were taken out (in no retrieved row, nor the user's words, nor the built-in answer). */
  removedFigures: string[];
}

type Unit = 'kg' | 'mm' | 'pct' | 'usd' | 'axes' | 's';

/** A figure with a unit as written ("1,249 mm", "12,5 kg", "1.3 m", "$45,000", "6 axes"), with every reading of its separators. */
interface Figure {
  text: string;
  unit: Unit;
  values: number[];
}

const FIGURE_RE = /(\$|US\$|USD\s?)?\s?(\d{1,3}(?:[.,\u00a0 ]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?)\s?(k\b)?\s?(kg|kgs|lbs?|t\b|tonnes?|mm|cm|m\b|meters?|metres?|%|\$|US\$|usd|axes|axis|-axis|s\b|sec\b|seconds?)?/gi;

function readings(raw: string): number[] {
  const out = new Set<number>();
  const clean = raw.replace(/[\u00a0 ]/g, '');
  if (/^\d{1,3}([.,]\d{3})+$/.test(clean)) out.add(Number(clean.replace(/[.,]/g, '')));
  const seps = clean.match(/[.,]/g) ?? [];
  if (seps.length === 1) out.add(Number(clean.replace(',', '.')));
  if (seps.length === 0) out.add(Number(clean));
  if (seps.length > 1) {
    // "1,249.5" / "1.249,5": the last mark is the decimal one.
    const last = Math.max(clean.lastIndexOf('.'), clean.lastIndexOf(','));
    out.add(Number(`${clean.slice(0, last).replace(/[.,]/g, '')}.${clean.slice(last + 1)}`));
  }
  return [...out].filter(Number.isFinite);
}

/** Figures with a unit in a text (bare numbers, model names and codes are not figures). */
export function figuresIn(text: string): Figure[] {
  const out: Figure[] = [];
  for (const m of text.matchAll(FIGURE_RE)) {
    const [whole, pre, num, thousand, unitRaw] = m;
    if (!num) continue;
    // Part of a model name or code ("M-20iD/25", "SRVO-062", "UR10e"): a letter, dash or slash right before.
    const before = text[m.index + whole.indexOf(num) - 1] ?? ' ';
    if (/[A-Za-z/-]/.test(before) && !pre) continue;
    const unitWord = (unitRaw ?? '').toLowerCase();
    const currency = Boolean(pre) || ['$', 'us$', 'usd'].includes(unitWord);
    const [unit, unitFactor] = currency ? (['usd', 1] as const) : (UNITS[unitWord] ?? [undefined, 1]);
    let factor = unitFactor;
    if (!unit) continue;
    if (thousand) factor *= 1000;
    out.push({ text: whole.trim(), unit, values: readings(num).map((v) => v * factor) });
  }
  return out;
}

/** Unit words to the base unit (kg, mm, %, USD, axes, s) and the factor to it. */
const UNITS: Record<string, readonly [Unit, number]> = {
  kg: ['kg', 1], kgs: ['kg', 1], lb: ['kg', 0.45359237], lbs: ['kg', 0.45359237], t: ['kg', 1000], tonne: ['kg', 1000], tonnes: ['kg', 1000],
  mm: ['mm', 1], cm: ['mm', 10], m: ['mm', 1000], meter: ['mm', 1000], meters: ['mm', 1000], metre: ['mm', 1000], metres: ['mm', 1000],
  '%': ['pct', 1], axes: ['axes', 1], axis: ['axes', 1], '-axis': ['axes', 1], s: ['s', 1], sec: ['s', 1], second: ['s', 1], seconds: ['s', 1],
};

const near = (a: number, b: number) => Math.abs(a - b) <= Math.max(0.011, Math.abs(b) * 0.005);

/** The figures the model may state: the retrieved rows', the understood task's, and those of the allowed texts. */
function allowedFigures(rows: RobotRow[], u: Understanding, texts: string[]): Map<Unit, number[]> {
  const map = new Map<Unit, number[]>();
  const add = (unit: Unit, v: number | null | undefined) => {
    if (v === null || v === undefined || !Number.isFinite(v)) return;
    const list = map.get(unit) ?? [];
    list.push(v);
    map.set(unit, list);
  };
  for (const r of rows) {
    add('kg', r.payloadKg);
    add('kg', r.weightKg);
    add('mm', r.reachMm);
    add('mm', r.repeatabilityMm);
    add('axes', r.dof);
    add('usd', r.priceMinUsd);
    add('usd', r.priceMaxUsd);
  }
  const f = u.facts;
  add('kg', f.payloadKg);
  add('kg', f.toolKg);
  if (f.payloadKg !== undefined) add('kg', requiredPayloadKg(f.payloadKg, f.toolKg));
  add('kg', f.maxPayloadKg);
  add('mm', f.reachMm);
  add('mm', f.maxReachMm);
  add('usd', f.budgetUsd);
  add('s', f.cycleTimeS);
  add('pct', 20);
  for (const text of texts) for (const fig of figuresIn(text)) for (const v of fig.values) add(fig.unit, v);
  return map;
}

function canonicalMaker(name: string, known: string[]): string | undefined {
  const clean = name.trim();
  const direct = known.find((k) => k.toLowerCase() === clean.toLowerCase());
  if (direct) return direct;
  const alias = manufacturerAliases.find(([, re]) => re.test(clean))?.[0];
  return alias && known.includes(alias) ? alias : undefined;
}

/**
 * Keeps only robots that exist in the live catalog (and, for a robot selection, that
 * meet the stated payload and reach, except the robot a fit question is about): sentences, bullets, follow-ups, actions and
 * sources that name any other robot are dropped; sources must name a known maker.
 */
export async function sanitizeModelAnswer(answer: ModelAnswer, ctx: SanitizeContext): Promise<SanitizedAnswer> {
  const u = ctx.understanding;
  const sourceTexts = answer.sources.map((s) => (typeof s === 'string' ? s : `${s.manufacturer} ${s.title ?? ''}`));
  const all = [answer.response, ...answer.followUpQuestions, ...answer.suggestedActions, ...answer.robots, ...sourceTexts].join('\n');
  const { known, unknown } = await findNamedRobots(ctx.names, all);

  // Catalog robots that do not meet the stated task are not recommended either.
  const checkTask = ctx.intent === 'robot_selection' && u.facts.payloadKg !== undefined;
  // The robot a fit question is about ("can it lift 25 kg?") may be named to say it does not fit.
  const asked = new Set([...(u.about?.kind === 'fit' ? u.about.robots : []), ...(u.pageRobot && !u.question.newTask ? [u.pageRobot] : [])].map((r) => r.id));
  const unfit = new Set<string>();
  if (checkTask) {
    for (const m of known) {
      if (asked.has(m.robot.id)) continue;
      if (!checkFit(m.robot, { payloadKg: u.facts.payloadKg, toolKg: u.facts.toolKg, reachMm: u.facts.reachMm }).fits) unfit.add(m.robot.id);
    }
  }
  const banned = [...new Set([...unknown, ...known.filter((m) => unfit.has(m.robot.id)).map((m) => m.text)])].map(normalizeModel);
  // The model names the user asked about that the catalog lacks are said above the answer, not "left out".
  const asked404 = u.unknownModels.map(normalizeModel).filter(Boolean);
  const removed = new Set<string>([...unknown.filter((n) => !asked404.some((a) => normalizeModel(n).includes(a))), ...known.filter((m) => unfit.has(m.robot.id)).map((m) => `${m.robot.manufacturer} ${m.robot.model}`)]);
  // Figures must come from the retrieved rows, or from the catalog rows of the (verified, fitting) robots the answer names.
  const verified = known.filter((m) => !unfit.has(m.robot.id)).map((m) => m.robot);
  const figures = allowedFigures([...(ctx.rows ?? []), ...verified], u, [u.message, ...(ctx.allowedTexts ?? [])]);
  const removedFigures = new Set<string>();
  const figuresOk = (text: string) => {
    const bad = figuresIn(text).filter((fig) => !fig.values.some((v) => (figures.get(fig.unit) ?? []).some((a) => near(v, a))));
    for (const b of bad) removedFigures.add(b.text);
    return bad.length === 0;
  };
  const allowed = (text: string) => {
    const flat = normalizeModel(text);
    if (banned.some((b) => b && flat.includes(b))) return false;
    if (contradictsKept(text, ctx.keptKinds)) return false;
    return ctx.rows === undefined || figuresOk(text);
  };

  const keptLines: string[] = [];
  for (const line of answer.response.split('\n')) {
    if (line.trim() === '' || /^\s*(?:[-*•]|\d+[.)])\s/.test(line)) {
      if (line.trim() === '' || allowed(line)) keptLines.push(line);
      continue;
    }
    const kept = line.split(/(?<=[.!?])\s+(?=[A-Z0-9"(])/).filter(allowed);
    if (kept.length) keptLines.push(kept.join(' '));
  }
  let response = keptLines.join('\n').replace(/\n{3,}/g, '\n\n').trim();
  if (removed.size) {
    response += `${response ? '\n\n' : ''}(I left out ${removed.size === 1 ? 'a robot' : 'robots'} I could not verify in the CellForge catalog for this task.)`;
  }
  if (removedFigures.size) {
    response += `${response ? '\n\n' : ''}(I left out ${removedFigures.size === 1 ? 'a figure' : 'figures'} I could not verify in the CellForge catalog.)`;
  }
  const named = known.filter((m) => !unfit.has(m.robot.id) && normalizeModel(response).includes(normalizeModel(m.text))).map((m) => m.robot);

  const sources: ChatSource[] = [];
  for (const s of answer.sources) {
    const src = typeof s === 'string' ? { manufacturer: s } : s;
    const maker = canonicalMaker(src.manufacturer, ctx.knownMakers);
    if (!maker) continue;
    if (src.title && !allowed(src.title)) continue;
    sources.push({ manufacturer: maker, ...(src.title ? { title: src.title } : {}) });
  }
  for (const r of named) if (!sources.some((s) => s.manufacturer === r.manufacturer)) sources.push({ manufacturer: r.manufacturer });

  return {
    response,
    followUpQuestions: clampText(answer.followUpQuestions.filter(allowed), 3),
    suggestedActions: clampText(answer.suggestedActions.filter(allowed), 3),
    sources: clampSources(sources, ctx.defaultManufacturer),
    conversationState: answer.conversationState,
    userIntent: isIntent(answer.userIntent) ? answer.userIntent : ctx.intent,
    named: [...new Map(named.map((r) => [r.id, r])).values()],
    removed: [...removed],
    removedFigures: [...removedFigures],
  };
}
