import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { SessionUser } from '@/lib/auth/session-user';
import { Greeting } from './greeting';

/** /dashboard for integrators: points to the integrator workspace. */
export function IntegratorDashboardEntry({ user }: { user: SessionUser }) {
  return (
    <Page
      title="Integrator Dashboard"
      lead={
        <>
          <Greeting user={user} />
          <p className="mt-2">Your catalog, projects, bulk upload and video analysis live in the integrator workspace.</p>
        </>
      }
      actions={
        <Link to={paths.integratorDashboard.getHref()} className={buttonClasses()}>
          Open the Integrator Dashboard
        </Link>
      }
    />
  );
}
