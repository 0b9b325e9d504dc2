import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { SessionUser } from '@/lib/auth/session-user';
import { Greeting } from './greeting';

export function CustomerDashboard({ user }: { user: SessionUser }) {
  return (
    <Page
      title="Customer Dashboard"
      lead={
        <>
          <Greeting user={user} />
          <p className="mt-2">Your projects and the robots that match them will appear here once project tools launch.</p>
        </>
      }
      actions={
        <>
          <Link to={paths.catalog.getHref()} className={buttonClasses()}>
            Browse the catalog
          </Link>
          <Link to={paths.roiCalculator.getHref()} className={buttonClasses({ variant: 'outline' })}>
            Estimate ROI
          </Link>
        </>
      }
    />
  );
}
