import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FormActions } from './form-actions';
import { FormAlert } from './form-alert';

describe('FormAlert', () => {
  it('shows the message as an alert, and nothing without one', () => {
    const { rerender } = render(<FormAlert message={null} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    rerender(<FormAlert message="You already list this model. Edit the existing listing instead." />);
    expect(screen.getByRole('alert')).toHaveTextContent('You already list this model. Edit the existing listing instead.');
  });
});

describe('FormActions', () => {
  it('submits the form with the submit button and only calls onCancel with Cancel', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: FormEvent) => event.preventDefault());
    const onCancel = vi.fn();
    render(
      <form onSubmit={onSubmit}>
        <FormActions submitLabel="Save changes" submitting={false} onCancel={onCancel} />
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('shows Loading... on a disabled submit button while submitting', () => {
    render(<FormActions submitLabel="Save changes" submitting onCancel={() => undefined} cancelLabel="Keep it" />);
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Keep it' })).toBeEnabled();
  });
});
