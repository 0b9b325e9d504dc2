import { BULK_CSV_UPLOAD_DEFAULT_MAX_BYTES, BULK_UPLOAD_DEFAULT_MAX_BYTES, type BulkCellEdit, type BulkImportResponse, type BulkMappings, type BulkParseOptions, type BulkParseResponse, type BulkValidateResponse } from '@cellforge/contracts';
import { useState } from 'react';
import { Download, FileSpreadsheet } from 'lucide-react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorMessageOf } from '@/lib/api-answer';
import { InlineAlert } from '@/components/ui/inline-alert';
import { ProgressBar } from '@/components/ui/progress-bar';
import { formatBytes } from '@/lib/format-bytes';
import { bulkSourceOf, type BulkUploadBasePath } from '../api/bulk-source';
import { useEditBulkCells } from '../api/edit-bulk-cells';
import { useImportBulkUpload, type ReloadAfterImport } from '../api/import-bulk-upload';
import { useParseBulkFile } from '../api/parse-bulk-file';
import { useValidateBulkUpload } from '../api/validate-bulk-upload';
import { useDownloadTemplate } from '../api/saved-mappings';
import {
  ACCEPT_ATTRIBUTE,
  BULK_STEPS,
  hasBulkExtension,
  initialMappings,
} from '../utils/bulk-fields';
import { BULK_MESSAGES, importCompleteMessage } from '../utils/messages';
import { BulkMapFields } from './bulk-map-fields';
import { BulkPreview } from './bulk-preview';
import { DEFAULT_MATCH_SELECTION, matchRequestOf, type MatchSelection } from './catalog-matches';
import { FileLayout } from './file-layout';
import { ImportResult } from './import-result';
import { FileDropzone } from './file-dropzone';
import { SavedMappings } from './saved-mappings';
import { StepIndicator } from './step-indicator';

/** The server's own words under a spec message; '' (nothing shown) when it gave none. */
const detailOf = (error: unknown) => errorMessageOf(error, '');

export interface BulkUploadWizardProps {
  open: boolean;
  onClose: () => void;
  /** The pipeline: the integrator's private robots or the supplier's listings. */
  basePath: BulkUploadBasePath;
  /** What an import changed; reloaded before the wizard closes. */
  reload: ReloadAfterImport;
  /** The dialog's title; the integrator's is the spec's button name. */
  title?: string;
  description?: string;
  /** The result's "Show the imported robots" (the caller filters its list to the import); absent: no link. */
  onShowImported?: (importId: string) => void;
}

/** docs/product.md §3.12: Choose a file -> Map fields -> Validate & preview -> Import (closes, reloads the catalog). */
export function BulkUploadWizard({
  open,
  onClose,
  basePath,
  reload,
  title = 'Bulk Upload',
  description = 'Add your robots to the catalog from a CSV, JSON or Excel file.',
  onShowImported,
}: BulkUploadWizardProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      // sm: because a plain max-w-4xl loses to the dialog's own max-w-lg in CSS order.
      className="sm:max-w-4xl"
    >
      {/* Mounted only while open: closing the dialog starts the next upload from scratch. */}
      {open ? <WizardBody basePath={basePath} reload={reload} onDone={onClose} onShowImported={onShowImported} /> : null}
    </Dialog>
  );
}

