import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { analysisJobs } from '@cellforge/db';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { bearer, registerUser } from '../../test/factories';

/** The first bytes of a real MP4 (ftyp + mdat boxes). */
const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2'), Buffer.from([0, 0, 0, 8]), Buffer.from('mdat')]);

/**
 * Job ids are one table-wide key, so a 409 "already used" for another account's job id
 * told any integrator which ids other accounts use. Another account's id must answer as
 * an id nobody uses: the upload succeeds under a fresh id, and their job is untouched.
 */
describe.each(testBackends)('upload-video job ids of other accounts on %s (attacker)', (backend) => {
  const ctx = useTestApp(backend, { dataDir: mkdtempSync(path.join(tmpdir(), 'cf-jobids-')) });

  async function integratorWithProject() {
    const { token, user } = await registerUser(ctx().app, { user_type: 'integrator' });
    const created = await request(ctx().app).post('/projects').set(bearer(token)).send({ project_name: 'Cell 7' }).expect(201);
    return { token, user, projectId: created.body.data.id as string };
  }
  const upload = (token: string, projectId: string, jobId: string) =>
    request(ctx().app).post('/api/integrator/upload-video').set(bearer(token)).field('project_id', projectId).field('job_id', jobId).attach('file', mp4, 'cell.mp4');

  it("answers another account's job id exactly as an unused one, without touching their job", async () => {
    const victim = await integratorWithProject();
    const attacker = await integratorWithProject();
    const victimUpload = await upload(victim.token, victim.projectId, 'victim-job-1').expect(201);
    expect(victimUpload.body.data.job_id).toBe('victim-job-1');
    const [before] = await ctx().handle.db.select().from(analysisJobs).where(eq(analysisJobs.id, 'victim-job-1'));

    const probe = await upload(attacker.token, attacker.projectId, 'victim-job-1');
    const fresh = await upload(attacker.token, attacker.projectId, 'nobody-uses-this-1');
    // Same status and the same shape of answer as for an id nobody uses: no "already used".
    expect(probe.status, JSON.stringify(probe.body)).toBe(fresh.status);
    expect(probe.status).toBe(201);
    expect(Object.keys(probe.body.data).sort()).toEqual(Object.keys(fresh.body.data).sort());
    const attackerJob = probe.body.data.job_id as string;
    expect(attackerJob).not.toBe('victim-job-1');
    expect(probe.body.data.object_key).toMatch(new RegExp(`^${attacker.user.id}/`));

    // The victim's job is theirs, unchanged; the attacker sees it as unknown and has their own.
    const [after] = await ctx().handle.db.select().from(analysisJobs).where(eq(analysisJobs.id, 'victim-job-1'));
    expect(after).toEqual(before);
    await request(ctx().app).get('/api/integrator/analysis/victim-job-1').set(bearer(victim.token)).expect(200);
    await request(ctx().app).get('/api/integrator/analysis/victim-job-1').set(bearer(attacker.token)).expect(404);
    const own = await request(ctx().app).get(`/api/integrator/analysis/${attackerJob}`).set(bearer(attacker.token)).expect(200);
    expect(own.body.data.project_id).toBe(attacker.projectId);
    const list = await request(ctx().app).get('/api/integrator/analysis').set(bearer(attacker.token)).expect(200);
    expect((list.body.data as Array<{ job_id: string }>).map((j) => j.job_id).sort()).toEqual([attackerJob, 'nobody-uses-this-1'].sort());
  });

  it('still refuses reusing one of your own job ids (your own ids are no secret to you)', async () => {
    const me = await integratorWithProject();
    await upload(me.token, me.projectId, 'my-job-1').expect(201);
    const again = await upload(me.token, me.projectId, 'my-job-1').expect(409);
    expect(again.body.code).toBe('CONFLICT');
  });
});
