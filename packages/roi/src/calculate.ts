import { irr, npv, round } from './finance';
import type { RoiInputs } from './inputs';

export type RoiScenarioName = 'pessimistic' | 'realistic' | 'optimistic';

export interface RoiScenarioSpec {
  label: string;
  /** Applied to every saving: labour, productivity, quality. */
  savingsMultiplier: number;
  /** Applied to the upfront cost and to the running costs (maintenance, energy). */
  costMultiplier: number;
  description: string;
}

/**
 * The three scenarios shown side by side. Pessimistic: savings 20% lower and costs
 * 20% higher (late ramp-up, overruns). Optimistic: savings 20% higher, costs 10% lower.
 * Costs get the narrower upside: quotes are firmer than savings estimates.
 */
export const ROI_SCENARIOS: Record<RoiScenarioName, RoiScenarioSpec> = {
  pessimistic: {
    label: 'Pessimistic',
    savingsMultiplier: 0.8,
    costMultiplier: 1.2,
    description: 'Savings 20% lower, upfront and running costs 20% higher',
  },
  realistic: { label: 'Realistic', savingsMultiplier: 1, costMultiplier: 1, description: 'Your figures as entered' },
  optimistic: {
    label: 'Optimistic',
    savingsMultiplier: 1.2,
    costMultiplier: 0.9,
    description: 'Savings 20% higher, upfront and running costs 10% lower',
  },
};

export const ROI_SCENARIO_NAMES: readonly RoiScenarioName[] = ['pessimistic', 'realistic', 'optimistic'];

/** One row of the yearly table. Year 0 is the investment; cash flows fall at each year's end. */
export interface RoiYearRow {
  year: number;
  /** Gross savings of the year (labour + productivity + quality); 0 in year 0. */
  savings: number;
  /** The upfront cost in year 0, then maintenance + energy. */
  costs: number;
  netCashFlow: number;
  cumulativeCashFlow: number;
  /** netCashFlow / (1 + discount rate)^year. */
  discountedCashFlow: number;
  cumulativeDiscountedCashFlow: number;
}

/** The headline figures (money in USD, rounded to cents). */
export interface RoiFigures {
  upfrontCost: number;
  annualGrossSavings: number;
  annualRunningCosts: number;
  /** Net savings per year: labour + productivity + quality − maintenance − energy. */
  annualSavings: number;
  /** Upfront cost / annual savings × 12, to 0.1 month; null ("never") when annual savings <= 0. */
  paybackMonths: number | null;
  /** Months until the discounted cash flows repay the investment; null when not within the horizon. */
  discountedPaybackMonths: number | null;
  /** (annual savings × horizon − upfront) / upfront × 100, to 0.1. */
  roiPercent: number;
  /** Net present value over the horizon at the discount rate. */
  npv: number;
  /** Internal rate of return in percent, to 0.1; null when none exists. */
  irrPercent: number | null;
  /** Cumulative cash flow at the end of the horizon (annual savings × horizon − upfront). */
  netGain: number;
}

export interface RoiScenarioResult extends RoiFigures {
  name: RoiScenarioName;
  label: string;
  savingsMultiplier: number;
  costMultiplier: number;
  /** Cumulative cash flow at the end of years 0..horizon (for charts). */
  cumulativeCashFlows: number[];
}

export interface RoiBreakdown {
  laborHoursPerYear: number;
  laborSavings: number;
  productivitySavings: number;
  qualitySavings: number;
  maintenance: number;
  energy: number;
}

export interface RoiResult extends RoiFigures {
  horizonYears: number;
  discountRatePercent: number;
  breakdown: RoiBreakdown;
  yearly: RoiYearRow[];
  scenarios: Record<RoiScenarioName, RoiScenarioResult>;
}

interface Streams {
  upfront: number;
  grossSavings: number;
  runningCosts: number;
  horizonYears: number;
  rate: number;
}

function buildYears({ upfront, grossSavings, runningCosts, horizonYears, rate }: Streams): RoiYearRow[] {
  const rows: RoiYearRow[] = [];
  let cumulative = 0;
  let cumulativeDiscounted = 0;
  for (let year = 0; year <= horizonYears; year += 1) {
    const savings = year === 0 ? 0 : grossSavings;
    const costs = year === 0 ? upfront : runningCosts;
    const net = savings - costs;
    const discounted = net / (1 + rate) ** year;
    cumulative += net;
    cumulativeDiscounted += discounted;
    rows.push({
      year,
      savings,
      costs,
      netCashFlow: net,
      cumulativeCashFlow: cumulative,
      discountedCashFlow: discounted,
      cumulativeDiscountedCashFlow: cumulativeDiscounted,
    });
  }
  return rows;
}

