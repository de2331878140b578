import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormMessage } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { VERIFY_EMAIL_REDIRECT_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import { useVerifyEmail } from '@/features/auth/api/verify-email';
import { ApiError, serverMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

type State =
  | { status: 'pending' }
  | { status: 'success' }
  /** The link was opened before: the address is verified, and no one is signed in by it. */
  | { status: 'alreadyVerified' }
  | { status: 'error'; reason: 'invalidLink' }
  | { status: 'error'; reason: 'failed'; message: string | undefined };

/**
 * SPEC 4: pending, then success (signed in with the answered tokens, the dashboard
 * after 2 s) or an error. Keyed by token by its route: a new link starts afresh.
 */
export function VerifyEmail({ token }: { token: string | undefined }) {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const { trigger } = useVerifyEmail();
  const hasToken = Boolean(token?.trim());
  const [state, setState] = useState<State>(() =>
    hasToken ? { status: 'pending' } : { status: 'error', reason: 'invalidLink' },
  );
  // A link works once: the call must not repeat when effects run twice (StrictMode).
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token || !hasToken || sentFor.current === token) return;
    sentFor.current = token;
    trigger(token)
      .then((data) => {
        if (data?.token && data.user) {
          signIn({ access: data.token, refresh: data.refresh_token ?? null, user: data.user });
        }
        setState({ status: 'success' });
      })
      .catch((error: unknown) =>
        setState(
          error instanceof ApiError && error.code === 'EMAIL_ALREADY_VERIFIED'
            ? { status: 'alreadyVerified' }
            : { status: 'error', reason: 'failed', message: serverMessage(error) },
        ),
      );
  }, [token, hasToken, trigger, signIn]);

  useEffect(() => {
    if (state.status !== 'success') return;
    const timer = setTimeout(() => void navigate(paths.dashboard, { replace: true }), VERIFY_EMAIL_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state.status, navigate]);

  if (state.status === 'pending') return <Spinner label={t('verifyEmail.pending')} />;
  if (state.status === 'success') {
    return (
      <>
        <FormMessage tone="success">{t('verifyEmail.success')}</FormMessage>
        <Link to={paths.dashboard} replace className="btn btn-primary">
          {t('verifyEmail.goToDashboard')}
        </Link>
      </>
    );
  }
  if (state.status === 'alreadyVerified') {
    return (
      <>
        <FormMessage tone="success">{t('verifyEmail.alreadyVerified')}</FormMessage>
        <Link to={paths.dashboard} replace className="btn btn-primary">
          {t('verifyEmail.goToDashboard')}
        </Link>
      </>
    );
  }
  return (
    <>
      <FormMessage tone="error">
        {state.reason === 'invalidLink' ? t('verifyEmail.invalidLink') : (state.message ?? t('verifyEmail.failed'))}
      </FormMessage>
      <Link to={paths.resendVerification} className="form-link">
        {t('verifyEmail.requestNew')}
      </Link>
    </>
  );
}
