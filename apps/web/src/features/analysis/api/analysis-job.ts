import { analysisRunSchema, stage1ResultsSchema, stage2ResultsSchema } from '@cellforge/contracts';
import { z } from 'zod';

/** The job states the API keeps for one uploaded video (GET /api/integrator/analysis/:jobId). */
export const analysisStatuses = ['uploaded', 'stage1_running', 'stage1_done', 'confirmed', 'stage2_running', 'stage2_done', 'failed'] as const;
export type AnalysisStatus = (typeof analysisStatuses)[number];

export const analysisJobSchema = z.object({
  job_id: z.string(),
  project_id: z.string(),
  status: z.enum(analysisStatuses),
  file_name: z.string().nullable().optional(),
  object_key: z.string().optional(),
  error: z.string().nullable().optional(),
  stage1_results: stage1ResultsSchema.nullable().optional(),
  confirmed_data: stage1ResultsSchema.nullable().optional(),
  confirmed_at: z.string().nullable().optional(),
  stage2_results: stage2ResultsSchema.nullable().optional(),
  created_at: z.string(),
  updated_at: z.string().optional(),
  /** The newest stage run (queued job): state, attempts, progress. Only GET /analysis/:jobId has it. */
  run: analysisRunSchema.nullable().optional(),
});
export type AnalysisJob = z.infer<typeof analysisJobSchema>;

export const RUNNING_STATUSES: readonly AnalysisStatus[] = ['stage1_running', 'stage2_running'];
