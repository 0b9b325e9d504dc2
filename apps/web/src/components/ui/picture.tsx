import { ImageIcon } from 'lucide-react';
import { buildUrl } from '@/lib/api-client';
import { cn } from '@/lib/cn';

export interface PictureProps {
  /** The API path of the picture (e.g. /api/offer-images/:id/thumb). */
  src: string;
  alt: string;
  /** The file's own size: reserves the space before it loads (no layout shift). */
  width: number;
  height: number;
  className?: string;
  /** Lazy (default) for lists; eager for the picture a dialog opens on. */
  loading?: 'lazy' | 'eager';
}

/** An uploaded picture served by the API: lazy-loaded, decoded off the main thread, its box reserved by width and height. */
export function Picture({ src, alt, width, height, className, loading = 'lazy' }: PictureProps) {
  return (
    <img
      src={buildUrl(src)}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      decoding="async"
      className={cn('bg-slate-100 object-cover dark:bg-slate-800', className)}
    />
  );
}

/** Where a picture would be when there is none: a neutral frame with an outline icon, hidden from screen readers. */
export function PicturePlaceholder({ className, label }: { className?: string; label?: string }) {
  return (
    <div
      className={cn(
        'flex items-center justify-center bg-slate-100 text-slate-400 dark:bg-slate-800 dark:text-slate-500',
        className,
      )}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <ImageIcon className="h-8 w-8" aria-hidden="true" strokeWidth={1.5} />
    </div>
  );
}
