import { useTranslation } from 'react-i18next';
import { CardPage } from '@/components/layout/page';
import { useRequestPasswordReset } from '@/features/auth/api/request-password-reset';
import { EmailRequestForm } from '@/features/auth/components/email-request-form';

export function ForgotPasswordRoute() {
  const { t } = useTranslation('pages');
  const { trigger } = useRequestPasswordReset();
  return (
    <CardPage title={t('forgotPassword.title')}>
      <p>{t('forgotPassword.intro')}</p>
      <EmailRequestForm
        send={trigger}
        labels={{
          submit: t('forgotPassword.submit'),
          submitting: t('forgotPassword.submitting'),
          sent: t('forgotPassword.sent'),
          failed: t('forgotPassword.failed'),
        }}
      />
    </CardPage>
  );
}
