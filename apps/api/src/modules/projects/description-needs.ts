import type { BuyerRequirements, ProjectRequirements, RobotQuery } from '@cellforge/contracts';
import { robotCategories } from '@cellforge/contracts/constants';
import { budgetInUsd, cleanroomIsoClassOf, parseRequirements, ruledOutCategories } from '@cellforge/requirements';
import { readSearchReading } from '../catalog';

/**
 * A project's description read as the catalog search box reads the same words (issue 12:
 * one reading of the buyer's words; catalog/search-words.ts on packages/requirements). The
 * requirement fields the customer filled win; an empty field takes what the description
 * states. The limits with no project field (upper bounds, axes, robot types, makers and
 * their countries, environment) are the search box's own filters, so "only Japanese makers,
 * 10 kg" matches the robots the search lists for those words. Application and budget stay
 * project fields: they rank (with a reason) rather than filter, as the project form's do.
 */
export interface DescriptionNeeds {
  /** The project's requirements with the empty fields filled from the description. */
  requirements: ProjectRequirements;
  /** The catalog filters the description adds (no payload/reach minimum: those come from the requirements). */
  filters: Partial<RobotQuery>;
  /** A repeatability the robots must publish and meet, mm ("0.02 mm or better"). */
  maxRepeatabilityMm?: number;
  /** Makers the description rules out, as the catalog spells them. */
  excludedMakers: string[];
  /** How the description was read, one phrase per constraint; empty when it states none. */
  readAs: string[];
  /** What the description states that the matches cannot check ("cycle time: ..."). */
  notApplied: string[];
  /** "washdown line": not a catalog value (see notApplied), but a seller quoting must know it. */
  washdown?: true;
}

/** The search box's filters a project's description may add (the rest are project fields or ranking). */
const DESCRIPTION_FILTERS = ['maxPayload', 'maxReach', 'minAxes', 'maxAxes', 'category', 'manufacturer', 'excludeManufacturer', 'makerCountry', 'minIp', 'cleanroom', 'foodGrade', 'mounting', 'maxRepeatability'] as const;

export function readDescriptionNeeds(description: string, req: ProjectRequirements, knownMakers: readonly string[]): DescriptionNeeds {
  const none: DescriptionNeeds = { requirements: req, filters: {}, excludedMakers: [], readAs: [], notApplied: [] };
  if (!description.trim()) return none;
  const r: BuyerRequirements = parseRequirements(description, { knownMakers });

  const filled: ProjectRequirements = { ...req };
  filled.payload_kg ??= r.payloadKg?.min ?? null;
  filled.reach_mm ??= r.reachMm?.min ?? null;
  filled.cycle_time_s ??= r.cycleTimeS?.max ?? r.cycleTimeS?.min ?? null;
  // A budget in euros, pounds... is applied in USD by the one table (packages/requirements currency.ts).
  filled.budget_usd ??= r.budget ? (budgetInUsd(r.budget).max ?? null) : null;
  filled.application ??= r.applications[0] ?? null;
  filled.ip_rating_min ??= r.environment.ipRatingMin ?? null;
  filled.food_grade ??= r.environment.foodGrade ? true : null;
  filled.mounting ??= r.mounting[0] ?? null;
  const cleanroom = cleanroomIsoClassOf(r.environment);
  filled.cleanroom_iso_class ??= typeof cleanroom === 'number' ? cleanroom : null;

  // The same reading feeds the search box's filters: the description is parsed once.
  const read = readSearchReading({ q: description } as RobotQuery, r, knownMakers);
  if (!read.interpretation) return { ...none, requirements: filled };
  const filters: Partial<RobotQuery> = {};
  for (const key of DESCRIPTION_FILTERS) {
    if (read.query[key] !== undefined) Object.assign(filters, { [key]: read.query[key] });
  }
  // "no SCARA": the search box asks the visitor to pick types; a project's matches leave the type out.
  const excludedTypes = ruledOutCategories(r);
  if (excludedTypes.length) {
    const wanted = filters.category ? filters.category.split(',') : [...robotCategories];
    filters.category = wanted.filter((c) => !excludedTypes.includes(c as (typeof excludedTypes)[number])).join(',');
  }
  const repeatability = r.repeatabilityMm?.max ?? r.repeatabilityMm?.min;
  // The matches check the repeatability the search box cannot; the rest it lists stays unchecked here too.
  const notApplied = read.interpretation.not_applied.filter(
    (p) => !(repeatability !== undefined && p.startsWith('repeatability')) && !(excludedTypes.length && / choose the types you want/.test(p)),
  );
  const excludedMakers = filters.excludeManufacturer ? filters.excludeManufacturer.split(',') : [];
  const washdown = r.environment.washdown ? { washdown: true as const } : {};
  return { requirements: filled, filters, maxRepeatabilityMm: repeatability, excludedMakers, readAs: read.interpretation.read_as, notApplied, ...washdown };
}
