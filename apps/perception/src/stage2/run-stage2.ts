import { stage2ResultsSchema } from '@cellforge/contracts';
import { TOOL_MARGIN } from '@cellforge/robot-fit';
import { readConfirmation } from '../confirm';
import type { JobContext } from '../context';
import { PerceptionError } from '../errors';
import { jobKeys, writeJson } from '../results-store';
import {
  deriveTaskRequirements,
  MIN_CYCLE_CONFIDENCE,
  REACH_CLEARANCE_MM,
  type ConfirmedActivity,
  type ConfirmedPayload,
  type ConfirmedWorkstation,
  type TaskRequirements,
} from './requirements';
import { chooseConfigurations, DEFAULT_TCP_SPEED_MM_S, HANDLING_OVERHEAD_S, TYPICAL_TCP_SPEED_MM_S, type RobotConfiguration } from './viability';

/** Near misses are worth showing: the catalog is read from half the lightest task's heaviest payload up. */
export const CANDIDATE_PAYLOAD_FACTOR = 0.5;

export interface Stage2Output {
  project_id: string;
  job_id: string;
  stage2_summary: {
    total_tasks_identified: number;
    total_configurations_generated: number;
    viable_configurations: number;
    deployment_locations_analyzed: number;
  };
  task_configurations: { task_name: string; requirements: TaskRequirements; robot_configurations: RobotConfiguration[] }[];
  catalog_robots_considered: number;
  /** What stage 2 could not check, said once for the whole answer (also in each configuration's reason). */
  warnings: string[];
  assumptions: Record<string, unknown>;
  generated_at: string;
}

/** Stage 2: robot configurations per confirmed task, from the catalog. Never reads unconfirmed data. */
export async function runStage2(ctx: JobContext, req: { job_id: string; project_id: string }): Promise<Stage2Output> {
  const { bucket, confirmation } = await readConfirmation(ctx, req.project_id, req.job_id);
  if (!confirmation) {
    throw new PerceptionError('NOT_CONFIRMED', `Stage 2 needs confirmed stage 1 results: job ${req.job_id} has no confirmation yet (POST /confirm with confirmed=true first)`);
  }
  if (!confirmation.confirmed) {
    throw new PerceptionError('NOT_CONFIRMED', `The stage 1 results of job ${req.job_id} were not confirmed (confirmed=false); confirm them to run stage 2`);
  }
  const data = confirmation.confirmed_data;
  const payloads = data.extracted_payloads as ConfirmedPayload[];
  const workstations = data.extracted_workstations as ConfirmedWorkstation[];
  const activities = data.extracted_activities as ConfirmedActivity[];
  const stated = { required_reach_mm: data.required_reach_mm, target_cycle_time_s: data.target_cycle_time_s };
  const tasks: TaskRequirements[] = activities.map((a) => deriveTaskRequirements(a, payloads, workstations, stated));
  if (!tasks.length && payloads.length) {
    tasks.push(deriveTaskRequirements({ activity_name: 'Material handling', description: '' }, payloads, workstations, stated));
  }

  const known = tasks.map((t) => t.heaviest_payload_kg).filter((w): w is number => w !== null);
  const minPayload = known.length === tasks.length && known.length ? Math.floor(Math.min(...known) * CANDIDATE_PAYLOAD_FACTOR * 10) / 10 : 0;
  const robots = tasks.length ? (await ctx.catalog.listRobots({ minPayload })).filter((r) => r.status === 'active') : [];

  const task_configurations = tasks.map((t) => ({ task_name: t.task_name, requirements: t, robot_configurations: chooseConfigurations(robots, t) }));
  const all = task_configurations.flatMap((t) => t.robot_configurations);
  const warnings: string[] = [];
  const noWeight = tasks.filter((t) => t.payload_kg === null);
  if (noWeight.length) {
    warnings.push(
      `Payload fit was not checked for ${noWeight.length === tasks.length ? (tasks.length === 1 ? 'the task' : `all ${tasks.length} tasks`) : `${noWeight.length} of ${tasks.length} tasks`} ` +
        `(${noWeight.map((t) => t.task_name).slice(0, 3).join('; ')}${noWeight.length > 3 ? '; ...' : ''}): no payload weight is confirmed, so no robot is marked viable for ${noWeight.length === 1 ? 'it' : 'them'}. Confirm again with the weight.`,
    );
  }
  if (!tasks.length) warnings.push('Nothing to match: the confirmed data holds no activity and no payload.');
  for (const t of tasks.filter((task) => task.cycle_unchecked)) warnings.push(`${t.task_name}: cycle time not checked: ${t.cycle_unchecked}.`);
  const output: Stage2Output = {
    project_id: req.project_id,
    job_id: req.job_id,
    stage2_summary: {
      total_tasks_identified: tasks.length,
      total_configurations_generated: all.length,
      viable_configurations: all.filter((c) => c.is_viable).length,
      deployment_locations_analyzed: workstations.length,
    },
    task_configurations,
    catalog_robots_considered: robots.length,
    warnings,
    assumptions: {
      // A payload multiplier, as the field always was: 1 + the tool allowance every fit check uses (1.2).
      tool_margin: 1 + TOOL_MARGIN,
      reach: `half the work-area diagonal + ${REACH_CLEARANCE_MM} mm`,
      axes: '6 for general handling, 4 for planar pick-and-place',
      cycle_model: `2 x reach / typical speed of the robot category + ${HANDLING_OVERHEAD_S} s to grip and release`,
      cycle_min_confidence: MIN_CYCLE_CONFIDENCE,
      typical_speed_mm_s: { ...TYPICAL_TCP_SPEED_MM_S, other: DEFAULT_TCP_SPEED_MM_S },
    },
    generated_at: ctx.clock().toISOString(),
  };
  stage2ResultsSchema.parse(output);
  await writeJson(ctx.storage, bucket, jobKeys(req.project_id, req.job_id).stage2, output);
  return output;
}
