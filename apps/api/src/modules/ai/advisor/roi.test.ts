import { describe, expect, it } from 'vitest';
import { readRoiData } from './roi';

describe('readRoiData', () => {
  it('reads the calculator headline figures (features/chat roi-context shape)', () => {
    const view = readRoiData({
      paybackMonths: 18.5,
      annualSavings: 48000,
      upfrontCost: 74000,
      roiPercent: 224.3,
      npv: 120000,
      irrPercent: 58.1,
      netGain: 166000,
      discountedPaybackMonths: 21.2,
      annualGrossSavings: 55000,
      horizonYears: 5,
      discountRatePercent: 8,
      inputs: { robotCost: 50000, laborCostPerHour: 25 },
    });
    expect(view).toEqual({
      paybackMonths: 18.5,
      annualSavingsUsd: 48000,
      investmentUsd: 74000,
      roiPercent: 224.3,
      npvUsd: 120000,
      irrPercent: 58.1,
      netGainUsd: 166000,
      discountedPaybackMonths: 21.2,
      horizonYears: 5,
      laborCostUsd: 25,
    });
  });

  it('takes the net savings, not the gross, whatever the key order', () => {
    expect(readRoiData({ annualGrossSavings: 55000, annualSavings: 48000 }).annualSavingsUsd).toBe(48000);
  });

  it('marks a payback of null as never', () => {
    const view = readRoiData({ paybackMonths: null, annualSavings: -3000, upfrontCost: 74000 });
    expect(view.paybackNever).toBe(true);
    expect(view.paybackMonths).toBeUndefined();
    expect(view.annualSavingsUsd).toBe(-3000);
  });
});
