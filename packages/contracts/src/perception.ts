import { z } from 'zod';

/** docs/product.md §9: perception calls time out after 300 seconds. */
export const PERCEPTION_TIMEOUT_MS = 300_000;
export const VIDEO_EXTENSIONS = ['.zip', '.mp4'] as const;
export const VIDEO_UPLOAD_MESSAGE = 'Please upload a ZIP or MP4 file';

export const uploadVideoResponseSchema = z.object({
  success: z.boolean(),
  data: z.object({ object_key: z.string(), bucket_name: z.string(), job_id: z.string() }),
});

/**
 * A part of the picture, as fractions of the frame in display orientation: the top-left
 * corner (x, y) and the size. Stage 1 measures motion inside it only (people walking by
 * outside it, a conveyor that is not part of the cell).
 */
export const regionOfInterestSchema = z
  .object({
    x: z.number().min(0).max(1),
    y: z.number().min(0).max(1),
    width: z.number().gt(0).max(1),
    height: z.number().gt(0).max(1),
  })
  .refine((r) => r.x + r.width <= 1.0001 && r.y + r.height <= 1.0001, { message: 'The region must lie inside the frame (x + width <= 1, y + height <= 1)' })
  .refine((r) => r.width >= 0.05 && r.height >= 0.05, { message: 'The region must be at least 5 % of the frame on each side' });
export type RegionOfInterest = z.infer<typeof regionOfInterestSchema>;

export const stage1RequestSchema = z.object({
  job_id: z.string().min(1),
  project_id: z.string().min(1),
  user_id: z.string().min(1),
  bucket_name: z.string().min(1),
  object_key: z.string().min(1),
  result_bucket: z.string().min(1),
  /** Measure motion inside this region only; a ZIP's manifest.json may give one too (the request wins). */
  region_of_interest: regionOfInterestSchema.nullable().optional(),
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
    /** 0-1: how clearly the activity repeats at cycle_time_s (below 0.5 stage 2 does not use the cycle). */
    cycle_confidence: z.number().nullable().optional(),
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

/** The work cycle of a whole video (docs/decisions.md, "Video analysis on real footage"). */
export const videoCycleSchema = z
  .object({
    period_s: z.number(),
    /** 0-1: the supporting regions' normalised autocorrelation at the period, reduced below three repeats. */
    confidence: z.number(),
    /** 'low' below 0.5: shown, but stage 2 does not hold robots to it. */
    confidence_level: z.enum(['high', 'medium', 'low']),
    /** Cycles in the analysed span, rounded; repeats unrounded. */
    cycle_count: z.number(),
    repeats: z.number(),
    /** When each cycle seen starts, seconds from the start of the video. */
    starts_s: z.array(z.number()),
    /** Spread of the durations between consecutive starts; null with fewer than two starts. */
    durations_s: z.object({ min: z.number(), median: z.number(), max: z.number() }).nullable(),
    /** Grid cells whose motion repeats at the period, of those that moved. */
    regions_used: z.number(),
    regions_total: z.number(),
  })
  .passthrough();
export type VideoCycle = z.infer<typeof videoCycleSchema>;

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
    cycle: videoCycleSchema.nullable().optional(),
    /** The region motion was measured in, as requested; null for the whole picture. */
    region_of_interest: regionOfInterestSchema.nullable().optional(),
    /** How far the camera moved (video pixels, from its middle position) and how much the brightness varied (percent either way). */
    camera_shift_px: z.number().optional(),
    lighting_variation_pct: z.number().optional(),
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
    /** The cycle behind cycle_time_s (the longest video's), with its confidence and start times. */
    cycle: videoCycleSchema.nullable().optional(),
    video: videoSummarySchema.nullable().optional(),
    videos: z.array(videoSummarySchema).optional(),
    warnings: z.array(z.string()).optional(),
    /**
     * Set when confirming (issue 16): the reach the cell needs and the cycle time the robot
     * must keep, as the integrator states them (prefilled from the project's requirements).
     * Stage 2 needs at least this reach (beside the workstations') and holds robots to this
     * cycle instead of the measured one.
     */
    required_reach_mm: z.number().nullable().optional(),
    target_cycle_time_s: z.number().nullable().optional(),
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
  positive(data.required_reach_mm, CONFIRM_LIMITS.dimensionMm, ['required_reach_mm'], 'Reach needed (mm)');
  positive(data.target_cycle_time_s, CONFIRM_LIMITS.cycleTimeS, ['target_cycle_time_s'], 'Cycle time target (s)');
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
  /** What stage 2 will not be able to check with this confirmation (no payload weight, no workstation size, uncertain cycles). */
  warnings: z.array(z.string()).optional(),
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
    /** What stage 2 could not check (payload fit without a weight, low-confidence cycles), in words. */
    warnings: z.array(z.string()).optional(),
    assumptions: z.record(z.string(), z.unknown()).optional(),
    generated_at: z.string().optional(),
  })
  .passthrough();
export type Stage2Results = z.infer<typeof stage2ResultsSchema>;

