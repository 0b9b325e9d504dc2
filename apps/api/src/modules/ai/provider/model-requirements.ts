/**
 * With a model configured, the model reads the buyer's words into the same requirements
 * object the built-in parser fills (buyerRequirementsSchema, packages/contracts), through
 * structured output: the JSON schema is generated from the zod schema (zod 4 toJSONSchema)
 * and the reply is validated with the same schema. Invalid output, an absurd figure, a
 * refused or slow provider: the built-in reading is kept. Retrieval, the fit rule and every
 * figure of the answer stay deterministic (the built-in advisor works from these facts).
 */
import { z } from 'zod';
import { buyerRequirementsSchema, type BuyerRequirements, type ChatHistoryEntry } from '@cellforge/contracts';
import { budgetInUsd, builtInMakers, FIELD_LIMITS, makerCountry, ruledOutCategories, wantedCategories } from '@cellforge/requirements';
import type { Logger } from '../../../lib/logger';
import { nth } from '../../../lib/invariants';
import type { Understanding } from '../advisor/types';
import { mergeFacts, type Facts } from '../understanding/facts';
import { applications, manufacturerAliases } from '../understanding/vocabulary';
import type { ModelProvider, StructuredOutput } from './model-provider';

/** The JSON schema sent as `response_format.json_schema` (what a buyer may state; defaults are optional). */
export const requirementsOutput: StructuredOutput = {
  name: 'buyer_requirements',
  schema: z.toJSONSchema(buyerRequirementsSchema, { io: 'input', unrepresentable: 'any' }),
};

const PROMPT = `You read what a buyer of industrial robots needs, from their latest message (earlier messages are context), into the JSON object of the schema.
Rules:
- Fill only what the buyer states; leave every other field out. Never guess a figure.
- Units: payloadKg in kg (the part or load to carry), reachMm in mm, cycleTimeS in seconds, robotWeightKg in kg, budget in the currency stated (leave currency out when none is stated).
- A stated value is {"min": v, "max": v}; "at least" sets min; "under", "no more than", "max" set max; "between a and b" sets both.
- makers: the robot makers wanted (include) and not wanted (exclude), as the makers spell their names (FANUC, ABB, KUKA, Yaskawa, Universal Robots, ...).
- language: "en", "de" or "es", the language of the latest message.`;

const makerNames = builtInMakers.map((m) => m.name);

/** The figures a buyer can mean; a model reply beyond them is not taken. */
function withinLimits(r: BuyerRequirements): boolean {
  const checks: Array<[{ min?: number; max?: number } | undefined, number]> = [
    [r.payloadKg, FIELD_LIMITS.payload.max],
    [r.reachMm, FIELD_LIMITS.reach.max],
    [r.axes, FIELD_LIMITS.axes.max],
    [r.repeatabilityMm, FIELD_LIMITS.repeatability.max],
    [r.cycleTimeS, FIELD_LIMITS.cycle.max],
    [r.robotWeightKg, FIELD_LIMITS.robotWeight.max],
    [r.budget, FIELD_LIMITS.budget.max],
  ];
  return checks.every(([c, max]) => !c || [c.min, c.max].every((v) => v === undefined || (v >= 0 && v <= max)));
}

/** The model's requirements as JSON text, or null when it is not valid JSON of the schema (or out of bounds). */
export function parseModelRequirements(raw: string): BuyerRequirements | null {
  let data: unknown;
  try {
    data = JSON.parse(raw.trim().replace(/^```(?:json)?\s*/i, '').replace(/\s*```$/, ''));
  } catch {
    return null;
  }
  const parsed = buyerRequirementsSchema.safeParse(data);
  if (!parsed.success || !withinLimits(parsed.data)) return null;
  return parsed.data;
}

