import { useTranslation } from 'react-i18next';
import { CardPage } from '@/components/layout/page';

export function ResendVerificationRoute() {
  const { t } = useTranslation('pages');
  return (
    <CardPage title={t('resendVerification.title')}>
      <p>{t('resendVerification.intro')}</p>
    </CardPage>
  );
}