/**
 * Durable analysis runs (issue 18): a stage is a queued job that a worker runs; the API
 * answers 202 with the run, or (with ?wait=N) the stage's results when it ends within N s.
 */
export const analysisRunStatuses = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export const analysisRunSchema = z.object({
  id: z.string(),
  stage: z.enum(['stage1', 'stage2']),
  status: z.enum(analysisRunStatuses),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  /** { step: queued | running | retry_scheduled | done | failed | cancelled, attempt?, started_at? } */
  progress: z.record(z.string(), z.unknown()).nullable(),
  last_error: z.string().nullable(),
  run_after: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AnalysisRun = z.infer<typeof analysisRunSchema>;
export const ANALYSIS_WAIT_MAX_S = 300;
export const stageAcceptedResponseSchema = z.object({
  success: z.literal(true),
  job_id: z.string(),
  /** The analysis job's status (stage1_running / stage2_running while the run is queued or running). */
  status: z.string(),
  run: analysisRunSchema,
});
export type StageAcceptedResponse = z.infer<typeof stageAcceptedResponseSchema>;
/** ?wait=N on the stage routes: answer the results (200) if the stage ends within N seconds, else 202 with the run. */
export const stageWaitQuerySchema = z.object({
  wait: z.coerce
    .number({ message: 'wait is a number of seconds' })
    .int({ message: 'wait is a whole number of seconds' })
    .min(0, { message: 'wait is 0 or more seconds' })
    .max(ANALYSIS_WAIT_MAX_S, { message: `wait is at most ${ANALYSIS_WAIT_MAX_S} seconds` })
    .optional(),
});
/** The states of an analysis job, in the order a video goes through them (failed: the last stage run failed). */
export const analysisJobStatuses = ['uploaded', 'stage1_running', 'stage1_done', 'confirmed', 'stage2_running', 'stage2_done', 'failed'] as const;
export const analysisJobStatusSchema = z.enum(analysisJobStatuses);
export type AnalysisJobStatus = z.infer<typeof analysisJobStatusSchema>;

/** One uploaded video and what the analysis made of it so far (GET /api/integrator/analysis/:jobId). */
export const analysisJobSchema = z.object({
  job_id: z.string(),
  project_id: z.string(),
  status: analysisJobStatusSchema,
  file_name: z.string(),
  bucket_name: z.string(),
  object_key: z.string(),
  error: z.string().nullable(),
  stage1_results: stage1ResultsSchema.nullable(),
  confirmed_data: stage1ResultsSchema.nullable(),
  confirmed_at: z.string().nullable(),
  stage2_results: stage2ResultsSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The newest stage run on the job queue (GET of one analysis; null before any stage ran). */
  run: analysisRunSchema.nullable().optional(),
});
export type AnalysisJob = z.infer<typeof analysisJobSchema>;
export const analysisJobResponseSchema = z.object({ data: analysisJobSchema });
export const analysisJobListResponseSchema = z.object({ data: z.array(analysisJobSchema) });
export const analysisListQuerySchema = z.object({ project_id: z.string().optional() });
export const keyFrameQuerySchema = z.object({ key: z.string().min(1).max(400) });

/** Multipart text fields of POST /api/integrator/upload-video (the video itself is the field "file"). */
export const uploadVideoFieldsSchema = z.object({
  project_id: z.string().min(1, { message: 'project_id is required' }),
  job_id: z.string().min(1).optional(),
  user_id: z.string().optional(),
});
/** Stage 1 may be limited to a region of interest (fractions of the frame); no body runs it on the whole picture. */
export const stage1BodySchema = z.object({ region_of_interest: regionOfInterestSchema.nullable().optional() });
export const confirmBodySchema = z.object({
  confirmed: z.boolean({ message: 'confirmed must be true or false' }),
  updated_data: confirmedStage1Schema.nullable().optional(),
  message: z.string().max(2000).optional(),
});
export type ConfirmBody = z.infer<typeof confirmBodySchema>;

export const stage1AnswerSchema = z.object({ success: z.literal(true), job_id: z.string(), data: stage1ResultsSchema.nullable() });
export type Stage1Answer = z.infer<typeof stage1AnswerSchema>;
export const confirmAnswerSchema = z.object({
  success: z.literal(true),
  job_id: z.string(),
  confirmed: z.boolean(),
  confirmed_data: stage1ResultsSchema.nullable(),
  warnings: z.array(z.string()),
});
export type ConfirmAnswer = z.infer<typeof confirmAnswerSchema>;
export const stage2AnswerSchema = z.object({ success: z.literal(true), job_id: z.string(), data: stage2ResultsSchema.nullable() });
export type Stage2Answer = z.infer<typeof stage2AnswerSchema>;
/** GET /projects/:id/stage2-results: the latest Stage 2 results of a project. */
export const projectStage2AnswerSchema = z.object({ success: z.literal(true), job_id: z.string(), data: stage2ResultsSchema });
export type UploadVideoResponse = z.infer<typeof uploadVideoResponseSchema>;
export type ProjectStage2Answer = z.infer<typeof projectStage2AnswerSchema>;
