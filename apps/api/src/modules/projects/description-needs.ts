import type { BuyerRequirements, ProjectRequirements } from '@cellforge/contracts';
import { catalogCategoryOf, cleanroomIsoClassOf, parseRequirements, wantedCategories } from '@cellforge/requirements';
import type { MatchCandidate } from './matching';

/**
 * A project's description read with the buyer-words parser the chat and the search box use
 * (issue 12: one reading of the buyer's words). The requirement fields the customer filled
 * win; an empty field takes what the description states ("cobot, 10 kg, reach between 1 and
 * 1.5 m" matches like the same words in the search box). Robot types, makers and upper bounds
 * have no project field: they become filters on the candidates.
 */
export interface DescriptionNeeds {
  /** The project's requirements with the empty fields filled from the description. */
  requirements: ProjectRequirements;
  /** True for a candidate the description allows (type, makers, upper bounds). */
  allows: (robot: MatchCandidate) => boolean;
  /** Makers the description rules out, as the catalog spells them. */
  excludedMakers: string[];
  /** How the description was read, one phrase per constraint; empty when it states none. */
  readAs: string[];
}

export function readDescriptionNeeds(description: string, req: ProjectRequirements, knownMakers: readonly string[]): DescriptionNeeds {
  const r: BuyerRequirements | undefined = description.trim() ? parseRequirements(description, { knownMakers }) : undefined;
  if (!r) return { requirements: req, allows: () => true, excludedMakers: [], readAs: [] };

  const filled: ProjectRequirements = { ...req };
  filled.payload_kg ??= r.payloadKg?.min ?? null;
  filled.reach_mm ??= r.reachMm?.min ?? null;
  filled.cycle_time_s ??= r.cycleTimeS?.max ?? r.cycleTimeS?.min ?? null;
  if (!r.budget?.currency || r.budget.currency === 'USD') filled.budget_usd ??= r.budget?.max ?? null;
  filled.application ??= r.applications[0] ?? null;
  filled.ip_rating_min ??= r.environment.ipRatingMin ?? null;
  filled.food_grade ??= r.environment.foodGrade ? true : null;
  filled.mounting ??= r.mounting[0] ?? null;
  const cleanroom = cleanroomIsoClassOf(r.environment);
  filled.cleanroom_iso_class ??= typeof cleanroom === 'number' ? cleanroom : null;

  // Upper bounds: a range or "under 600 mm"; a stated figure (min = max) is only a minimum.
  const upper = (c: { min?: number; max?: number } | undefined) => (c?.max !== undefined && c.max !== c.min ? c.max : undefined);
  const maxReach = upper(r.reachMm);
  const maxPayload = upper(r.payloadKg);
  const included = wantedCategories(r);
  const typeCategories = (types: readonly (keyof typeof catalogCategoryOf)[]) =>
    types.map((t) => catalogCategoryOf[t]).filter((c): c is NonNullable<typeof c> => c !== null);
  const excludedTypes = typeCategories(r.robotTypes.exclude);
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  const onlyMakers = r.makers.include;
  const excludedMakers = r.makers.exclude;

  const allows = (robot: MatchCandidate) =>
    (maxReach === undefined || robot.reachMm <= maxReach) &&
    (maxPayload === undefined || robot.payloadKg <= maxPayload) &&
    (!included.length || included.includes(robot.category as (typeof included)[number])) &&
    !excludedTypes.includes(robot.category as (typeof excludedTypes)[number]) &&
    (!onlyMakers.length || onlyMakers.some((m) => same(m, robot.manufacturer))) &&
    !excludedMakers.some((m) => same(m, robot.manufacturer));

  // "palletizer for sacks" was read as the task: no "type palletizer" phrase.
  const readAs = r.robotTypes.include.includes('palletizer') && !included.includes('palletizing') ? r.readAs.filter((p) => p !== 'type palletizer') : r.readAs;
  return { requirements: filled, allows, excludedMakers, readAs };
}
