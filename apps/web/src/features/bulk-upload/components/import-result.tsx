import type { BulkImportResponse } from '@cellforge/contracts';
import { Download } from 'lucide-react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { errorMessageOf } from '@/lib/api-answer';
import { useDownloadBulkErrors, type DownloadBulkErrorsInput } from '../api/download-bulk-errors';
import { catalogMatchSummary, importCompleteMessage } from '../utils/messages';

export interface ImportResultProps {
  result: BulkImportResponse;
  /** Suppliers import listings, integrators private robots: the words differ. */
  supplier: boolean;
  /** Shows the catalog (or listings) filtered to this import; absent: no link. */
  onShowImported?: (importId: string) => void;
  onClose: () => void;
  /** The upload the import came from: the error report of its refused rows can still be downloaded. */
  report?: DownloadBulkErrorsInput;
}

/** After an import: each count with what it means, and a way to the imported rows. */
export function ImportResult({ result, supplier, onShowImported, onClose, report }: ImportResultProps) {
  const download = useDownloadBulkErrors();
  const where = supplier ? 'your listings' : 'your catalog';
  const unchanged = result.unchanged ?? 0;
  const skipped = result.skipped ?? 0;
  const lines = [
    { label: 'Inserted', value: result.inserted, text: `New robots added to ${where}.` },
    { label: 'Updated', value: result.updated, text: `Robots already in ${where} (same manufacturer and model) whose values changed; fields the file leaves empty kept their value.` },
    { label: 'Unchanged', value: unchanged, text: `Robots already in ${where} with exactly these values: nothing needed changing (importing the same file again gives this).` },
    { label: 'Skipped', value: skipped, text: 'Rows that still had errors: they were not imported. Fix them in your file and import it again; the rows already imported are matched, not duplicated.' },
  ];
  const attached = result.attached ?? 0;
  const copies = result.private_copies ?? 0;
  const skippedMatches = result.skipped_matches ?? 0;
  if (attached + copies + skippedMatches > 0) {
    lines.push(
      {
        label: 'Attached',
        value: attached,
        text: supplier
          ? 'Rows already in the catalog: your offer on that catalog model was made or updated (price from your file).'
          : 'Rows already in the catalog: the catalog model is now in your catalog, as it is; no copy was made.',
      },
      { label: 'Private copies', value: copies, text: 'Rows already in the catalog that you chose to keep as your own robot, shown only to you.' },
      { label: 'Not imported', value: skippedMatches, text: 'Rows already in the catalog that you chose to skip.' },
    );
  }
  const canReport = Boolean(report && result.errors_csv_url && skipped > 0);
  const downloadReport = () => {
    if (!report) return;
    download.mutate(report, { onError: (error) => toast.error(errorMessageOf(error, 'The error report could not be downloaded. Please try again.')) });
  };
  const importId = result.import_id;
  return (
    <div className="space-y-4">
      <p role="status" className="text-base font-semibold text-emerald-800 dark:text-emerald-300">
        {importCompleteMessage(result)}
      </p>
      {attached + copies + skippedMatches > 0 ? <p className="text-sm font-medium text-slate-800 dark:text-slate-200">{catalogMatchSummary(result)}</p> : null}
      <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
        {lines.map((line) => (
          <div key={line.label} className="grid grid-cols-[7rem_3.5rem_1fr] items-baseline gap-x-3 px-3 py-2.5 max-sm:grid-cols-[auto_1fr] max-sm:gap-y-0.5">
            <dt className="text-sm font-semibold text-slate-900 dark:text-white">{line.label}</dt>
            <dd className="text-right text-lg font-bold text-slate-900 tabular-nums max-sm:text-left dark:text-white">{line.value}</dd>
            <dd className="text-sm text-slate-700 max-sm:col-span-2 dark:text-slate-300">{line.text}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap justify-end gap-3">
        {canReport ? (
          <Button variant="outline" onClick={downloadReport} loading={download.isPending}>
            <Download className="h-4 w-4" aria-hidden="true" />
            Download the error report
          </Button>
        ) : null}
        <Button variant="outline" onClick={onClose}>
          Done
        </Button>
        {importId && onShowImported && result.inserted + result.updated + unchanged + attached + copies > 0 ? (
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
