import { describe, expect, it } from 'vitest';
import { autocorrelation, detectCycle, parabolicOffset, toChannels } from './cycle';
import { defined } from '../test/defined';

const FPS = 10;

/** Deterministic noise so the tests never flake. */
function noise(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31 - 0.5;
  };
}

function sampled(seconds: number, f: (t: number) => number[]): number[][] {
  return Array.from({ length: Math.round(seconds * FPS) }, (_, i) => f(i / FPS));
}

describe('autocorrelation', () => {
  it('is 1 at lag 0, -1 half a period later and 1 a period later for a sine', () => {
    const x = Array.from({ length: 400 }, (_, i) => Math.sin((2 * Math.PI * i) / 20));
    const r = autocorrelation([x], 40);
    expect(r[0]).toBeCloseTo(1, 6);
    expect(r[10]).toBeCloseTo(-1, 1);
    expect(r[20]).toBeCloseTo(1, 1);
  });
  it('is all zeros for a constant signal', () => {
    expect([...autocorrelation([new Array(50).fill(3)], 5)]).toEqual([0, 0, 0, 0, 0, 0]);
  });
});

describe('parabolicOffset', () => {
  it('finds the vertex of a parabola between samples', () => {
    const f = (x: number) => -((x - 0.3) ** 2);
    expect(parabolicOffset(f(-1), f(0), f(1))).toBeCloseTo(0.3, 10);
    expect(parabolicOffset(1, 1, 1)).toBe(0);
  });
});

describe('detectCycle', () => {
  it('finds a 4.0 s cycle in 60 s of noisy motion, to within 2 %', () => {
    const rnd = noise(1);
    const x = sampled(60, (t) => [Math.max(0, Math.sin((2 * Math.PI * t) / 4)) * 3 + rnd() * 0.6]);
    const cycle = detectCycle(toChannels(x), FPS);
    expect(cycle?.period_s).toBeGreaterThan(3.92);
    expect(cycle?.period_s).toBeLessThan(4.08);
    expect(cycle?.cycles).toBe(15);
  });

  it('interpolates a period between samples (2.37 s at 10 samples a second)', () => {
    const x = sampled(40, (t) => [Math.sin((2 * Math.PI * t) / 2.37), Math.cos((2 * Math.PI * t) / 2.37)]);
    const cycle = detectCycle(toChannels(x), FPS);
    expect(defined(cycle).period_s).toBeCloseTo(2.37, 1);
    expect(Math.abs(defined(cycle).period_s - 2.37)).toBeLessThan(0.03);
  });

  it('reports the full back-and-forth period from per-place energy, where whole-frame energy shows half of it', () => {
    // A part moving left and right with period 2 s: speed peaks twice a cycle, but the left
    // cell only moves during the left half and the right cell during the right half.
    const speed = (t: number) => Math.abs(Math.cos((2 * Math.PI * t) / 2));
    const left = (t: number) => (Math.sin((2 * Math.PI * t) / 2) < 0 ? speed(t) : 0);
    const right = (t: number) => (Math.sin((2 * Math.PI * t) / 2) >= 0 ? speed(t) : 0);
    const cells = sampled(12, (t) => [left(t), right(t)]);
    expect(detectCycle(toChannels(cells), FPS)?.period_s).toBeCloseTo(2, 1);
    const whole = cells.map(([l, r]) => defined(l) + defined(r));
    expect(detectCycle([whole], FPS)?.period_s).toBeCloseTo(1, 1);
  });

  it('prefers the period to its multiples', () => {
    const x = sampled(30, (t) => [Math.sin((2 * Math.PI * t) / 3)]);
    expect(defined(detectCycle(toChannels(x), FPS)).period_s).toBeCloseTo(3, 1);
  });

  it('finds nothing in noise, in a constant, or with fewer than two repeats', () => {
    const rnd = noise(7);
    expect(detectCycle(toChannels(sampled(30, () => [rnd(), rnd()])), FPS)).toBeNull();
    expect(detectCycle(toChannels(sampled(30, () => [1, 1])), FPS)).toBeNull();
    expect(detectCycle(toChannels(sampled(5, (t) => [Math.sin((2 * Math.PI * t) / 4)])), FPS)).toBeNull();
    expect(detectCycle([], FPS)).toBeNull();
  });

  it('does not call a slow drift a cycle', () => {
    expect(detectCycle(toChannels(sampled(30, (t) => [t * 0.1])), FPS)).toBeNull();
  });
});

describe('toChannels', () => {
  it('transposes samples and drops channels that never change', () => {
    const channels = toChannels([
      [1, 5, 0],
      [2, 5, 0],
      [3, 5, 0],
    ]);
    expect(channels.map((c) => [...c])).toEqual([[1, 2, 3]]);
  });
});
