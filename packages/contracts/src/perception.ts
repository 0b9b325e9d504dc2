import { z } from 'zod';

/** docs/product.md §9: perception calls time out after 300 seconds. */
export const PERCEPTION_TIMEOUT_MS = 300_000;
export const VIDEO_EXTENSIONS = ['.zip', '.mp4'] as const;
export const VIDEO_UPLOAD_MESSAGE = 'Please upload a ZIP or MP4 file';

export const uploadVideoResponseSchema = z.object({
  success: z.boolean(),
  data: z.object({ object_key: z.string(), bucket_name: z.string(), job_id: z.string() }),
});

export const stage1RequestSchema = z.object({
  job_id: z.string().min(1),
  project_id: z.string().min(1),
  user_id: z.string().min(1),
  bucket_name: z.string().min(1),
  object_key: z.string().min(1),
  result_bucket: z.string().min(1),
});
export type Stage1Request = z.infer<typeof stage1RequestSchema>;

/** Stage 1 measures these from the video; the fields past description are ours (the original specification shows two; docs/product.md §4.6). */
export const extractedActivitySchema = z
  .object({
    activity_name: z.string(),
    description: z.string(),
    start_s: z.number().optional(),
    end_s: z.number().optional(),
    duration_s: z.number().optional(),
    key_frame: z.string().nullable().optional(),
    motion_level: z.enum(['low', 'medium', 'high']).optional(),
    mean_motion: z.number().optional(),
    cycle_time_s: z.number().nullable().optional(),
    cycle_count: z.number().nullable().optional(),
    video: z.string().nullable().optional(),
    labelled_by: z.string().nullable().optional(),
    /** Set by the integrator: the task is planar pick-and-place (4 axes may do). */
    planar: z.boolean().optional(),
  })
  .passthrough();
export const extractedPayloadSchema = z.object({
  name: z.string(),
  weight_kg: z.number().nullable(),
  dimensions_mm: z.array(z.number()).nullable(),
});
export const extractedWorkstationSchema = z
  .object({ name: z.string(), dimensions_mm: z.array(z.number()).nullable().optional() })
  .passthrough();

export const videoSummarySchema = z
  .object({
    name: z.string(),
    duration_s: z.number(),
    analyzed_s: z.number().optional(),
    fps: z.number().nullable().optional(),
    width: z.number().nullable().optional(),
    height: z.number().nullable().optional(),
    codec: z.string().nullable().optional(),
    format: z.string().nullable().optional(),
    scene_changes: z.number().optional(),
    activities: z.number().optional(),
    cycle_time_s: z.number().nullable().optional(),
  })
  .passthrough();

export const stage1ResultsSchema = z
  .object({
    project_id: z.string(),
    extracted_activities: z.array(extractedActivitySchema),
    extracted_payloads: z.array(extractedPayloadSchema),
    extracted_workstations: z.array(extractedWorkstationSchema),
    job_id: z.string().optional(),
    notes: z.string().nullable().optional(),
    cycle_time_s: z.number().nullable().optional(),
    video: videoSummarySchema.nullable().optional(),
    videos: z.array(videoSummarySchema).optional(),
    warnings: z.array(z.string()).optional(),
    analyzed_at: z.string().optional(),
    processing_s: z.number().optional(),
  })
  .passthrough();
export type Stage1Results = z.infer<typeof stage1ResultsSchema>;

/** Limits of figures a person confirms or corrects (a part, a cell, a cycle): physical, not just finite. */
export const CONFIRM_LIMITS = { weightKg: 10_000, dimensionMm: 100_000, cycleTimeS: 86_400 } as const;

/**
 * Stage 1 results as the integrator confirms or corrects them: the measured shape, with
 * every weight, dimension and cycle time a positive figure within CONFIRM_LIMITS
 * (a -3 kg part or a 1e308 mm cell is refused here, not discovered by stage 2).
 */
export const confirmedStage1Schema = stage1ResultsSchema.partial().superRefine((data, ctx) => {
  const positive = (value: unknown, max: number, path: (string | number)[], what: string) => {
    if (value === null || value === undefined) return;
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > max) {
      ctx.addIssue({ code: 'custom', path, message: `${what} must be more than 0 and at most ${max.toLocaleString('en-US')}` });
    }
  };
  data.extracted_payloads?.forEach((p, i) => {
    positive(p.weight_kg, CONFIRM_LIMITS.weightKg, ['extracted_payloads', i, 'weight_kg'], 'Weight (kg)');
    p.dimensions_mm?.forEach((d, j) => positive(d, CONFIRM_LIMITS.dimensionMm, ['extracted_payloads', i, 'dimensions_mm', j], 'Each dimension (mm)'));
  });
  data.extracted_workstations?.forEach((w, i) =>
    w.dimensions_mm?.forEach((d, j) => positive(d, CONFIRM_LIMITS.dimensionMm, ['extracted_workstations', i, 'dimensions_mm', j], 'Each dimension (mm)')),
  );
  data.extracted_activities?.forEach((a, i) => positive(a.cycle_time_s, CONFIRM_LIMITS.cycleTimeS, ['extracted_activities', i, 'cycle_time_s'], 'Cycle time (s)'));
  positive(data.cycle_time_s, CONFIRM_LIMITS.cycleTimeS, ['cycle_time_s'], 'Cycle time (s)');
});

export const confirmRequestSchema = z.object({
  job_id: z.string().min(1),
  project_id: z.string().min(1),
  user_id: z.string().min(1),
  confirmed: z.boolean(),
  updated_data: confirmedStage1Schema.nullable().optional(),
  message: z.string().max(2000).optional(),
});
export type ConfirmRequest = z.infer<typeof confirmRequestSchema>;

export const confirmResponseSchema = z.object({
  success: z.boolean(),
  job_id: z.string(),
  confirmed: z.boolean(),
  confirmed_data: stage1ResultsSchema.nullable(),
  confirmed_at: z.string().optional(),
});

export const stage2RequestSchema = z.object({
  job_id: z.string().min(1),
  project_id: z.string().min(1),
  user_id: z.string().min(1),
});

export const robotConfigurationSchema = z
  .object({
    robot_model: z.string(),
    manufacturer: z.string(),
    payload_kg: z.number(),
    reach_mm: z.number(),
    is_viable: z.boolean(),
    reason: z.string().optional(),
    robot_id: z.string().optional(),
    category: z.string().optional(),
    dof: z.number().optional(),
    repeatability_mm: z.number().nullable().optional(),
    estimated_cycle_s: z.number().nullable().optional(),
  })
  .passthrough();
export const stage2ResultsSchema = z
  .object({
    stage2_summary: z.object({
      total_tasks_identified: z.number().int(),
      total_configurations_generated: z.number().int(),
      viable_configurations: z.number().int(),
      deployment_locations_analyzed: z.number().int(),
    }),
    task_configurations: z.array(
      z
        .object({
          task_name: z.string(),
          robot_configurations: z.array(robotConfigurationSchema),
          requirements: z.record(z.string(), z.unknown()).optional(),
        })
        .passthrough(),
    ),
    project_id: z.string().optional(),
    job_id: z.string().optional(),
    catalog_robots_considered: z.number().optional(),
    assumptions: z.record(z.string(), z.unknown()).optional(),
    generated_at: z.string().optional(),
  })
  .passthrough();
export type Stage2Results = z.infer<typeof stage2ResultsSchema>;
