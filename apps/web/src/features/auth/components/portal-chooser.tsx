import { roleDisplayName } from '@cellforge/contracts';
import { ArrowRight } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { cardClasses } from '@/components/ui/card';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { sanitizeRedirect } from '@/lib/redirect';
import { PORTALS } from '../utils/portals';

/** /auth: pick a portal; the `redirect` query is carried along. */
export function PortalChooser() {
  const [searchParams] = useSearchParams();
  const redirect = sanitizeRedirect(searchParams.get('redirect'));

  return (
    <Page
      title="Sign in"
      lead={
        <p>
          {redirect ? 'Please sign in to continue. ' : ''}
          {env.appName} has a portal for each kind of user. Choose yours.
        </p>
      }
    >
      <ul className="grid gap-4 md:grid-cols-3">
        {PORTALS.map(({ role, description }) => (
          <li key={role} className={cn(cardClasses, 'relative flex flex-col')}>
            <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{roleDisplayName(role)}</h2>
            <p className="mt-2 flex-1 text-slate-700 dark:text-slate-300">{description}</p>
            <Link
              to={paths.authPortal.getHref(role, redirect)}
              className="mt-4 inline-flex items-center gap-1 self-start rounded font-semibold text-orange-800 underline-offset-4 after:absolute after:inset-0 after:rounded-2xl hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 dark:text-orange-300 dark:focus-visible:outline-orange-400"
            >
              Sign in as {roleDisplayName(role)}
              <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </Page>
  );
}