function WizardBody({
  basePath,
  reload,
  onDone,
  onShowImported,
}: {
  basePath: BulkUploadBasePath;
  reload: ReloadAfterImport;
  onDone: () => void;
  onShowImported?: (importId: string) => void;
}) {
  const [step, setStep] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [parsed, setParsed] = useState<BulkParseResponse | null>(null);
  const [mappings, setMappings] = useState<BulkMappings>({});
  const [validation, setValidation] = useState<BulkValidateResponse | null>(null);
  const [result, setResult] = useState<BulkImportResponse | null>(null);
  /** Rows already in the catalog: attach by default, with per-row overrides. */
  const [matchSelection, setMatchSelection] = useState<MatchSelection>(DEFAULT_MATCH_SELECTION);
  /** The server's saved mapping stays "in use" until the person changes a field or applies another. */
  const [appliedSaved, setAppliedSaved] = useState(true);
  const template = useDownloadTemplate(basePath);
  const parse = useParseBulkFile();
  const validate = useValidateBulkUpload();
  const importRows = useImportBulkUpload(reload);
  const editCells = useEditBulkCells();

  /** The same file read again with a sheet or header row chosen: the mappings are suggested afresh for the new columns. */
  const reread = (options: BulkParseOptions) => {
    if (!file) return;
    setValidation(null);
    validate.reset();
    parse.mutate(
      { basePath, file, options },
      {
        onSuccess: (answer) => {
          setParsed(answer);
          setMappings(initialMappings(answer.detected_columns, answer.suggested_mappings));
          setAppliedSaved(true);
        },
      },
    );
  };

  const choose = (chosen: File) => {
    setFile(chosen);
    setParsed(null);
    setValidation(null);
    parse.reset();
    if (!hasBulkExtension(chosen.name)) {
      setPickError('Choose a .csv, .json, .xlsx or .xls file.');
      return;
    }
    setPickError(null);
    setProgress(0);
    parse.mutate(
      { basePath, file: chosen, onProgress: setProgress },
      {
        onSuccess: (answer) => {
          setParsed(answer);
          setMappings(initialMappings(answer.detected_columns, answer.suggested_mappings));
          setAppliedSaved(true);
          setStep(1);
        },
      },
    );
  };

  const runValidation = () => {
    if (!parsed) return;
    validate.mutate(
      { basePath, source: bulkSourceOf(parsed), mappings },
      {
        onSuccess: (answer) => {
          setValidation(answer);
          setStep(2);
        },
      },
    );
  };

  /** A cell fixed in the grid: stored with the upload and the file checked again; the grid shows the answer. */
  const fixCell = (edit: BulkCellEdit) => {
    if (!parsed?.upload_id) return;
    editCells.mutate({ basePath, uploadId: parsed.upload_id, mappings, edits: [edit] }, { onSuccess: (answer) => setValidation(answer) });
  };

  const runImport = () => {
    if (!parsed) return;
    importRows.mutate(
      { basePath, source: bulkSourceOf(parsed), mappings, match: matchRequestOf(matchSelection) },
      {
        onSuccess: (answer) => {
          toast.success(importCompleteMessage(answer));
          setResult(answer);
        },
      },
    );
  };

  const back = () => {
    validate.reset();
    importRows.reset();
    setStep((current) => Math.max(0, current - 1));
  };

  if (result) {
    return (
      <ImportResult
        result={result}
        supplier={basePath === '/api/supplier/bulk-upload'}
        onShowImported={onShowImported}
        onClose={onDone}
        report={parsed?.upload_id ? { basePath, uploadId: parsed.upload_id, mappings, fileName: parsed.file_name } : undefined}
      />
    );
  }

  return (
    <div className="space-y-6">
      <StepIndicator steps={BULK_STEPS} current={step} />
      <h3 className="text-base font-semibold text-slate-900 dark:text-white">{BULK_STEPS[step]}</h3>

      {step === 0 ? (
        <div className="space-y-4">
          <FileDropzone
            label="Robot file (.csv, .json, .xlsx or .xls)"
            accept={ACCEPT_ATTRIBUTE}
            disabled={parse.isPending}
            onFile={choose}
            hint={`CSV up to ${formatBytes(BULK_CSV_UPLOAD_DEFAULT_MAX_BYTES)}; XLSX, XLS or JSON up to ${formatBytes(BULK_UPLOAD_DEFAULT_MAX_BYTES)}. Columns such as Brand, Model #, Max Payload (lbs), Reach (in) and Axes are recognised; units are converted.`}
          />
          {file ? (
            <p className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
              <FileSpreadsheet className="h-4 w-4" aria-hidden="true" />
              <span className="font-medium break-all">{file.name}</span>
              <span className="text-slate-600 dark:text-slate-400">({formatBytes(file.size)})</span>
            </p>
          ) : null}
          {parse.isPending ? (
            <ProgressBar label={progress === 100 ? 'Reading the file…' : 'Uploading the file…'} value={progress === 100 ? null : progress} />
          ) : null}
          {pickError ? <InlineAlert title={BULK_MESSAGES.parseFailed} detail={pickError} /> : null}
          {parse.isError ? <InlineAlert title={BULK_MESSAGES.parseFailed} detail={detailOf(parse.error)} /> : null}
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
            <span>Starting from scratch? Download template:</span>
            {(['csv', 'xlsx'] as const).map((format) => (
              <button
                key={format}
                type="button"
                className="inline-flex min-h-8 items-center gap-1 rounded font-medium text-orange-700 underline underline-offset-2 hover:text-orange-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 disabled:opacity-60 dark:text-orange-400 dark:hover:text-orange-300"
                disabled={template.isPending}
                aria-label={`Download the template as ${format === 'csv' ? 'CSV' : 'Excel (.xlsx)'}`}
                onClick={() => template.mutate(format)}
              >
                <Download className="h-4 w-4" aria-hidden="true" />
                {format === 'csv' ? 'CSV' : 'Excel (.xlsx)'}
              </button>
            ))}
          </p>
          {template.isError ? <InlineAlert title="The template could not be downloaded." detail={detailOf(template.error)} /> : null}
          {parsed ? (
            <div className="flex justify-end">
              <Button onClick={() => setStep(1)}>Next</Button>
            </div>
          ) : null}
        </div>
      ) : null}

      {step === 1 && parsed ? (
        <div className="space-y-4">
          <FileLayout parsed={parsed} onReread={reread} busy={parse.isPending} />
          {parse.isPending ? <ProgressBar label="Reading the file again…" value={null} /> : null}
          {parse.isError ? <InlineAlert title={BULK_MESSAGES.parseFailed} detail={detailOf(parse.error)} /> : null}
          <BulkMapFields
            parsed={parsed}
            mappings={mappings}
            appliedSaved={appliedSaved}
            supplier={basePath === '/api/supplier/bulk-upload'}
            onChange={(next) => {
              setMappings(next);
              setAppliedSaved(false);
            }}
            error={validate.error}
          />
          <SavedMappings
            basePath={basePath}
            parsed={parsed}
            mappings={mappings}
            onApply={(next) => {
              setMappings(next);
              setAppliedSaved(false);
            }}
          />
          {validate.isPending ? <ProgressBar label="Validating rows…" value={null} /> : null}
          {validate.isError ? <InlineAlert title={BULK_MESSAGES.validateFailed} detail={detailOf(validate.error)} /> : null}
          <div className="flex flex-wrap justify-between gap-3">
            <Button variant="outline" onClick={back} disabled={validate.isPending}>
              Back
            </Button>
            <Button onClick={runValidation} loading={validate.isPending}>
              Validate
            </Button>
          </div>
        </div>
      ) : null}

      {step === 2 && parsed && validation ? (
        <div className="space-y-4">
          <BulkPreview
            basePath={basePath}
            parsed={parsed}
            mappings={mappings}
            validation={validation}
            onEdit={parsed.upload_id ? fixCell : undefined}
            editing={editCells.isPending}
            matchSelection={matchSelection}
            onMatchChange={setMatchSelection}
          />
          {editCells.isError ? <InlineAlert title="The cell could not be checked." detail={detailOf(editCells.error)} /> : null}
          {importRows.isPending ? <ProgressBar label="Importing robots…" value={null} /> : null}
          {importRows.isError ? <InlineAlert title={BULK_MESSAGES.importFailed} detail={detailOf(importRows.error)} /> : null}
          <div className="flex flex-wrap justify-between gap-3">
            <Button variant="outline" onClick={back} disabled={importRows.isPending}>
              Back
            </Button>
            <Button onClick={runImport} disabled={validation.valid_count === 0 || editCells.isPending} loading={importRows.isPending}>
              Import
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
