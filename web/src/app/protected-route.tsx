import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth, useLoginDialog } from '@/lib/auth';

/** SPEC 2: wait for the auth state; without a session, ask to log in from `/`. */
export function ProtectedRoute() {
  const { t } = useTranslation('pages');
  const { status } = useAuth();
  if (status === 'loading') return <Spinner label={t('protected.checking')} />;
  if (status === 'anonymous') return <RedirectToLogin />;
  return <Outlet />;
}

function RedirectToLogin() {
  const navigate = useNavigate();
  const { open } = useLoginDialog();
  useEffect(() => {
    open('login');
    void navigate(paths.home, { replace: true });
  }, [navigate, open]);
  return null;
}
