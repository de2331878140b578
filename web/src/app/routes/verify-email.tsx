import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CardPage } from '@/components/layout/page';
import { VerifyEmail } from '@/features/auth/components/verify-email';

export function VerifyEmailRoute() {
  const { t } = useTranslation('pages');
  const { token } = useParams();
  return (
    <CardPage title={t('verifyEmail.title')}>
      <VerifyEmail key={token ?? ''} token={token} />
    </CardPage>
  );
}
