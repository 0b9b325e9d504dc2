import type { PortalRole } from '@cellforge/contracts';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';

/** Choosing a portal signs out whoever is signed in first, then opens /auth/{role}. */
export function useChoosePortal(): (role: PortalRole) => void {
  const { isAuthenticated, logout } = useSession();
  const navigate = useNavigate();
  return useCallback(
    (role: PortalRole) => {
      if (isAuthenticated) logout();
      navigate(paths.authPortal.getHref(role));
    },
    [isAuthenticated, logout, navigate],
  );
}
