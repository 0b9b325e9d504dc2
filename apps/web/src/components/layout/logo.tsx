import { env } from '@/config/env';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="7" className="fill-orange-700 dark:fill-orange-600" />
      <path d="M9 22V12l7-4 7 4v10l-7 4z" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinejoin="round" />
      <circle cx="16" cy="17" r="3" fill="#fff" />
    </svg>
  );
}

export function Logo() {
  return (
    <span className="inline-flex items-center gap-2 text-lg font-bold tracking-tight text-slate-900 dark:text-white">
      <LogoMark className="h-8 w-8" />
      {env.appName}
    </span>
  );
}
