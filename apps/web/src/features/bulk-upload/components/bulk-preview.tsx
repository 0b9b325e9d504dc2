import { BULK_MAX_ERROR_ROWS_SHOWN, type BulkMappings, type BulkParseResponse, type BulkValidateResponse, type BulkWarningGroup } from '@cellforge/contracts';
import { useId } from 'react';
import { Download } from 'lucide-react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { errorMessageOf } from '@/lib/api-answer';
import { formatNumber } from '@/lib/robot-format';
import type { BulkUploadBasePath } from '../api/bulk-source';
import { useDownloadBulkErrors } from '../api/download-bulk-errors';

/** Valid rows shown in the preview table; the counts cover every row. */
const PREVIEW_ROWS = 10;

export interface BulkPreviewProps {
  basePath: BulkUploadBasePath;
  parsed: BulkParseResponse;
  mappings: BulkMappings;
  validation: BulkValidateResponse;
}

/** "(rows 3, 4, 5, …)": where to look, as the spreadsheet numbers its rows. */
function rowsText(group: BulkWarningGroup): string {
  const more = group.rows > group.first_rows.length ? ', …' : '';
  return `(${group.first_rows.length === 1 && !more ? 'row' : 'rows'} ${group.first_rows.join(', ')}${more})`;
}

/** Step 3: the counts, a preview of valid rows, at most 3 error rows (docs/product.md §9) and the full error report. */
export function BulkPreview({ basePath, parsed, mappings, validation }: BulkPreviewProps) {
  const errorsHeadingId = useId();
  const warningsHeadingId = useId();
  const download = useDownloadBulkErrors();
  const validRows = validation.results.valid.slice(0, PREVIEW_ROWS);
  const errorRows = validation.results.errors.slice(0, BULK_MAX_ERROR_ROWS_SHOWN);
  const hiddenErrors = validation.error_count - errorRows.length;
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

      {validRows.length ? (
        <div className="overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-700">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="px-3 pt-2 text-left text-sm font-semibold text-slate-900 dark:text-white">
              Valid rows{validation.valid_count > validRows.length ? ` (first ${validRows.length} of ${validation.valid_count})` : ''}
            </caption>
            <thead className="text-slate-700 dark:text-slate-200">
              <tr>
                {['Row', 'Manufacturer', 'Model', 'Payload (kg)', 'Reach (mm)', 'DOF', 'Warnings'].map((heading) => (
                  <th key={heading} scope="col" className="px-3 py-2 font-semibold">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
              {validRows.map((row) => (
                <tr key={row.row} className="align-top text-slate-800 dark:text-slate-200">
                  <td className="px-3 py-2">{row.sheet_row}</td>
                  <td className="px-3 py-2">{row.manufacturer}</td>
                  <td className="px-3 py-2">{row.model}</td>
                  <td className="px-3 py-2">{formatNumber(row.payload_kg)}</td>
                  <td className="px-3 py-2">{formatNumber(row.reach_mm)}</td>
                  <td className="px-3 py-2">{formatNumber(row.dof)}</td>
                  <td className="px-3 py-2 text-xs text-amber-900 dark:text-amber-200">{row.warnings.join(' ') || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      {validation.error_count > 0 ? (
        <section aria-labelledby={errorsHeadingId} className="space-y-3 rounded-xl border border-red-200 p-4 dark:border-red-900">
          <h4 id={errorsHeadingId} className="text-sm font-semibold text-red-900 dark:text-red-200">
            Rows with errors
          </h4>
          <ul aria-label="Error rows" className="space-y-2 text-sm text-slate-800 dark:text-slate-200">
            {errorRows.map((row) => (
              <li key={row.row_index}>
                <span className="font-semibold">Row {row.sheet_row}:</span> {row.errors.join('; ')}
              </li>
            ))}
          </ul>
          {hiddenErrors > 0 ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              and {hiddenErrors} more {hiddenErrors === 1 ? 'row' : 'rows'} with errors.
            </p>
          ) : null}
          {parsed.upload_id ? (
            <Button variant="outline" size="sm" onClick={downloadReport} loading={download.isPending}>
              <Download className="h-4 w-4" aria-hidden="true" />
              Download full error report
            </Button>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
