import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

function renderConfirm(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  render(
    <ConfirmDialog
      open
      title="Delete this robot?"
      description="“ABB IRB 1200” will be removed from your catalog."
      confirmLabel="Delete robot"
      cancelLabel="Keep it"
      onConfirm={onConfirm}
      onClose={onClose}
      {...props}
    />,
  );
  return { onConfirm, onClose };
}

describe('ConfirmDialog', () => {
  it('names what it asks about, and confirms only with the confirm button', async () => {
    const user = userEvent.setup();
    const { onConfirm, onClose } = renderConfirm();
    const dialog = screen.getByRole('dialog', { name: 'Delete this robot?' });
    expect(dialog).toHaveAccessibleDescription('“ABB IRB 1200” will be removed from your catalog.');
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete robot' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('shows why the last attempt failed, and Loading... while it runs', () => {
    renderConfirm({ busy: true, error: 'Robots of the shared catalog are read-only.' });
    expect(screen.getByRole('alert')).toHaveTextContent('Robots of the shared catalog are read-only.');
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
  });
});
