import { roleDisplayName } from '@cellforge/contracts';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { useChoosePortal } from '@/components/layout/use-choose-portal';
import { IntegratorDashboard } from '@/portals/integrator/integrator-dashboard';
import { useSession } from '@/lib/auth/session';

/**
 * /integrator/dashboard. The route declares allowedRoles ['integrator'] but, as the
 * spec says, the client only requires a signed-in user; the API enforces the role.
 * Another role is told plainly which portal this page belongs to (docs/product.md §2.3, "wrong portal").
 */
export default function IntegratorDashboardRoute() {
  const { role } = useSession();
  const choosePortal = useChoosePortal();
  const otherRole = role && role !== 'integrator' ? role : null;
  return (
    <Page
      title="Integrator Dashboard"
      lead={<p>Your robot catalog, customer projects, bulk uploads and video analysis.</p>}
    >
      {otherRole ? (
        <div className="max-w-2xl rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
          <p>
            You are signed in with a {roleDisplayName(otherRole)} account. This dashboard belongs to the System Integrator
            portal.
          </p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => choosePortal('integrator')}>
            Switch to the System Integrator portal
          </Button>
        </div>
      ) : (
        <IntegratorDashboard />
      )}
    </Page>
  );
}
