import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/page';
import { DeveloperLinksSwitch } from '@/features/devtools/components/developer-links-switch';
import { TokenTestPage } from '@/features/devtools/components/token-test-page';

export function TokenTestRoute() {
  const { t } = useTranslation('pages');
  return (
    <Page title={t('tokenTest.title')}>
      <p>{t('tokenTest.intro')}</p>
      <DeveloperLinksSwitch />
      <TokenTestPage />
    </Page>
  );
}
