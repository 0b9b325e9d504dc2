import type { BulkMappings, BulkParseResponse } from '@cellforge/contracts';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { InlineAlert } from '@/components/ui/inline-alert';
import { errorMessageOf } from '@/lib/api-answer';
import type { BulkUploadBasePath } from '../api/bulk-source';
import { useDeleteMapping, useSaveMapping, useSavedMappings } from '../api/saved-mappings';
import { applySavedMapping } from '../utils/bulk-fields';

export interface SavedMappingsProps {
  basePath: BulkUploadBasePath;
  parsed: BulkParseResponse;
  mappings: BulkMappings;
  /** A saved mapping chosen from the list, applied to this file's columns. */
  onApply: (mappings: BulkMappings) => void;
}

/**
 * Saved mappings (issue 14): apply one of the person's saved mappings to this file, save
 * the current one under a name (a name already used is replaced), or delete one. The
 * server applies a saved mapping by itself when a file has the same headers.
 */
export function SavedMappings({ basePath, parsed, mappings, onApply }: SavedMappingsProps) {
  const chooseId = useId();
  const nameId = useId();
  const saved = useSavedMappings(basePath);
  const save = useSaveMapping(basePath);
  const remove = useDeleteMapping(basePath);
  const list = saved.data?.mappings ?? [];
  const [chosen, setChosen] = useState<string>('');
  const [name, setName] = useState(parsed.saved_mapping?.name ?? '');
  const selected = list.find((m) => m.id === chosen) ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { name: name.trim(), columns: parsed.detected_columns, mappings },
      { onSuccess: (answer) => toast.success(`Mapping “${answer.name}” saved`) },
    );
  };

  return (
    <section aria-labelledby={`${chooseId}-title`} className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <h4 id={`${chooseId}-title`} className="text-sm font-semibold text-slate-900 dark:text-white">
        Saved mappings
      </h4>
      {list.length ? (
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1 basis-56">
            <label htmlFor={chooseId} className="block text-xs font-medium text-slate-700 dark:text-slate-300">
              Your mappings
            </label>
            <Select
              id={chooseId}
              className="mt-1"
              value={chosen}
              placeholder="Choose a saved mapping"
              options={list.map((m) => ({ value: m.id, label: m.name }))}
              onChange={(event) => setChosen(event.target.value)}
            />
          </div>
          <Button
            variant="outline"
            disabled={!selected}
            onClick={() => {
              if (!selected) return;
              const applied = applySavedMapping(parsed.detected_columns, selected);
              onApply(applied.mappings);
              toast.success(`Using your mapping “${selected.name}” (${applied.matched} of ${parsed.detected_columns.length} columns)`);
            }}
          >
            Apply
          </Button>
          <Button
            variant="ghost"
            disabled={!selected || remove.isPending}
            onClick={() => {
              if (!selected) return;
              remove.mutate(selected.id, {
                onSuccess: () => {
                  toast.success(`Mapping “${selected.name}” deleted`);
                  setChosen('');
                },
              });
            }}
          >
            Delete
          </Button>
        </div>
      ) : saved.isSuccess ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">None yet. Save this mapping to have it applied to the next file with the same columns.</p>
      ) : null}
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor={nameId} className="block text-xs font-medium text-slate-700 dark:text-slate-300">
            Save this mapping as
          </label>
          <Input id={nameId} className="mt-1" value={name} maxLength={80} placeholder="e.g. Supplier price list" onChange={(event) => setName(event.target.value)} />
        </div>
        <Button type="submit" variant="outline" disabled={!name.trim()} loading={save.isPending}>
          Save mapping
        </Button>
      </form>
      {save.isError ? <InlineAlert title="The mapping could not be saved." detail={errorMessageOf(save.error, '')} /> : null}
      {remove.isError ? <InlineAlert title="The mapping could not be deleted." detail={errorMessageOf(remove.error, '')} /> : null}
    </section>
  );
}
