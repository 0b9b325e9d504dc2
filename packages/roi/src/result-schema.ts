import { z } from 'zod';

const money = z.number();
const figures = {
  upfrontCost: money,
  annualGrossSavings: money,
  annualRunningCosts: money,
  annualSavings: money,
  paybackMonths: z.number().nullable(),
  discountedPaybackMonths: z.number().nullable(),
  roiPercent: z.number(),
  npv: money,
  irrPercent: z.number().nullable(),
  netGain: money,
};

export const roiYearRowSchema = z.object({
  year: z.number().int(),
  savings: money,
  costs: money,
  netCashFlow: money,
  cumulativeCashFlow: money,
  discountedCashFlow: money,
  cumulativeDiscountedCashFlow: money,
});

export const roiScenarioResultSchema = z.object({
  ...figures,
  name: z.enum(['pessimistic', 'realistic', 'optimistic']),
  label: z.string(),
  savingsMultiplier: z.number(),
  costMultiplier: z.number(),
  cumulativeCashFlows: z.array(money),
});

/** The answer of POST /api/roi/calculate is `{ data: RoiResult }`; clients and tests parse it with this. */
export const roiResultSchema = z.object({
  ...figures,
  horizonYears: z.number().int(),
  discountRatePercent: z.number(),
  breakdown: z.object({
    laborHoursPerYear: z.number(),
    laborSavings: money,
    productivitySavings: money,
    qualitySavings: money,
    maintenance: money,
    energy: money,
  }),
  yearly: z.array(roiYearRowSchema),
  scenarios: z.object({
    pessimistic: roiScenarioResultSchema,
    realistic: roiScenarioResultSchema,
    optimistic: roiScenarioResultSchema,
  }),
});

export const roiCalculateResponseSchema = z.object({ data: roiResultSchema });
