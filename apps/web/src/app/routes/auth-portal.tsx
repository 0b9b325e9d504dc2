import { useParams } from 'react-router-dom';
import { AuthPortal } from '@/features/auth/components/auth-portal';
import { isPortalRole } from '@/features/auth/utils/portal-role';
import { NotFoundPage } from './not-found';

export default function AuthPortalRoute() {
  const { role } = useParams();
  if (!isPortalRole(role)) return <NotFoundPage />;
  // key: switching portals starts from fresh, empty forms.
  return <AuthPortal key={role} role={role} />;
}
