import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { QueryErrorState } from './state-message';

describe('QueryErrorState', () => {
  it("shows the title and the server's message, and Retry refetches", async () => {
    const refetch = vi.fn();
    const error = new ApiError({ status: 503, message: 'The catalog is being updated', code: 'UNAVAILABLE', fromServer: true });
    render(<QueryErrorState title="Your leads could not be loaded" query={{ error, isFetching: false, refetch }} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Your leads could not be loaded');
    expect(alert).toHaveTextContent('The catalog is being updated');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('falls back to a generic message for an error without one', () => {
    render(<QueryErrorState title="Failed" query={{ error: new Error('x'), isFetching: true, refetch: () => undefined }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Please try again in a moment.');
  });
});
