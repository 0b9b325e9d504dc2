import { describe, expect, it } from 'vitest';
import { toRoiContext } from './roi-context';

describe('toRoiContext', () => {
  it('puts the headline results first and the inputs under inputs, without the yearly rows', () => {
    const detail = {
      inputs: { robotCost: 95000, qualitySavingsPerYear: 5000, hourlyLaborCost: 25 },
      results: {
        upfrontCost: 150000,
        annualSavings: 89400,
        annualGrossSavings: 107400,
        paybackMonths: 20.1,
        roiPercent: 198,
        npv: 206948,
        yearly: [{ year: 0 }],
        scenarios: { realistic: {} },
      },
    };
    const data = toRoiContext(detail);
    expect(data).toEqual({
      paybackMonths: 20.1,
      annualSavings: 89400,
      upfrontCost: 150000,
      roiPercent: 198,
      npv: 206948,
      annualGrossSavings: 107400,
      inputs: { robotCost: 95000, qualitySavingsPerYear: 5000, hourlyLaborCost: 25 },
    });
    expect(Object.keys(data ?? {}).slice(0, 3)).toEqual(['paybackMonths', 'annualSavings', 'upfrontCost']);
  });

  it('passes another object as it is, and nothing for no object', () => {
    expect(toRoiContext({ paybackMonths: 14 })).toEqual({ paybackMonths: 14 });
    expect(toRoiContext(null)).toBeNull();
    expect(toRoiContext('x')).toBeNull();
  });
});
