import { z } from 'zod';

/** Spec section 9: perception calls time out after 300 seconds. */
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

export const extractedActivitySchema = z.object({
  activity_name: z.string(),
  description: z.string(),
  start_s: z.number().optional(),
  end_s: z.number().optional(),
  duration_s: z.number().optional(),
  key_frame: z.string().nullable().optional(),
});
export const extractedPayloadSchema = z.object({
  name: z.string(),
  weight_kg: z.number().nullable(),
  dimensions_mm: z.array(z.number()).nullable(),
});
export const extractedWorkstationSchema = z
  .object({ name: z.string(), dimensions_mm: z.array(z.number()).nullable().optional() })
  .passthrough();

export const stage1ResultsSchema = z.object({
  project_id: z.string(),
  extracted_activities: z.array(extractedActivitySchema),
  extracted_payloads: z.array(extractedPayloadSchema),
  extracted_workstations: z.array(extractedWorkstationSchema),
});
export type Stage1Results = z.infer<typeof stage1ResultsSchema>;

export const confirmRequestSchema = z.object({
  job_id: z.string().min(1),
  project_id: z.string().min(1),
  user_id: z.string().min(1),
  confirmed: z.boolean(),
  updated_data: stage1ResultsSchema.partial().nullable().optional(),
  message: z.string().max(2000).optional(),
});
export type ConfirmRequest = z.infer<typeof confirmRequestSchema>;

export const stage2RequestSchema = z.object({
  job_id: z.string().min(1),
  project_id: z.string().min(1),
  user_id: z.string().min(1),
});

export const robotConfigurationSchema = z.object({
  robot_model: z.string(),
  manufacturer: z.string(),
  payload_kg: z.number(),
  reach_mm: z.number(),
  is_viable: z.boolean(),
  reason: z.string().optional(),
});
export const stage2ResultsSchema = z.object({
  stage2_summary: z.object({
    total_tasks_identified: z.number().int(),
    total_configurations_generated: z.number().int(),
    viable_configurations: z.number().int(),
    deployment_locations_analyzed: z.number().int(),
  }),
  task_configurations: z.array(z.object({ task_name: z.string(), robot_configurations: z.array(robotConfigurationSchema) })),
});
export type Stage2Results = z.infer<typeof stage2ResultsSchema>;
