import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/page';

export function ProfileRoute() {
  const { t } = useTranslation('pages');
  return (
    <Page title={t('profile.title')}>
      <p>{t('profile.intro')}</p>
    </Page>
  );
}
