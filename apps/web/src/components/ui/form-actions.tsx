import type { ReactNode } from 'react';
import { Button } from './button';

export interface FormActionsProps {
  /** The submit button's text, e.g. "Save changes". */
  submitLabel: ReactNode;
  /** The form is being sent: the submit button shows Loading... and is disabled. */
  submitting: boolean;
  onCancel: () => void;
  cancelLabel?: string;
}

/** The row under a dialog's form: Cancel (closes, sends nothing), then the submit button. */
export function FormActions({ submitLabel, submitting, onCancel, cancelLabel = 'Cancel' }: FormActionsProps) {
  return (
    <div className="flex flex-wrap justify-end gap-3">
      <Button variant="ghost" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" loading={submitting}>
        {submitLabel}
      </Button>
    </div>
  );
}
