import { describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, stubFetch } from '@/test/fetch';
import { api, ApiError, buildUrl, NETWORK_ERROR_MESSAGE } from './api-client';

describe('api client', () => {
  it('sends JSON with the stored Bearer token', async () => {
    window.localStorage.setItem('access_token', 'tok');
    const fetchMock = stubFetch(() => jsonResponse({ ok: 1 }));
    await expect(api.post('/api/contact', { a: 1 })).resolves.toEqual({ ok: 1 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/contact');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer tok', 'Content-Type': 'application/json' });
  });

  it('leaves the token out when asked or when none is stored', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    await api.get('/auth/me');
    window.localStorage.setItem('access_token', 'tok');
    await api.post('/auth/login', {}, { auth: false });
    for (const [, init] of fetchMock.mock.calls) {
      expect((init?.headers as Record<string, string>).Authorization).toBeUndefined();
    }
  });

  it('reads a public page again without a stale token, and only a public read', async () => {
    window.localStorage.setItem('access_token', 'expired');
    const fetchMock = stubFetch((_url, init) =>
      (init?.headers as Record<string, string>).Authorization ? errorResponse(401, 'UNAUTHORIZED', 'Your session has expired') : jsonResponse({ data: 'robot' }),
    );
    await expect(api.get('/api/robots/r1', { publicRead: true })).resolves.toEqual({ data: 'robot' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await expect(api.get('/projects')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("takes the page's early read of the same GET once (index.html), then asks itself", async () => {
    const fetchMock = stubFetch(() => jsonResponse({ data: 'fresh' }));
    window.__EARLY_READS__ = { '/api/robots/r1': Promise.resolve(jsonResponse({ data: 'early' })) };
    await expect(api.get('/api/robots/r1', { publicRead: true })).resolves.toEqual({ data: 'early' });
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(api.get('/api/robots/r1', { publicRead: true })).resolves.toEqual({ data: 'fresh' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends its own request when the early read failed, or when a token is stored', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ data: 'fresh' }));
    window.__EARLY_READS__ = { '/api/robots/r1': Promise.reject(new TypeError('Failed to fetch')) };
    await expect(api.get('/api/robots/r1')).resolves.toEqual({ data: 'fresh' });
    window.localStorage.setItem('access_token', 'tok');
    window.__EARLY_READS__ = { '/api/robots/r2': Promise.resolve(jsonResponse({ data: 'early' })) };
    await expect(api.get('/api/robots/r2')).resolves.toEqual({ data: 'fresh' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    delete window.__EARLY_READS__;
  });

  it('turns an error body into a typed ApiError', async () => {
    stubFetch(() =>
      errorResponse(400, 'VALIDATION_FAILED', 'Some fields are invalid', { email: ['Enter a valid email address'] }),
    );
    const error = await api.post('/auth/register', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Some fields are invalid',
      details: { email: ['Enter a valid email address'] },
      fromServer: true,
      isClientError: true,
    });
  });

  it('gives a generic ApiError for bodies without a message', async () => {
    stubFetch(() => new Response('<html>oops</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }));
    const error = await api.get('/auth/me').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, code: 'HTTP_502', fromServer: false, isClientError: false });
  });

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const error = await api.get('/auth/me').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE });
  });

  it('resolves undefined for an empty answer', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(api.delete('/api/x')).resolves.toBeUndefined();
  });

  it('adds query parameters, skipping empty ones', () => {
    expect(buildUrl('/api/robots', { q: 'arm', page: 1, category: undefined, industry: '' })).toBe(
      '/api/robots?q=arm&page=1',
    );
  });
});
