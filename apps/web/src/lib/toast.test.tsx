import { act, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
import { ThemeProvider } from './theme';
import { AppToaster, TOAST_CLASS, TOAST_CONTAINER_TOP_PX, TOAST_DURATIONS_MS, TOAST_LIMIT, TOAST_POSITION, toastOptions } from './toast';

describe('toasts', () => {
  it('uses the decided durations and position', () => {
    expect(TOAST_DURATIONS_MS).toEqual({ success: 2000, error: 4000, loading: Infinity });
    expect(toastOptions.success?.duration).toBe(2000);
    expect(toastOptions.error?.duration).toBe(4000);
    expect(toastOptions.loading?.duration).toBe(Infinity);
    expect(TOAST_POSITION).toBe('top-right');
  });

  it(`shows at most ${TOAST_LIMIT} toasts at once (react-hot-toast's own limit)`, () => {
    render(
      <ThemeProvider>
        <AppToaster />
      </ThemeProvider>,
    );
    act(() => {
      for (let index = 1; index <= 25; index += 1) toast(`Toast ${index}`);
    });
    expect(TOAST_LIMIT).toBe(20);
    expect(screen.getAllByRole('status')).toHaveLength(20);
    // The newest stay, the oldest go.
    expect(screen.getByText('Toast 25')).toBeInTheDocument();
    expect(screen.queryByText('Toast 5')).not.toBeInTheDocument();
  });

  it('keeps toasts below the sticky header so they never cover its buttons', () => {
    render(
      <ThemeProvider>
        <AppToaster />
      </ThemeProvider>,
    );
    act(() => {
      toast('Project created');
    });
    expect(screen.getByText('Project created').closest(`.${TOAST_CLASS}`)).not.toBeNull();
    let node: HTMLElement | null = screen.getByText('Project created');
    while (node && node.style.position !== 'fixed') node = node.parentElement;
    expect(node?.style.top).toBe(`${TOAST_CONTAINER_TOP_PX}px`);
    expect(TOAST_CONTAINER_TOP_PX).toBeGreaterThanOrEqual(64 + 8);
  });
});
