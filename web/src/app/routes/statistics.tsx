import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/page';
import { EnergyCard } from '@/features/energy/components/energy-card';
import { MealStatistics } from '@/features/meals/components/meal-statistics';

export function StatisticsRoute() {
  const { t } = useTranslation('pages');
  return (
    <Page title={t('statistics.title')}>
      <MealStatistics />
      {/* Below the span's figures: the four weeks' need is about more than the span shown. */}
      <EnergyCard />
    </Page>
  );
}
