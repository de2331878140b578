import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/page';
import { useBasket } from '@/features/basket/hooks/use-basket';
import { foodFromMealLine } from '@/features/basket/utils/basket';
import { TodayMeals } from '@/features/meals/components/today-meals';
import { ImageRecognition, type RecognizedPortion } from '@/features/recognition/components/image-recognition';
import { displayLocale } from '@/lib/i18n';

export function DashboardRoute() {
  const { t, i18n } = useTranslation('pages');
  const basket = useBasket();
  const today = new Intl.DateTimeFormat(displayLocale(i18n.resolvedLanguage), { dateStyle: 'full' }).format(
    new Date(),
  );

  // Recognised foods go into the basket like foods from the search; a food with no stored
  // values (an unknown food's defaults) cannot be logged and is left out.
  function addToBasket(portions: RecognizedPortion[]): number {
    let added = 0;
    for (const { food, grams } of portions) {
      if (food.food_id === null) continue;
      const line = {
        food_id: food.food_id,
        food_name: food.name,
        food_name_zh: food.name_zh,
        brand: null,
        quantity: grams,
        per_100g: food.per_100g,
      };
      basket.add(foodFromMealLine(line, food.food_id), grams);
      added += 1;
    }
    return added;
  }

  return (
    <Page title={t('dashboard.title')}>
      <p>{t('dashboard.today', { date: today })}</p>
      <div className="dashboard-grid">
        <TodayMeals />
        <ImageRecognition onAddToBasket={addToBasket} />
      </div>
    </Page>
  );
}
