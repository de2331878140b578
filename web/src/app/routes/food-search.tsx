import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/page';

export function FoodSearchRoute() {
  const { t } = useTranslation('pages');
  return (
    <Page title={t('foodSearch.title')}>
      <p>{t('foodSearch.intro')}</p>
    </Page>
  );
}
