import { X } from 'lucide-react';
import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '@/lib/cn';
import { useModalFocus } from './use-modal-focus';

export interface SheetProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** Accessible name of the close button ("Close filters"). */
  closeLabel?: string;
  /** The sheet's main action, kept in view under the content that scrolls ("Show 12 results"). */
  footer?: ReactNode;
  children?: ReactNode;
  id?: string;
  className?: string;
}

/**
 * A modal panel that rises from the bottom of a small screen (the catalog's filters on a
 * phone): a labelled dialog like Dialog (focus moved in and kept inside, Escape and the
 * backdrop close it, focus back to the opener), whose content scrolls between a fixed
 * title bar and a fixed footer, so the footer's action never scrolls out of reach.
 */
export function Sheet({ open, onClose, title, closeLabel = 'Close', footer, children, id, className }: SheetProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  useModalFocus(open, panelRef, onClose);

  if (!open) return null;

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center">
      <div className="absolute inset-0 bg-slate-950/70" aria-hidden="true" onClick={onClose} />
      <div
        ref={panelRef}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-sheet
        className={cn(
          'relative flex h-[88dvh] w-full max-w-xl flex-col overflow-hidden rounded-t-2xl border border-b-0 border-slate-200 bg-white shadow-2xl',
          'focus:outline-none dark:border-slate-700 dark:bg-slate-900',
          className,
        )}
      >
        <div className="flex shrink-0 items-center justify-between gap-4 border-b border-slate-200 px-4 py-3 dark:border-slate-700">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={closeLabel}
            className="-mr-1 inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-orange-600 dark:text-slate-300 dark:hover:bg-slate-800 dark:focus-visible:outline-orange-400"
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-4">{children}</div>
        {footer ? (
          <div className="shrink-0 border-t border-slate-200 bg-white px-4 pb-[max(0.75rem,env(safe-area-inset-bottom))] pt-3 dark:border-slate-700 dark:bg-slate-900">
            {footer}
          </div>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}
