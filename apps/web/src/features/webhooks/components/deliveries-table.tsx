import type { WebhookDelivery } from '@cellforge/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { LoadingState } from '@/components/ui/query-state';
import { errorMessageOf } from '@/lib/api-answer';
import { useReplayDelivery, useWebhookDeliveries } from '../api/webhooks';
import { formatDateTime } from './event-labels';

const STATUS: Record<WebhookDelivery['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'warning' },
  delivered: { label: 'Delivered', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

function lastAnswer(d: WebhookDelivery): string {
  if (d.last_status_code !== null && d.last_error === null) return String(d.last_status_code);
  if (d.last_status_code !== null) return `${d.last_status_code}: ${d.last_error ?? ''}`;
  return d.last_error ?? (d.attempts ? '—' : 'Not sent yet');
}

/** The latest deliveries of one endpoint: event, status, attempts, last answer, next attempt, Replay. */
export function DeliveriesTable({ endpointId, id }: { endpointId: string; id: string }) {
  const deliveries = useWebhookDeliveries(endpointId);
  const replay = useReplayDelivery();
  if (deliveries.isPending) return <LoadingState label="Loading deliveries" />;
  if (deliveries.error) return <FormAlert message={errorMessageOf(deliveries.error, 'The deliveries could not be loaded.')} />;
  const list = deliveries.data;
  if (!list.length) return <p className="text-sm text-slate-600 dark:text-slate-400">No deliveries yet. Send a test event to try the endpoint.</p>;
  return (
    <div className="space-y-3">
      <FormAlert message={replay.error ? errorMessageOf(replay.error, 'The delivery could not be replayed.') : null} />
      {/* Scrolls sideways on a phone; focusable so the keyboard can scroll it. */}
      <div id={id} role="region" aria-label="Deliveries" tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-orange-600 dark:border-slate-800">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">The latest {list.length} deliveries, newest first</caption>
          <thead className="bg-slate-50 text-xs text-slate-700 uppercase dark:bg-slate-800 dark:text-slate-300">
            <tr>
              <th scope="col" className="px-3 py-2">Event, created</th>
              <th scope="col" className="px-3 py-2">Status</th>
              <th scope="col" className="px-3 py-2">Attempts</th>
              <th scope="col" className="px-3 py-2">Last answer</th>
              <th scope="col" className="px-3 py-2">Next attempt</th>
              <th scope="col" className="px-3 py-2"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {list.map((d) => (
              <tr key={d.id} className="text-slate-800 dark:text-slate-200">
                <td className="px-3 py-2">
                  <span className="block font-mono text-xs">{d.event_type}</span>
                  <span className="block text-xs text-slate-600 dark:text-slate-400">{formatDateTime(d.created_at)}</span>
                </td>
                <td className="px-3 py-2">
                  <Badge tone={STATUS[d.status].tone}>{STATUS[d.status].label}</Badge>
                </td>
                <td className="px-3 py-2">{d.attempts}</td>
                <td className="max-w-64 px-3 py-2 break-words">{lastAnswer(d)}</td>
                <td className="px-3 py-2">{d.next_attempt_at ? formatDateTime(d.next_attempt_at) : '—'}</td>
                <td className="px-3 py-2 text-right">
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Replay ${d.event_type} of ${formatDateTime(d.created_at)}`}
                    loading={replay.isPending && replay.variables.deliveryId === d.id}
                    onClick={() => replay.mutate({ endpointId, deliveryId: d.id })}
                  >
                    Replay
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
