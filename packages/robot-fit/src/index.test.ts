import { ROBOT_TOOL_MARGIN } from '@cellforge/contracts/constants';
import { describe, expect, it } from 'vitest';
import { axesFit, partAllowanceKg, payloadFit, reachFit, requiredPayloadKg, TOOL_MARGIN } from './index';

describe('tool margin', () => {
  it('is the one 20 % of the contracts (the assistant reports it as criteria.eoat_margin)', () => {
    expect(TOOL_MARGIN).toBe(0.2);
    expect(TOOL_MARGIN).toBe(ROBOT_TOOL_MARGIN);
    expect(TOOL_MARGIN * 100).toBe(20);
    expect(1 + TOOL_MARGIN).toBe(1.2);
  });
});

describe('requiredPayloadKg', () => {
  it('adds 20 % of the part for the tool when only the part is known', () => {
    expect(requiredPayloadKg(10)).toBe(12);
    expect(requiredPayloadKg(8)).toBe(9.6);
    expect(requiredPayloadKg(12)).toBe(14.4);
    expect(requiredPayloadKg(10, null)).toBe(12);
    expect(requiredPayloadKg(10, undefined)).toBe(12);
  });

  it('uses the stated tool weight instead of the margin, even when it is below or above 20 %', () => {
    expect(requiredPayloadKg(10, 3)).toBe(13);
    expect(requiredPayloadKg(10, 1)).toBe(11);
    expect(requiredPayloadKg(4, 1.5)).toBe(5.5);
    expect(requiredPayloadKg(10, 0)).toBe(10);
  });

  it('rounds up to the gram, never down', () => {
    expect(requiredPayloadKg(0.2)).toBe(0.24);
    expect(requiredPayloadKg(0.0011)).toBe(0.002);
    expect(requiredPayloadKg(3.3)).toBe(3.96);
  });

  it('handles a zero part (the tool alone, or nothing)', () => {
    expect(requiredPayloadKg(0)).toBe(0);
    expect(requiredPayloadKg(0, 2)).toBe(2);
  });

  it('refuses a negative or non-finite part or tool weight instead of answering nonsense', () => {
    expect(() => requiredPayloadKg(-1)).toThrow(RangeError);
    expect(() => requiredPayloadKg(Number.NaN)).toThrow(/part weight/);
    expect(() => requiredPayloadKg(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => requiredPayloadKg(10, -1)).toThrow(/tool weight/);
    expect(() => requiredPayloadKg(10, Number.NaN)).toThrow(RangeError);
  });
});

describe('partAllowanceKg', () => {
  it('gives the heaviest part a robot carries with its tool, rounded down to 0.1 kg', () => {
    expect(partAllowanceKg(12)).toBe(10);
    expect(partAllowanceKg(25)).toBe(20.8);
    expect(partAllowanceKg(3)).toBe(2.5);
    expect(partAllowanceKg(0)).toBe(0);
  });

  it('is the inverse of requiredPayloadKg: the allowance always fits, 0.1 kg more does not', () => {
    for (const rated of [0.5, 3, 5, 7.5, 12, 16, 25, 210]) {
      const part = partAllowanceKg(rated);
      expect(payloadFit(rated, part).ok).toBe(true);
      expect(payloadFit(rated, part + 0.1).ok).toBe(false);
    }
  });

  it('refuses a negative or non-finite rated payload', () => {
    expect(() => partAllowanceKg(-5)).toThrow(RangeError);
    expect(() => partAllowanceKg(Number.NaN)).toThrow(RangeError);
  });
});

describe('payloadFit', () => {
  it('is a fit exactly at the margin and not 10 g below', () => {
    expect(payloadFit(12, 10)).toEqual({ ok: true, needed: 12, actual: 12, margin: 0 });
    expect(payloadFit(11.99, 10)).toEqual({ ok: false, needed: 12, actual: 11.99, margin: -0.01 });
    expect(payloadFit(14.4, 12)).toMatchObject({ ok: true, margin: 0 });
    expect(payloadFit(14.39, 12).ok).toBe(false);
  });

  it('with a stated tool: exactly part + tool fits, less does not, whatever the margin would say', () => {
    expect(payloadFit(13, 10, 3)).toEqual({ ok: true, needed: 13, actual: 13, margin: 0 });
    expect(payloadFit(12.5, 10, 3)).toEqual({ ok: false, needed: 13, actual: 12.5, margin: -0.5 });
    // A light tool: 11 kg carries a 10 kg part with a 1 kg gripper, though not with the 20 % margin.
    expect(payloadFit(11, 10, 1).ok).toBe(true);
    expect(payloadFit(11, 10).ok).toBe(false);
  });

  it('reports the headroom as the margin', () => {
    expect(payloadFit(20, 10)).toMatchObject({ ok: true, needed: 12, margin: 8 });
  });

  it('never fits a robot whose rated payload is negative or not a number', () => {
    expect(payloadFit(Number.NaN, 0).ok).toBe(false);
    expect(payloadFit(-1, 0).ok).toBe(false);
    expect(payloadFit(0, 0).ok).toBe(true);
  });
});

describe('reachFit and axesFit', () => {
  it('are at-least rules, a fit exactly at the figure', () => {
    expect(reachFit(900, 872)).toEqual({ ok: true, needed: 872, actual: 900, margin: 28 });
    expect(reachFit(872, 872)).toMatchObject({ ok: true, margin: 0 });
    expect(reachFit(871, 872)).toMatchObject({ ok: false, margin: -1 });
    expect(axesFit(4, 6)).toEqual({ ok: false, needed: 6, actual: 4, margin: -2 });
    expect(axesFit(6, 6)).toMatchObject({ ok: true, margin: 0 });
    expect(axesFit(7, 6)).toMatchObject({ ok: true, margin: 1 });
  });

  it('refuse a negative or non-finite need, and never fit a robot figure that is not a number >= 0', () => {
    expect(() => reachFit(900, -1)).toThrow(/needed reach/);
    expect(() => reachFit(900, Number.NaN)).toThrow(RangeError);
    expect(() => axesFit(6, -4)).toThrow(/minimum axes/);
    expect(reachFit(Number.NaN, 500).ok).toBe(false);
    expect(axesFit(-6, 0).ok).toBe(false);
    expect(reachFit(0, 0).ok).toBe(true);
  });
});
