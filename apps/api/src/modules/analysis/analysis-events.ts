import type { Request, Response } from 'express';
import type { AnalysisJob } from '@cellforge/contracts';

/** While the job has one of these, a stage is queued or running and the stream goes on. */
const RUNNING: AnalysisJob['status'][] = ['stage1_running', 'stage2_running'];
/** ...and its run is one of these (a running status without an active run is an orphan nothing will change). */
const ACTIVE_RUN = ['queued', 'running'];
const goesOn = (job: AnalysisJob) => RUNNING.includes(job.status) && Boolean(job.run && ACTIVE_RUN.includes(job.run.status));

export interface AnalysisEventsDeps {
  /** The job as GET /analysis/:jobId answers it (owner checked; 404 otherwise). */
  read(): Promise<AnalysisJob>;
  /** How often the database is read for changes (ms). */
  pollMs?: number;
  /** A stream is ended after this long; the client reconnects (ms). */
  maxMs?: number;
  heartbeatMs?: number;
}

/**
 * GET /api/integrator/analysis/:jobId/events: the job as server-sent events. The job's
 * state is in the database, so any instance can serve the stream; it reads the job every
 * pollMs and sends an event when what the client would see changed. `no-transform` keeps
 * the compression middleware (and proxies) from buffering the stream; each event is
 * flushed. The first read runs before any header is sent, so a job that is not the
 * caller's is an ordinary JSON 404.
 */
export async function streamAnalysisEvents(req: Request, res: Response, deps: AnalysisEventsDeps): Promise<void> {
  const pollMs = deps.pollMs ?? 1000;
  const maxMs = deps.maxMs ?? 5 * 60_000;
  const heartbeatMs = deps.heartbeatMs ?? 15_000;
  let job = await deps.read();

  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache, no-transform');
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();
  const flush = () => (res as Response & { flush?: () => void }).flush?.();

  let closed = false;
  req.on('close', () => (closed = true));
  const send = (value: AnalysisJob) => {
    res.write(`event: job\ndata: ${JSON.stringify({ data: value })}\n\n`);
    flush();
  };
  const started = Date.now();
  let lastBeat = started;
  let last = JSON.stringify(job);
  send(job);
  while (!closed && goesOn(job) && Date.now() - started < maxMs) {
    await new Promise((r) => setTimeout(r, pollMs));
    if (closed) break;
    try {
      job = await deps.read();
    } catch {
      break; // deleted, or the database is gone: the client falls back to polling
    }
    const now = JSON.stringify(job);
    if (now !== last) {
      last = now;
      send(job);
    } else if (Date.now() - lastBeat >= heartbeatMs) {
      lastBeat = Date.now();
      res.write(': keep-alive\n\n');
      flush();
    }
  }
  res.end();
}
