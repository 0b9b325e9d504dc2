import { quoteCurrencies, sendMessageSchema, sendQuoteSchema, type SendQuoteRequest } from '@cellforge/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Field, Input } from '@/components/ui/field';
import { FormActions } from '@/components/ui/form-actions';
import { FormAlert } from '@/components/ui/form-alert';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useServerForm } from '@/lib/use-server-form';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const currencyOptions = quoteCurrencies.map((c) => ({ value: c, label: c }));

const quoteFields = {
  price: z.coerce.number<string>({ message: 'Enter a price' }).pipe(sendQuoteSchema.shape.price),
  currency: sendQuoteSchema.shape.currency,
  valid_until: sendQuoteSchema.shape.valid_until,
  notes: z.string().trim().max(5000, { message: 'Notes must be at most 5000 characters' }),
};
const withMessage = z.object({ message: sendMessageSchema.shape.body, ...quoteFields });
const quoteOnly = z.object({ message: z.string(), ...quoteFields });
type FormInput = z.input<typeof withMessage>;
type FormOutput = z.output<typeof withMessage>;

export interface QuoteFormProps {
  /** A first message goes with the quote (answering an open request). */
  withMessageField?: boolean;
  submitLabel: string;
  onSubmit: (values: { message: string; quote: SendQuoteRequest }) => Promise<unknown>;
  onCancel: () => void;
}

/** Price, currency, validity and notes of a quote (a seller's form). */
export function QuoteForm({ withMessageField = false, submitLabel, onSubmit, onCancel }: QuoteFormProps) {
  const {
    register,
    submit,
    formError,
    reset,
    formState: { errors, isSubmitting },
  } = useServerForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(withMessageField ? withMessage : quoteOnly),
    defaultValues: { message: '', price: '', currency: 'USD', valid_until: inDays(30), notes: '' },
    fields: ['message', 'price', 'currency', 'valid_until', 'notes'],
    onValid: async (values) => {
      await onSubmit({
        message: values.message,
        quote: { price: values.price, currency: values.currency, valid_until: values.valid_until, notes: values.notes },
      });
      reset();
    },
    failureMessage: 'The quote could not be sent. Please try again.',
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Quote">
      <FormAlert message={formError} />
      {withMessageField ? (
        <Field label="Message" required error={errors.message?.message}>
          <Textarea rows={3} placeholder="What you can offer: delivery, integration, service…" {...register('message')} />
        </Field>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Field label="Price per robot" required error={errors.price?.message}>
          <Input type="number" inputMode="numeric" min={1} step={1} {...register('price')} />
        </Field>
        <Field label="Currency" required error={errors.currency?.message}>
          <Select options={currencyOptions} {...register('currency')} />
        </Field>
      </div>
      <Field label="Valid until" required error={errors.valid_until?.message}>
        <Input type="date" min={inDays(0)} {...register('valid_until')} />
      </Field>
      <Field label="What the price includes" optional error={errors.notes?.message}>
        <Textarea rows={3} placeholder="Controller, teach pendant, delivery, warranty…" {...register('notes')} />
      </Field>
      <FormActions submitLabel={submitLabel} submitting={isSubmitting} onCancel={onCancel} />
    </form>
  );
}
