/**
 * Splitting a video into activities from two signals: shot changes (ffmpeg's scene score)
 * and sustained changes of motion level. Pure functions over sampled arrays.
 */
import { defined, nth } from '../checked';

export type MotionLevel = 'low' | 'medium' | 'high';

/**
 * Mean grey-level change per pixel between frames 0.1 s apart (0-255, noise floor removed,
 * on a 160-pixel-wide frame). Below 0.5 almost nothing moves; 0.5-3 is a person or an arm
 * moving in part of the picture; 3 and up is motion over much of the frame.
 */
export const MOTION_LEVEL_THRESHOLDS = { medium: 0.5, high: 3 } as const;

export function motionLevel(meanEnergy: number): MotionLevel {
  if (meanEnergy >= MOTION_LEVEL_THRESHOLDS.high) return 'high';
  if (meanEnergy >= MOTION_LEVEL_THRESHOLDS.medium) return 'medium';
  return 'low';
}

export interface SegmentOptions {
  /** Moving-average window for the motion level, seconds. */
  smoothWindow_s: number;
  /** A motion level must hold this long to start an activity. */
  minLevelRun_s: number;
  /** Activities shorter than this are merged into a neighbour. */
  minActivity_s: number;
  /** Shot changes closer than this count as one. */
  cutMerge_s: number;
  /** A motion-level boundary this close to a shot change is the shot change. */
  cutSnap_s: number;
}

export const DEFAULT_SEGMENT_OPTIONS: SegmentOptions = {
  smoothWindow_s: 1,
  minLevelRun_s: 2,
  minActivity_s: 1.5,
  cutMerge_s: 0.5,
  cutSnap_s: 1,
};

export interface SegmentInput {
  /** Sample times in seconds, ascending, evenly spaced at sampleFps. */
  times: number[];
  /** Whole-frame motion energy per sample. */
  energy: number[];
  /** Shot changes, seconds. */
  sceneCuts: number[];
  duration_s: number;
  sampleFps: number;
}

export interface Segment {
  start_s: number;
  end_s: number;
  /** Mean motion energy over the segment (shot-change spikes left out). */
  mean_motion: number;
  level: MotionLevel;
  /** What opened this segment. */
  starts_with: 'start' | 'scene_change' | 'motion_change';
}

function mean(values: ArrayLike<number>, from = 0, to = values.length): number {
  let sum = 0;
  let n = 0;
  for (let i = Math.max(0, from); i < Math.min(values.length, to); i++) {
    const v = nth(values, i);
    if (!Number.isNaN(v)) {
      sum += v;
      n += 1;
    }
  }
  return n ? sum / n : Number.NaN;
}

/** Shot changes sorted, de-duplicated within `within` seconds (keeps the first). */
export function mergeCuts(cuts: number[], within: number, duration: number, minEdge = 0.25): number[] {
  const out: number[] = [];
  for (const t of [...cuts].sort((a, b) => a - b)) {
    if (t < minEdge || t > duration - minEdge) continue;
    const last = out.at(-1);
    if (last !== undefined && t - last < within) continue;
    out.push(t);
  }
  return out;
}

/** The energy with the samples straddling a shot change blanked (NaN): a cut is not motion. */
export function maskCuts(times: number[], energy: number[], cuts: number[], sampleFps: number): number[] {
  const half = 1 / sampleFps;
  return energy.map((e, i) => (cuts.some((c) => Math.abs(nth(times, i) - c) <= half) ? Number.NaN : e));
}

export function movingAverage(values: number[], window: number): number[] {
  const half = Math.floor(window / 2);
  return values.map((_, i) => mean(values, i - half, i - half + window));
}

interface Run {
  from: number;
  to: number; // exclusive
  level: MotionLevel;
}

/**
 * Where the motion level changes and stays changed: runs of the smoothed level, with runs
 * shorter than minRun samples folded into the neighbour closest in energy.
 */
export function motionLevelBoundaries(energy: number[], sampleFps: number, options: SegmentOptions = DEFAULT_SEGMENT_OPTIONS): number[] {
  const window = Math.max(1, Math.round(options.smoothWindow_s * sampleFps));
  const smooth = movingAverage(energy, window);
  const runs: Run[] = [];
  smooth.forEach((value, i) => {
    const level = motionLevel(Number.isNaN(value) ? 0 : value);
    const last = runs[runs.length - 1];
    if (last && last.level === level) last.to = i + 1;
    else runs.push({ from: i, to: i + 1, level });
  });
  const minRun = Math.round(options.minLevelRun_s * sampleFps);
  for (;;) {
    let shortest = -1;
    runs.forEach((run, i) => {
      if (run.to - run.from < minRun && (shortest < 0 || run.to - run.from < nth(runs, shortest).to - nth(runs, shortest).from)) shortest = i;
    });
    if (shortest < 0 || runs.length === 1) break;
    const run = nth(runs, shortest);
    const own = mean(smooth, run.from, run.to);
    const prev = runs[shortest - 1];
    const next = runs[shortest + 1];
    const distance = (r: Run | undefined) => (r ? Math.abs(mean(smooth, r.from, r.to) - own) : Number.POSITIVE_INFINITY);
    const into = defined(distance(prev) <= distance(next) ? prev : next, 'a run next to the short one');
    into.from = Math.min(into.from, run.from);
    into.to = Math.max(into.to, run.to);
    runs.splice(shortest, 1);
    // neighbours that now share a level become one run
    for (let i = runs.length - 1; i > 0; i--) {
      const here = nth(runs, i);
      const before = nth(runs, i - 1);
      if (here.level === before.level) {
        before.to = here.to;
        runs.splice(i, 1);
      }
    }
  }
  // Refine each boundary on the raw signal: the split that best separates the means on
  // either side, searched within a smoothing window (the average blurs the step).
  return runs.slice(1).map((run) => {
    let best = run.from;
    let bestGap = -1;
    for (let k = run.from - window; k <= run.from + window; k++) {
      if (k <= 0 || k >= energy.length) continue;
      const gap = Math.abs(mean(energy, k, k + window) - mean(energy, k - window, k));
      if (gap > bestGap) {
        bestGap = gap;
        best = k;
      }
    }
    return best; // sample index where the new level starts
  });
}

