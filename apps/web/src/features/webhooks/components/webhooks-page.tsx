import { useState } from 'react';
import { webhookLimits } from '@cellforge/contracts';
import { Page } from '@/components/layout/page';
import { Card } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { useWebhookEndpoints } from '../api/webhooks';
import { CreateEndpointForm } from './create-endpoint-form';
import { EndpointCard } from './endpoint-card';
import { SecretBox } from './secret-box';

/** /settings/webhooks: a signed-in user's endpoints, their health and deliveries (docs/webhooks.md). */
export function WebhooksPage() {
  const endpoints = useWebhookEndpoints();
  const [created, setCreated] = useState<{ secret: string; url: string } | null>(null);
  const list = endpoints.data ?? [];
  const full = list.length >= webhookLimits.endpointsPerUser;

  return (
    <Page
      title="Webhooks"
      lead="CellForge sends a signed JSON event to your HTTPS endpoints when something happens to you: a request for quote, a message, an accepted quote, a finished import or analysis. Failed deliveries are retried for about a day and a half."
    >
      <div className="grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <section aria-labelledby="add-endpoint-title">
          <Card className="p-5">
            <h2 id="add-endpoint-title" className="text-lg font-semibold text-slate-900 dark:text-white">
              Add an endpoint
            </h2>
            <div className="mt-4">
              {full ? (
                <p className="text-sm text-slate-700 dark:text-slate-300">You have {webhookLimits.endpointsPerUser} endpoints, the most there can be. Delete one to add another.</p>
              ) : (
                <CreateEndpointForm onCreated={(secret, url) => setCreated({ secret, url })} />
              )}
            </div>
          </Card>
        </section>
        <section aria-labelledby="endpoints-title" className="space-y-4">
          <h2 id="endpoints-title" className="text-lg font-semibold text-slate-900 dark:text-white">
            Your endpoints
          </h2>
          {created ? (
            <SecretBox
              secret={created.secret}
              title={`Endpoint added: ${created.url}`}
              note="This is its signing secret, shown once here (Reveal secret shows it again). Verify each delivery's CellForge-Signature header with it."
              onDone={() => setCreated(null)}
            />
          ) : null}
          <QueryState
            error={endpoints.error}
            isPending={endpoints.isPending}
            isRefetching={endpoints.isRefetching}
            onRetry={() => void endpoints.refetch()}
            loadingLabel="Loading endpoints"
            connectionMessage="Your endpoints could not be loaded. Check your connection and try again."
          />
          {endpoints.data && !list.length ? <p className="text-sm text-slate-600 dark:text-slate-400">No endpoints yet. Add one to start receiving events.</p> : null}
          {list.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} />
          ))}
        </section>
      </div>
    </Page>
  );
}
