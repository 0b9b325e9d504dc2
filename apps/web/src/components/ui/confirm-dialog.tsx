import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';
import { FormAlert } from './form-alert';

export interface ConfirmDialogProps {
  open: boolean;
  /** The question, e.g. "Delete this robot?". */
  title: string;
  /** What will happen, naming the thing it happens to. */
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onClose: () => void;
  /** The action is running: the confirm button shows Loading... and is disabled. */
  busy?: boolean;
  /** Why the last attempt failed; the dialog stays open so it can be tried again. */
  error?: string | null;
}

/** Asks before an action that cannot be undone; cancelling (button, Escape, backdrop) does nothing. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onClose,
  busy = false,
  error,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description}>
      <div className="space-y-4">
        <FormAlert message={error} />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="ghost" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