/**
 * Activities: shot changes and sustained motion-level changes, with tiny pieces merged into
 * the neighbour most alike in motion. Always covers [0, duration] without gaps.
 */
export function segmentActivities(input: SegmentInput, options: SegmentOptions = DEFAULT_SEGMENT_OPTIONS): Segment[] {
  const { times, sampleFps, duration_s } = input;
  const cuts = mergeCuts(input.sceneCuts, options.cutMerge_s, duration_s);
  const energy = maskCuts(times, input.energy, input.sceneCuts, sampleFps);
  const sampleTime = (k: number) => (k <= 0 ? 0 : k >= times.length ? duration_s : (nth(times, k - 1) + nth(times, k)) / 2);

  const boundaries: { t: number; kind: Segment['starts_with'] }[] = cuts.map((t) => ({ t, kind: 'scene_change' as const }));
  // Motion levels are judged within each shot, so a cut's spike cannot leak across.
  const edges = [0, ...cuts, duration_s];
  for (let s = 0; s < edges.length - 1; s++) {
    const from = times.findIndex((t) => t >= nth(edges, s));
    const toIdx = times.findIndex((t) => t > nth(edges, s + 1));
    const to = toIdx < 0 ? times.length : toIdx;
    if (from < 0 || to - from < 2) continue;
    for (const k of motionLevelBoundaries(energy.slice(from, to), sampleFps, options)) {
      const t = sampleTime(from + k);
      if (!cuts.some((c) => Math.abs(c - t) < options.cutSnap_s)) boundaries.push({ t, kind: 'motion_change' });
    }
  }
  boundaries.sort((a, b) => a.t - b.t);

  const indexOf = (t: number) => {
    const i = times.findIndex((x) => x >= t);
    return i < 0 ? times.length : i;
  };
  const segmentMean = (start: number, end: number) => {
    const m = mean(energy, indexOf(start), indexOf(end));
    return Number.isNaN(m) ? 0 : m;
  };
  let segments: Segment[] = [];
  let start = 0;
  let kind: Segment['starts_with'] = 'start';
  for (const b of [...boundaries, { t: duration_s, kind: 'start' as const }]) {
    if (b.t - start > 1e-6) {
      segments.push({ start_s: start, end_s: b.t, mean_motion: 0, level: 'low', starts_with: kind });
      start = b.t;
      kind = b.kind;
    } else if (b.kind === 'scene_change') kind = b.kind;
  }
  if (!segments.length) segments.push({ start_s: 0, end_s: duration_s, mean_motion: 0, level: 'low', starts_with: 'start' });
  const refresh = (seg: Segment) => {
    seg.mean_motion = segmentMean(seg.start_s, seg.end_s);
    seg.level = motionLevel(seg.mean_motion);
  };
  segments.forEach(refresh);

  // Fold pieces shorter than minActivity into the neighbour closest in mean motion.
  for (;;) {
    let shortest = -1;
    segments.forEach((seg, i) => {
      const len = seg.end_s - seg.start_s;
      if (len < options.minActivity_s && (shortest < 0 || len < nth(segments, shortest).end_s - nth(segments, shortest).start_s)) shortest = i;
    });
    if (shortest < 0 || segments.length === 1) break;
    const seg = nth(segments, shortest);
    const prev = segments[shortest - 1];
    const next = segments[shortest + 1];
    const distance = (s: Segment | undefined) => (s ? Math.abs(s.mean_motion - seg.mean_motion) : Number.POSITIVE_INFINITY);
    if (prev && distance(prev) <= distance(next)) {
      prev.end_s = seg.end_s;
      refresh(prev);
    } else if (next) {
      next.start_s = seg.start_s;
      next.starts_with = seg.starts_with;
      refresh(next);
    }
    segments.splice(shortest, 1);
  }
  // A motion-level boundary between two pieces that ended up at the same level is no boundary.
  segments = segments.reduce<Segment[]>((out, seg) => {
    const last = out[out.length - 1];
    if (last && seg.starts_with === 'motion_change' && last.level === seg.level) {
      last.end_s = seg.end_s;
      refresh(last);
    } else out.push(seg);
    return out;
  }, []);
  return segments;
}
