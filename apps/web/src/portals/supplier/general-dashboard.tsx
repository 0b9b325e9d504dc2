import { roleDisplayName, roleOf } from '@cellforge/contracts';
import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { SupplierWorkspace } from '@/portals/supplier/supplier-workspace';
import type { SessionUser } from '@/lib/auth/session-user';
import { Greeting } from '@/portals/greeting';

/**
 * Spec: any role other than customer and integrator gets the general dashboard; for a
 * supplier it is the Supplier Dashboard (listings, leads, analytics).
 */
export function GeneralDashboard({ user }: { user: SessionUser }) {
  const role = roleOf(user);
  if (role === 'supplier') {
    return (
      <Page
        title="Supplier Dashboard"
        lead={
          <>
            <Greeting user={user} />
            <p className="mt-2">Your listings, the customers who contacted you, and how your listings are doing.</p>
          </>
        }
        actions={
          <Link to={paths.catalog.getHref()} className={buttonClasses({ variant: 'outline' })}>
            Browse the catalog
          </Link>
        }
      >
        <SupplierWorkspace />
      </Page>
    );
  }
  return (
    <Page
      title="Dashboard"
      lead={
        <>
          <Badge tone="brand" className="mb-3">
            {roleDisplayName(role)}
          </Badge>
          <Greeting user={user} />
        </>
      }
      actions={
        <Link to={paths.catalog.getHref()} className={buttonClasses()}>
          Browse the catalog
        </Link>
      }
    />
  );
}
