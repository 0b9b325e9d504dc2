import { PageSpinner } from '@/components/ui/spinner';
import { CustomerDashboard } from '@/portals/customer/customer-dashboard';
import { GeneralDashboard } from '@/portals/supplier/general-dashboard';
import { IntegratorDashboardEntry } from '@/portals/integrator/integrator-dashboard-entry';
import { PublicDashboard } from '@/portals/public-dashboard';
import { useSession } from '@/lib/auth/session';

/**
 * /dashboard (docs/product.md §3.8): a public page first; signed in, the dashboard of the
 * user's user_type: customer, integrator/system_integrator, otherwise general.
 */
export default function DashboardRoute() {
  const { user, status } = useSession();
  if (status === 'loading') return <PageSpinner />;
  if (!user) return <PublicDashboard />;
  const userType = user.user_type ?? user.role;
  if (userType === 'integrator' || userType === 'system_integrator') return <IntegratorDashboardEntry user={user} />;
  if (userType === 'supplier') return <GeneralDashboard user={user} />;
  return <CustomerDashboard user={user} />;
}
