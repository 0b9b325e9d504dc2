import { useId, useRef, useState, type FormEvent } from 'react';
import { Upload } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { controlBorder, controlClasses } from '@/components/ui/field';
import { InlineAlert } from '@/components/ui/inline-alert';
import { ProgressBar } from '@/components/ui/progress-bar';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatBytes } from '@/lib/format-bytes';
import { MESSAGES } from '@/lib/integrator-messages';
import { useUploadVideo } from '../api/upload-video';
import { hasVideoName } from '../utils/analysis-format';

export interface VideoUploadProps {
  projectId: string;
  userId: string | undefined;
  /** The upload answered with a job: Stage 1 starts from here. */
  onUploaded: (jobId: string) => void;
}

/** Spec: the server's error text, else "Upload failed" (a lost connection says so underneath). */
function uploadErrorText(error: unknown): { title: string; detail: string | null } {
  if (isApiError(error) && error.fromServer) return { title: error.message, detail: null };
  return { title: MESSAGES.uploadFailed, detail: isApiError(error) && error.status === 0 ? error.message : null };
}

/** Step 1 of the video analysis: a .zip or .mp4 (name checked here first), uploaded with a progress bar. */
export function VideoUpload({ projectId, userId, onUploaded }: VideoUploadProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [nameError, setNameError] = useState(false);
  const [progress, setProgress] = useState<number | null>(0);
  const upload = useUploadVideo();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    if (!hasVideoName(file.name)) {
      setNameError(true);
      return;
    }
    setProgress(0);
    upload.mutate(
      { file, projectId, userId, onProgress: setProgress },
      {
        onSuccess: (answer) => {
          setFile(null);
          if (inputRef.current) inputRef.current.value = '';
          onUploaded(answer.data.job_id);
        },
      },
    );
  };

  const failure = upload.isError ? uploadErrorText(upload.error) : null;
  return (
    <form onSubmit={submit} noValidate aria-label="Upload a video" className="space-y-4">
      <div className="space-y-1.5">
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
          Video of the work cell
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept=".mp4,.zip,video/mp4,application/zip"
          aria-describedby={`${inputId}-hint`}
          aria-invalid={nameError || undefined}
          disabled={upload.isPending}
          className={cn(
            controlClasses,
            controlBorder(nameError),
            'file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm file:font-semibold file:text-slate-900 dark:file:bg-slate-800 dark:file:text-slate-100',
          )}
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            upload.reset();
            setFile(chosen);
            setNameError(chosen !== null && !hasVideoName(chosen.name));
          }}
        />
        <p id={`${inputId}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
          An MP4 video, or a ZIP of videos (it may hold a manifest with payloads and workstations).
          {file && !nameError ? ` Chosen: ${file.name} (${formatBytes(file.size)}).` : ''}
        </p>
      </div>
      {nameError ? <InlineAlert title={MESSAGES.videoName} /> : null}
      {upload.isPending ? (
        <ProgressBar label={progress === 100 ? 'Storing the video…' : 'Uploading the video…'} value={progress === 100 ? null : progress} />
      ) : null}
      {failure ? <InlineAlert title={failure.title} detail={failure.detail} /> : null}
      <Button type="submit" disabled={!file || nameError} loading={upload.isPending}>
        <Upload className="h-4 w-4" aria-hidden="true" />
        Upload and analyse
      </Button>
    </form>
  );
}
