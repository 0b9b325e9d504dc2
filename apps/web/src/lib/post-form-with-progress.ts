import { readErrorMessage } from '@cellforge/contracts';
import { ApiError, buildUrl, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { getAccessToken } from '@/lib/storage';

/** Upload progress in percent; null while the browser cannot tell the total. */
export type ProgressListener = (percent: number | null) => void;

function readBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function readDetails(value: unknown): Record<string, string[]> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const entries = Object.entries(value)
    .map(([field, messages]) => [field, (Array.isArray(messages) ? messages : [messages]).filter((m): m is string => typeof m === 'string' && m !== '')] as const)
    .filter(([, messages]) => messages.length > 0);
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/**
 * POST multipart form data with upload progress. fetch cannot report upload progress,
 * XMLHttpRequest can; errors are the same ApiError the api client raises (status 0 = no answer).
 */
export function postFormWithProgress(
  path: string,
  form: FormData,
  { onProgress, signal }: { onProgress?: ProgressListener; signal?: AbortSignal } = {},
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    xhr.upload.onprogress = (event) => {
      onProgress?.(event.lengthComputable && event.total > 0 ? Math.min(100, Math.round((event.loaded / event.total) * 100)) : null);
    };
    xhr.upload.onload = () => onProgress?.(100);
    xhr.onload = () => {
      const body = readBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(body);
        return;
      }
      const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
      const message = readErrorMessage(body);
      reject(
        new ApiError({
          status: xhr.status,
          code: typeof fields.code === 'string' && fields.code ? fields.code : `HTTP_${xhr.status}`,
          message: message ?? `Request failed (${xhr.status})`,
          details: readDetails(fields.details),
          fromServer: message !== null,
          body,
        }),
      );
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE }));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
