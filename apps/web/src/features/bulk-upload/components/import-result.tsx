import type { BulkImportResponse } from '@cellforge/contracts';
import { Button } from '@/components/ui/button';
import { importCompleteMessage } from '../utils/messages';

export interface ImportResultProps {
  result: BulkImportResponse;
  /** Suppliers import listings, integrators private robots: the words differ. */
  supplier: boolean;
  /** Shows the catalog (or listings) filtered to this import; absent: no link. */
  onShowImported?: (importId: string) => void;
  onClose: () => void;
}

/** After an import: each count with what it means, and a way to the imported rows. */
export function ImportResult({ result, supplier, onShowImported, onClose }: ImportResultProps) {
  const where = supplier ? 'your listings' : 'your catalog';
  const unchanged = result.unchanged ?? 0;
  const skipped = result.skipped ?? 0;
  const lines = [
    { label: 'Inserted', value: result.inserted, text: `New robots added to ${where}.` },
    { label: 'Updated', value: result.updated, text: `Robots already in ${where} (same manufacturer and model) whose values changed; fields the file leaves empty kept their value.` },
    { label: 'Unchanged', value: unchanged, text: `Robots already in ${where} with exactly these values: nothing needed changing (importing the same file again gives this).` },
    { label: 'Skipped', value: skipped, text: 'Rows that still had errors: they were not imported. Fix them in your file and import it again; the rows already imported are matched, not duplicated.' },
  ];
  const importId = result.import_id;
  return (
    <div className="space-y-4">
      <p role="status" className="text-base font-semibold text-emerald-800 dark:text-emerald-300">
        {importCompleteMessage(result)}
      </p>
      <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
        {lines.map((line) => (
          <div key={line.label} className="grid grid-cols-[5.5rem_3.5rem_1fr] items-baseline gap-x-3 px-3 py-2.5 max-sm:grid-cols-[auto_1fr] max-sm:gap-y-0.5">
            <dt className="text-sm font-semibold text-slate-900 dark:text-white">{line.label}</dt>
            <dd className="text-right text-lg font-bold text-slate-900 tabular-nums max-sm:text-left dark:text-white">{line.value}</dd>
            <dd className="text-sm text-slate-700 max-sm:col-span-2 dark:text-slate-300">{line.text}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={onClose}>
          Done
        </Button>
        {importId && onShowImported && result.inserted + result.updated + unchanged > 0 ? (
          <Button
            onClick={() => {
              onShowImported(importId);
              onClose();
            }}
          >
            Show the imported robots
          </Button>
        ) : null}
      </div>
    </div>
  );
}
