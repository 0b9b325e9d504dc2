import { uploadVideoResponseSchema } from '@cellforge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { parseAnswer } from '@/lib/api-answer';
import { postFormWithProgress, type ProgressListener } from '@/lib/post-form-with-progress';
import { integratorKeys } from '@/lib/integrator-query-keys';

export type UploadVideoAnswer = z.infer<typeof uploadVideoResponseSchema>;

export interface UploadVideoInput {
  file: File;
  projectId: string;
  userId?: string;
  /** The analysis job's id; a new one for every upload when absent. */
  jobId?: string;
  onProgress?: ProgressListener;
}

/**
 * A new job id: a version 4 UUID, which fits the server's pattern (letters, digits, ".",
 * "_" and "-", at most 128: JOB_ID_PATTERN in the API) and will not collide with a job
 * already there.
 */
export function newJobId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only in secure contexts; a self-hosted app may be served over plain HTTP.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  // (Both indexes exist: the array has 16 bytes.)
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * POST /api/integrator/upload-video (docs/product.md §7.10, multipart: file, job_id, project_id,
 * user_id) -> 201 { success, data: { object_key, bucket_name, job_id } }; 415 for a name
 * other than .zip/.mp4, 413 when too big, 409 when the job id is taken.
 */
export async function uploadVideo({ file, projectId, userId, jobId = newJobId(), onProgress }: UploadVideoInput): Promise<UploadVideoAnswer> {
  const form = new FormData();
  form.append('job_id', jobId);
  form.append('project_id', projectId);
  if (userId) form.append('user_id', userId);
  // Fields before the file: the server reads them as the stream arrives.
  form.append('file', file, file.name);
  return parseAnswer(uploadVideoResponseSchema, await postFormWithProgress('/api/integrator/upload-video', form, { onProgress }));
}

export function useUploadVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadVideo,
    onSuccess: (_answer, input) => queryClient.invalidateQueries({ queryKey: integratorKeys.analysisList(input.projectId) }),
  });
}
