import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError } from '@/lib/lazy-route';
import { ErrorBoundary } from './error-boundary';
import { GlobalErrorScreen } from './global-error-screen';

function Boom(): never {
  throw new Error('kaboom');
}

describe('GlobalErrorScreen', () => {
  it('shows the spec texts and wires both buttons', async () => {
    const onReload = vi.fn();
    const onGoHome = vi.fn();
    render(<GlobalErrorScreen error={new Error('x')} onReload={onReload} onGoHome={onGoHome} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Oops! Something went wrong' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(onReload).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Go Home' }));
    expect(onGoHome).toHaveBeenCalledTimes(1);
  });

  it('explains a ChunkLoadError', () => {
    render(<GlobalErrorScreen error={new ChunkLoadError('failed')} />);
    expect(screen.getByText(/Part of the app could not be loaded/)).toBeInTheDocument();
  });

  it('is what ErrorBoundary renders when a child throws', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Home' })).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('Unhandled render error', expect.any(Error), expect.anything());
  });
});
