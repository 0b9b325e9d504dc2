import type { Role } from '@cellforge/contracts';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSession } from './session';

export interface RequireAuthProps {
  /**
   * Roles the route is meant for. Declared, but deliberately NOT enforced here:
   * docs/product.md (§3.2) has the client guard check only that someone is signed
   * in; the server enforces roles (docs/product.md §2.3).
   */
  allowedRoles?: readonly Role[];
}

/** Login guard: spinner while the session loads, else /auth?redirect=<path+search>. */
export function RequireAuth(_props: RequireAuthProps) {
  const { isLoading, isAuthenticated } = useSession();
  const location = useLocation();

  if (isLoading) return <PageSpinner />;
  if (!isAuthenticated) {
    return <Navigate to={paths.auth.getHref(`${location.pathname}${location.search}`)} replace />;
  }
  return <Outlet />;
}
