import type { BuyerRequirements, RequirementEnvironment, RequirementRobotType, RobotCategory } from '@cellforge/contracts';

/** The catalog category (robots.category) of a requirement's robot type; gantry has none. */
export const catalogCategoryOf: Record<RequirementRobotType, RobotCategory | null> = {
  articulated: 'articulated',
  cobot: 'collaborative',
  scara: 'scara',
  delta: 'delta',
  palletizer: 'palletizing',
  gantry: null,
};

/**
 * The catalog categories a reading asks for. "Palletizer for 40 kg sacks" names the task (the
 * application: robots marketed for palletizing, 4-axis or not, cobots for light bags too);
 * "type palletizer" / "palletizer type" names the type (the parser then reads no application).
 * The chat, the search box and project matching all take the categories from here.
 */
export function wantedCategories(r: Pick<BuyerRequirements, 'robotTypes' | 'applications'>): RobotCategory[] {
  const palletizerAsTask = r.robotTypes.include.includes('palletizer') && r.applications.includes('palletizing');
  const types = palletizerAsTask ? r.robotTypes.include.filter((t) => t !== 'palletizer') : r.robotTypes.include;
  return [...new Set(types.map((t) => catalogCategoryOf[t]).filter((c): c is RobotCategory => c !== null))];
}

/** The catalog categories of the robot types ruled out ("no cobots", "keine SCARA"); the chat and project matching take them from here. */
export function ruledOutCategories(r: Pick<BuyerRequirements, 'robotTypes'>): RobotCategory[] {
  return [...new Set(r.robotTypes.exclude.map((t) => catalogCategoryOf[t]).filter((c): c is RobotCategory => c !== null))];
}

/** US FED-STD-209E classes and their ISO 14644-1 equivalents ("Class 100" = ISO 5). */
const fedStdToIso: Record<string, number> = { '1': 3, '10': 4, '100': 5, '1000': 6, '10000': 7, '100000': 8 };

/**
 * The ISO 14644-1 class a cleanroom requirement asks for ("ISO 5" -> 5, "Class 100" -> 5),
 * 'any' for "cleanroom" without a class, undefined when no cleanroom is asked for. The
 * catalog's robots.cleanroom_iso_class must be this class or cleaner (a lower number).
 */
export function cleanroomIsoClassOf(env: RequirementEnvironment): number | 'any' | undefined {
  if (!env.cleanroom && !env.cleanroomClass) return undefined;
  const cls = env.cleanroomClass ?? '';
  const iso = /^ISO (\d)$/.exec(cls);
  if (iso) return Number(iso[1]);
  const fed = /^Class (\d+)$/.exec(cls);
  if (fed?.[1] && fedStdToIso[fed[1]] !== undefined) return fedStdToIso[fed[1]];
  return 'any';
}

/** Application words that cover a family of catalog applications ("welding": arc and spot welding too). */
const applicationFamilies: Readonly<Record<string, readonly string[]>> = {
  welding: ['welding', 'arc-welding', 'spot-welding'],
  'pick-and-place': ['pick-and-place', 'material-handling'],
};

/**
 * The catalog applications (robots.applications) a buyer's application covers: itself, or its
 * family. One reading for the chat's candidates, the search box's filter and a project's
 * matches (issue 12: "pick and place" was material handling too in the search, not in the chat).
 */
export function applicationsCovered(application: string): string[] {
  return [...(applicationFamilies[application] ?? [application])];
}
