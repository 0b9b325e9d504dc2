import type { ConfirmRequest, Stage1Results } from '@cellforge/contracts';
import type { JobContext } from './context';
import { PerceptionError } from './errors';
import { jobKeys, readJson, resolveResultBucket, writeJson } from './results-store';

type Activity = Stage1Results['extracted_activities'][number] & Record<string, unknown>;
/** Stage 1 results as stored: the contract's fields plus our measurements. */
export type StoredStage1 = Stage1Results & Record<string, unknown>;

export interface Confirmation {
  job_id: string;
  project_id: string;
  user_id: string;
  confirmed: boolean;
  /** Stage 1 with the user's corrections over it: the only data stage 2 reads. */
  confirmed_data: StoredStage1;
  message: string | null;
  confirmed_at: string;
}

function sameActivity(a: Activity, b: Activity): boolean {
  if (a.key_frame && b.key_frame) return a.key_frame === b.key_frame;
  return a.start_s !== undefined && a.start_s === b.start_s && a.end_s === b.end_s;
}

/**
 * The corrections win field by field. Lists the user sent replace stage 1's lists (the user
 * may delete or add entries); an edited activity keeps the measurements the contract does
 * not carry (cycle time, motion level...) from the stage 1 activity it matches, by key
 * frame, else by time span, else by position when the list kept its length.
 */
export function mergeConfirmedData(stage1: StoredStage1, updated: Partial<Stage1Results> | null | undefined): StoredStage1 {
  if (!updated) return stage1;
  const merged: StoredStage1 = { ...stage1 };
  if (updated.extracted_activities) {
    const original = stage1.extracted_activities as Activity[];
    const samePositions = updated.extracted_activities.length === original.length;
    merged.extracted_activities = (updated.extracted_activities as Activity[]).map((activity, i) => {
      const base = original.find((o) => sameActivity(o, activity)) ?? (samePositions ? original[i] : undefined);
      if (!base) return activity;
      const merged: Activity = { ...base, ...activity };
      // a cycle the person typed in is theirs, not a measurement: its measured confidence no longer applies
      if (activity.cycle_time_s !== undefined && activity.cycle_time_s !== base.cycle_time_s && activity.cycle_confidence === undefined) merged.cycle_confidence = null;
      return merged;
    });
  }
  if (updated.extracted_payloads) merged.extracted_payloads = updated.extracted_payloads;
  if (updated.extracted_workstations) merged.extracted_workstations = updated.extracted_workstations;
  // What the integrator states for the whole cell (null clears it)
  if (updated.required_reach_mm !== undefined) merged.required_reach_mm = updated.required_reach_mm;
  if (updated.target_cycle_time_s !== undefined) merged.target_cycle_time_s = updated.target_cycle_time_s;
  merged.project_id = stage1.project_id;
  return merged;
}

export async function runConfirm(ctx: JobContext, req: ConfirmRequest) {
  const bucket = await resolveResultBucket(ctx.storage, ctx.config.serviceBucket, req.project_id, req.job_id);
  const keys = jobKeys(req.project_id, req.job_id);
  const stage1 = (await readJson(ctx.storage, bucket, keys.stage1)) as StoredStage1 | null;
  if (!stage1) {
    throw new PerceptionError('STAGE1_NOT_FOUND', `No stage 1 results for job ${req.job_id} of project ${req.project_id}: run stage 1 first`);
  }
  const confirmation: Confirmation = {
    job_id: req.job_id,
    project_id: req.project_id,
    user_id: req.user_id,
    confirmed: req.confirmed,
    confirmed_data: mergeConfirmedData(stage1, req.updated_data),
    message: req.message ?? null,
    confirmed_at: ctx.clock().toISOString(),
  };
  await writeJson(ctx.storage, bucket, keys.confirmation, confirmation);
  return {
    success: true,
    job_id: req.job_id,
    confirmed: req.confirmed,
    confirmed_data: confirmation.confirmed_data,
    confirmed_at: confirmation.confirmed_at,
    warnings: confirmationWarnings(confirmation.confirmed_data),
  };
}

/** What stage 2 will not be able to check with this confirmation, said before it runs. */
export function confirmationWarnings(data: StoredStage1): string[] {
  const warnings: string[] = [];
  const payloads = data.extracted_payloads ?? [];
  if (!payloads.some((p) => typeof p.weight_kg === 'number' && p.weight_kg > 0)) {
    warnings.push(
      payloads.length
        ? 'No payload weight is confirmed: stage 2 cannot check payload fit and will mark no robot viable. Add the weight of the heaviest part.'
        : 'No payload is confirmed: stage 2 cannot check payload fit and will mark no robot viable. Add the parts the robot handles, with their weights.',
    );
  }
  const statedReach = typeof data.required_reach_mm === 'number' && data.required_reach_mm > 0;
  if (!statedReach && !(data.extracted_workstations ?? []).some((w) => Array.isArray(w.dimensions_mm) && w.dimensions_mm.length >= 2)) {
    warnings.push('No workstation size is confirmed: stage 2 will not check reach.');
  }
  const uncertain = (data.extracted_activities as Activity[]).filter((a) => typeof a.cycle_confidence === 'number' && a.cycle_confidence < 0.5 && typeof a.cycle_time_s === 'number');
  const target = typeof data.target_cycle_time_s === 'number' && data.target_cycle_time_s > 0;
  if (uncertain.length && !target) {
    warnings.push(`${uncertain.length} measured cycle time${uncertain.length === 1 ? ' has' : 's have'} low confidence: stage 2 will not hold robots to ${uncertain.length === 1 ? 'it' : 'them'} unless corrected here.`);
  }
  return warnings;
}

export async function readConfirmation(ctx: JobContext, projectId: string, jobId: string): Promise<{ bucket: string; confirmation: Confirmation | null }> {
  const bucket = await resolveResultBucket(ctx.storage, ctx.config.serviceBucket, projectId, jobId);
  const confirmation = (await readJson(ctx.storage, bucket, jobKeys(projectId, jobId).confirmation)) as Confirmation | null;
  return { bucket, confirmation };
}
