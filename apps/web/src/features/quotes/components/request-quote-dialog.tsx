import { createQuoteRequestSchema, MAX_QUOTE_QUANTITY, quoteTimelineLabels, quoteTimelines, type QuoteRequestCreated } from '@cellforge/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { Button, buttonClasses } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { FormActions } from '@/components/ui/form-actions';
import { FormAlert } from '@/components/ui/form-alert';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { robotName } from '@/lib/robot-format';
import { useServerForm } from '@/lib/use-server-form';
import { useCreateQuoteRequest } from '../api/quotes';
import type { RequestQuoteProps } from './request-quote';

export const QUOTE_FAILED_MESSAGE = 'Your request could not be sent. Please try again.';

const formSchema = z.object({
  quantity: z.coerce.number<string>({ message: 'Enter how many robots you need' }).pipe(createQuoteRequestSchema.shape.quantity),
  timeline: createQuoteRequestSchema.shape.timeline,
  project_id: z.string(),
  notes: z.string().trim().max(5000, { message: 'Notes must be at most 5000 characters' }),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

const timelineOptions = quoteTimelines.map((value) => ({ value, label: quoteTimelineLabels[value] }));

/** The request form (its own chunk: loaded when "Request a quote" is pressed). */
export default function RequestQuoteDialog({
  robot,
  projectId,
  ProjectSelect,
  offer,
  onClose,
}: Pick<RequestQuoteProps, 'robot' | 'projectId' | 'ProjectSelect' | 'offer'> & { onClose: () => void }) {
  const name = robotName(robot);
  const create = useCreateQuoteRequest();
  const [sent, setSent] = useState<QuoteRequestCreated | null>(null);
  const {
    register,
    watch,
    submit,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { quantity: '1', timeline: '1_3_months', project_id: projectId ?? '', notes: '' },
    fields: ['quantity', 'timeline', 'project_id', 'notes'],
    onValid: async (values) => {
      setSent(
        await create.mutateAsync({
          robot_id: robot.id,
          ...(offer ? { offer_id: offer.id } : {}),
          quantity: values.quantity,
          timeline: values.timeline,
          notes: values.notes,
          ...(values.project_id ? { project_id: values.project_id } : {}),
        }),
      );
    },
    failureMessage: QUOTE_FAILED_MESSAGE,
  });

  return (
    <Dialog open onClose={onClose} title="Request a quote" description={offer ? <>For the {name}, from {offer.supplierName}.</> : <>For the {name}.</>}>
      {sent ? (
        <div role="status" className="space-y-4">
          <p className="flex items-start gap-2 rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100">
            <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            {sent.message}
          </p>
          <div className="flex flex-wrap gap-3">
            <Link to={paths.messages.getHref()} className={buttonClasses()}>
              Open your messages
            </Link>
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4" aria-label={`Request a quote for the ${name}`}>
          <FormAlert message={formError} />
          {formError && formError.includes('already asked') ? (
            <p className="text-sm">
              <Link to={paths.messages.getHref()} className="font-medium text-orange-800 underline dark:text-orange-300">
                See your messages
              </Link>
            </p>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Quantity" required error={errors.quantity?.message}>
              <Input type="number" inputMode="numeric" min={1} max={MAX_QUOTE_QUANTITY} step={1} {...register('quantity')} />
            </Field>
            <Field label="When do you need them?" required error={errors.timeline?.message}>
              <Select options={timelineOptions} {...register('timeline')} />
            </Field>
          </div>
          <Field label="Project" optional hint="Its requirements (payload, reach, cycle time, budget) travel with the request." error={errors.project_id?.message}>
            {/* Controlled: the projects load after the form, and the pre-selected one must show once they do. */}
            <ProjectSelect {...register('project_id')} value={watch('project_id')} />
          </Field>
          <Field label="Notes" optional error={errors.notes?.message}>
            <Textarea rows={4} placeholder="Delivery site, tooling, service or training you need…" {...register('notes')} />
          </Field>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Every supplier who sells this model gets your request with your name, company and e-mail. When none does, it is open
            to all suppliers and integrators on CellForge, showing your name and company only until one of them answers.
          </p>
          <FormActions submitLabel="Send request" submitting={isSubmitting} onCancel={onClose} />
        </form>
      )}
    </Dialog>
  );
}
