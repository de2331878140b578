import { useTranslation } from 'react-i18next';
import { CardPage } from '@/components/layout/page';

export function ResetPasswordRoute() {
  const { t } = useTranslation('pages');
  return (
    <CardPage title={t('resetPassword.title')}>
      <p>{t('resetPassword.intro')}</p>
    </CardPage>
  );
}
