import { useTranslation } from 'react-i18next';
import { CardPage } from '@/components/layout/page';

export function VerifyEmailRoute() {
  const { t } = useTranslation('pages');
  return (
    <CardPage title={t('verifyEmail.title')}>
      <p>{t('verifyEmail.intro')}</p>
    </CardPage>
  );
}