/** Months until the cumulative discounted cash flow reaches 0, interpolated within the year. */
function discountedPayback(rows: readonly RoiYearRow[]): number | null {
  let previous: RoiYearRow | undefined;
  for (const [i, row] of rows.entries()) {
    if (previous && row.cumulativeDiscountedCashFlow >= 0 && row.discountedCashFlow > 0) {
      return (i - 1) * 12 + (-previous.cumulativeDiscountedCashFlow / row.discountedCashFlow) * 12;
    }
    previous = row;
  }
  return null;
}

function figures(streams: Streams, rows: readonly RoiYearRow[]): RoiFigures {
  const { upfront, grossSavings, runningCosts, horizonYears, rate } = streams;
  const annualSavings = grossSavings - runningCosts;
  const cashFlows = rows.map((row) => row.netCashFlow);
  const netGain = annualSavings * horizonYears - upfront;
  const rateOfReturn = irr(cashFlows);
  const payback = discountedPayback(rows);
  return {
    upfrontCost: round(upfront),
    annualGrossSavings: round(grossSavings),
    annualRunningCosts: round(runningCosts),
    annualSavings: round(annualSavings),
    paybackMonths: annualSavings > 0 ? round((upfront / annualSavings) * 12, 1) : null,
    discountedPaybackMonths: payback === null ? null : round(payback, 1),
    roiPercent: round((netGain / upfront) * 100, 1),
    npv: round(npv(rate, cashFlows)),
    irrPercent: rateOfReturn === null ? null : round(rateOfReturn * 100, 1),
    netGain: round(netGain),
  };
}

function roundRow(row: RoiYearRow): RoiYearRow {
  return {
    year: row.year,
    savings: round(row.savings),
    costs: round(row.costs),
    netCashFlow: round(row.netCashFlow),
    cumulativeCashFlow: round(row.cumulativeCashFlow),
    discountedCashFlow: round(row.discountedCashFlow),
    cumulativeDiscountedCashFlow: round(row.cumulativeDiscountedCashFlow),
  };
}

/**
 * The whole calculation for inputs that passed `roiInputsSchema` (upfront cost > 0).
 * Savings and costs are the same every year (no escalation); productivity gain is
 * valued as that percentage of the labour cost the cell replaces.
 */
export function calculateRoi(inputs: RoiInputs): RoiResult {
  const laborHoursPerYear = inputs.workersPerShift * inputs.shiftsPerDay * inputs.hoursPerShift * inputs.workingDaysPerYear;
  const laborSavings = laborHoursPerYear * inputs.hourlyLaborCost;
  const productivitySavings = laborSavings * (inputs.productivityGainPercent / 100);
  const qualitySavings = inputs.qualitySavingsPerYear;
  const base: Streams = {
    upfront: inputs.robotCost + inputs.integrationCost + inputs.toolingCost + inputs.trainingCost,
    grossSavings: laborSavings + productivitySavings + qualitySavings,
    runningCosts: inputs.annualMaintenance + inputs.annualEnergy,
    horizonYears: inputs.horizonYears,
    rate: inputs.discountRatePercent / 100,
  };

  const scenarios = {} as Record<RoiScenarioName, RoiScenarioResult>;
  let realisticRows: RoiYearRow[] = [];
  for (const name of ROI_SCENARIO_NAMES) {
    const spec = ROI_SCENARIOS[name];
    const streams: Streams = {
      ...base,
      upfront: base.upfront * spec.costMultiplier,
      grossSavings: base.grossSavings * spec.savingsMultiplier,
      runningCosts: base.runningCosts * spec.costMultiplier,
    };
    const rows = buildYears(streams);
    if (name === 'realistic') realisticRows = rows;
    scenarios[name] = {
      name,
      label: spec.label,
      savingsMultiplier: spec.savingsMultiplier,
      costMultiplier: spec.costMultiplier,
      ...figures(streams, rows),
      cumulativeCashFlows: rows.map((row) => round(row.cumulativeCashFlow)),
    };
  }

  const { name: _name, label: _label, savingsMultiplier: _s, costMultiplier: _c, cumulativeCashFlows: _cum, ...headline } =
    scenarios.realistic;
  return {
    ...headline,
    horizonYears: inputs.horizonYears,
    discountRatePercent: inputs.discountRatePercent,
    breakdown: {
      laborHoursPerYear: round(laborHoursPerYear),
      laborSavings: round(laborSavings),
      productivitySavings: round(productivitySavings),
      qualitySavings: round(qualitySavings),
      maintenance: round(inputs.annualMaintenance),
      energy: round(inputs.annualEnergy),
    },
    yearly: realisticRows.map(roundRow),
    scenarios,
  };
}
