import { uploadVideoResponseSchema } from '@cellforge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { parseAnswer } from '@/lib/api-answer';
import { postFormWithProgress, type ProgressListener } from '@/features/bulk-upload/utils/post-form-with-progress';
import { integratorKeys } from './query-keys';

export type UploadVideoAnswer = z.infer<typeof uploadVideoResponseSchema>;

export interface UploadVideoInput {
  file: File;
  projectId: string;
  userId?: string;
  onProgress?: ProgressListener;
}

/**
 * POST /api/integrator/upload-video (multipart: file, project_id, user_id; the server picks
 * the job_id) -> 201 { success, data: { object_key, bucket_name, job_id } }; 415 for a name
 * other than .zip/.mp4, 413 when too big.
 */
export async function uploadVideo({ file, projectId, userId, onProgress }: UploadVideoInput): Promise<UploadVideoAnswer> {
  const form = new FormData();
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
