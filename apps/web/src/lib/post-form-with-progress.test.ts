import { describe, expect, it, vi } from 'vitest';
import { stubXhr } from '@/test/fake-xhr';
import { nth } from '@/test/defined';
import { ApiError } from './api-client';
import { postFormWithProgress } from './post-form-with-progress';

const form = () => {
  const data = new FormData();
  data.append('project_id', 'p1');
  return data;
};

describe('postFormWithProgress', () => {
  it('POSTs the form with the bearer token, reports progress and resolves with the answer', async () => {
    window.localStorage.setItem('access_token', 'stored-token');
    const requests = stubXhr((xhr) => {
      xhr.progress(25, 100);
      xhr.progress(3, 0);
      xhr.respond(201, { success: true });
    });
    const onProgress = vi.fn();
    await expect(postFormWithProgress('/api/integrator/upload-video', form(), { onProgress })).resolves.toEqual({ success: true });
    expect(nth(requests, 0).method).toBe('POST');
    expect(nth(requests, 0).pathname).toBe('/api/integrator/upload-video');
    expect(nth(requests, 0).headers.Authorization).toBe('Bearer stored-token');
    expect(nth(requests, 0).field('project_id')).toBe('p1');
    // 25%, then unknown (no total), then 100% once the body is sent.
    expect(onProgress.mock.calls.map(([percent]) => percent)).toEqual([25, null, 100]);
  });

  it("rejects with the api client's ApiError: the server's message, code and field details", async () => {
    stubXhr((xhr) =>
      xhr.respond(400, { message: 'job_id may hold letters', error: 'job_id may hold letters', code: 'VALIDATION_FAILED', details: { job_id: ['Use letters'] } }),
    );
    const error = await postFormWithProgress('/api/integrator/upload-video', form()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: 'job_id may hold letters', fromServer: true, details: { job_id: ['Use letters'] } });
  });

  it('rejects with status 0 when there is no answer, and with AbortError when cancelled', async () => {
    stubXhr((xhr) => xhr.fail());
    await expect(postFormWithProgress('/api/x', form())).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });

    stubXhr(() => undefined);
    const controller = new AbortController();
    const pending = postFormWithProgress('/api/x', form(), { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
