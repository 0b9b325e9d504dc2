import { apiKeyScopeInfo, apiKeyScopes, type ApiKeyCreated, type ApiKeyScope } from '@cellforge/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Select } from '@/components/ui/select';
import { errorMessageOf } from '@/lib/api-answer';
import { isApiError } from '@/lib/api-client';
import { useCreateApiKey } from '../api/api-keys';

const expiryOptions = [
  { value: '', label: 'Never' },
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
  { value: '365', label: 'In 1 year' },
] as const;

/** Name, scopes and expiry of a new key; `onCreated` gets the secret (shown once). */
export function CreateKeyForm({ onCreated }: { onCreated: (created: ApiKeyCreated) => void }) {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [expiry, setExpiry] = useState('');
  const [errors, setErrors] = useState<{ name?: string; scopes?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const scopesId = useId();

  const toggle = (scope: ApiKeyScope, on: boolean) => setScopes((current) => (on ? [...current, scope] : current.filter((s) => s !== scope)));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next = { name: name.trim() ? undefined : 'Name the key', scopes: scopes.length ? undefined : 'Choose at least one scope' };
    setErrors(next);
    setFormError(null);
    if (next.name || next.scopes) return;
    try {
      const created = await create.mutateAsync({ name: name.trim(), scopes, expires_in_days: expiry ? Number(expiry) : null });
      setName('');
      setScopes([]);
      setExpiry('');
      onCreated(created);
    } catch (error) {
      const details = isApiError(error) ? error.details : undefined;
      setErrors({ name: details?.name?.join(' '), scopes: details?.scopes?.join(' ') });
      setFormError(errorMessageOf(error, 'The key could not be created. Please try again.'));
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-5" aria-labelledby="create-key-heading">
      <h2 id="create-key-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        Create a key
      </h2>
      <FormAlert message={formError} />
      <Field label="Name" required error={errors.name} hint="Say where the key is used, e.g. “ERP offer sync”.">
        <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={80} autoComplete="off" />
      </Field>
      <fieldset aria-describedby={errors.scopes ? `${scopesId}-error` : undefined} aria-invalid={errors.scopes ? true : undefined}>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
          Scopes
          <span aria-hidden="true" className="ml-0.5 text-red-700 dark:text-red-400">
            *
          </span>
        </legend>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">The key acts as you, but only for what you tick here.</p>
        <div className="mt-3 grid gap-2 sm:grid-cols-2">
          {apiKeyScopes.map((scope) => (
            <label
              key={scope}
              className="flex cursor-pointer gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-orange-600 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-orange-600 dark:border-slate-600 dark:has-[:checked]:border-orange-400"
            >
              <input
                type="checkbox"
                className="mt-1 h-4 w-4 shrink-0 accent-orange-600"
                checked={scopes.includes(scope)}
                onChange={(e) => toggle(scope, e.target.checked)}
              />
              <span className="min-w-0">
                <span className="block text-sm font-semibold text-slate-900 dark:text-white">{apiKeyScopeInfo[scope].label}</span>
                <code className="text-xs text-slate-600 dark:text-slate-400">{scope}</code>
                <span className="mt-0.5 block text-sm text-slate-700 dark:text-slate-300">{apiKeyScopeInfo[scope].description}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.scopes ? (
          <p id={`${scopesId}-error`} className="mt-2 text-sm font-medium text-red-700 dark:text-red-400">
            {errors.scopes}
          </p>
        ) : null}
      </fieldset>
      <Field label="Expires" hint="A key that expires stops working on its own.">
        <Select value={expiry} onChange={(e) => setExpiry(e.target.value)} options={expiryOptions} className="sm:max-w-xs" />
      </Field>
      <Button type="submit" loading={create.isPending}>
        Create key
      </Button>
    </form>
  );
}
