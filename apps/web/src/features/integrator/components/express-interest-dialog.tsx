import { expressInterestSchema } from '@cellforge/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FormActions } from '@/components/ui/form-actions';
import { FormAlert } from '@/components/ui/form-alert';
import { Textarea } from '@/components/ui/textarea';
import { errorMessageOf } from '@/lib/api-answer';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { isInterestAlreadySent, useExpressInterest } from '../api/express-interest';
import type { Opportunity } from '../api/get-opportunities';

export const INTEREST_SENT_TOAST = 'Interest sent to the customer';
export const INTEREST_FAILED_MESSAGE = 'Your interest could not be sent. Please try again.';

type InterestFormValues = z.input<typeof expressInterestSchema>;

export interface ExpressInterestDialogProps {
  /** The project written about; the dialog is closed when null. */
  opportunity: Opportunity | null;
  onClose: () => void;
  /** The interest is with the customer (sent now, or found already sent). */
  onSent: (projectId: string) => void;
}

/** "Express interest": a short message that reaches the customer with the integrator's profile. */
export function ExpressInterestDialog({ opportunity, onClose, onSent }: ExpressInterestDialogProps) {
  return (
    <Dialog
      open={opportunity !== null}
      onClose={onClose}
      title="Express interest"
      description={opportunity ? <>In “{opportunity.project_name}”.</> : null}
    >
      {opportunity ? <InterestForm key={opportunity.id} opportunity={opportunity} onClose={onClose} onSent={onSent} /> : null}
    </Dialog>
  );
}

function InterestForm({ opportunity, onClose, onSent }: { opportunity: Opportunity; onClose: () => void; onSent: (projectId: string) => void }) {
  const expressInterest = useExpressInterest();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InterestFormValues>({ resolver: zodResolver(expressInterestSchema), defaultValues: { message: '' } });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await expressInterest.mutateAsync({ projectId: opportunity.id, message: values.message });
      toast.success(INTEREST_SENT_TOAST);
      onSent(opportunity.id);
    } catch (error) {
      if (isInterestAlreadySent(error)) {
        // A second click (another tab, a lost answer): the customer already has it, which is what was wanted.
        toast.success(errorMessageOf(error, 'You have already expressed interest in this project.'));
        onSent(opportunity.id);
        return;
      }
      applyServerFieldErrors<InterestFormValues>(error, ['message'], setError);
      setFormError(errorMessageOf(error, INTEREST_FAILED_MESSAGE));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Message to the customer">
      <FormAlert message={formError} />
      <Field
        label="Message to the customer"
        required
        error={errors.message?.message}
        hint="At least 10 characters. The customer sees it with your name, company, city and website, and contacts you."
      >
        <Textarea rows={5} placeholder="Similar cells you have built, when you could start, where you are based…" {...register('message')} />
      </Field>
      <FormActions submitLabel="Send interest" submitting={isSubmitting} onCancel={onClose} />
    </form>
  );
}
