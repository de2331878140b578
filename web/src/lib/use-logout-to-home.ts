import { startTransition, useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth, type LogoutOptions } from '@/lib/auth';

/**
 * Leaves for `/` and ends the session. The router moves inside a transition; ending the
 * session in a transition too makes both land in one render, so a protected page never
 * renders logged out (which would open the login dialog on the way out).
 */
export function useLogoutToHome(): (options?: LogoutOptions) => void {
  const navigate = useNavigate();
  const { logout } = useAuth();
  return useCallback(
    (options?: LogoutOptions) => {
      void navigate(paths.home);
      startTransition(() => logout(options));
    },
    [navigate, logout],
  );
}
