import { useTranslation } from 'react-i18next';
import { CardPage } from '@/components/layout/page';
import { useResendVerification } from '@/features/auth/api/resend-verification';
import { EmailRequestForm } from '@/features/auth/components/email-request-form';

export function ResendVerificationRoute() {
  const { t } = useTranslation('pages');
  const { trigger } = useResendVerification();
  return (
    <CardPage title={t('resendVerification.title')}>
      <p>{t('resendVerification.intro')}</p>
      <EmailRequestForm
        send={trigger}
        labels={{
          submit: t('resendVerification.submit'),
          submitting: t('resendVerification.submitting'),
          sent: t('resendVerification.sent'),
          failed: t('resendVerification.failed'),
        }}
      />
    </CardPage>
  );
}
