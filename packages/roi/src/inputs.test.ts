import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ROI_DEFAULT_INPUTS, ROI_FIELD_KEYS, ROI_FIELDS, roiInputsSchema } from './inputs';

function errorsOf(input: unknown): Record<string, string[] | undefined> {
  const parsed = roiInputsSchema.safeParse(input);
  if (parsed.success) return {};
  return z.flattenError(parsed.error).fieldErrors;
}

describe('roiInputsSchema', () => {
  it('accepts the defaults as they are', () => {
    expect(roiInputsSchema.parse(ROI_DEFAULT_INPUTS)).toEqual(ROI_DEFAULT_INPUTS);
  });

  it('covers every field with a label, bounds and help', () => {
    expect(ROI_FIELD_KEYS).toHaveLength(15);
    for (const key of ROI_FIELD_KEYS) {
      const spec = ROI_FIELDS[key];
      expect(spec.min).toBeLessThanOrEqual(ROI_DEFAULT_INPUTS[key]);
      expect(spec.max).toBeGreaterThanOrEqual(ROI_DEFAULT_INPUTS[key]);
      expect(spec.help.length).toBeGreaterThan(10);
    }
  });

  it('names a missing field', () => {
    const { robotCost: _, ...rest } = ROI_DEFAULT_INPUTS;
    expect(errorsOf(rest).robotCost).toEqual(['Robot and cell cost is required']);
  });

  it('rejects text, NaN and infinity as numbers', () => {
    const errors = errorsOf({ ...ROI_DEFAULT_INPUTS, hourlyLaborCost: '25', trainingCost: Number.NaN, toolingCost: Infinity });
    expect(errors.hourlyLaborCost).toEqual(['Loaded hourly labour cost must be a number']);
    expect(errors.trainingCost).toEqual(['Training must be a number']);
    expect(errors.toolingCost).toEqual(['Tooling and fixtures must be a number']);
  });

  it('gives bounds in the field’s unit', () => {
    const errors = errorsOf({
      ...ROI_DEFAULT_INPUTS,
      robotCost: 0,
      integrationCost: -5,
      productivityGainPercent: 250,
      discountRatePercent: 51,
      horizonYears: 21,
    });
    expect(errors.robotCost).toEqual(['Robot and cell cost must be at least $1']);
    expect(errors.integrationCost).toEqual(['Integration must be at least $0']);
    expect(errors.productivityGainPercent).toEqual(['Productivity gain must be at most 200%']);
    expect(errors.discountRatePercent).toEqual(['Discount rate must be at most 50%']);
    expect(errors.horizonYears).toEqual(['Horizon must be at most 20']);
  });

  it('wants whole shifts, days and years', () => {
    const errors = errorsOf({ ...ROI_DEFAULT_INPUTS, shiftsPerDay: 1.5, workingDaysPerYear: 250.5, horizonYears: 2.5 });
    expect(errors.shiftsPerDay).toEqual(['Shifts per day must be a whole number']);
    expect(errors.workingDaysPerYear).toEqual(['Working days per year must be a whole number']);
    expect(errors.horizonYears).toEqual(['Horizon must be a whole number']);
  });

  it('keeps a working day within 24 hours', () => {
    expect(errorsOf({ ...ROI_DEFAULT_INPUTS, shiftsPerDay: 3, hoursPerShift: 9 }).hoursPerShift).toEqual([
      'Shifts per day × hours per shift must be at most 24 hours (now 27)',
    ]);
    expect(roiInputsSchema.safeParse({ ...ROI_DEFAULT_INPUTS, shiftsPerDay: 3, hoursPerShift: 8 }).success).toBe(true);
  });

  it('drops unknown keys', () => {
    expect(roiInputsSchema.parse({ ...ROI_DEFAULT_INPUTS, extra: 1 })).not.toHaveProperty('extra');
  });
});
