import { expressInterestSchema } from '@cellforge/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FormActions } from '@/components/ui/form-actions';
import { FormAlert } from '@/components/ui/form-alert';
import { Textarea } from '@/components/ui/textarea';
import { errorMessageOf } from '@/lib/api-answer';
import { useServerForm } from '@/lib/use-server-form';
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
  const {
    register,
    submit,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm<InterestFormValues>({
    resolver: zodResolver(expressInterestSchema),
    defaultValues: { message: '' },
    fields: ['message'],
    onValid: async (values) => {
      try {
        await expressInterest.mutateAsync({ projectId: opportunity.id, message: values.message });
      } catch (error) {
        if (!isInterestAlreadySent(error)) throw error;
        // A second click (another tab, a lost answer): the customer already has it, which is what was wanted.
        toast.success(errorMessageOf(error, 'You have already expressed interest in this project.'));
        onSent(opportunity.id);
        return;
      }
      toast.success(INTEREST_SENT_TOAST);
      onSent(opportunity.id);
    },
    failureMessage: INTEREST_FAILED_MESSAGE,
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
