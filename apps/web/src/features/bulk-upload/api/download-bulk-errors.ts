import { readErrorMessage, type BulkMappings } from '@cellforge/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError, buildUrl, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { getAccessToken } from '@/lib/storage';
import type { BulkUploadBasePath } from './bulk-source';

export interface DownloadBulkErrorsInput {
  basePath: BulkUploadBasePath;
  uploadId: string;
  mappings: BulkMappings;
  /** The uploaded file's name; the report is saved as "<name>-errors.csv" unless the server names it. */
  fileName: string;
}

function fileNameFrom(disposition: string | null, fallback: string): string {
  const match = disposition?.match(/filename="?([^";]+)"?/i);
  return match?.[1] ?? fallback;
}

/**
 * GET {basePath}/:upload_id/errors.csv?mappings=: every error row as CSV
 * (the wizard lists only 3). Fetched with the bearer token, then saved from a blob URL.
 */
export async function downloadBulkErrors({ basePath, uploadId, mappings, fileName }: DownloadBulkErrorsInput): Promise<void> {
  const url = buildUrl(`${basePath}/${encodeURIComponent(uploadId)}/errors.csv`, {
    mappings: JSON.stringify(mappings),
  });
  await saveDownload(url, `${fileName.replace(/\.[^.]+$/, '')}-errors.csv`, 'text/csv, application/json');
}

/**
 * Fetches `url` with the bearer token and saves the answer as a file (the server's
 * Content-Disposition name, else `fallbackName`) from a blob URL; an error answer is
 * thrown as an ApiError with the server's message.
 */
export async function saveDownload(url: string, fallbackName: string, accept: string): Promise<void> {
  const headers: Record<string, string> = { Accept: accept };
  const token = getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(url, { headers });
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE });
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    const message = readErrorMessage(body);
    const code = (body as { code?: unknown } | undefined)?.code;
    throw new ApiError({
      status: response.status,
      code: typeof code === 'string' && code ? code : `HTTP_${response.status}`,
      message: message ?? `Request failed (${response.status})`,
      fromServer: message !== null,
      body,
    });
  }
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileNameFrom(response.headers.get('content-disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

export function useDownloadBulkErrors() {
  return useMutation({ mutationFn: downloadBulkErrors });
}