/** Asks the model for the requirements; null on any failure (the built-in reading is then used). */
export async function readRequirementsWithModel(
  provider: ModelProvider,
  message: string,
  history: ChatHistoryEntry[],
  timeoutMs: number,
  logger: Logger,
): Promise<BuyerRequirements | null> {
  if (!provider.completeStructured) return null;
  const earlier = history.filter((h) => h.role === 'user').slice(-4);
  try {
    const raw = await provider.completeStructured(
      [
        { role: 'system', content: PROMPT },
        ...earlier.map((h) => ({ role: 'user' as const, content: h.content.slice(0, 2000) })),
        { role: 'user', content: message.slice(0, 4000) },
      ],
      requirementsOutput,
      timeoutMs,
    );
    const read = parseModelRequirements(raw);
    if (!read) logger.warn({ length: raw.length }, 'AI provider requirements were not valid for the schema; built-in reading used');
    return read;
  } catch (err) {
    logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'AI provider could not read the requirements; built-in reading used');
    return null;
  }
}

const canonicalMaker = (name: string) => {
  const direct = makerNames.find((m) => m.toLowerCase() === name.trim().toLowerCase());
  return direct ?? manufacturerAliases.find(([, re]) => re.test(name))?.[0];
};

/** The assistant's facts from a requirements object (the figures the built-in advisor works with). */
export function factsFromRequirements(r: BuyerRequirements): Facts {
  const f: Facts = { codes: [], roi: {} };
  const p = r.payloadKg;
  if (p?.min !== undefined) {
    f.payloadKg = p.min;
    if (p.max !== undefined && p.max > p.min) f.maxPayloadKg = p.max;
  } else if (p?.max !== undefined) f.maxPayloadKg = p.max;
  const reach = r.reachMm;
  if (reach?.min !== undefined) {
    f.reachMm = Math.round(reach.min);
    if (reach.max !== undefined && reach.max > reach.min) f.maxReachMm = reach.max;
  } else if (reach?.max !== undefined) f.maxReachMm = reach.max;
  if (r.axes && (r.axes.min !== undefined || r.axes.max !== undefined)) f.axes = { ...r.axes };
  const include = r.makers.include.map(canonicalMaker).filter((m): m is string => Boolean(m));
  const exclude = [
    ...r.makers.exclude.map(canonicalMaker).filter((m): m is string => Boolean(m)),
    ...makerNames.filter((m) => r.makerCountries.exclude.includes(makerCountry(m) ?? '')),
  ];
  if (exclude.length) f.excludedManufacturers = [...new Set(exclude)];
  const fromCountries = makerNames.filter((m) => r.makerCountries.include.includes(makerCountry(m) ?? ''));
  const wanted = (include.length ? include : fromCountries).filter((m) => !exclude.includes(m));
  if (wanted.length) f.manufacturers = [...new Set(wanted)];
  const app = r.applications.find((a) => (applications as readonly string[]).includes(a));
  if (app) f.application = app;
  // "palletizer for 9 kg bags" is the task (the application), "type palletizer" the type.
  const categories = wantedCategories(r);
  if (categories.length === 1) f.category = nth(categories, 0);
  if (categories.length > 1) {
    f.category = nth(categories, 0);
    f.categories = [...categories];
  }
  const ruledOut = ruledOutCategories(r);
  if (ruledOut.length) f.excludedCategories = ruledOut;
  // A budget in another currency by the one table the search box and project matches use, kept as said for the answer.
  if (r.budget?.max !== undefined) {
    f.budgetUsd = Math.round(budgetInUsd(r.budget).max ?? r.budget.max);
    if (r.budget.currency !== undefined && r.budget.currency !== 'USD') f.budgetSaid = { amount: r.budget.max, currency: r.budget.currency };
  }
  const cycle = r.cycleTimeS?.max ?? r.cycleTimeS?.min;
  if (cycle !== undefined) f.cycleTimeS = cycle;
  return f;
}

/** The understanding with the model's reading of this message on top of the conversation's facts (later values win). */
export function withModelRequirements(u: Understanding, r: BuyerRequirements): Understanding {
  const read = factsFromRequirements(r);
  return { ...u, facts: mergeFacts(u.facts, read), current: mergeFacts(u.current, read), language: u.language ?? r.language };
}
