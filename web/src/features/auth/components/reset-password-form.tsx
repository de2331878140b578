import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormMessage, TextField } from '@/components/ui/field';
import { RESET_TOKEN_ERROR_REDIRECT_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import { useConfirmPasswordReset } from '@/features/auth/api/confirm-password-reset';
import {
  canSubmitNewPassword,
  resetPasswordProblem,
  type ResetPasswordProblem,
} from '@/lib/password';
import { ApiError, CLIENT_ERROR_CODES, serverMessage } from '@/lib/api-client';
import { useLoginDialog } from '@/lib/auth';

/** Server codes that mean the link itself is unusable: the person needs a new one. */
const LINK_ERROR_CODES: ReadonlySet<string> = new Set(['TOKEN_EXPIRED', 'INVALID_TOKEN']);

type Failure =
  | { kind: 'problem'; problem: ResetPasswordProblem }
  | { kind: 'link'; code: string; message: string | undefined }
  | { kind: 'server'; message: string | undefined }
  | { kind: 'unexpected' };

/** SPEC 4, 5, 8: the new password twice, then success or a message. */
export function ResetPasswordForm({ token }: { token: string | undefined }) {
  const { t } = useTranslation(['pages', 'auth']);
  const navigate = useNavigate();
  const loginDialog = useLoginDialog();
  const { trigger, isMutating } = useConfirmPasswordReset();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(() =>
    token?.trim() ? null : { kind: 'problem', problem: 'invalidLink' },
  );

  const leavesForNewLink =
    (failure?.kind === 'problem' && failure.problem === 'invalidLink') || failure?.kind === 'link';

  useEffect(() => {
    if (!leavesForNewLink) return;
    const timer = setTimeout(
      () => void navigate(paths.forgotPassword, { replace: true }),
      RESET_TOKEN_ERROR_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [leavesForNewLink, navigate]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isMutating) return;
    const problem = resetPasswordProblem(token, password, confirm);
    if (problem || !token) {
      setFailure({ kind: 'problem', problem: problem ?? 'invalidLink' });
      return;
    }
    setFailure(null);
    try {
      await trigger({ token, password });
      setDone(true);
    } catch (error) {
      setFailure(failureOf(error));
    }
  }

  function message(current: Failure): string {
    switch (current.kind) {
      case 'problem':
        return current.problem === 'invalidLink'
          ? t('resetPassword.invalidLink')
          : t(`auth:password.problems.${current.problem}`);
      case 'link':
        return (
          current.message ??
          (current.code === 'TOKEN_EXPIRED' ? t('resetPassword.expired') : t('resetPassword.invalidLink'))
        );
      case 'server':
        return current.message ?? t('resetPassword.failed');
      case 'unexpected':
        return t('resetPassword.unexpected');
    }
  }

  if (done) {
    return (
      <>
        <FormMessage tone="success">{t('resetPassword.success')}</FormMessage>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            void navigate(paths.home);
            loginDialog.open('login');
          }}
        >
          {t('resetPassword.login')}
        </button>
      </>
    );
  }

  const newLink = (
    <Link to={paths.forgotPassword} replace className="btn btn-secondary btn-block">
      {t('resetPassword.requestNew')}
    </Link>
  );

  // A link without its token: no form to fill, only where to get a new link.
  if (!token?.trim()) {
    return (
      <>
        <FormMessage tone="error">
          {t('resetPassword.invalidLink')}
          <span className="form-message-line">{t('resetPassword.redirecting')}</span>
        </FormMessage>
        {newLink}
      </>
    );
  }

  const mismatch = password !== '' && confirm !== '' && password !== confirm;
  return (
    <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <TextField
        label={t('auth:password.new')}
        name="password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        hint={t('auth:password.hint')}
      />
      <TextField
        label={t('auth:password.confirm')}
        name="confirm"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(event) => setConfirm(event.target.value)}
        aria-invalid={mismatch || undefined}
        hint={mismatch ? t('auth:password.problems.mismatch') : undefined}
      />
      {failure && (
        <FormMessage tone="error">
          {message(failure)}
          {leavesForNewLink && <span className="form-message-line">{t('resetPassword.redirecting')}</span>}
        </FormMessage>
      )}
      {leavesForNewLink && newLink}
      <button
        type="submit"
        className="btn btn-primary btn-block"
        disabled={isMutating || !canSubmitNewPassword(password, confirm)}
      >
        {isMutating ? t('resetPassword.submitting') : t('resetPassword.submit')}
      </button>
    </form>
  );
}

function failureOf(error: unknown): Failure {
  // No answer at all (or a bug) is the "exception" case of SPEC 8.
  if (!(error instanceof ApiError) || error.code === CLIENT_ERROR_CODES.network || error.status === 0) {
    return { kind: 'unexpected' };
  }
  if (error.code && LINK_ERROR_CODES.has(error.code)) {
    return { kind: 'link', code: error.code, message: serverMessage(error) };
  }
  return { kind: 'server', message: serverMessage(error) };
}
