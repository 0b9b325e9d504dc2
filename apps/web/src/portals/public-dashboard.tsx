import type { PortalRole } from '@cellforge/contracts';
import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { cardClasses } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

const DASHBOARDS: ReadonlyArray<{ role: PortalRole; title: string; offers: string[] }> = [
  {
    role: 'customer',
    title: 'Customer Dashboard',
    offers: ['Projects with your task requirements', 'Robots that match each project', 'Conversations with suppliers'],
  },
  {
    role: 'supplier',
    title: 'Supplier Dashboard',
    offers: ['Your robot listings', 'Leads from interested customers', 'Views and leads per listing'],
  },
  {
    role: 'integrator',
    title: 'Integrator Dashboard',
    offers: ['Your robot catalog and bulk upload', 'Customer projects by status', 'Video analysis of work cells'],
  },
];

const SIGN_IN_LABELS: Record<PortalRole, string> = {
  customer: 'Sign in as Customer',
  supplier: 'Sign in as Supplier',
  integrator: 'Sign in as System Integrator',
};

/** /dashboard for visitors who are not signed in. */
export function PublicDashboard() {
  return (
    <Page title="Dashboard" lead={<p>Sign in to open your dashboard. Each portal has its own.</p>}>
      <ul className="grid gap-4 md:grid-cols-3">
        {DASHBOARDS.map((dashboard) => (
          <li key={dashboard.role} className={cn(cardClasses, 'flex flex-col')}>
            <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{dashboard.title}</h2>
            <ul className="mt-3 flex-1 list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300">
              {dashboard.offers.map((offer) => (
                <li key={offer}>{offer}</li>
              ))}
            </ul>
            <Link
              to={paths.authPortal.getHref(dashboard.role)}
              className="mt-5 self-start rounded font-semibold text-orange-800 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 dark:text-orange-300 dark:focus-visible:outline-orange-400"
            >
              {SIGN_IN_LABELS[dashboard.role]}
            </Link>
          </li>
        ))}
      </ul>
    </Page>
  );
}
