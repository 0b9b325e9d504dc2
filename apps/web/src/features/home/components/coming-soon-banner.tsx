import { X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { STORAGE_KEYS, readItem, writeItem } from '@/lib/storage';

/** docs/product.md §3.4: a dismissible "coming soon" banner; the dismissal is remembered. */
export function ComingSoonBanner() {
  const [dismissed, setDismissed] = useState(() => readItem(STORAGE_KEYS.comingSoonBannerDismissed) === 'true');
  if (dismissed) return null;

  const dismiss = () => {
    writeItem(STORAGE_KEYS.comingSoonBannerDismissed, 'true');
    setDismissed(true);
  };

  return (
    <section aria-label="Announcement" className="border-b border-orange-200 bg-orange-50 dark:border-orange-900 dark:bg-orange-950/60">
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:px-6 lg:px-8">
        <p className="flex-1 text-sm text-orange-950 dark:text-orange-100">
          <strong className="font-semibold">{env.appName} is coming soon.</strong> We are opening the marketplace to
          the first customers, suppliers and integrators.
        </p>
        <div className="flex items-center gap-2">
          <Link to={paths.betaSignup.getHref()} className={buttonClasses({ size: 'sm' })}>
            Get Early Access
          </Link>
          <button
            type="button"
            onClick={dismiss}
            aria-label="Dismiss announcement"
            className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-orange-950 hover:bg-orange-100 focus-visible:outline-2 focus-visible:outline-orange-600 dark:text-orange-100 dark:hover:bg-orange-900 dark:focus-visible:outline-orange-400"
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </button>
        </div>
      </div>
    </section>
  );
}
