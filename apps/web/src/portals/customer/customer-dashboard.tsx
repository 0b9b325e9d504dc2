import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { CustomerProjects } from '@/features/projects/components/customer-projects';
import { CustomerOverview } from '@/features/quotes/components/customer-overview';
import type { SessionUser } from '@/lib/auth/session-user';
import { Greeting } from '@/portals/greeting';

/**
 * /dashboard for customers: the customer portal, composed from the projects feature (their
 * projects) and the quotes feature (their requests, the quotes received, integrators' interest).
 */
export function CustomerDashboard({ user }: { user: SessionUser }) {
  return (
    <Page
      title="Customer Dashboard"
      lead={
        <>
          <Greeting user={user} />
          <p className="mt-2">Describe what you want to automate; each project lists the robots that fit it.</p>
        </>
      }
      actions={
        <>
          <Link to={paths.catalog.getHref()} className={buttonClasses({ variant: 'outline' })}>
            Browse the catalog
          </Link>
          <Link to={paths.roiCalculator.getHref()} className={buttonClasses({ variant: 'ghost' })}>
            Estimate ROI
          </Link>
        </>
      }
    >
      <div className="space-y-12">
        <CustomerProjects />
        <CustomerOverview />
      </div>
    </Page>
  );
}
