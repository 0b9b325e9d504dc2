import { integratorSettingsSchema, type IntegratorSettings } from '@cellforge/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { FormActions } from '@/components/ui/form-actions';
import { InlineAlert } from '@/components/ui/inline-alert';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { serverMessageOf } from '@/lib/query-errors';
import { MESSAGES } from '@/lib/integrator-messages';
import { LoadingState } from '@/components/ui/query-state';
import { useSaveSettings } from '../api/save-settings';
import { useSettings } from '../api/get-settings';

type SettingsInput = z.input<typeof integratorSettingsSchema>;
const FIELDS: readonly Path<SettingsInput>[] = ['company_name', 'phone', 'website', 'city'];

/** Blank fields are saved as null (the server keeps "nothing" as null, not ""). */
function toSettings(values: IntegratorSettings): IntegratorSettings {
  const clean = (value: string | null) => (value && value.trim() ? value.trim() : null);
  return { company_name: clean(values.company_name), phone: clean(values.phone), website: clean(values.website), city: clean(values.city) };
}

export function SettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Account Settings" description="Your company's details as customers see them.">
      {open ? <SettingsBody onClose={onClose} /> : null}
    </Dialog>
  );
}

function SettingsBody({ onClose }: { onClose: () => void }) {
  const settings = useSettings();
  if (settings.isPending) return <LoadingState label="Loading settings" />;
  // A profile that cannot be read still gets an empty form: saving it is how it is created.
  return <SettingsForm initial={settings.data ?? null} loadError={settings.error} onClose={onClose} />;
}

function SettingsForm({ initial, loadError, onClose }: { initial: IntegratorSettings | null; loadError: unknown; onClose: () => void }) {
  const save = useSaveSettings();
  const [failure, setFailure] = useState<string | null | undefined>(undefined);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SettingsInput, unknown, IntegratorSettings>({
    resolver: zodResolver(integratorSettingsSchema),
    defaultValues: {
      company_name: initial?.company_name ?? '',
      phone: initial?.phone ?? '',
      website: initial?.website ?? '',
      city: initial?.city ?? '',
    },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await save.mutateAsync(toSettings(values));
      toast.success(MESSAGES.settingsSaved);
      onClose();
    } catch (error) {
      applyServerFieldErrors<SettingsInput>(error, FIELDS, setError);
      setFailure(serverMessageOf(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Account Settings">
      {loadError ? (
        <InlineAlert tone="warning" title="Your saved settings could not be loaded." detail={serverMessageOf(loadError)} />
      ) : null}
      {failure !== undefined ? <InlineAlert title={MESSAGES.settingsFailed} detail={failure} /> : null}
      <Field label="Company name" error={errors.company_name?.message}>
        <Input type="text" autoComplete="organization" {...register('company_name')} />
      </Field>
      <Field label="Phone" error={errors.phone?.message}>
        <Input type="tel" autoComplete="tel" {...register('phone')} />
      </Field>
      <Field label="Website" error={errors.website?.message} hint="For example https://example.com">
        <Input type="url" inputMode="url" autoComplete="url" {...register('website')} />
      </Field>
      <Field label="City" error={errors.city?.message}>
        <Input type="text" autoComplete="address-level2" {...register('city')} />
      </Field>
      <FormActions submitLabel="Save settings" submitting={isSubmitting} onCancel={onClose} />
    </form>
  );
}
