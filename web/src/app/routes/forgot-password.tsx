import { useTranslation } from 'react-i18next';
import { CardPage } from '@/components/layout/page';

export function ForgotPasswordRoute() {
  const { t } = useTranslation('pages');
  return (
    <CardPage title={t('forgotPassword.title')}>
      <p>{t('forgotPassword.intro')}</p>
    </CardPage>
  );
}
