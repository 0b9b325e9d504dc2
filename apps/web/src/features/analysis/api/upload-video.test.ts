import { describe, expect, it, vi } from 'vitest';
import { stubXhr } from '@/test/fake-xhr';
import { nth } from '@/test/defined';
import { newJobId, uploadVideo } from './upload-video';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** The API's JOB_ID_PATTERN (analysis.service.ts). */
const SERVER_JOB_ID = /^[A-Za-z0-9._-]{1,128}$/;

describe('newJobId', () => {
  it('is a fresh UUID the server accepts as a job_id', () => {
    const ids = [newJobId(), newJobId()];
    for (const id of ids) {
      expect(id).toMatch(UUID_V4);
      expect(id).toMatch(SERVER_JOB_ID);
    }
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('still makes a UUID where randomUUID is missing (plain HTTP is not a secure context)', () => {
    const getRandomValues = crypto.getRandomValues.bind(crypto);
    vi.stubGlobal('crypto', { getRandomValues });
    const id = newJobId();
    expect(id).toMatch(UUID_V4);
    expect(id).not.toBe(newJobId());
  });
});

describe('uploadVideo', () => {
  it('sends file, job_id, project_id and user_id (docs/product.md §7.10), fields before the file', async () => {
    const requests = stubXhr((xhr) =>
      xhr.respond(201, { success: true, data: { object_key: 'k', bucket_name: 'videos', job_id: String(xhr.field('job_id')) } }),
    );
    const answer = await uploadVideo({ file: new File(['x'], 'cell.mp4', { type: 'video/mp4' }), projectId: 'p1', userId: 'u3' });
    const form = nth(requests, 0).body as FormData;
    expect([...form.keys()]).toEqual(['job_id', 'project_id', 'user_id', 'file']);
    expect(form.get('job_id')).toMatch(UUID_V4);
    expect(answer.data.job_id).toBe(form.get('job_id'));

    await uploadVideo({ file: new File(['x'], 'cell.mp4'), projectId: 'p1', jobId: 'job-7' });
    expect(nth(requests, 1).field('job_id')).toBe('job-7');
  });
});
