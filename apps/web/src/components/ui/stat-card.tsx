import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { cardClasses } from './card';
import { Skeleton } from './skeleton';

export interface StatCardProps {
  label: string;
  /** null while loading; the UNKNOWN dash when the figure could not be loaded. */
  value: ReactNode | null;
  icon?: ReactNode;
  className?: string;
}

/** One figure with its label (dashboards). */
export function StatCard({ label, value, icon, className }: StatCardProps) {
  return (
    <div className={cn(cardClasses, 'p-5', className)}>
      <dt className="flex items-center gap-2 text-sm font-medium text-slate-600 dark:text-slate-300">
        {icon}
        {label}
      </dt>
      <dd className="mt-2 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
        {value === null ? <Skeleton className="h-9 w-16" /> : value}
      </dd>
    </div>
  );
}
