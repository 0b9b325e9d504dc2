import { afterEach, describe, expect, it, vi } from 'vitest';
import { followAnalysis, liveAnalysisStreams, readServerSentEvents } from './follow-analysis';

const job = (status: string, run: string) => ({ job_id: 'job-cell7', project_id: 'p1', status, created_at: '2026-11-26T10:00:00.000Z', run: { id: 'r1', stage: 'stage1', status: run, attempts: 1, max_attempts: 3, progress: null, last_error: null, run_after: '2026-11-26T10:00:00.000Z', created_at: '2026-11-26T10:00:00.000Z', updated_at: '2026-11-26T10:00:01.000Z' } });

/** A body that arrives in the given pieces (events cut anywhere, as a network delivers them). */
function streamOf(pieces: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const p of pieces) controller.enqueue(encoder.encode(p));
      controller.close();
    },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('following an analysis as server-sent events', () => {
  it('reads events cut across chunks, skipping keep-alive comments', async () => {
    const events = [];
    for await (const e of readServerSentEvents(streamOf(['event: job\ndata: {"a"', ':1}\n\n: keep-alive\n\n', 'event: job\r\ndata: {"a":2}\r\n\r\n']))) events.push(e);
    expect(events).toEqual([
      { event: 'job', data: '{"a":1}' },
      { event: 'job', data: '{"a":2}' },
    ]);
  });

  it('hands each state of the job to the page until the stage ends, and marks the job live meanwhile', async () => {
    const body = [`event: job\ndata: ${JSON.stringify({ data: job('stage1_running', 'running') })}\n\n`, `event: job\ndata: ${JSON.stringify({ data: job('stage1_done', 'succeeded') })}\n\n`];
    const fetchMock = vi.fn(() => Promise.resolve(new Response(streamOf(body), { headers: { 'content-type': 'text/event-stream' } })));
    vi.stubGlobal('fetch', fetchMock);
    const seen: string[] = [];
    const ended = await followAnalysis('job-cell7', (j) => seen.push(`${j.status}/${j.run?.status}/${liveAnalysisStreams.has('job-cell7')}`), new AbortController().signal);
    expect(ended).toBe(true);
    expect(seen).toEqual(['stage1_running/running/true', 'stage1_done/succeeded/true']);
    expect(liveAnalysisStreams.has('job-cell7')).toBe(false);
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toContain('/api/integrator/analysis/job-cell7/events');
  });

  it('tells the page to poll when the server does not stream (an old proxy answering JSON, or an error)', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('{"message":"Not found"}', { status: 404, headers: { 'content-type': 'application/json' } }))));
    expect(await followAnalysis('job-cell7', () => undefined, new AbortController().signal)).toBe(false);
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('network'))));
    expect(await followAnalysis('job-cell7', () => undefined, new AbortController().signal)).toBe(false);
  });
});
