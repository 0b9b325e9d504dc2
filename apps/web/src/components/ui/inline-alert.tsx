import type { ReactNode } from 'react';
import { AlertTriangle, CheckCircle2, Info } from 'lucide-react';
import { cn } from '@/lib/cn';

const tones = {
  error: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
  warning: 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100',
  success: 'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100',
  info: 'border-slate-300 bg-slate-50 text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
} as const;

const icons = { error: AlertTriangle, warning: AlertTriangle, success: CheckCircle2, info: Info } as const;

export interface InlineAlertProps {
  /** The spec's message, word for word. */
  title: string;
  /** The server's own explanation, shown underneath when there is one. */
  detail?: string | null;
  tone?: keyof typeof tones;
  children?: ReactNode;
  className?: string;
}

/** A message inside a panel or dialog; errors are announced (role alert), other tones politely (status). */
export function InlineAlert({ title, detail, tone = 'error', children, className }: InlineAlertProps) {
  const Icon = icons[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-lg border px-4 py-3 text-sm', tones[tone], className)}
    >
      <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0 space-y-1">
        <p className="font-semibold">{title}</p>
        {detail && detail !== title ? <p className="break-words">{detail}</p> : null}
        {children}
      </div>
    </div>
  );
}
