import { describe, expect, it } from 'vitest';
import { maskCuts, mergeCuts, motionLevel, motionLevelBoundaries, segmentActivities } from './segments';
import { nth } from '../test/defined';

const FPS = 10;
/** Sample times and energies from per-second-span recipes: [seconds, energy(t)]. */
function signal(parts: [number, (t: number) => number][]) {
  const times: number[] = [];
  const energy: number[] = [];
  let offset = 0;
  for (const [seconds, f] of parts) {
    for (let i = 0; i < seconds * FPS; i++) {
      const t = offset + (i + 0.5) / FPS;
      times.push(t);
      energy.push(f(t - offset));
    }
    offset += seconds;
  }
  return { times, energy, duration_s: offset };
}

describe('motionLevel', () => {
  it('maps mean energy to low / medium / high at 0.5 and 3', () => {
    expect([0, 0.49, 0.5, 2.9, 3, 40].map(motionLevel)).toEqual(['low', 'low', 'medium', 'medium', 'high', 'high']);
  });
});

describe('mergeCuts and maskCuts', () => {
  it('keeps the first of cuts closer than the window and drops cuts at the very ends', () => {
    expect(mergeCuts([7.04, 3, 7, 0.1, 9.9], 0.5, 10)).toEqual([3, 7]);
  });
  it('blanks only the samples straddling a cut', () => {
    const masked = maskCuts([2.85, 2.95, 3.05, 3.15, 3.25], [1, 1, 50, 1, 1], [3], 10);
    expect(masked.map((v) => (Number.isNaN(v) ? 'x' : v))).toEqual([1, 'x', 'x', 1, 1]);
  });
});

describe('motionLevelBoundaries', () => {
  it('finds a sustained change from still to busy at the right sample', () => {
    const { energy } = signal([
      [4, () => 0],
      [6, () => 2],
    ]);
    expect(motionLevelBoundaries(energy, FPS)).toEqual([40]);
  });
  it('ignores a blip shorter than the minimum run', () => {
    const { energy } = signal([
      [4, () => 0],
      [1, () => 5],
      [4, () => 0],
    ]);
    expect(motionLevelBoundaries(energy, FPS)).toEqual([]);
  });
  it('does not split periodic motion at its still turning points', () => {
    const { energy } = signal([[12, (t) => 2.5 * Math.abs(Math.cos((2 * Math.PI * t) / 2))]]);
    expect(motionLevelBoundaries(energy, FPS)).toEqual([]);
  });
});

describe('segmentActivities', () => {
  it('splits at shot changes, with each shot keeping its own level', () => {
    const { times, energy, duration_s } = signal([
      [3, () => 0],
      [4, () => 1.1],
      [3, () => 20],
    ]);
    energy[29] = 80; // the cut itself is a spike
    const segments = segmentActivities({ times, energy, sceneCuts: [3, 7, 7.04], duration_s, sampleFps: FPS });
    expect(segments.map((s) => [s.start_s, s.end_s, s.level, s.starts_with])).toEqual([
      [0, 3, 'low', 'start'],
      [3, 7, 'medium', 'scene_change'],
      [7, 10, 'high', 'scene_change'],
    ]);
    expect(nth(segments, 0).mean_motion).toBe(0);
  });

  it('splits where motion starts without a cut, within a sample or so', () => {
    const { times, energy, duration_s } = signal([
      [4, () => 0],
      [6, (t) => 1.8 * Math.abs(Math.sin((2 * Math.PI * t) / 1.5)) + 0.5],
    ]);
    const segments = segmentActivities({ times, energy, sceneCuts: [], duration_s, sampleFps: FPS });
    expect(segments).toHaveLength(2);
    expect(Math.abs(nth(segments, 0).end_s - 4)).toBeLessThanOrEqual(0.15);
    expect(segments[1]).toMatchObject({ level: 'medium', starts_with: 'motion_change', end_s: 10 });
  });

  it('folds a too-short shot into the neighbour most alike', () => {
    const { times, energy, duration_s } = signal([
      [5, () => 2],
      [0.5, () => 20],
      [5, () => 20],
    ]);
    // cuts at 5 and 5.5: the 0.5 s piece is as busy as what follows, so it joins that one
    const segments = segmentActivities({ times, energy, sceneCuts: [5, 5.5], duration_s, sampleFps: FPS });
    expect(segments.map((s) => [s.start_s, s.end_s, s.level])).toEqual([
      [0, 5, 'medium'],
      [5, 10.5, 'high'],
    ]);
  });

  it('answers one activity for a short or still video', () => {
    const { times, energy } = signal([[1, () => 0]]);
    expect(segmentActivities({ times, energy, sceneCuts: [], duration_s: 1, sampleFps: FPS })).toEqual([
      { start_s: 0, end_s: 1, mean_motion: 0, level: 'low', starts_with: 'start' },
    ]);
  });
});
