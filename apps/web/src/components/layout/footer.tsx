import { Link } from 'react-router-dom';
import { env } from '@/config/env';
import { FOOTER_LINKS } from './nav-items';

/** `reserveFloatingSpace`: the footer's background runs on under the floating chat launcher, so its last row stays clear of it. */
export function Footer({ reserveFloatingSpace = false }: { reserveFloatingSpace?: boolean } = {}) {
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <div
        className={`mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 pt-8 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8 ${reserveFloatingSpace ? 'pb-[max(2rem,var(--floating-reserve))]' : 'pb-8'}`}
        data-floating-reserve={reserveFloatingSpace ? '' : undefined}
      >
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {env.appName} is open-source software, MIT licensed. Self-host it or use a hosted instance.
        </p>
        <nav aria-label="Footer">
          <ul className="-mx-2 flex flex-wrap gap-x-2 gap-y-1">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="inline-flex min-h-10 items-center rounded-md px-2 text-sm font-medium text-slate-700 underline-offset-4 hover:text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-orange-600 dark:text-slate-300 dark:hover:text-white dark:focus-visible:outline-orange-400"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
