import { useState, type FormEvent } from 'react';
import { createWebhookEndpointSchema, webhookEventTypes, webhookLimits, type WebhookEventType } from '@cellforge/contracts';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { isApiError } from '@/lib/api-client';
import { errorMessageOf } from '@/lib/api-answer';
import { useCreateWebhookEndpoint } from '../api/webhooks';
import { EVENT_LABELS } from './event-labels';

type Errors = Partial<Record<'url' | 'events' | 'description', string>>;

/** URL, description and the events to send; the secret comes back once, to `onCreated`. */
export function CreateEndpointForm({ onCreated }: { onCreated: (secret: string, url: string) => void }) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateWebhookEndpoint();

  const toggle = (event: WebhookEventType, on: boolean) => setEvents((list) => (on ? [...list, event] : list.filter((e) => e !== event)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = createWebhookEndpointSchema.safeParse({ url, events, description });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof Errors;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (answer) => {
        onCreated(answer.secret, answer.data.url);
        setUrl('');
        setDescription('');
        setEvents([]);
      },
      onError: (err) => {
        if (isApiError(err) && err.details) {
          setErrors({ url: err.details.url?.[0], events: err.details.events?.[0], description: err.details.description?.[0] });
        }
      },
    });
  };

  const serverError = create.error && !(isApiError(create.error) && create.error.details) ? errorMessageOf(create.error, 'The endpoint could not be added. Try again.') : null;

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <Field label="Endpoint URL" required error={errors.url} hint="Where CellForge sends a signed POST, e.g. https://crm.example.com/cellforge">
        <Input type="url" inputMode="url" autoComplete="off" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://" maxLength={webhookLimits.urlMaxLength} />
      </Field>
      <Field label="Description" optional error={errors.description}>
        <Input value={description} onChange={(e) => setDescription(e.target.value)} maxLength={webhookLimits.descriptionMaxLength} placeholder="CRM sync" />
      </Field>
      <fieldset aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
          Events
          <span aria-hidden="true" className="ml-0.5 text-red-700 dark:text-red-400">
            *
          </span>
        </legend>
        <div className="mt-2 space-y-2">
          {webhookEventTypes.map((event) => (
            <label key={event} className="flex cursor-pointer items-start gap-3 rounded-lg p-1 text-sm text-slate-800 dark:text-slate-200">
              <input
                type="checkbox"
                className="mt-0.5 h-4 w-4 shrink-0 accent-orange-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 dark:accent-orange-500"
                checked={events.includes(event)}
                onChange={(e) => toggle(event, e.target.checked)}
              />
              <span>
                <code className="font-mono text-xs font-semibold">{event}</code>
                <span className="block text-slate-600 dark:text-slate-400">{EVENT_LABELS[event]}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.events ? (
          <p id="webhook-events-error" className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-400">
            {errors.events}
          </p>
        ) : null}
      </fieldset>
      <FormAlert message={serverError} />
      <Button type="submit" loading={create.isPending}>
        Add endpoint
      </Button>
    </form>
  );
}
