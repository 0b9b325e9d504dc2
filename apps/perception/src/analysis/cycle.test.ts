import { describe, expect, it } from 'vitest';
import { autocorrelation, cycleTiming, detectCycle, fft, maskedAutocorrelation, parabolicOffset, passerByMasks, toChannels } from './cycle';
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

  it('finds nothing in noise, in a constant, or with fewer than 1.8 repeats', () => {
    const rnd = noise(7);
    expect(detectCycle(toChannels(sampled(30, () => [rnd(), rnd()])), FPS)).toBeNull();
    expect(detectCycle(toChannels(sampled(30, () => [1, 1])), FPS)).toBeNull();
    expect(detectCycle(toChannels(sampled(6, (t) => [Math.sin((2 * Math.PI * t) / 4)])), FPS)).toBeNull();
    expect(detectCycle([], FPS)).toBeNull();
  });

  it('accepts about 1.8 repeats, with a confidence that says so', () => {
    const pulse = (t: number) => [Math.max(0, Math.sin((2 * Math.PI * t) / 10)) * 4, Math.max(0, -Math.sin((2 * Math.PI * t) / 10)) * 4];
    const few = defined(detectCycle(toChannels(sampled(18.5, pulse)), FPS));
    expect(few.period_s).toBeCloseTo(10, 0);
    expect(few.repeats).toBeCloseTo(1.85, 1);
    const many = defined(detectCycle(toChannels(sampled(60, pulse)), FPS));
    expect(many.confidence).toBeGreaterThan(0.9);
    expect(few.confidence).toBeLessThan(0.7);
    expect(few.confidence).toBeGreaterThan(0.4);
  });

  it('finds a period of minutes (no 60 s cap): 150 s in 6 minutes', () => {
    const busy = (t: number) => [t % 150 < 20 ? 3 : 0, t % 150 >= 60 && t % 150 < 70 ? 3 : 0, t % 150 >= 100 && t % 150 < 115 ? 3 : 0];
    const cycle = defined(detectCycle(toChannels(sampled(360, busy)), FPS));
    expect(Math.abs(cycle.period_s - 150) / 150).toBeLessThan(0.01);
    expect(cycle.cycles).toBe(2);
  });

  it('takes the period from the cells that repeat, not from a busy cell that does not', () => {
    const rnd = noise(3);
    let burst = 0;
    const cells = sampled(40, (t) => {
      if (rnd() > 0.47) burst = 8; // someone walking by at random
      burst = Math.max(0, burst - 1);
      return [t % 5 < 1 ? 5 : 0, (t + 2) % 5 < 1 ? 5 : 0, burst * 3];
    });
    const cycle = defined(detectCycle(toChannels(cells), FPS));
    expect(cycle.period_s).toBeCloseTo(5, 1);
    expect(cycle.regions_used).toBe(2);
    expect(cycle.regions_total).toBe(3);
  });
});

describe('fft', () => {
  it('transforms and inverts back (inverse unscaled)', () => {
    const re = Float64Array.from([1, 2, 3, 4, 0, 0, 0, 0]);
    const im = new Float64Array(8);
    fft(re, im);
    expect(re[0]).toBeCloseTo(10, 10);
    fft(re, im, true);
    expect([...re].map((v) => Math.round((v / 8) * 1e9) / 1e9)).toEqual([1, 2, 3, 4, 0, 0, 0, 0]);
  });
});

describe('maskedAutocorrelation', () => {
  it('ignores the masked samples: a burst hidden by the mask does not spoil the period', () => {
    const x = sampled(30, (t) => [(t % 3 < 0.5 ? 4 : 0) + (t > 10 && t < 12 ? 40 : 0)]).map((v) => defined(v[0]));
    const usable = Uint8Array.from(x.map((_, i) => (i > 95 && i < 125 ? 0 : 1)));
    const plain = autocorrelation([x], 40);
    const masked = maskedAutocorrelation(x, usable, 40, 10);
    expect(masked[30]).toBeGreaterThan(0.9);
    expect(defined(plain[30])).toBeLessThan(0.5);
  });
});

describe('passerByMasks', () => {
  it('hides a region that reaches over the picture height, and keeps a small part', () => {
    const cols = 8;
    const rows = 5;
    const frames = Array.from({ length: 10 }, (_, t) => {
      const f = new Float32Array(cols * rows);
      f[4 * cols + 7] = 10; // a small part, bottom right, always moving
      if (t === 5) for (let r = 0; r < rows; r++) f[r * cols + 2] = 30; // a person in column 2
      return f;
    });
    const masks = defined(passerByMasks(frames, cols, rows));
    expect([...defined(masks[0 * cols + 2])]).toEqual([1, 1, 1, 0, 0, 0, 0, 0, 1, 1]);
    expect([...defined(masks[2 * cols + 3])].filter((v) => v === 0)).toHaveLength(5); // dilated sideways
    expect([...defined(masks[4 * cols + 7])].every((v) => v === 1)).toBe(true);
    expect(passerByMasks(frames.slice(0, 3), cols, rows)).toBeNull();
  });
});

describe('cycleTiming', () => {
  it('starts each cycle where motion begins after the quiet part, and measures the spread', () => {
    // work from 2 s to 5 s of each 8 s cycle; the third cycle runs 1 s late
    const starts = [2, 10, 19, 26, 34];
    const work = (t: number) => (starts.some((s) => t >= s && t < s + 3) ? 4 : 0);
    const x = sampled(40, (t) => [work(t)]).map((v) => defined(v[0]));
    const timing = cycleTiming([x], FPS, 8);
    expect(timing.starts_s.map((s) => Math.round(s))).toEqual(starts);
    const d = defined(timing.durations_s);
    expect(d.min).toBeCloseTo(7, 0);
    expect(d.median).toBeCloseTo(8, 0);
    expect(d.max).toBeCloseTo(9, 0);
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
