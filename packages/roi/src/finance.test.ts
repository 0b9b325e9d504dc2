import { assert, describe, expect, it } from 'vitest';
import { irr, npv, round } from './finance';

describe('npv', () => {
  it('discounts year t by (1 + r)^t and leaves year 0 as is', () => {
    // Hand computation: -1000 + 300/1.1 + 400/1.21 + 500/1.331 = -1000 + 272.727 + 330.579 + 375.657
    expect(npv(0.1, [-1000, 300, 400, 500])).toBeCloseTo(-21.0368, 4);
  });

  it('is the plain sum at a 0% rate', () => {
    expect(npv(0, [-150_000, 89_400, 89_400])).toBe(28_800);
  });
});

describe('irr', () => {
  it('finds the rate of a textbook cash flow', () => {
    const rate = irr([-1000, 300, 400, 500]);
    assert(rate !== null, 'a rate');
    expect(rate).toBeCloseTo(0.088963, 6);
    expect(npv(rate, [-1000, 300, 400, 500])).toBeCloseTo(0, 6);
  });

  it('finds a negative rate when the investment is never earned back', () => {
    // 5 × 15,000 = 75,000 back on 100,000: IRR about -8.88%.
    const rate = irr([-100_000, 15_000, 15_000, 15_000, 15_000, 15_000]);
    assert(rate !== null, 'a rate');
    expect(rate).toBeCloseTo(-0.0888206, 6);
  });

  it('finds very high rates (a cell that pays back in days)', () => {
    const flows = [-1000, 1_000_000, 1_000_000];
    const rate = irr(flows);
    assert(rate !== null, 'a rate');
    expect(rate).toBeGreaterThan(999);
    expect(Math.abs(npv(rate, flows))).toBeLessThan(1e-6);
  });

  it('is null when the cash flows never change sign', () => {
    expect(irr([-150_000, -1000, -1000])).toBeNull();
    expect(irr([150_000, 1000])).toBeNull();
    expect(irr([0, 0, 0])).toBeNull();
    expect(irr([-1000])).toBeNull();
  });

  it('picks the root nearest to 0 when there are two', () => {
    // -100 + 230/(1+r) - 132/(1+r)^2 = 0 at r = 10% and r = 20%.
    expect(irr([-100, 230, -132])).toBeCloseTo(0.1, 9);
  });

  it('is exact at a bracket point', () => {
    expect(irr([-100, 100])).toBe(0);
  });
});

describe('round', () => {
  it('rounds half away from zero and never gives -0', () => {
    expect(round(1.005, 2)).toBe(1.01);
    expect(round(-2.5, 0)).toBe(-3);
    expect(Object.is(round(-0.001, 2), 0)).toBe(true);
    expect(round(20.134228, 1)).toBe(20.1);
  });
});
