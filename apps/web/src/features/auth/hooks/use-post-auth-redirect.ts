import { roleOf } from '@cellforge/contracts';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { postAuthDestination } from '@/lib/redirect';

/** After sign-in or registration: the safe `redirect` param, else the user's role home. */
export function usePostAuthRedirect(): (user: { user_type?: unknown; role?: unknown }) => void {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const redirect = searchParams.get('redirect');
  return useCallback(
    (user) => {
      navigate(postAuthDestination(redirect, roleOf(user)), { replace: true });
    },
    [navigate, redirect],
  );
}
