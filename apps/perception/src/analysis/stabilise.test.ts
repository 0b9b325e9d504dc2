import { describe, expect, it } from 'vitest';
import { FrameDiffer } from './motion';
import { estimateGain, ShiftEstimator } from './stabilise';
import { defined } from '../test/defined';

const W = 160;
const H = 90;

/** A deterministic textured scene (edges and blobs, like a workshop wall), sampled at (x, y) with sub-pixel offsets. */
function scene(x: number, y: number): number {
  const blocks = (Math.floor(x / 23) * 7 + Math.floor(y / 17) * 13) % 5;
  return 60 + blocks * 25 + 20 * Math.sin(x * 0.35 + y * 0.2) + 15 * Math.cos(y * 0.45 - x * 0.1);
}

function frame(dx = 0, dy = 0, gain = 1, paint?: (x: number, y: number) => number | null): Uint8Array {
  const out = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const painted = paint?.(x, y);
      out[y * W + x] = Math.max(0, Math.min(255, Math.round((painted ?? scene(x - dx, y - dy)) * gain)));
    }
  }
  return out;
}

describe('ShiftEstimator', () => {
  const estimator = new ShiftEstimator(W, H);

  it('measures a camera shift of the whole picture', () => {
    const shift = estimator.estimate(frame(), frame(3, -2));
    expect(shift.dx).toBeCloseTo(3, 0);
    expect(shift.dy).toBeCloseTo(-2, 0);
    expect(estimator.estimate(frame(), frame(-6, 4))).toMatchObject({ dx: expect.closeTo(-6, 0), dy: expect.closeTo(4, 0) });
  });

  it('calls a still picture still, also when its brightness changes', () => {
    expect(estimator.estimate(frame(), frame(0, 0, 1.06))).toEqual({ dx: 0, dy: 0 });
  });

  it('does not take a part moving over a plain background for the camera', () => {
    const plain = (x0: number) => (x: number, y: number) => (x >= x0 && x < x0 + 20 && y >= 30 && y < 50 ? 200 : 110);
    const a = frame(0, 0, 1, plain(40));
    const b = frame(0, 0, 1, plain(44));
    expect(estimator.estimate(a, b)).toEqual({ dx: 0, dy: 0 });
  });

  it('does not take a person crossing a textured cell for the camera', () => {
    const person = (x0: number) => (x: number) => (x >= x0 && x < x0 + 40 ? 30 : null);
    expect(estimator.estimate(frame(0, 0, 1, person(60)), frame(0, 0, 1, person(66)))).toEqual({ dx: 0, dy: 0 });
  });
});

describe('estimateGain', () => {
  it('finds a brightness gain shared by the picture', () => {
    const ref = Float32Array.from(frame());
    expect(estimateGain(frame(0, 0, 1.06), ref, null)).toBeCloseTo(1.06, 2);
    expect(estimateGain(frame(0, 0, 0.95), ref, null)).toBeCloseTo(0.95, 2);
  });

  it('is 1 when only part of the picture changes (that is motion, not light)', () => {
    const ref = Float32Array.from(frame());
    const halfBrighter = frame(0, 0, 1, (x, y) => (x < W / 2 ? scene(x, y) * 1.2 : null));
    expect(estimateGain(halfBrighter, ref, null)).toBe(1);
  });
});

describe('FrameDiffer on a moving, flickering camera', () => {
  it('measures no motion when the camera sways and the light flickers over a still scene', () => {
    const differ = new FrameDiffer(W, H);
    differ.push(frame());
    const swayed = defined(differ.push(frame(2, 1, 1.05)));
    expect(swayed.dx).toBeCloseTo(2, 0);
    expect(swayed.dy).toBeCloseTo(1, 0);
    expect(swayed.gain).toBeCloseTo(1.05, 2);
    expect(swayed.energy).toBeLessThan(0.5);
  });

  it('still measures a part that moves while the camera sways', () => {
    const part = (x0: number) => (x: number, y: number) => (x >= x0 && x < x0 + 20 && y >= 30 && y < 50 ? 250 : null);
    const differ = new FrameDiffer(W, H);
    differ.push(frame(0, 0, 1, part(40)));
    const diff = defined(differ.push(frame(2, 0, 1, part(60))));
    expect(diff.dx).toBeCloseTo(2, 0);
    expect(diff.energy).toBeGreaterThan(2);
    // the part's cells (row 1-2, columns 2-3) carry the motion
    const cellsWithMotion = [...diff.cells].map((e, c) => [c, e] as const).filter(([, e]) => e > 5).map(([c]) => c);
    expect(cellsWithMotion.length).toBeGreaterThan(0);
    expect(cellsWithMotion.every((c) => c % 8 >= 1 && c % 8 <= 4 && Math.floor(c / 8) <= 2)).toBe(true);
  });
});
