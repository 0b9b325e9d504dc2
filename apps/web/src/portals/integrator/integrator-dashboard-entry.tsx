import { Page } from '@/components/layout/page';
import { IntegratorDashboard } from '@/portals/integrator/integrator-dashboard';
import type { SessionUser } from '@/lib/auth/session-user';
import { Greeting } from '@/portals/greeting';

/**
 * /dashboard for integrator and system_integrator users: the integrator dashboard
 * itself (docs/product.md §3.11), with the same tabs and settings as /integrator/dashboard.
 */
export function IntegratorDashboardEntry({ user }: { user: SessionUser }) {
  return (
    <Page
      title="Integrator Dashboard"
      lead={
        <>
          <Greeting user={user} />
          <p className="mt-2">Your robot catalog, customer projects, bulk uploads and video analysis.</p>
        </>
      }
    >
      <IntegratorDashboard />
    </Page>
  );
}
