import type {
  BuyerRequirements,
  RequirementApplication,
  RequirementCurrency,
  RequirementEnvironment,
  RequirementLanguage,
  RequirementMounting,
  RequirementRobotType,
} from '@cellforge/contracts';

/** A figure in a table row: a number is a stated value (min = max), [min, max] with null for an open side. */
export type Figure = number | [number | null, number | null];

/** What a table row expects, in short; every field left out must be absent (or empty) in the reading. */
export interface Expect {
  payload?: Figure;
  reach?: Figure;
  axes?: Figure;
  rep?: Figure;
  cycle?: Figure;
  weight?: Figure;
  budget?: [number | null, number | null, RequirementCurrency?];
  mk?: string[];
  /** Preferred makers (soft). */
  pref?: string[];
  nomk?: string[];
  cc?: string[];
  nocc?: string[];
  type?: RequirementRobotType[];
  notype?: RequirementRobotType[];
  app?: RequirementApplication[];
  env?: RequirementEnvironment;
  mount?: RequirementMounting[];
  lang?: RequirementLanguage;
}

export interface Row {
  text: string;
  expect: Expect;
  /** Earlier turns of the same conversation, parsed in order and passed as `previous`. */
  after?: string[];
  knownMakers?: string[];
  /** A row the parser does not read as expected, and why: it runs as an expected failure. */
  known?: string;
}

type Range = { min?: number; max?: number };
const range = (f: Figure | undefined): Range | undefined => {
  if (f === undefined) return undefined;
  if (typeof f === 'number') return { min: f, max: f };
  const r: Range = {};
  if (f[0] !== null) r.min = f[0];
  if (f[1] !== null) r.max = f[1];
  return r;
};
const sorted = (a: readonly string[] | undefined) => [...(a ?? [])].sort();

/** The comparable part of a reading: constraints only (readAs, unparsed and freeText are checked elsewhere). */
export interface Comparable {
  payloadKg?: Range;
  reachMm?: Range;
  axes?: Range;
  repeatabilityMm?: Range;
  cycleTimeS?: Range;
  robotWeightKg?: Range;
  budget?: Range & { currency?: string };
  makers: { include: string[]; exclude: string[] };
  preferredMakers: string[];
  makerCountries: { include: string[]; exclude: string[] };
  robotTypes: { include: string[]; exclude: string[] };
  applications: string[];
  environment: RequirementEnvironment;
  mounting: string[];
  language: string;
}

const clean = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
/** Rounded so that 0.90718 kg and 0.907 kg compare equal (0.1 % or 0.001, whichever is larger). */
const round = (r: Range | undefined): Range | undefined => {
  if (!r) return undefined;
  const q = (n: number | undefined) => (n === undefined ? undefined : Number(n.toPrecision(3)));
  return clean({ min: q(r.min), max: q(r.max) });
};

export function expected(e: Expect, language: RequirementLanguage): Comparable {
  const budget = e.budget ? clean({ ...range([e.budget[0], e.budget[1]]), currency: e.budget[2] }) : undefined;
  return clean({
    payloadKg: round(range(e.payload)),
    reachMm: round(range(e.reach)),
    axes: round(range(e.axes)),
    repeatabilityMm: round(range(e.rep)),
    cycleTimeS: round(range(e.cycle)),
    robotWeightKg: round(range(e.weight)),
    budget: budget ? { ...round(budget), ...(budget.currency ? { currency: budget.currency } : {}) } : undefined,
    makers: { include: sorted(e.mk), exclude: sorted(e.nomk) },
    preferredMakers: sorted(e.pref),
    makerCountries: { include: sorted(e.cc), exclude: sorted(e.nocc) },
    robotTypes: { include: sorted(e.type), exclude: sorted(e.notype) },
    applications: sorted(e.app),
    environment: clean({ ...(e.env ?? {}), ...(e.env?.cleanroomClass ? { cleanroom: true } : {}) }),
    mounting: sorted(e.mount),
    language: e.lang ?? language,
  });
}

export function comparable(r: BuyerRequirements): Comparable {
  return clean({
    payloadKg: round(r.payloadKg),
    reachMm: round(r.reachMm),
    axes: round(r.axes),
    repeatabilityMm: round(r.repeatabilityMm),
    cycleTimeS: round(r.cycleTimeS),
    robotWeightKg: round(r.robotWeightKg),
    budget: r.budget ? { ...round(r.budget), ...(r.budget.currency ? { currency: r.budget.currency } : {}) } : undefined,
    makers: { include: sorted(r.makers.include), exclude: sorted(r.makers.exclude) },
    preferredMakers: sorted(r.preferredMakers),
    makerCountries: { include: sorted(r.makerCountries.include), exclude: sorted(r.makerCountries.exclude) },
    robotTypes: { include: sorted(r.robotTypes.include), exclude: sorted(r.robotTypes.exclude) },
    applications: sorted(r.applications),
    environment: clean({ ...r.environment }),
    mounting: sorted(r.mounting),
    language: r.language,
  });
}
