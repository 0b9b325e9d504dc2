import { z } from 'zod';

/** How a value is shown and bounded; money is US dollars throughout. */
export type RoiUnit = 'usd' | 'usd_per_year' | 'usd_per_hour' | 'people' | 'shifts' | 'days' | 'hours' | 'percent' | 'years';

export type RoiFieldGroup = 'investment' | 'running' | 'labor' | 'gains' | 'finance';

export interface RoiFieldSpec {
  label: string;
  unit: RoiUnit;
  group: RoiFieldGroup;
  min: number;
  max: number;
  /** Step the form's number input offers (any value within the bounds is accepted). */
  step: number;
  integer?: boolean;
  /** One sentence a plant engineer can act on. */
  help: string;
}

const MAX_MONEY = 100_000_000;

/**
 * Every input of the calculator, in form order. Labels double as the names used in
 * validation messages, so the API and the page say the same thing.
 */
export const ROI_FIELDS = {
  robotCost: {
    label: 'Robot and cell cost',
    unit: 'usd',
    group: 'investment',
    min: 1,
    max: MAX_MONEY,
    step: 1000,
    help: 'Robot arm, controller, gripper or end-of-arm tool, guarding and safety devices.',
  },
  integrationCost: {
    label: 'Integration',
    unit: 'usd',
    group: 'investment',
    min: 0,
    max: MAX_MONEY,
    step: 1000,
    help: 'Engineering, programming, installation and commissioning by the integrator.',
  },
  toolingCost: {
    label: 'Tooling and fixtures',
    unit: 'usd',
    group: 'investment',
    min: 0,
    max: MAX_MONEY,
    step: 500,
    help: 'Fixtures, feeders, conveyors and changeover parts for your products.',
  },
  trainingCost: {
    label: 'Training',
    unit: 'usd',
    group: 'investment',
    min: 0,
    max: MAX_MONEY,
    step: 500,
    help: 'Operator and maintenance training, including the time people spend in it.',
  },
  annualMaintenance: {
    label: 'Maintenance per year',
    unit: 'usd_per_year',
    group: 'running',
    min: 0,
    max: MAX_MONEY,
    step: 500,
    help: 'Service contract, spare parts and planned downtime, per year.',
  },
  annualEnergy: {
    label: 'Energy per year',
    unit: 'usd_per_year',
    group: 'running',
    min: 0,
    max: MAX_MONEY,
    step: 100,
    help: 'Electricity and compressed air of the cell, per year.',
  },
  workersPerShift: {
    label: 'Workers replaced per shift',
    unit: 'people',
    group: 'labor',
    min: 0,
    max: 100,
    step: 0.5,
    help: 'Operators the cell frees up on each shift; 0.5 means half of one person’s time.',
  },
  shiftsPerDay: {
    label: 'Shifts per day',
    unit: 'shifts',
    group: 'labor',
    min: 1,
    max: 4,
    step: 1,
    integer: true,
    help: 'Shifts the cell runs each working day.',
  },
  hoursPerShift: {
    label: 'Hours per shift',
    unit: 'hours',
    group: 'labor',
    min: 1,
    max: 24,
    step: 0.5,
    help: 'Paid hours per shift; shifts per day × hours per shift is at most 24.',
  },
  workingDaysPerYear: {
    label: 'Working days per year',
    unit: 'days',
    group: 'labor',
    min: 1,
    max: 366,
    step: 1,
    integer: true,
    help: 'Days the line runs in a year (about 250 for five days a week).',
  },
  hourlyLaborCost: {
    label: 'Loaded hourly labour cost',
    unit: 'usd_per_hour',
    group: 'labor',
    min: 0,
    max: 1000,
    step: 0.5,
    help: 'Wage plus benefits, payroll taxes and overhead for one operator hour.',
  },
  productivityGainPercent: {
    label: 'Productivity gain',
    unit: 'percent',
    group: 'gains',
    min: 0,
    max: 200,
    step: 1,
    help: 'Extra output from the cell, valued as that share of the labour cost it replaces.',
  },
  qualitySavingsPerYear: {
    label: 'Scrap and quality savings per year',
    unit: 'usd_per_year',
    group: 'gains',
    min: 0,
    max: MAX_MONEY,
    step: 500,
    help: 'Less scrap, rework and warranty cost thanks to repeatable work, per year.',
  },
  horizonYears: {
    label: 'Horizon',
    unit: 'years',
    group: 'finance',
    min: 1,
    max: 20,
    step: 1,
    integer: true,
    help: 'Years over which ROI, NPV and IRR are measured (often the depreciation period).',
  },
  discountRatePercent: {
    label: 'Discount rate',
    unit: 'percent',
    group: 'finance',
    min: 0,
    max: 50,
    step: 0.5,
    help: 'Your cost of capital or hurdle rate, used to discount future cash flows for NPV.',
  },
} as const satisfies Record<string, RoiFieldSpec>;

