import { describe, expect, it } from 'vitest';
import { calculateRoi } from './calculate';
import { ROI_DEFAULT_INPUTS, type RoiInputs } from './inputs';
import { roiResultSchema } from './result-schema';

const example: RoiInputs = ROI_DEFAULT_INPUTS;

describe('calculateRoi: the worked example ($150,000 upfront, $89,400 net savings a year)', () => {
  const result = calculateRoi(example);

  it('adds up savings and costs', () => {
    // 1 worker × 2 shifts × 8 h × 250 days = 4,000 h × $25 = $100,000 labour
    expect(result.breakdown).toEqual({
      laborHoursPerYear: 4000,
      laborSavings: 100_000,
      productivitySavings: 5000, // 5% of the labour replaced
      qualitySavings: 2400,
      maintenance: 13_500,
      energy: 4500,
    });
    expect(result.upfrontCost).toBe(150_000); // 95,000 + 35,000 + 12,000 + 8,000
    expect(result.annualGrossSavings).toBe(107_400);
    expect(result.annualRunningCosts).toBe(18_000);
    expect(result.annualSavings).toBe(89_400);
  });

  it('pays back in 20.1 months', () => {
    // 150,000 / 89,400 × 12 = 20.134 months
    expect(result.paybackMonths).toBe(20.1);
  });

  it('computes ROI, NPV and IRR over 5 years at 8%', () => {
    // ROI: (5 × 89,400 − 150,000) / 150,000 = 297,000 / 150,000 = 198%
    expect(result.roiPercent).toBe(198);
    expect(result.netGain).toBe(297_000);
    // NPV: annuity factor (1 − 1.08^−5) / 0.08 = 3.992710; 89,400 × 3.992710 − 150,000 = 206,948.28
    expect(result.npv).toBe(206_948.28);
    // IRR: 89,400 × (1 − 1.52335^−5) / 0.52335 = 150,000 → 52.3%
    expect(result.irrPercent).toBe(52.3);
    // Discounted: 82,777.78 + 76,646.09 = 159,423.87 > 150,000 → 12 + (150,000 − 82,777.78) / 76,646.09 × 12
    expect(result.discountedPaybackMonths).toBe(22.5);
  });

  it('builds the yearly table from year 0', () => {
    expect(result.yearly).toHaveLength(6);
    expect(result.yearly[0]).toEqual({
      year: 0,
      savings: 0,
      costs: 150_000,
      netCashFlow: -150_000,
      cumulativeCashFlow: -150_000,
      discountedCashFlow: -150_000,
      cumulativeDiscountedCashFlow: -150_000,
    });
    expect(result.yearly[1]).toEqual({
      year: 1,
      savings: 107_400,
      costs: 18_000,
      netCashFlow: 89_400,
      cumulativeCashFlow: -60_600,
      discountedCashFlow: 82_777.78, // 89,400 / 1.08
      cumulativeDiscountedCashFlow: -67_222.22,
    });
    expect(result.yearly[2]?.cumulativeCashFlow).toBe(28_800);
    expect(result.yearly[2]?.discountedCashFlow).toBe(76_646.09); // 89,400 / 1.1664
    expect(result.yearly[5]?.cumulativeCashFlow).toBe(297_000);
    expect(result.yearly[5]?.cumulativeDiscountedCashFlow).toBe(result.npv);
  });

  it('gives three scenarios with the documented multipliers', () => {
    const { pessimistic, realistic, optimistic } = result.scenarios;
    expect(realistic).toMatchObject({ upfrontCost: 150_000, annualSavings: 89_400, paybackMonths: 20.1, npv: result.npv });
    // Savings × 0.8, costs × 1.2: 180,000 upfront; 85,920 − 21,600 = 64,320 a year; 33.58 months
    expect(pessimistic).toMatchObject({ upfrontCost: 180_000, annualGrossSavings: 85_920, annualRunningCosts: 21_600, annualSavings: 64_320, paybackMonths: 33.6 });
    // Savings × 1.2, costs × 0.9: 135,000 upfront; 128,880 − 16,200 = 112,680 a year; 14.38 months
    expect(optimistic).toMatchObject({ upfrontCost: 135_000, annualSavings: 112_680, paybackMonths: 14.4 });
    expect(pessimistic.npv).toBeLessThan(realistic.npv);
    expect(optimistic.npv).toBeGreaterThan(realistic.npv);
    expect(realistic.cumulativeCashFlows).toEqual([-150_000, -60_600, 28_800, 118_200, 207_600, 297_000]);
  });

  it('matches the published result schema', () => {
    expect(roiResultSchema.parse(result)).toEqual(result);
  });
});

describe('calculateRoi: edge cases', () => {
  it('says "never" (null) when the cell costs more to run than it saves', () => {
    const result = calculateRoi({ ...example, workersPerShift: 0, productivityGainPercent: 0, qualitySavingsPerYear: 10_000 });
    expect(result.annualSavings).toBe(-8000);
    expect(result.paybackMonths).toBeNull();
    expect(result.discountedPaybackMonths).toBeNull();
    expect(result.irrPercent).toBeNull();
    expect(result.roiPercent).toBe(-126.7); // (−40,000 − 150,000) / 150,000
    expect(result.npv).toBeLessThan(-150_000);
  });

  it('treats exactly zero net savings as never paying back', () => {
    const result = calculateRoi({ ...example, workersPerShift: 0, productivityGainPercent: 0, qualitySavingsPerYear: 18_000 });
    expect(result.annualSavings).toBe(0);
    expect(result.paybackMonths).toBeNull();
    expect(result.irrPercent).toBeNull();
    expect(result.roiPercent).toBe(-100);
  });

  it('reports a negative IRR when the horizon is too short to earn the investment back', () => {
    const result = calculateRoi({ ...example, horizonYears: 1 });
    // -150,000 + 89,400 / (1 + r) = 0 → r = -40.4%
    expect(result.irrPercent).toBe(-40.4);
    expect(result.paybackMonths).toBe(20.1);
    expect(result.discountedPaybackMonths).toBeNull();
    expect(result.yearly).toHaveLength(2);
  });

  it('makes NPV the plain net gain at a 0% discount rate', () => {
    const result = calculateRoi({ ...example, discountRatePercent: 0 });
    expect(result.npv).toBe(297_000);
    expect(result.discountedPaybackMonths).toBe(20.1);
  });

  it('values fractional workers and three shifts', () => {
    const result = calculateRoi({ ...example, workersPerShift: 0.5, shiftsPerDay: 3, productivityGainPercent: 0 });
    expect(result.breakdown.laborHoursPerYear).toBe(3000);
    expect(result.breakdown.laborSavings).toBe(75_000);
  });
});
