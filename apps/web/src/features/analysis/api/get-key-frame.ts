import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, buildUrl, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { getAccessToken } from '@/lib/storage';

/**
 * GET /api/integrator/analysis/:jobId/key-frame?key=: a stage 1 key frame (JPEG).
 * An <img> cannot send the bearer token, so the image is fetched as a blob.
 */
export async function getKeyFrame(jobId: string, key: string): Promise<Blob> {
  const headers: Record<string, string> = { Accept: 'image/jpeg' };
  const token = getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(buildUrl(`/api/integrator/analysis/${encodeURIComponent(jobId)}/key-frame`, { key }), { headers });
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE });
  }
  if (!response.ok) throw new ApiError({ status: response.status, code: 'KEY_FRAME_FAILED', message: 'Key frame not available' });
  return response.blob();
}

export const keyFrameQueryOptions = (jobId: string, key: string) =>
  queryOptions({ queryKey: ['integrator', 'key-frame', jobId, key], queryFn: () => getKeyFrame(jobId, key), staleTime: Infinity });

export function useKeyFrame(jobId: string | undefined, key: string | null | undefined) {
  return useQuery({ ...keyFrameQueryOptions(jobId ?? '', key ?? ''), enabled: Boolean(jobId && key) });
}
