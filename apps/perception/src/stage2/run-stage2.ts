import { stage2ResultsSchema } from '@cellforge/contracts';
import { TOOL_MARGIN } from '@cellforge/robot-fit';
import { readConfirmation } from '../confirm';
import type { JobContext } from '../context';
import { PerceptionError } from '../errors';
import { jobKeys, writeJson } from '../results-store';
import {
  deriveTaskRequirements,
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
  const tasks: TaskRequirements[] = activities.map((a) => deriveTaskRequirements(a, payloads, workstations));
  if (!tasks.length && payloads.length) {
    tasks.push(deriveTaskRequirements({ activity_name: 'Material handling', description: '' }, payloads, workstations));
  }

  const known = tasks.map((t) => t.heaviest_payload_kg).filter((w): w is number => w !== null);
  const minPayload = known.length === tasks.length && known.length ? Math.floor(Math.min(...known) * CANDIDATE_PAYLOAD_FACTOR * 10) / 10 : 0;
  const robots = tasks.length ? (await ctx.catalog.listRobots({ minPayload })).filter((r) => r.status === 'active') : [];

  const task_configurations = tasks.map((t) => ({ task_name: t.task_name, requirements: t, robot_configurations: chooseConfigurations(robots, t) }));
  const all = task_configurations.flatMap((t) => t.robot_configurations);
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
    assumptions: {
      // A payload multiplier, as the field always was: 1 + the tool allowance every fit check uses (1.2).
      tool_margin: 1 + TOOL_MARGIN,
      reach: `half the work-area diagonal + ${REACH_CLEARANCE_MM} mm`,
      axes: '6 for general handling, 4 for planar pick-and-place',
      cycle_model: `2 x reach / typical speed of the robot category + ${HANDLING_OVERHEAD_S} s to grip and release`,
      typical_speed_mm_s: { ...TYPICAL_TCP_SPEED_MM_S, other: DEFAULT_TCP_SPEED_MM_S },
    },
    generated_at: ctx.clock().toISOString(),
  };
  stage2ResultsSchema.parse(output);
  await writeJson(ctx.storage, bucket, jobKeys(req.project_id, req.job_id).stage2, output);
  return output;
}
