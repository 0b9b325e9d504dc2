import { requiredPayloadKg } from '@cellforge/robot-fit';
/**
 * What a task needs from a robot, from the confirmed stage 1 data. The rules, one place:
 *
 * - Payload: the heaviest payload the task handles plus the tool allowance every fit check
 *   of the product uses (20 %, packages/robot-fit): gripper, adapter or vacuum cups, and
 *   the payload's offset from the flange; rated payloads assume neither.
 * - Reach: the robot stands at the centre of the work area and must reach its corners:
 *   half the diagonal of the workstation's length x width, plus 150 mm for the tool and the
 *   approach move. Heights are not used (tables sit within every arm's vertical stroke).
 * - Axes: 6 for general handling; 4 (SCARA, delta, 4-axis palletisers) is enough when the
 *   task is planar pick-and-place, marked by the word "planar" in its name or description
 *   (or planar: true on the activity).
 * - Which payloads and workstations: those whose name the task's name or description
 *   mentions; when it mentions none, all of them (the safe assumption).
 */

export const REACH_CLEARANCE_MM = 150;
export const GENERAL_HANDLING_AXES = 6;
export const PLANAR_PICK_AND_PLACE_AXES = 4;

export interface ConfirmedPayload {
  name: string;
  weight_kg: number | null;
  dimensions_mm?: number[] | null;
}
export interface ConfirmedWorkstation {
  name: string;
  dimensions_mm?: number[] | null;
  [key: string]: unknown;
}
export interface ConfirmedActivity {
  activity_name: string;
  description: string;
  cycle_time_s?: unknown;
  cycle_confidence?: unknown;
  planar?: unknown;
  [key: string]: unknown;
}

export interface TaskRequirements {
  task_name: string;
  heaviest_payload_kg: number | null;
  /** heaviest plus the tool allowance (requiredPayloadKg); null when no weight is confirmed. */
  payload_kg: number | null;
  payloads: string[];
  reach_mm: number | null;
  workstations: string[];
  planar: boolean;
  min_axes: number;
  /** The observed cycle the robot must keep up with, when one was measured. */
  cycle_time_s: number | null;
  /** Stage 1's confidence in that cycle (null: given or corrected by a person, or measured before confidences existed). */
  cycle_confidence: number | null;
  /** Why the cycle is not held against robots (a low-confidence measurement), or null when it is. */
  cycle_unchecked: string | null;
}

/** Below this stage 1 confidence a measured cycle is shown but not used as a limit (apps/perception analysis/cycle.ts). */
export const MIN_CYCLE_CONFIDENCE = 0.5;

/** Half the diagonal of length x width plus the clearance, in mm; null without both sides. */
export function requiredReachMm(dimensions: number[] | null | undefined): number | null {
  if (!dimensions || dimensions.length < 2) return null;
  const [length, width] = dimensions as [number, number];
  if (!(length > 0 && width > 0)) return null;
  return Math.ceil(0.5 * Math.hypot(length, width) + REACH_CLEARANCE_MM);
}

export function isPlanarTask(activity: ConfirmedActivity): boolean {
  return activity.planar === true || /\bplanar\b/i.test(`${activity.activity_name} ${activity.description}`);
}

function mentions(text: string, name: string): boolean {
  const needle = name.trim().toLowerCase();
  return needle.length >= 3 && text.toLowerCase().includes(needle);
}

/** What the integrator stated when confirming (from the project's requirements or typed in): they apply to every task. */
export interface StatedRequirements {
  /** The reach the cell needs, in mm: the task needs at least this, or more when a workstation needs more. */
  required_reach_mm?: number | null;
  /** The cycle the robot must keep, in s: it replaces the measured cycle (and its confidence). */
  target_cycle_time_s?: number | null;
}

const positiveOrNull = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null);

export function deriveTaskRequirements(
  activity: ConfirmedActivity,
  payloads: ConfirmedPayload[],
  workstations: ConfirmedWorkstation[],
  stated: StatedRequirements = {},
): TaskRequirements {
  const text = `${activity.activity_name} ${activity.description}`;
  const namedPayloads = payloads.filter((p) => mentions(text, p.name));
  const usedPayloads = namedPayloads.length ? namedPayloads : payloads;
  const namedStations = workstations.filter((w) => mentions(text, w.name));
  const usedStations = namedStations.length ? namedStations : workstations;

  const weights = usedPayloads.map((p) => p.weight_kg).filter((w): w is number => typeof w === 'number' && w > 0);
  const heaviest = weights.length ? Math.max(...weights) : null;
  const reaches = usedStations.map((w) => requiredReachMm(w.dimensions_mm)).filter((r): r is number => r !== null);
  const statedReach = positiveOrNull(stated.required_reach_mm);
  if (statedReach !== null) reaches.push(Math.ceil(statedReach));
  const planar = isPlanarTask(activity);
  const target = positiveOrNull(stated.target_cycle_time_s);
  const cycle = target ?? (typeof activity.cycle_time_s === 'number' && activity.cycle_time_s > 0 ? activity.cycle_time_s : null);
  // A stated target is a person's figure: checked, whatever stage 1 measured.
  const confidence = target === null && typeof activity.cycle_confidence === 'number' ? activity.cycle_confidence : null;
  const unchecked =
    cycle !== null && confidence !== null && confidence < MIN_CYCLE_CONFIDENCE
      ? `the ${cycle.toFixed(1)} s cycle was measured with low confidence (${confidence.toFixed(2)} < ${MIN_CYCLE_CONFIDENCE}); confirm or correct it to have it checked`
      : null;
  return {
    task_name: activity.activity_name,
    heaviest_payload_kg: heaviest,
    payload_kg: heaviest === null ? null : requiredPayloadKg(heaviest),
    payloads: usedPayloads.map((p) => p.name),
    reach_mm: reaches.length ? Math.max(...reaches) : null,
    workstations: usedStations.map((w) => w.name),
    planar,
    min_axes: planar ? PLANAR_PICK_AND_PLACE_AXES : GENERAL_HANDLING_AXES,
    cycle_time_s: cycle,
    cycle_confidence: confidence,
    cycle_unchecked: unchecked,
  };
}
