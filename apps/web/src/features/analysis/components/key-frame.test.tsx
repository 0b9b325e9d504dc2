import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeyFrame } from './key-frame';

function renderFrame() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <KeyFrame jobId="job-1" frameKey="p/job-1/frames/1.jpg" label="Activity 1" />
    </QueryClientProvider>,
  );
}

describe('KeyFrame', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('fetches the frame with the bearer token and shows it', async () => {
    localStorage.setItem('access_token', 'tok');
    const fetchMock = vi.fn(async () => new Response(new Uint8Array([0xff, 0xd8]), { headers: { 'content-type': 'image/jpeg' } }));
    vi.stubGlobal('fetch', fetchMock);
    const createObjectURL = vi.fn(() => 'blob:frame-1');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderFrame();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const img = await screen.findByRole('img', { name: 'Key frame of Activity 1' });
    expect(img).toHaveAttribute('src', 'blob:frame-1');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/api/integrator/analysis/job-1/key-frame?key=p%2Fjob-1%2Fframes%2F1.jpg');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('shows nothing when the frame is missing', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 404 }));
    vi.stubGlobal('fetch', fetchMock);
    renderFrame();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('img')).toBeNull();
  });
});
