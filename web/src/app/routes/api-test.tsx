import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/page';
import { DeveloperLinksSwitch } from '@/features/devtools/components/developer-links-switch';
import { ApiTestPage } from '@/features/devtools/components/api-test-page';

export function ApiTestRoute() {
  const { t } = useTranslation('pages');
  return (
    <Page title={t('apiTest.title')}>
      <p>{t('apiTest.intro')}</p>
      <DeveloperLinksSwitch />
      <ApiTestPage />
    </Page>
  );
}
