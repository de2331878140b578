import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage, TextField } from '@/components/ui/field';
import { Modal, ModalHeader } from '@/components/ui/modal';
import { useDeleteAccount } from '@/features/account/api/delete-account';
import { useFailureText } from '@/lib/use-failure-text';

/** The second step of deleting the account: the password, then the call. */
export function DeleteAccountDialog({
  open,
  onClose,
  onDeleted,
}: {
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('pages');
  const titleId = useId();
  const introId = useId();
  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} describedBy={introId}>
      <ModalHeader titleId={titleId} onClose={onClose}>
        {t('profile.deleteAccount.passwordTitle')}
      </ModalHeader>
      <p id={introId}>{t('profile.deleteAccount.passwordIntro')}</p>
      <DeleteAccountForm onCancel={onClose} onDeleted={onDeleted} />
    </Modal>
  );
}

function DeleteAccountForm({ onCancel, onDeleted }: { onCancel: () => void; onDeleted: () => void }) {
  const { t } = useTranslation(['pages', 'auth', 'common']);
  const failureText = useFailureText();
  const { trigger, isMutating } = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isMutating) return;
    if (password === '') {
      setError(t('auth:password.problems.fillAll'));
      return;
    }
    setError(null);
    try {
      await trigger(password);
      onDeleted();
    } catch (caught) {
      setError(failureText(caught, t('profile.deleteAccount.failed')));
    }
  }

  return (
    <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <TextField
        label={t('auth:fields.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        data-autofocus
      />
      {error && <FormMessage tone="error">{error}</FormMessage>}
      <div className="modal-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={isMutating}>
          {t('common:actions.cancel')}
        </button>
        <button type="submit" className="btn btn-danger" disabled={isMutating}>
          {isMutating ? t('profile.deleteAccount.submitting') : t('profile.deleteAccount.submit')}
        </button>
      </div>
    </form>
  );
}
