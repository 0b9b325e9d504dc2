import { describe, expect, it } from 'vitest';
import { fft2d } from './fft';
import { PhaseCorrelator, peakOffset } from './phase';
import { defined } from '../test/defined';

const W = 160;
const H = 90;

/** A textured picture (broadband, like a workshop wall), seen through a window moved by (dx, dy) whole pixels. */
function picture(dx = 0, dy = 0): Uint8Array {
  const out = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const u = x - dx;
      const v = y - dy;
      const blocks = (Math.floor(u / 11) * 7 + Math.floor(v / 9) * 13) % 5;
      out[y * W + x] = Math.round(70 + blocks * 25 + 20 * Math.sin(u * 0.7 + v * 0.3) + 15 * Math.cos(v * 0.55 - u * 0.21));
    }
  }
  return out;
}

describe('fft2d', () => {
  it('transforms a 2-D array and inverts it back (inverse unscaled)', () => {
    const re = Float64Array.from({ length: 8 * 4 }, (_, i) => (i * 7) % 5);
    const im = new Float64Array(re.length);
    const original = [...re];
    fft2d(re, im, 8, 4, new Float64Array(4), new Float64Array(4));
    expect(re[0]).toBeCloseTo(original.reduce((a, b) => a + b, 0), 9);
    fft2d(re, im, 8, 4, new Float64Array(4), new Float64Array(4), true);
    expect([...re].map((v) => Math.round((v / 32) * 1e9) / 1e9)).toEqual(original);
  });
});

describe('PhaseCorrelator', () => {
  const correlator = new PhaseCorrelator(W, H);

  it('uses the largest power-of-two window that fits the frame', () => {
    expect([correlator.windowWidth, correlator.windowHeight]).toEqual([128, 64]);
    expect(PhaseCorrelator.fits(12, 90)).toBe(false);
  });

  it('puts its highest peak at the shift of the picture, with a height near 1', () => {
    for (const [dx, dy] of [[3, -2], [-6, 4], [0, 0], [8, 1]] as const) {
      const peaks = correlator.peaks(correlator.spectrum(picture()), correlator.spectrum(picture(dx, dy)), 8);
      const top = defined(peaks[0]);
      expect(top.dx).toBeCloseTo(dx, 0);
      expect(top.dy).toBeCloseTo(dy, 0);
      expect(top.peak).toBeGreaterThan(0.5);
    }
  });

  it('finds no peak between unrelated pictures', () => {
    const noise = Uint8Array.from({ length: W * H }, (_, i) => (i * 2654435761) % 251);
    const peaks = correlator.peaks(correlator.spectrum(picture()), correlator.spectrum(noise), 8);
    expect(peaks.every((p) => p.peak < 0.3)).toBe(true);
  });
});

describe('peakOffset', () => {
  it('recovers the centre of a sampled Gaussian peak', () => {
    const g = (x: number) => Math.exp(-((x - 0.3) ** 2) / 2);
    expect(peakOffset(g(-1), g(0), g(1))).toBeCloseTo(0.3, 6);
    expect(peakOffset(1, 1, 1)).toBe(0);
  });
});
