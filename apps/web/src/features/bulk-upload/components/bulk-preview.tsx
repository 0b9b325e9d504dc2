import { type BulkCellEdit, type BulkMappings, type BulkParseResponse, type BulkValidateResponse, type BulkWarningGroup } from '@cellforge/contracts';
import { useId } from 'react';
import { Download } from 'lucide-react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { errorMessageOf } from '@/lib/api-answer';
import type { BulkUploadBasePath } from '../api/bulk-source';
import { useDownloadBulkErrors } from '../api/download-bulk-errors';
import { CatalogMatches, type MatchSelection } from './catalog-matches';
import { ValidateGrid } from './validate-grid';

export interface BulkPreviewProps {
  basePath: BulkUploadBasePath;
  parsed: BulkParseResponse;
  mappings: BulkMappings;
  validation: BulkValidateResponse;
  /** Sends a cell fixed in the grid (absent: the grid cannot be edited, e.g. rows sent without an upload). */
  onEdit?: (edit: BulkCellEdit) => void;
  editing?: boolean;
  /** Rows already in the shared catalog: the choice for all and for each (absent: not shown). */
  matchSelection?: MatchSelection;
  onMatchChange?: (next: MatchSelection) => void;
}

/** "(rows 3, 4, 5, …)": where to look, as the spreadsheet numbers its rows. */
function rowsText(group: BulkWarningGroup): string {
  const more = group.rows > group.first_rows.length ? ', …' : '';
  return `(${group.first_rows.length === 1 && !more ? 'row' : 'rows'} ${group.first_rows.join(', ')}${more})`;
}

/** Step 3: the counts, the warnings by kind, the rows as a grid (errors first, cells fixed in place) and the full error report. */
export function BulkPreview({ basePath, parsed, mappings, validation, onEdit, editing = false, matchSelection, onMatchChange }: BulkPreviewProps) {
  const warningsHeadingId = useId();
  const download = useDownloadBulkErrors();
  const counts = [
    { label: 'Valid rows', value: validation.valid_count, tone: 'text-emerald-800 dark:text-emerald-300' },
    { label: 'Rows with warnings', value: validation.warning_count, tone: 'text-amber-800 dark:text-amber-300' },
    { label: 'Rows with errors', value: validation.error_count, tone: 'text-red-800 dark:text-red-300' },
  ];

  const downloadReport = () => {
    if (!parsed.upload_id) return;
    download.mutate(
      { basePath, uploadId: parsed.upload_id, mappings, fileName: parsed.file_name },
      { onError: (error) => toast.error(errorMessageOf(error, 'The error report could not be downloaded. Please try again.')) },
    );
  };

  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-3 gap-3">
        {counts.map((count) => (
          <div key={count.label} className="rounded-xl border border-slate-200 p-3 dark:border-slate-700">
            <dt className="text-xs font-medium text-slate-600 sm:text-sm dark:text-slate-300">{count.label}</dt>
            <dd className={`mt-1 text-2xl font-bold ${count.tone}`}>{count.value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {validation.valid_count === 0
          ? 'No row can be imported. Go back and check the mappings, or fix the file.'
          : `${validation.valid_count} ${validation.valid_count === 1 ? 'robot' : 'robots'} will be imported${
              validation.error_count ? `; ${validation.error_count} ${validation.error_count === 1 ? 'row' : 'rows'} with errors will be skipped` : ''
            }. Units are already converted to kg and mm.`}
      </p>

      {validation.warning_groups.length ? (
        <section aria-labelledby={warningsHeadingId} className="rounded-xl border border-amber-200 p-4 dark:border-amber-900">
          <h4 id={warningsHeadingId} className="text-sm font-semibold text-amber-900 dark:text-amber-200">
            Warnings (the rows are imported)
          </h4>
          <ul aria-label="Warnings by kind" className="mt-2 space-y-1 text-sm text-slate-800 dark:text-slate-200">
            {validation.warning_groups.map((group) => (
              <li key={group.kind}>
                <span className="font-medium">{group.text}</span>{' '}
                <span className="text-slate-600 dark:text-slate-400">{rowsText(group)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {matchSelection && onMatchChange ? (
        <CatalogMatches validation={validation} supplier={basePath === '/api/supplier/bulk-upload'} selection={matchSelection} onChange={onMatchChange} />
      ) : null}

      <ValidateGrid validation={validation} mappings={mappings} onEdit={onEdit} busy={editing} />

      {validation.error_count > 0 && parsed.upload_id ? (
        <p className="flex flex-wrap items-center gap-3 text-sm text-slate-700 dark:text-slate-300">
          <span>
            {validation.error_count} {validation.error_count === 1 ? 'row has' : 'rows have'} errors and will be skipped unless fixed.
          </span>
          <Button variant="outline" size="sm" onClick={downloadReport} loading={download.isPending}>
            <Download className="h-4 w-4" aria-hidden="true" />
            Download full error report
          </Button>
        </p>
      ) : null}
    </div>
  );
}
