import { act, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { positionsForFirstLoad } from './scroll-key';
import { SCROLL_POSITIONS_STORAGE_KEY, ScrollRestorer, useScrollRestoreHold } from './scroll-restoration';

// A catalog whose results arrive later: the skeleton holds the restore until they are rendered.
let arrive: () => void = () => undefined;
function SlowResults() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    arrive = () => setLoaded(true);
  }, []);
  useScrollRestoreHold(!loaded);
  return loaded ? (
    <ul aria-label="Robots">
      <li>FANUC CRX-25iA</li>
    </ul>
  ) : <p>Loading results</p>;
}

function Layout() {
  return (
    <>
      <Outlet />
      <ScrollRestorer />
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/', element: <Layout />, children: [{ path: 'catalog', element: <SlowResults /> }] }], {
    initialEntries: [path],
  });
  return render(<RouterProvider router={router} />);
}

function mockNavigationType(type: string) {
  vi.spyOn(performance, 'getEntriesByType').mockImplementation((kind: string) =>
    kind === 'navigation' ? ([{ type }] as unknown as PerformanceEntryList) : [],
  );
}

describe('ScrollRestorer', () => {
  let scrollTo: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    scrollTo = vi.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    window.scrollTo = () => undefined;
    sessionStorage.clear();
  });

  it('restores a reloaded catalog only once its results are rendered, not onto the loading skeleton', () => {
    // The buyer had scrolled the catalog 2,500 px down, then reloaded the page.
    sessionStorage.setItem(SCROLL_POSITIONS_STORAGE_KEY, JSON.stringify({ '/catalog?q=fanuc': 2500 }));
    mockNavigationType('reload');
    renderAt('/catalog?q=fanuc');
    expect(screen.getByText('Loading results')).toBeInTheDocument();
    expect(scrollTo).not.toHaveBeenCalledWith(0, 2500);
    act(() => arrive());
    expect(screen.getByRole('list', { name: 'Robots' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 2500);
  });

  it('drops the waiting position when the reader scrolls before the results arrive', () => {
    sessionStorage.setItem(SCROLL_POSITIONS_STORAGE_KEY, JSON.stringify({ '/catalog': 1800 }));
    mockNavigationType('reload');
    renderAt('/catalog');
    window.dispatchEvent(new WheelEvent('wheel', { deltaY: 120 }));
    act(() => arrive());
    expect(scrollTo).not.toHaveBeenCalledWith(0, 1800);
  });

  it('opens an address typed or followed from an e-mail at its top, even when it was scrolled earlier in this tab', () => {
    sessionStorage.setItem(SCROLL_POSITIONS_STORAGE_KEY, JSON.stringify({ '/catalog': 2500 }));
    mockNavigationType('navigate');
    renderAt('/catalog');
    act(() => arrive());
    expect(scrollTo).not.toHaveBeenCalledWith(0, 2500);
  });
});

describe('positionsForFirstLoad', () => {
  const saved = { '/catalog': 2500, '/compare?ids=a,b': 300, k3x9: 900 };
  const catalog = { key: 'default', pathname: '/catalog', search: '' };
  it('keeps every position for a reload and for Back or Forward onto a full load', () => {
    expect(positionsForFirstLoad(saved, catalog, 'reload')).toEqual(saved);
    expect(positionsForFirstLoad(saved, catalog, 'back_forward')).toEqual(saved);
  });
  it("forgets only the opened address's own position when it was typed, pasted or followed", () => {
    expect(positionsForFirstLoad(saved, catalog, 'navigate')).toEqual({ '/compare?ids=a,b': 300, k3x9: 900 });
    expect(positionsForFirstLoad(saved, catalog, undefined)).toEqual({ '/compare?ids=a,b': 300, k3x9: 900 });
    expect(saved['/catalog']).toBe(2500);
  });
});