export type RoiField = keyof typeof ROI_FIELDS;
export const ROI_FIELD_KEYS = Object.keys(ROI_FIELDS) as RoiField[];

export const ROI_GROUP_LABELS: Record<RoiFieldGroup, string> = {
  investment: 'Upfront investment',
  running: 'Running costs',
  labor: 'Labour replaced',
  gains: 'Productivity and quality',
  finance: 'Financial assumptions',
};

/** Formats a bound for a message: "$1", "200%", "24 hours". */
export function formatBound(value: number, unit: RoiUnit): string {
  const n = value.toLocaleString('en-US');
  switch (unit) {
    case 'usd':
    case 'usd_per_year':
    case 'usd_per_hour':
      return `$${n}`;
    case 'percent':
      return `${n}%`;
    default:
      return n;
  }
}

function numberField(key: RoiField) {
  const spec: RoiFieldSpec = ROI_FIELDS[key];
  let schema = z
    .number({
      error: (issue) => (issue.input === undefined || issue.input === null ? `${spec.label} is required` : `${spec.label} must be a number`),
    })
    .min(spec.min, { error: `${spec.label} must be at least ${formatBound(spec.min, spec.unit)}` })
    .max(spec.max, { error: `${spec.label} must be at most ${formatBound(spec.max, spec.unit)}` });
  if (spec.integer) schema = schema.int({ error: `${spec.label} must be a whole number` });
  return schema;
}

/** The calculator's inputs, validated with messages that name the field. */
export const roiInputsSchema = z
  .object({
    robotCost: numberField('robotCost'),
    integrationCost: numberField('integrationCost'),
    toolingCost: numberField('toolingCost'),
    trainingCost: numberField('trainingCost'),
    annualMaintenance: numberField('annualMaintenance'),
    annualEnergy: numberField('annualEnergy'),
    workersPerShift: numberField('workersPerShift'),
    shiftsPerDay: numberField('shiftsPerDay'),
    hoursPerShift: numberField('hoursPerShift'),
    workingDaysPerYear: numberField('workingDaysPerYear'),
    hourlyLaborCost: numberField('hourlyLaborCost'),
    productivityGainPercent: numberField('productivityGainPercent'),
    qualitySavingsPerYear: numberField('qualitySavingsPerYear'),
    horizonYears: numberField('horizonYears'),
    discountRatePercent: numberField('discountRatePercent'),
  })
  .superRefine((inputs, ctx) => {
    if (inputs.shiftsPerDay * inputs.hoursPerShift > 24) {
      ctx.addIssue({
        code: 'custom',
        path: ['hoursPerShift'],
        message: `Shifts per day × hours per shift must be at most 24 hours (now ${inputs.shiftsPerDay * inputs.hoursPerShift})`,
      });
    }
  });

export type RoiInputs = z.infer<typeof roiInputsSchema>;

/**
 * A two-shift palletising cell replacing one operator per shift. These figures are
 * the worked example of the README: $150,000 upfront, $89,400 net savings a year,
 * payback in 20.1 months.
 */
export const ROI_DEFAULT_INPUTS: RoiInputs = {
  robotCost: 95_000,
  integrationCost: 35_000,
  toolingCost: 12_000,
  trainingCost: 8_000,
  annualMaintenance: 13_500,
  annualEnergy: 4_500,
  workersPerShift: 1,
  shiftsPerDay: 2,
  hoursPerShift: 8,
  workingDaysPerYear: 250,
  hourlyLaborCost: 25,
  productivityGainPercent: 5,
  qualitySavingsPerYear: 2_400,
  horizonYears: 5,
  discountRatePercent: 8,
};
