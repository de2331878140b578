import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/page';

export function StatisticsRoute() {
  const { t } = useTranslation('pages');
  return (
    <Page title={t('statistics.title')}>
      <p>{t('statistics.intro')}</p>
    </Page>
  );
}
