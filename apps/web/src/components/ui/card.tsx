import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export const cardClasses =
  'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900';

export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn(cardClasses, className)} {...rest} />;
}
