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
