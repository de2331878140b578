import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { useExportData, type ExportFormat } from '@/features/account/api/export-data';
import { ChangePasswordDialog } from '@/features/account/components/change-password-dialog';
import { DeleteAccountDialog } from '@/features/account/components/delete-account-dialog';
import { ImportData } from '@/features/account/components/import-data';
import { useFailureText } from '@/lib/use-failure-text';
import { useLogoutToHome } from '@/lib/use-logout-to-home';

/** SPEC 2: change password, export data, delete account; and an export read back into a new account. */
export function AccountSettings() {
  const { t } = useTranslation('pages');
  const titleId = useId();
  const confirm = useConfirm();
  const toast = useToast();
  const logoutToHome = useLogoutToHome();
  const failureText = useFailureText();
  const exporter = useExportData();
  const [dialog, setDialog] = useState<'changePassword' | 'deleteAccount' | null>(null);

  async function download(format: ExportFormat) {
    try {
      await exporter.trigger(format);
    } catch (error) {
      toast.error(failureText(error, t('profile.account.exportFailed')));
    }
  }

  async function startDelete() {
    const confirmed = await confirm({
      title: t('profile.deleteAccount.confirmTitle'),
      message: t('profile.deleteAccount.confirmMessage'),
      confirmLabel: t('profile.deleteAccount.confirmButton'),
      tone: 'danger',
    });
    if (confirmed) setDialog('deleteAccount');
  }

  function onDeleted() {
    setDialog(null);
    // The server has already ended every session of the account.
    logoutToHome({ localOnly: true });
    toast.success(t('profile.deleteAccount.deleted'));
  }

  return (
    <section className="profile-panel account-settings" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('profile.account.title')}</h2>
      <ul className="settings-list">
        <li>
          <div>
            <strong>{t('profile.account.changePassword')}</strong>
            <p className="muted">{t('profile.account.changePasswordHint')}</p>
          </div>
          <button type="button" className="btn btn-secondary" onClick={() => setDialog('changePassword')}>
            {t('profile.account.changePassword')}
          </button>
        </li>
        <li>
          <div>
            <strong>{t('profile.account.exportData')}</strong>
            <p className="muted">
              {exporter.isMutating ? t('profile.account.exporting') : t('profile.account.exportHint')}
            </p>
          </div>
          <div className="form-actions" role="group" aria-label={t('profile.account.exportData')}>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={exporter.isMutating}
              onClick={() => void download('json')}
            >
              {t('profile.account.exportJson')}
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={exporter.isMutating}
              onClick={() => void download('csv')}
            >
              {t('profile.account.exportCsv')}
            </button>
          </div>
        </li>
        <ImportData />
        <li>
          <div>
            <strong>{t('profile.account.deleteAccount')}</strong>
            <p className="muted">{t('profile.account.deleteHint')}</p>
          </div>
          <button type="button" className="btn btn-danger" onClick={() => void startDelete()}>
            {t('profile.account.deleteAccount')}
          </button>
        </li>
      </ul>
      <ChangePasswordDialog open={dialog === 'changePassword'} onClose={() => setDialog(null)} />
      <DeleteAccountDialog
        open={dialog === 'deleteAccount'}
        onClose={() => setDialog(null)}
        onDeleted={onDeleted}
      />
    </section>
  );
}
