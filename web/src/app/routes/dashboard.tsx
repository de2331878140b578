import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { BarcodeCard } from '@/features/barcodes/components/barcode-card';
import { useBasket } from '@/features/basket/hooks/use-basket';
import { foodFromMealLine } from '@/features/basket/utils/basket';
import { TodayMeals } from '@/features/meals/components/today-meals';
import { ImageRecognition, type RecognizedPortion } from '@/features/recognition/components/image-recognition';
import { displayLocale } from '@/lib/i18n';

export function DashboardRoute() {
  const { t, i18n } = useTranslation('pages');
  const basket = useBasket();
  const [barcodeDialogOpen, setBarcodeDialogOpen] = useBarcodeModeLink();
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
        <div className="dashboard-column">
          <ImageRecognition onAddToBasket={addToBasket} />
          <BarcodeCard
            dialogOpen={barcodeDialogOpen}
            onDialogOpenChange={setBarcodeDialogOpen}
            onAddToBasket={basket.add}
          />
        </div>
      </div>
    </Page>
  );
}

/**
 * SPEC 2: `/dashboard?mode=barcode` (the food search's barcode button) opens the barcode
 * dialog, then the query goes away so a reload or Back does not open it again.
 */
function useBarcodeModeLink() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const wanted = params.get('mode') === 'barcode';
  const [open, setOpen] = useState(wanted);

  useEffect(() => {
    if (!wanted) return;
    setOpen(true);
    void navigate(paths.dashboard, { replace: true });
  }, [wanted, navigate]);

  return [open, setOpen] as const;
}
