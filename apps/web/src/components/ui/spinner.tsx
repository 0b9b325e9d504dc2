import { cn } from '@/lib/cn';

const sizes = { sm: 'h-4 w-4', md: 'h-6 w-6', lg: 'h-10 w-10' } as const;

export interface SpinnerProps {
  size?: keyof typeof sizes;
  /** Accessible name of the status (default "Loading"). */
  label?: string;
  /** Inside a control that already says it is loading: hide from assistive tech. */
  decorative?: boolean;
  className?: string;
}

export function Spinner({ size = 'md', label = 'Loading', decorative = false, className }: SpinnerProps) {
  const svg = (
    <svg
      className={cn('animate-spin motion-reduce:animate-[spin_1.5s_linear_infinite]', sizes[size])}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-25" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
  if (decorative) return <span className={cn('inline-flex', className)}>{svg}</span>;
  return (
    <span role="status" aria-label={label} className={cn('inline-flex text-orange-700 dark:text-orange-400', className)}>
      {svg}
    </span>
  );
}

/** A centred spinner for a page or a region that is loading. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner size="lg" label={label} />
    </div>
  );
}
