import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CardPage } from '@/components/layout/page';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

export function ResetPasswordRoute() {
  const { t } = useTranslation('pages');
  const { token } = useParams();
  return (
    <CardPage title={t('resetPassword.title')}>
      {token && <p>{t('resetPassword.intro')}</p>}
      <ResetPasswordForm key={token ?? ''} token={token} />
    </CardPage>
  );
}
