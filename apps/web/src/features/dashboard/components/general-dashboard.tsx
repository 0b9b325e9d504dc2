import { roleDisplayName, roleOf } from '@cellforge/contracts';
import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { SessionUser } from '@/lib/auth/session-user';
import { Greeting } from './greeting';

/** Spec: any role other than customer and integrator gets the general dashboard. */
export function GeneralDashboard({ user }: { user: SessionUser }) {
  return (
    <Page
      title="Dashboard"
      lead={
        <>
          <Badge tone="brand" className="mb-3">
            {roleDisplayName(roleOf(user))}
          </Badge>
          <Greeting user={user} />
          <p className="mt-2">Your listings, leads and listing analytics will appear here once supplier tools launch.</p>
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
