import { apiKeyScopeInfo, type ApiKey, type ApiKeyCreated } from '@cellforge/contracts';
import { KeyRound, Trash2 } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Page } from '@/components/layout/page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cardClasses } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, QueryErrorState } from '@/components/ui/state-message';
import { errorMessageOf } from '@/lib/api-answer';
import { cn } from '@/lib/cn';
import { useApiKeys, useRevokeApiKey } from '../api/api-keys';
import { CreateKeyForm } from './create-key-form';
import { NewKeySecret } from './new-key-secret';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const formatDate = (iso: string | null, none: string) => (iso ? dateFormat.format(new Date(iso)) : none);

const statusBadge: Record<ApiKey['status'], { label: string; tone: 'success' | 'warning' | 'danger' }> = {
  active: { label: 'Active', tone: 'success' },
  expired: { label: 'Expired', tone: 'warning' },
  revoked: { label: 'Revoked', tone: 'danger' },
};

/** /settings/api-keys: create, list and revoke the signed-in user's API keys (issue 17). */
export function ApiKeysPage() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [revokeError, setRevokeError] = useState<string | null>(null);

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      toast.success(`The key “${revoking.name}” is revoked`);
      setRevoking(null);
    } catch (error) {
      setRevokeError(errorMessageOf(error, 'The key could not be revoked. Please try again.'));
    }
  };

  return (
    <Page
      title="API keys"
      lead={
        <p>
          Keys let your own systems use CellForge as you: a product database pushing offers, a CRM reading requests for quote. Each key reaches only
          what its scopes allow and is sent as <code className="rounded bg-slate-100 px-1 text-base dark:bg-slate-800">Authorization: Bearer cfk_…</code>.
        </p>
      }
    >
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
        <div className="space-y-6">
          {created ? <NewKeySecret key={created.data.id} created={created} onDone={() => setCreated(null)} /> : null}
          <div className={cardClasses}>
            <CreateKeyForm onCreated={setCreated} />
          </div>
        </div>
        <section aria-labelledby="keys-heading">
          <h2 id="keys-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
            Your keys
          </h2>
          <div className="mt-4">
            {keys.isPending ? (
              <div role="status" aria-label="Loading keys" className="space-y-3">
                <Skeleton className="h-32 rounded-2xl" />
              </div>
            ) : keys.isError ? (
              <QueryErrorState title="Your keys could not be loaded" query={keys} />
            ) : keys.data.length === 0 ? (
              <EmptyState title="No keys yet">
                <p>Create a key to connect another system. You can revoke it at any time.</p>
              </EmptyState>
            ) : (
              <ul className="space-y-3">
                {keys.data.map((key) => (
                  <KeyItem key={key.id} apiKey={key} onRevoke={() => (setRevokeError(null), setRevoking(key))} />
                ))}
              </ul>
            )}
          </div>
        </section>
      </div>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this key?"
        description={
          revoking
            ? `“${revoking.name}” (${revoking.prefix}…) stops working at once: every system that uses it gets 401 from its next request. This cannot be undone.`
            : ''
        }
        confirmLabel="Revoke key"
        onConfirm={() => void confirmRevoke()}
        onClose={() => setRevoking(null)}
        busy={revoke.isPending}
        error={revokeError}
      />
    </Page>
  );
}

function KeyItem({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: () => void }) {
  const status = statusBadge[apiKey.status];
  const active = apiKey.status === 'active';
  return (
    <li className={cn(cardClasses, 'p-5', !active && 'opacity-80')}>
      <article aria-label={`API key ${apiKey.name}`}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="flex items-center gap-2 break-words text-lg font-semibold text-slate-900 dark:text-white">
              <KeyRound className="h-4 w-4 shrink-0 text-slate-500 dark:text-slate-400" aria-hidden="true" />
              {apiKey.name}
            </h3>
            <p className="font-mono text-sm text-slate-700 dark:text-slate-300">{apiKey.prefix}…</p>
          </div>
          <Badge tone={status.tone}>{status.label}</Badge>
        </div>
        <ul aria-label="Scopes" className="mt-3 flex flex-wrap gap-2">
          {apiKey.scopes.map((scope) => (
            <li key={scope}>
              <Badge tone="neutral" title={apiKeyScopeInfo[scope].description}>
                {apiKeyScopeInfo[scope].label}
              </Badge>
            </li>
          ))}
        </ul>
        <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Created</dt>
            <dd className="text-slate-900 dark:text-slate-100">{formatDate(apiKey.created_at, '')}</dd>
          </div>
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Last used</dt>
            <dd className="text-slate-900 dark:text-slate-100">{apiKey.last_used_at ? dateTimeFormat.format(new Date(apiKey.last_used_at)) : 'Never'}</dd>
          </div>
          <div>
            <dt className="text-slate-600 dark:text-slate-400">{apiKey.status === 'revoked' ? 'Revoked' : apiKey.status === 'expired' ? 'Expired' : 'Expires'}</dt>
            <dd className="text-slate-900 dark:text-slate-100">
              {apiKey.status === 'revoked' ? formatDate(apiKey.revoked_at, '') : formatDate(apiKey.expires_at, 'Never')}
            </dd>
          </div>
        </dl>
        {active ? (
          <div className="mt-4">
            <Button variant="ghost" size="sm" onClick={onRevoke}>
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              Revoke{' '}<span className="sr-only">key {apiKey.name}</span>
            </Button>
          </div>
        ) : null}
      </article>
    </li>
  );
}
