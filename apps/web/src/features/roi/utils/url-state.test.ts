import { ROI_DEFAULT_INPUTS } from '@cellforge/roi';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RAW_INPUTS, parseNumber, parseRawInputs, readRawInputs, toSearchParams } from './url-state';

describe('ROI URL state', () => {
  it('round-trips every input through the query string', () => {
    const raw = { ...DEFAULT_RAW_INPUTS, robotCost: '120000', discountRatePercent: '10.5', horizonYears: '7' };
    const search = toSearchParams(raw).toString();
    expect(search).toContain('robotCost=120000');
    expect(search).toContain('discountRatePercent=10.5');
    expect(search.split('&')).toHaveLength(15);
    expect(readRawInputs(new URLSearchParams(search))).toEqual(raw);
  });

  it('fills missing keys with the defaults and ignores unknown ones', () => {
    const raw = readRawInputs(new URLSearchParams('robotCost=80000&utm_source=mail'));
    expect(raw).toEqual({ ...DEFAULT_RAW_INPUTS, robotCost: '80000' });
    expect(raw).not.toHaveProperty('utm_source');
  });

  it('reads figures typed with separators and a dollar sign', () => {
    expect(parseNumber('95,000')).toBe(95_000);
    expect(parseNumber(' $ 1 200.50 ')).toBe(1200.5);
    expect(parseNumber('')).toBeUndefined();
    expect(parseNumber('abc')).toBeNaN();
  });

  it('validates with the shared schema, one message per field', () => {
    expect(parseRawInputs(DEFAULT_RAW_INPUTS)).toEqual({ success: true, inputs: ROI_DEFAULT_INPUTS, errors: {} });
    const bad = parseRawInputs({ ...DEFAULT_RAW_INPUTS, robotCost: '', hourlyLaborCost: 'abc', shiftsPerDay: '2.5' });
    expect(bad.success).toBe(false);
    expect(bad.errors).toEqual({
      robotCost: 'Robot and cell cost is required',
      hourlyLaborCost: 'Loaded hourly labour cost must be a number',
      shiftsPerDay: 'Shifts per day must be a whole number',
    });
  });
});
