import { LOW_CYCLE_CONFIDENCE } from '../analysis/cycle';
import type { MotionLevel } from '../analysis/segments';

/** 0:07, 1:05, 1:02:03 (rounded to the second). */
export function formatClock(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The honest name without a vision model: "Activity 1, 0:00-0:12, high motion". */
export function activityName(n: number, start_s: number, end_s: number, level: MotionLevel): string {
  return `Activity ${n}, ${formatClock(start_s)}-${formatClock(end_s)}, ${level} motion`;
}

export interface DescribeInput {
  start_s: number;
  end_s: number;
  mean_motion: number;
  level: MotionLevel;
  cycle: { period_s: number; cycles: number; confidence?: number } | null;
  /** Named when the job has several videos. */
  video?: string;
}

export function activityDescription(input: DescribeInput): string {
  const duration = input.end_s - input.start_s;
  const parts = [
    `${input.video ? `${input.video}, ` : ''}${formatClock(input.start_s)}-${formatClock(input.end_s)} (${duration.toFixed(1)} s).`,
    `Motion ${input.level}: mean frame difference ${input.mean_motion.toFixed(2)} on a 0-255 scale.`,
    input.cycle
      ? `Repeats every ${input.cycle.period_s.toFixed(1)} s (${input.cycle.cycles} cycle${input.cycle.cycles === 1 ? '' : 's'}).`
      : 'No repeating cycle found.',
  ];
  if (input.cycle?.confidence !== undefined && input.cycle.confidence < LOW_CYCLE_CONFIDENCE) {
    parts.push(`The cycle is uncertain (confidence ${input.cycle.confidence.toFixed(2)}): check it before it is used.`);
  }
  return parts.join(' ');
}
