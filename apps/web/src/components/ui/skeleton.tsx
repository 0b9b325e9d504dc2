import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/** A grey placeholder block while content loads (decorative: pair it with a status label). */
export function Skeleton({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-slate-200 motion-reduce:animate-none dark:bg-slate-800', className)}
      {...rest}
    />
  );
}

/**
 * A grey bar standing for one line of text: the outer span has the line's height
 * (`className`, e.g. `h-7` for text-lg), the bar its width (`barClassName`), so the
 * placeholder is as tall as the text that replaces it. Decorative, like Skeleton.
 */
export function SkeletonLine({ className, barClassName }: { className?: string; barClassName?: string }) {
  return (
    <span aria-hidden="true" className={cn('flex h-5 items-center', className)}>
      <span
        className={cn(
          'block h-[60%] animate-pulse rounded bg-slate-200 motion-reduce:animate-none dark:bg-slate-800',
          barClassName ?? 'w-full',
        )}
      />
    </span>
  );
}
