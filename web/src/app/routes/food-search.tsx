import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/page';
import { useBasket } from '@/features/basket/hooks/use-basket';
import { FoodSearch } from '@/features/foods/components/food-search';
import '@/features/foods/foods.css';

export function FoodSearchRoute() {
  const { t } = useTranslation('pages');
  const basket = useBasket();
  return (
    <Page title={t('foodSearch.title')}>
      <FoodSearch basket={basket} />
    </Page>
  );
}
