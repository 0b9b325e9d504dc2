import { describe, expect, it } from 'vitest';
import { buildRobot } from '@/test/marketplace';
import { defined, nth } from '@/test/defined';
import { COMPARE_ROWS, compareRow, parseCompareIds, priceValue } from './compare';

const row = (key: string) => defined(COMPARE_ROWS.find((r) => r.key === key));

describe('compareRow', () => {
  it('marks the highest payload best and gives it the longest bar', () => {
    const robots = [buildRobot({ payload_kg: 10 }), buildRobot({ payload_kg: 20 }), buildRobot({ payload_kg: 5 })];
    const cells = compareRow(row('payload'), robots);
    expect(cells.map((c) => c.best)).toEqual([false, true, false]);
    expect(cells.map((c) => c.bar)).toEqual([0.5, 1, 0.25]);
  });

  it('marks the lowest weight, tightest repeatability and cheapest price best (bars reversed)', () => {
    const robots = [
      buildRobot({ weight_kg: 40, repeatability_mm: 0.02, price_min_usd: 20000, price_max_usd: 30000 }),
      buildRobot({ weight_kg: 20, repeatability_mm: 0.08, price_min_usd: 45000, price_max_usd: 55000 }),
    ];
    const weight = compareRow(row('weight'), robots);
    expect(weight.map((c) => c.best)).toEqual([false, true]);
    expect(weight.map((c) => c.bar)).toEqual([0.5, 1]);
    expect(compareRow(row('repeatability'), robots).map((c) => c.best)).toEqual([true, false]);
    const price = compareRow(row('price'), robots);
    expect(price.map((c) => c.best)).toEqual([true, false]);
    expect(nth(price, 1).bar).toBeCloseTo(25000 / 50000);
    expect(price.map((c) => c.text)).toEqual(['$20,000–$30,000', '$45,000–$55,000']);
  });

  it('shows unknown values as a dash, without a bar, and never counts them', () => {
    const robots = [
      buildRobot({ weight_kg: null, repeatability_mm: null }),
      buildRobot({ weight_kg: 30, repeatability_mm: 0.05 }),
      buildRobot({ weight_kg: 60, repeatability_mm: null }),
    ];
    const weight = compareRow(row('weight'), robots);
    expect(weight[0]).toEqual({ text: '—', known: false, bar: null, best: false });
    expect(weight.map((c) => c.best)).toEqual([false, true, false]);
    // Only one known value: nothing to beat, so no "best".
    const repeatability = compareRow(row('repeatability'), robots);
    expect(repeatability.map((c) => c.best)).toEqual([false, false, false]);
    expect(repeatability.map((c) => c.text)).toEqual(['—', '±0.05 mm', '—']);
  });

  it('marks every tied best value, and none when all values are equal', () => {
    const tied = [buildRobot({ reach_mm: 900 }), buildRobot({ reach_mm: 1200 }), buildRobot({ reach_mm: 1200 })];
    expect(compareRow(row('reach'), tied).map((c) => c.best)).toEqual([false, true, true]);
    const equal = [buildRobot({ reach_mm: 900 }), buildRobot({ reach_mm: 900 })];
    expect(compareRow(row('reach'), equal).map((c) => c.best)).toEqual([false, false]);
  });

  it('does not rank axes (more axes is not better in itself)', () => {
    const cells = compareRow(row('axes'), [buildRobot({ dof: 4 }), buildRobot({ dof: 6 })]);
    expect(cells.map((c) => c.best)).toEqual([false, false]);
    expect(cells.map((c) => c.text)).toEqual(['4', '6']);
  });
});

describe('priceValue', () => {
  it('takes the middle of a band, else its one known end', () => {
    expect(priceValue({ price_min_usd: 20000, price_max_usd: 30000 })).toBe(25000);
    expect(priceValue({ price_min_usd: null, price_max_usd: 30000 })).toBe(30000);
    expect(priceValue({ price_min_usd: null, price_max_usd: null })).toBeNull();
  });
});

describe('parseCompareIds', () => {
  it('keeps at most 4 distinct ids and says how many were dropped', () => {
    expect(parseCompareIds('a, b,a,c,d,e,f')).toEqual({ ids: ['a', 'b', 'c', 'd'], dropped: 2 });
    expect(parseCompareIds(null)).toEqual({ ids: [], dropped: 0 });
  });
});
