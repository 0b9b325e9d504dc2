import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalFolderStorage } from '@cellforge/storage';
import { createApp } from '../../app';
import { createLogger } from '../../lib/logger';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { bearer, registerUser } from '../../test/factories';
import { checkAnswer } from '../../test/answer-check';

/** The first bytes of a real MP4: an ftyp box followed by an mdat box. */
const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2'), Buffer.from([0, 0, 0, 8]), Buffer.from('mdat')]);

/** Reads `event: job` events from a fetch body until the stream ends. */
async function* jobEvents(body: ReadableStream<Uint8Array>) {
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const chunk of body) {
    buffered += decoder.decode(chunk, { stream: true });
    let cut: number;
    while ((cut = buffered.indexOf('\n\n')) >= 0) {
      const block = buffered.slice(0, cut);
      buffered = buffered.slice(cut + 2);
      const data = block.split('\n').find((l) => l.startsWith('data: '));
      if (block.startsWith('event: job') && data) yield (JSON.parse(data.slice(6)) as { data: { status: string; run: { status: string } | null } }).data;
    }
  }
}

/**
 * An integrator following a queued analysis stage (issue 18): the Analysis tab gets each
 * change as a server-sent event instead of polling, through the compression middleware.
 */
describe.each(testBackends)('analysis progress as server-sent events on %s', (backend) => {
  const ctx = useTestApp(backend, { jobWorkers: 0 });
  const storage = new LocalFolderStorage(mkdtempSync(path.join(tmpdir(), 'cf-sse-')));
  let server: Server | undefined;
  afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

  it('sends the queued stage at once, its cancellation when it happens, then ends; uncompressed, and 404 for another account', async () => {
    const app = createApp({ db: ctx().handle.db, dbKind: ctx().handle.kind, config: ctx().config, logger: createLogger('silent'), storage, onAnswer: checkAnswer });
    const { token } = await registerUser(app, { user_type: 'integrator' });
    const project = await request(app).post('/projects').set(bearer(token)).send({ project_name: 'Cell 7 gearbox line' }).expect(201);
    const up = await request(app).post('/api/integrator/upload-video').set(bearer(token)).field('project_id', project.body.data.id).attach('file', mp4, 'cell7.mp4').expect(201);
    const jobId = String(up.body.data.job_id);
    // No worker runs here: the stage stays queued until cancelled.
    await request(app).post(`/api/integrator/analysis/${jobId}/stage1`).set(bearer(token)).send({}).expect(202);

    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server?.once('listening', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/integrator/analysis/${jobId}/events`;
    const other = await registerUser(app, { user_type: 'integrator' });
    const refused = await fetch(url, { headers: bearer(other.token) });
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ code: 'NOT_FOUND' });

    const res = await fetch(url, { headers: { ...bearer(token), 'Accept-Encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toContain('no-transform');
    expect(res.headers.get('content-encoding')).toBeNull();
    const events = jobEvents(res.body as ReadableStream<Uint8Array>);
    const first = await events.next();
    expect(first.value).toMatchObject({ status: 'stage1_running', run: { status: 'queued' } });

    await request(app).post(`/api/integrator/analysis/${jobId}/cancel`).set(bearer(token)).expect(200);
    const seen = [];
    for await (const job of events) seen.push(job);
    expect(seen.at(-1)).toMatchObject({ status: 'uploaded', run: { status: 'cancelled' } });
  });
});
