import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { errorBodySchema } from '@cellforge/contracts';
import { analysisJobs } from '@cellforge/db';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { bearer, registerUser } from '../../test/factories';

/** The first bytes of a real MP4 (ftyp + mdat boxes). */
const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2'), Buffer.from([0, 0, 0, 8]), Buffer.from('mdat')]);

/**
 * Issue 15, items 4 and 8, from the outside: every refused upload leaves nothing in
 * DATA_DIR/tmp, and a malformed multipart body or a job id of dots is a 400, not a 500.
 */
describe.each(testBackends)('refused uploads on %s', (backend) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cf-refusals-'));
  const ctx = useTestApp(backend, { dataDir, videoUploadMaxBytes: 64 * 1024 });
  const leftovers = () => readdirSync(path.join(dataDir, 'tmp'));

  async function integratorWithProject() {
    const { token, user } = await registerUser(ctx().app, { user_type: 'integrator' });
    const created = await request(ctx().app).post('/projects').set(bearer(token)).send({ project_name: 'Cell 7' }).expect(201);
    return { token, user, projectId: created.body.data.id as string };
  }

  it('removes the file of every refused video upload', async () => {
    const { token, projectId } = await integratorWithProject();
    const other = await registerUser(ctx().app, { user_type: 'integrator' });
    const post = () => request(ctx().app).post('/api/integrator/upload-video').set(bearer(token));

    const forbidden = await post().field('project_id', projectId).field('user_id', other.user.id).attach('file', mp4, 'cell.mp4').expect(403);
    expect(errorBodySchema.parse(forbidden.body).code).toBe('FORBIDDEN');
    await request(ctx().app).post('/api/integrator/upload-video').set(bearer(other.token)).field('project_id', projectId).attach('file', mp4, 'cell.mp4').expect(404);
    await post().field('project_id', projectId).field('job_id', 'bad id with spaces').attach('file', mp4, 'cell.mp4').expect(400);
    await post().attach('file', mp4, 'cell.mp4').expect(400); // no project_id
    await post().field('project_id', projectId).attach('file', Buffer.from('not a video at all'), 'cell.mp4').expect(415);
    await post().field('project_id', projectId).attach('file', Buffer.concat([mp4, Buffer.alloc(70 * 1024)]), 'big.mp4').expect(413);
    expect(leftovers()).toEqual([]);
    expect(await ctx().handle.db.select().from(analysisJobs)).toHaveLength(0);

    // And a good one still works, keeping nothing in tmp either.
    await post().field('project_id', projectId).field('job_id', 'job-1').attach('file', mp4, 'cell.mp4').expect(201);
    expect(leftovers()).toEqual([]);
  });

  it('answers 400 for a job id of dots', async () => {
    const { token, projectId } = await integratorWithProject();
    for (const jobId of ['.', '..', '...']) {
      const res = await request(ctx().app)
        .post('/api/integrator/upload-video')
        .set(bearer(token))
        .field('project_id', projectId)
        .field('job_id', jobId)
        .attach('file', mp4, 'cell.mp4')
        .expect(400);
      expect(errorBodySchema.parse(res.body).details?.job_id, jobId).toBeDefined();
    }
    await request(ctx().app).get('/api/integrator/analysis/..').set(bearer(token)).expect(404);
    expect(leftovers()).toEqual([]);
  });

  it('answers 400 for malformed multipart bodies on every upload route, and keeps nothing', async () => {
    const integrator = await integratorWithProject();
    const supplier = await registerUser(ctx().app, { user_type: 'supplier' });
    const routes: Array<[string, string]> = [
      ['/api/integrator/upload-video', integrator.token],
      ['/api/integrator/bulk-upload/parse', integrator.token],
      ['/api/supplier/bulk-upload/parse', supplier.token],
    ];
    const boundary = '----cellforge';
    const truncated = (file: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="project_id"\r\n\r\n${integrator.projectId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file}"\r\nContent-Type: application/octet-stream\r\n\r\nmanufacturer,model\r\nABB,IRB`;
    const bodies = (file: string): Array<[string, string, string]> => [
      ['no boundary', 'multipart/form-data', 'anything'],
      ['empty body', `multipart/form-data; boundary=${boundary}`, ''],
      ['truncated part', `multipart/form-data; boundary=${boundary}`, truncated(file)],
      ['garbage header', `multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nnot a header line\r\n\r\nx\r\n--${boundary}--\r\n`],
    ];
    for (const [route, token] of routes) {
      for (const [label, type, body] of bodies(route.endsWith('upload-video') ? 'cell.mp4' : 'robots.csv')) {
        const res = await request(ctx().app).post(route).set(bearer(token)).set('Content-Type', type).send(body);
        expect(res.status, `${route} ${label}`).toBe(400);
        expect(errorBodySchema.parse(res.body).code, `${route} ${label}`).toMatch(/^(BAD_REQUEST|VALIDATION_FAILED)$/);
      }
    }
    expect(leftovers()).toEqual([]);
  });
});
