import { useState } from 'react';
import type { WebhookEndpoint } from '@cellforge/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cardClasses } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { InlineAlert } from '@/components/ui/inline-alert';
import { errorMessageOf } from '@/lib/api-answer';
import { cn } from '@/lib/cn';
import { useDeleteWebhookEndpoint, useSendTestEvent, useUpdateWebhookEndpoint, useWebhookSecret } from '../api/webhooks';
import { DeliveriesTable } from './deliveries-table';
import { formatDateTime } from './event-labels';
import { SecretBox } from './secret-box';

function StatusBadge({ endpoint }: { endpoint: WebhookEndpoint }) {
  if (endpoint.status === 'disabled') return <Badge>Paused</Badge>;
  if (endpoint.status === 'failing') {
    return <Badge tone="danger">Failing since {endpoint.failing_since ? formatDateTime(endpoint.failing_since) : 'recently'}</Badge>;
  }
  return <Badge tone="success">Healthy</Badge>;
}

/** One endpoint: its URL, health and events, its actions and (on demand) its deliveries. */
export function EndpointCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [showDeliveries, setShowDeliveries] = useState(false);
  const [secret, setSecret] = useState<{ value: string; rotated: boolean } | null>(null);
  const [confirm, setConfirm] = useState<'delete' | 'rotate' | null>(null);
  const [sent, setSent] = useState(false);
  const update = useUpdateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const secretCall = useWebhookSecret();
  const ping = useSendTestEvent();
  const deliveriesId = `deliveries-${endpoint.id}`;

  const getSecret = (rotate: boolean) =>
    secretCall.mutate(
      { id: endpoint.id, rotate },
      {
        onSuccess: (value) => {
          setSecret({ value, rotated: rotate });
          setConfirm(null);
        },
      },
    );
  const error = [update.error, secretCall.error, ping.error].find(Boolean);

  return (
    <article aria-labelledby={`${deliveriesId}-title`} className={cn(cardClasses, 'space-y-4 p-5')}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={`${deliveriesId}-title`} className="font-mono text-sm font-semibold break-all text-slate-900 dark:text-white">{endpoint.url}</h3>
          {endpoint.description ? <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{endpoint.description}</p> : null}
        </div>
        <StatusBadge endpoint={endpoint} />
      </div>
      <ul aria-label="Events" className="flex flex-wrap gap-2">
        {endpoint.events.map((event) => (
          <li key={event}>
            <Badge tone="brand" className="font-mono">
              {event}
            </Badge>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          loading={ping.isPending}
          disabled={!endpoint.enabled}
          onClick={() => ping.mutate(endpoint.id, { onSuccess: () => { setSent(true); setShowDeliveries(true); } })}
        >
          Send test event
        </Button>
        <Button size="sm" variant="outline" aria-expanded={showDeliveries} aria-controls={deliveriesId} onClick={() => setShowDeliveries((v) => !v)}>
          {showDeliveries ? 'Hide deliveries' : 'Deliveries'}
        </Button>
        <Button size="sm" variant="outline" loading={secretCall.isPending && !secretCall.variables.rotate} onClick={() => getSecret(false)}>
          Reveal secret
        </Button>
        <Button size="sm" variant="outline" onClick={() => setConfirm('rotate')}>
          Rotate secret
        </Button>
        <Button size="sm" variant="ghost" loading={update.isPending} onClick={() => update.mutate({ id: endpoint.id, input: { enabled: !endpoint.enabled } })}>
          {endpoint.enabled ? 'Pause' : 'Enable'}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setConfirm('delete')}>
          Delete
        </Button>
      </div>
      <FormAlert message={error ? errorMessageOf(error, 'That did not work. Try again.') : null} />
      {sent && !ping.isPending ? <InlineAlert tone="success" title="Test event queued: it shows in the deliveries below within a few seconds." /> : null}
      {secret ? (
        <SecretBox
          secret={secret.value}
          title={secret.rotated ? 'New signing secret' : 'Signing secret'}
          note={secret.rotated ? 'Deliveries from now on are signed with this secret; the old one no longer verifies. Update your receiver.' : 'Verify each delivery’s CellForge-Signature with it. Keep it out of your code repository.'}
          onDone={() => setSecret(null)}
        />
      ) : null}
      {showDeliveries ? <DeliveriesTable endpointId={endpoint.id} id={deliveriesId} /> : null}
      <ConfirmDialog
        open={confirm === 'rotate'}
        title="Rotate the signing secret?"
        description="A new secret replaces this one at once: deliveries signed from now on verify only with the new secret."
        confirmLabel="Rotate secret"
        busy={secretCall.isPending}
        error={secretCall.error ? errorMessageOf(secretCall.error, 'The secret could not be rotated.') : null}
        onConfirm={() => getSecret(true)}
        onClose={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        title="Delete this endpoint?"
        description={`${endpoint.url} stops receiving events, and its deliveries are deleted with it.`}
        confirmLabel="Delete endpoint"
        busy={remove.isPending}
        error={remove.error ? errorMessageOf(remove.error, 'The endpoint could not be deleted.') : null}
        onConfirm={() => remove.mutate(endpoint.id, { onSuccess: () => setConfirm(null) })}
        onClose={() => setConfirm(null)}
      />
    </article>
  );
}
