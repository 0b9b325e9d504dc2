import { useId, useState, type DragEvent, type ReactNode } from 'react';
import { UploadCloud } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';

export interface FileDropzoneProps {
  /** The input's accessible name. */
  label: string;
  /** The input's accept attribute (".csv,.json"). */
  accept: string;
  hint: ReactNode;
  disabled?: boolean;
  onFile: (file: File) => void;
}

/**
 * A file input that also takes a dropped file. Plain drag events: the drop target is
 * decoration for pointer users; the real control is the (visually hidden) input.
 */
export function FileDropzone({ label, accept, hint, disabled, onFile }: FileDropzoneProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const [dragging, setDragging] = useState(false);

  const onDragOver = (event: DragEvent) => {
    if (disabled) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };

  return (
    <div
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-dragging={dragging || undefined}
      className={cn(
        'flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed px-6 py-10 text-center transition-colors',
        'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-orange-600 dark:has-[input:focus-visible]:outline-orange-400',
        dragging
          ? 'border-orange-600 bg-orange-50 dark:border-orange-400 dark:bg-orange-950/40'
          : 'border-slate-300 dark:border-slate-600',
      )}
    >
      <UploadCloud className="h-8 w-8 text-slate-600 dark:text-slate-300" aria-hidden="true" />
      <p className="text-sm text-slate-800 dark:text-slate-200">Drag and drop a file here, or</p>
      <label htmlFor={inputId} className={buttonClasses({ variant: 'outline', size: 'sm', className: disabled ? 'pointer-events-none opacity-60' : 'cursor-pointer' })}>
        Browse files
      </label>
      <input
        id={inputId}
        type="file"
        accept={accept}
        aria-label={label}
        aria-describedby={hintId}
        disabled={disabled}
        className="sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Let the same file be picked again after a failure.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
        {hint}
      </p>
    </div>
  );
}
