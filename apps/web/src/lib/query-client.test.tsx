import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, stubFetch } from '@/test/fetch';
import { api, ApiError } from './api-client';
import { createQueryClient, MAX_QUERY_RETRIES, QUERY_GC_TIME_MS, QUERY_STALE_TIME_MS, shouldRetryQuery } from './query-client';

describe('shouldRetryQuery', () => {
  const apiError = (status: number) => new ApiError({ status, code: 'X', message: 'x' });

  it.each([400, 401, 403, 404, 409, 422, 429, 499])('never retries a %i answer', (status) => {
    expect(shouldRetryQuery(0, apiError(status))).toBe(false);
  });

  it('retries 5xx, network and unknown errors up to 3 times', () => {
    for (const error of [apiError(500), apiError(503), apiError(0), new Error('boom')]) {
      expect(shouldRetryQuery(0, error)).toBe(true);
      expect(shouldRetryQuery(2, error)).toBe(true);
      expect(shouldRetryQuery(3, error)).toBe(false);
    }
  });
});

describe('createQueryClient', () => {
  it('uses the spec cache times', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.staleTime).toBe(5 * 60 * 1000);
    expect(defaults?.gcTime).toBe(10 * 60 * 1000);
    expect(QUERY_STALE_TIME_MS).toBe(300_000);
    expect(QUERY_GC_TIME_MS).toBe(600_000);
  });

  function Probe() {
    // retryDelay 0 keeps the test fast; the retry rule is the client's own.
    const query = useQuery({ queryKey: ['probe'], queryFn: () => api.get('/api/probe'), retryDelay: 0 });
    return <p>{query.status}</p>;
  }

  async function callsFor(status: number) {
    const fetchMock = stubFetch(() => errorResponse(status, 'X', 'nope'));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Probe />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByText('error')).toBeInTheDocument());
    return fetchMock.mock.calls.length;
  }

  it('asks once for a 4xx answer', async () => {
    expect(await callsFor(404)).toBe(1);
  });

  it('asks 1 + 3 times for a 5xx answer', async () => {
    expect(await callsFor(500)).toBe(1 + MAX_QUERY_RETRIES);
  });
});
