import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage, TextField } from '@/components/ui/field';
import { Modal, ModalHeader } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { useChangePassword } from '@/features/account/api/change-password';
import { newPasswordProblem } from '@/lib/password';
import { useFailureText } from '@/lib/use-failure-text';

/** Current password, new password twice. This session keeps going with new tokens. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('pages');
  const titleId = useId();
  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId}>
      <ModalHeader titleId={titleId} onClose={onClose}>
        {t('profile.changePassword.title')}
      </ModalHeader>
      {/* Mounted only while open: every opening starts with empty fields. */}
      <ChangePasswordForm onDone={onClose} />
    </Modal>
  );
}

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['pages', 'auth']);
  const toast = useToast();
  const failureText = useFailureText();
  const { trigger, isMutating } = useChangePassword();
  const [form, setForm] = useState({ current: '', next: '', confirm: '' });
  const [error, setError] = useState<string | null>(null);
  const update = (field: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isMutating) return;
    const problem = form.current === '' ? 'fillAll' : newPasswordProblem(form.next, form.confirm);
    if (problem) {
      setError(t(`auth:password.problems.${problem}`));
      return;
    }
    setError(null);
    try {
      await trigger({ current_password: form.current, new_password: form.next });
      toast.success(t('profile.changePassword.success'));
      onDone();
    } catch (caught) {
      setError(failureText(caught, t('profile.changePassword.failed')));
    }
  }

  return (
    <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <TextField
        label={t('auth:password.current')}
        name="current_password"
        type="password"
        autoComplete="current-password"
        value={form.current}
        onChange={update('current')}
        data-autofocus
      />
      <TextField
        label={t('auth:password.new')}
        name="new_password"
        type="password"
        autoComplete="new-password"
        value={form.next}
        onChange={update('next')}
        hint={t('auth:password.hint')}
      />
      <TextField
        label={t('auth:password.confirm')}
        name="confirm_password"
        type="password"
        autoComplete="new-password"
        value={form.confirm}
        onChange={update('confirm')}
      />
      {error && <FormMessage tone="error">{error}</FormMessage>}
      <button type="submit" className="btn btn-primary btn-block" disabled={isMutating}>
        {isMutating ? t('profile.changePassword.submitting') : t('profile.changePassword.submit')}
      </button>
    </form>
  );
}
