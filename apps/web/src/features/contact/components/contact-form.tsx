import { contactRequestSchema } from '@cellforge/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { FormAlert } from '@/components/ui/form-alert';
import { isApiError } from '@/lib/api-client';
import { useSendContactMessage } from '../api/send-contact-message';

type ContactValues = z.input<typeof contactRequestSchema>;
type ContactOutput = z.output<typeof contactRequestSchema>;

const FIELDS = ['name', 'email', 'company', 'subject', 'message'] as const;
const EMPTY: ContactValues = { name: '', email: '', company: '', subject: '', message: '' };

export const CONTACT_SENT_MESSAGE = 'Thanks — your message has been sent.';
export const CONTACT_FAILED_MESSAGE = 'Your message could not be sent. Please try again.';

export function ContactForm() {
  const sendMessage = useSendContactMessage();
  const [sent, setSent] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactValues, unknown, ContactOutput>({
    resolver: zodResolver(contactRequestSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async (values) => {
    setSent(false);
    setFormError(null);
    try {
      await sendMessage.mutateAsync(values);
      reset(EMPTY);
      setSent(true);
    } catch (error) {
      if (isApiError(error)) {
        for (const [field, messages] of Object.entries(error.details ?? {})) {
          if ((FIELDS as readonly string[]).includes(field) && messages.length > 0) {
            setError(field as (typeof FIELDS)[number], { type: 'server', message: messages.join(' ') });
          }
        }
      }
      setFormError(isApiError(error) && error.fromServer ? error.message : CONTACT_FAILED_MESSAGE);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Contact form">
      <div role="status" aria-live="polite">
        {sent ? (
          <p className="rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100">
            {CONTACT_SENT_MESSAGE}
          </p>
        ) : null}
      </div>
      <FormAlert message={formError} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Name" error={errors.name?.message} required>
          <Input autoComplete="name" {...register('name')} />
        </Field>
        <Field label="Email" error={errors.email?.message} required>
          <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
        </Field>
      </div>
      <Field label="Company" error={errors.company?.message} optional>
        <Input autoComplete="organization" {...register('company')} />
      </Field>
      <Field label="Subject" error={errors.subject?.message} required>
        <Input {...register('subject')} />
      </Field>
      <Field label="Message" error={errors.message?.message} hint="At least 10 characters." required>
        <Textarea rows={6} {...register('message')} />
      </Field>
      <Button type="submit" size="lg" loading={isSubmitting}>
        Send message
      </Button>
    </form>
  );
}
