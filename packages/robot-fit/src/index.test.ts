import { describe, expect, it } from 'vitest';
import { axesFit, partAllowanceKg, payloadFit, reachFit, requiredPayloadKg, TOOL_MARGIN } from './index';

describe('robot fit', () => {
  it('adds 20 % for the tool when only the part is known, or the stated tool weight', () => {
    expect(TOOL_MARGIN).toBe(0.2);
    expect(requiredPayloadKg(10)).toBe(12);
    expect(requiredPayloadKg(8)).toBe(9.6);
    expect(requiredPayloadKg(10, 3)).toBe(13);
    expect(requiredPayloadKg(10, 0)).toBe(10);
    expect(requiredPayloadKg(0)).toBe(0);
  });

  it('refuses a negative or missing part weight instead of answering nonsense', () => {
    expect(() => requiredPayloadKg(-1)).toThrow(RangeError);
    expect(() => requiredPayloadKg(Number.NaN)).toThrow(RangeError);
  });

  it('is a fit exactly at the margin and not a gram below', () => {
    expect(payloadFit(12, 10)).toEqual({ ok: true, needed: 12, actual: 12, margin: 0 });
    expect(payloadFit(11.99, 10)).toMatchObject({ ok: false, margin: -0.01 });
    expect(payloadFit(12.5, 10, 3)).toMatchObject({ ok: false, needed: 13 });
  });

  it('gives the heaviest part a robot carries with its tool, the inverse of the rule', () => {
    expect(partAllowanceKg(12)).toBe(10);
    expect(requiredPayloadKg(partAllowanceKg(25))).toBeCloseTo(25, 1);
  });

  it('checks reach and axes as at-least rules', () => {
    expect(reachFit(900, 872)).toEqual({ ok: true, needed: 872, actual: 900, margin: 28 });
    expect(reachFit(850, 872).ok).toBe(false);
    expect(axesFit(4, 6)).toMatchObject({ ok: false, margin: -2 });
    expect(axesFit(6, 6).ok).toBe(true);
  });
});
