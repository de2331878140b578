import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/page';
import { MealStatistics } from '@/features/meals/components/meal-statistics';

export function StatisticsRoute() {
  const { t } = useTranslation('pages');
  return (
    <Page title={t('statistics.title')}>
      <MealStatistics />
    </Page>
  );
}
