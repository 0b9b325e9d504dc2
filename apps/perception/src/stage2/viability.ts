import type { Robot } from '@cellforge/contracts';
import { axesFit, payloadFit, reachFit, TOOL_MARGIN } from '@cellforge/robot-fit';
import { defined } from '../checked';
import type { TaskRequirements } from './requirements';

/**
 * Cycle-time model (deliberately simple, documented): the robot moves out by the needed
 * reach and back at a typical average tool speed for its category, plus 1 s to grip and
 * release. It keeps up when that estimate is within the cycle observed in the video.
 * Average (not peak) speeds, including acceleration, for a medium-length move.
 */
export const TYPICAL_TCP_SPEED_MM_S: Record<string, number> = {
  articulated: 1500,
  collaborative: 500,
  scara: 2500,
  delta: 4000,
  palletizing: 1500,
  'heavy-payload': 800,
};
export const DEFAULT_TCP_SPEED_MM_S = 1000;
export const HANDLING_OVERHEAD_S = 1;
/** Move length used when no workstation size is confirmed. */
export const DEFAULT_MOVE_MM = 500;

export function estimateRobotCycle_s(robot: Pick<Robot, 'category'>, reach_mm: number | null): number {
  const speed = TYPICAL_TCP_SPEED_MM_S[robot.category] ?? DEFAULT_TCP_SPEED_MM_S;
  return (2 * (reach_mm ?? DEFAULT_MOVE_MM)) / speed + HANDLING_OVERHEAD_S;
}

export interface RobotEvaluation {
  is_viable: boolean;
  reason: string;
  failed: number;
  estimated_cycle_s: number | null;
}

const kg = (n: number) => `${Number(n.toFixed(2))} kg`;

/** Payload, reach, axes and cycle time of one robot against one task. */
export function evaluateRobot(robot: Robot, req: TaskRequirements): RobotEvaluation {
  const fits: string[] = [];
  const fails: string[] = [];
  const unchecked: string[] = [];

  if (req.payload_kg === null) {
    fails.push('payload fit not checked: no payload weight is confirmed for this task (add the weight when confirming)');
  } else {
    const heaviest = defined(req.heaviest_payload_kg, 'the heaviest payload (payload_kg is derived from it)');
    const why = `${kg(req.payload_kg)} needed: ${kg(heaviest)} heaviest payload + ${TOOL_MARGIN * 100}% tool margin`;
    const payload = payloadFit(robot.payload_kg, heaviest);
    (payload.ok ? fits : fails).push(`payload ${kg(robot.payload_kg)} ${payload.ok ? '≥' : '<'} ${why}`);
  }
  if (req.reach_mm === null) unchecked.push('reach (no workstation size confirmed)');
  else {
    const reach = reachFit(robot.reach_mm, req.reach_mm);
    (reach.ok ? fits : fails).push(`reach ${robot.reach_mm} mm ${reach.ok ? '≥' : '<'} ${req.reach_mm} mm needed`);
  }

  const axesWhy = req.planar ? 'planar pick-and-place' : 'general handling';
  const axes = axesFit(robot.dof, req.min_axes);
  (axes.ok ? fits : fails).push(`${robot.dof} axes ${axes.ok ? '≥' : '<'} ${req.min_axes} needed for ${axesWhy}`);

  let estimated: number | null = null;
  if (req.cycle_time_s === null) unchecked.push('cycle time (none measured)');
  else if (req.cycle_unchecked) unchecked.push(`cycle time (${req.cycle_unchecked})`);
  else {
    estimated = Math.round(estimateRobotCycle_s(robot, req.reach_mm) * 10) / 10;
    const ok = estimated <= req.cycle_time_s;
    (ok ? fits : fails).push(`estimated cycle ${estimated.toFixed(1)} s ${ok ? '≤' : '>'} ${req.cycle_time_s.toFixed(1)} s observed`);
  }

  const is_viable = fails.length === 0;
  const parts = is_viable ? [`Viable: ${fits.join('; ')}.`] : [`Not viable: ${fails.join('; ')}.`, ...(fits.length ? [`Fits: ${fits.join('; ')}.`] : [])];
  if (unchecked.length) parts.push(`Not checked: ${unchecked.join('; ')}.`);
  return { is_viable, reason: parts.join(' '), failed: fails.length, estimated_cycle_s: estimated };
}

export interface RobotConfiguration {
  robot_model: string;
  manufacturer: string;
  payload_kg: number;
  reach_mm: number;
  is_viable: boolean;
  reason: string;
  robot_id: string;
  category: string;
  dof: number;
  repeatability_mm: number | null;
  estimated_cycle_s: number | null;
}

/**
 * Candidates for one task: the closest-fitting viable robots (smallest adequate payload,
 * then reach: usually the cheapest that does the job), then the nearest misses, each with
 * its reason.
 */
export function chooseConfigurations(robots: Robot[], req: TaskRequirements, limits = { viable: 5, notViable: 3 }): RobotConfiguration[] {
  const evaluated = robots.map((robot) => ({ robot, evaluation: evaluateRobot(robot, req) }));
  const viable = evaluated
    .filter((e) => e.evaluation.is_viable)
    .sort((a, b) => a.robot.payload_kg - b.robot.payload_kg || a.robot.reach_mm - b.robot.reach_mm)
    .slice(0, limits.viable);
  const target = req.payload_kg ?? 0;
  const misses = evaluated
    .filter((e) => !e.evaluation.is_viable)
    .sort((a, b) => a.evaluation.failed - b.evaluation.failed || Math.abs(a.robot.payload_kg - target) - Math.abs(b.robot.payload_kg - target))
    .slice(0, limits.notViable);
  return [...viable, ...misses].map(({ robot, evaluation }) => ({
    robot_model: robot.model,
    manufacturer: robot.manufacturer,
    payload_kg: robot.payload_kg,
    reach_mm: robot.reach_mm,
    is_viable: evaluation.is_viable,
    reason: evaluation.reason,
    robot_id: robot.id,
    category: robot.category,
    dof: robot.dof,
    repeatability_mm: robot.repeatability_mm,
    estimated_cycle_s: evaluation.estimated_cycle_s,
  }));
}
