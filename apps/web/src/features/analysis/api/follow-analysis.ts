import { buildUrl } from '@/lib/api-client';
import { getAccessToken } from '@/lib/storage';
import { analysisJobSchema, RUNNING_STATUSES, type AnalysisJob } from './analysis-job';

/**
 * Following a running stage as server-sent events (GET /api/integrator/analysis/:jobId/events,
 * issue 18). fetch, not EventSource: the stream needs the Authorization header. Any API
 * instance serves it (the job is in the database). While a stream is live the job's query
 * stops polling (get-analysis.ts); when the stream cannot be had or breaks, polling is the
 * fallback. A reload opens a new stream for a job still running.
 */

/** Jobs followed by a live stream now (their query does not poll meanwhile). */
export const liveAnalysisStreams = new Set<string>();

export interface ServerSentEvent {
  event: string;
  data: string;
}

/** Splits a text/event-stream body into events (comments and keep-alives skipped). */
export async function* readServerSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffered += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
      let cut: number;
      while ((cut = buffered.indexOf('\n\n')) >= 0) {
        const block = buffered.slice(0, cut);
        buffered = buffered.slice(cut + 2);
        let event = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) continue;
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'event') event = value;
          else if (field === 'data') data.push(value);
        }
        if (data.length) yield { event, data: data.join('\n') };
      }
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * Calls `onJob` with each state of the job until it stops running, the signal aborts, or
 * the stream fails. Resolves true when the job was followed to its end, false when the
 * caller must fall back to polling.
 */
export async function followAnalysis(jobId: string, onJob: (job: AnalysisJob) => void, signal: AbortSignal): Promise<boolean> {
  const path = `/api/integrator/analysis/${encodeURIComponent(jobId)}/events`;
  // A stream is ended by the server after 5 minutes: open the next one while the job still runs.
  for (let streams = 0; streams < 100 && !signal.aborted; streams++) {
    const token = getAccessToken();
    let response: Response;
    try {
      response = await fetch(buildUrl(path), { headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, signal });
    } catch {
      return false;
    }
    if (!response.ok || !response.body || !(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) return false;
    liveAnalysisStreams.add(jobId);
    const openedAt = Date.now();
    let last: AnalysisJob | null = null;
    try {
      for await (const message of readServerSentEvents(response.body)) {
        if (message.event !== 'job') continue;
        const parsed = analysisJobSchema.safeParse((JSON.parse(message.data) as { data?: unknown }).data);
        if (!parsed.success) return false;
        last = parsed.data;
        onJob(parsed.data);
      }
    } catch {
      return false;
    } finally {
      liveAnalysisStreams.delete(jobId);
    }
    if (!last || !RUNNING_STATUSES.includes(last.status)) return true;
    // Ended early while the job still runs (the server saw nothing that would change it): poll instead of reopening.
    if (Date.now() - openedAt < 60_000) return false;
  }
  return false;
}
