import { z } from 'zod';

/**
 * What a buyer needs, read once from their own words (packages/requirements parses it):
 * the chat, the catalog search box and project matching read the same object.
 *
 * Every figure is a range {min?, max?} in one unit: a stated value is min = max ("10 kg"),
 * "at least" sets min, "under" / "no more than" / "max" sets max, "between 5 and 10" both.
 * A field left out is no constraint. docs/decisions.md, "One requirements model".
 */
export const numericConstraintSchema = z
  .object({
    min: z.number().finite().optional(),
    max: z.number().finite().optional(),
  })
  .refine((c) => c.min !== undefined || c.max !== undefined, { message: 'Give min, max or both' })
  .refine((c) => c.min === undefined || c.max === undefined || c.min <= c.max, { message: 'min must not exceed max' });
export type NumericConstraint = z.infer<typeof numericConstraintSchema>;

export const requirementCurrencies = ['USD', 'EUR', 'GBP', 'CHF', 'JPY', 'CNY'] as const;
export type RequirementCurrency = (typeof requirementCurrencies)[number];

/** A budget range; currency is absent when the buyer gave none ("under 40k"). */
export const budgetConstraintSchema = z
  .object({
    min: z.number().finite().optional(),
    max: z.number().finite().optional(),
    currency: z.enum(requirementCurrencies).optional(),
  })
  .refine((c) => c.min !== undefined || c.max !== undefined, { message: 'Give min, max or both' })
  .refine((c) => c.min === undefined || c.max === undefined || c.min <= c.max, { message: 'min must not exceed max' });
export type BudgetConstraint = z.infer<typeof budgetConstraintSchema>;

/** Wanted (include: only these) and unwanted (exclude) values; both empty = no preference. */
export const includeExcludeSchema = <T extends z.ZodType<string>>(item: T) =>
  z.object({ include: z.array(item).default([]), exclude: z.array(item).default([]) });

export const requirementRobotTypes = ['articulated', 'cobot', 'scara', 'delta', 'palletizer', 'gantry'] as const;
export type RequirementRobotType = (typeof requirementRobotTypes)[number];

/** Applications in the catalog's spelling (robots.applications), plus the generic "welding". */
export const requirementApplications = [
  'palletizing',
  'welding',
  'arc-welding',
  'spot-welding',
  'painting',
  'pick-and-place',
  'machine-tending',
  'assembly',
  'packaging',
  'dispensing',
  'inspection',
  'material-handling',
  'screwdriving',
  'deburring',
  'polishing',
  'cutting',
  'press-tending',
  'laboratory',
  'food-handling',
] as const;
export type RequirementApplication = (typeof requirementApplications)[number];

export const requirementMountings = ['floor', 'ceiling', 'wall', 'angle'] as const;
export type RequirementMounting = (typeof requirementMountings)[number];

export const requirementLanguages = ['en', 'de', 'es'] as const;
export type RequirementLanguage = (typeof requirementLanguages)[number];

export const requirementEnvironmentSchema = z.object({
  /** The two IP digits as a number ("IP67" -> 67); the robot's rating must be at least this. */
  ipRatingMin: z.number().int().min(0).max(69).optional(),
  cleanroom: z.boolean().optional(),
  /** As stated, normalised: "ISO 5", "Class 100". */
  cleanroomClass: z.string().max(40).optional(),
  foodGrade: z.boolean().optional(),
  washdown: z.boolean().optional(),
  explosionProof: z.boolean().optional(),
});
export type RequirementEnvironment = z.infer<typeof requirementEnvironmentSchema>;

export const buyerRequirementsSchema = z.object({
  /** What the robot must carry (part, or part plus gripper when the buyer says so), kg. */
  payloadKg: numericConstraintSchema.optional(),
  reachMm: numericConstraintSchema.optional(),
  axes: numericConstraintSchema.optional(),
  repeatabilityMm: numericConstraintSchema.optional(),
  /** Seconds per cycle; a rate ("30 picks per minute") is converted (2 s). */
  cycleTimeS: numericConstraintSchema.optional(),
  /** The robot's own weight, kg. */
  robotWeightKg: numericConstraintSchema.optional(),
  budget: budgetConstraintSchema.optional(),
  /** Maker names as the catalog spells them ("FANUC", "Universal Robots"). */
  makers: includeExcludeSchema(z.string().min(1).max(120)),
  /** Makers the buyer prefers without requiring them ("Epson or Denso preferred", "ideally FANUC"): ranked first, never a filter. */
  preferredMakers: z.array(z.string().min(1).max(120)).optional(),
  /** ISO 3166-1 alpha-2 codes of the makers' home countries ("JP"). */
  makerCountries: includeExcludeSchema(z.string().length(2)),
  robotTypes: includeExcludeSchema(z.enum(requirementRobotTypes)),
  applications: z.array(z.enum(requirementApplications)).default([]),
  environment: requirementEnvironmentSchema.default({}),
  mounting: z.array(z.enum(requirementMountings)).default([]),
  language: z.enum(requirementLanguages).default('en'),
  /** How the text was read, one phrase per constraint: "payload ≥ 40 kg", "not FANUC". */
  readAs: z.array(z.string()).default([]),
  /** What looked like a constraint but was dropped, and why: "payload 5e300 kg: out of range". */
  unparsed: z.array(z.string()).default([]),
  /** Figures in a payload or reach slot whose unit is no mass or length ("5 lightyears"): not read as a figure, said back. */
  unknownUnits: z.array(z.object({ slot: z.enum(['payload', 'reach']), said: z.string() })).optional(),
  /** Words that are no constraint (model names, part names), for a name search. */
  freeText: z.string().default(''),
});
export type BuyerRequirements = z.infer<typeof buyerRequirementsSchema>;
