import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '@/components/layout/page';
import { useToast } from '@/components/ui/toast';
import { BasketPanel } from '@/features/basket/components/basket-panel';
import { QuickAddDialog } from '@/features/basket/components/quick-add-dialog';
import { useBasket } from '@/features/basket/hooks/use-basket';
import { isMealType, missingMealLines } from '@/features/basket/utils/basket';
import { parseDateKey } from '@/components/date-time/dates';
import { FoodSearch } from '@/features/foods/components/food-search';
import { useAuth } from '@/lib/auth';
import { readEditingMeal } from '@/lib/editing-meal';
import type { MealType } from '@/types/meal';
import '@/features/foods/foods.css';

export function FoodSearchRoute() {
  const { t } = useTranslation(['pages', 'basket']);
  const basket = useBasket();
  useEditMealLink(basket.loadMeal);
  useMealLink(basket.setMealType, basket.setTime);
  // A search without an exact match offers the basket's quick add, named after the query.
  const [quickAddName, setQuickAddName] = useState<string | null>(null);

  return (
    <Page title={t('foodSearch.title')}>
      <div className="food-page">
        <FoodSearch basket={basket} onQuickAdd={setQuickAddName} />
        <BasketPanel basket={basket} />
      </div>
      <QuickAddDialog name={quickAddName} onClose={() => setQuickAddName(null)} onAdd={basket.addQuickAdd} />
    </Page>
  );
}

/** A usual time of each meal, for a meal added to another day (the type itself is chosen, not read from it). */
const USUAL_TIME: Record<MealType, readonly [number, number]> = {
  breakfast: [8, 0],
  lunch: [12, 30],
  dinner: [18, 30],
  snack: [15, 30],
};

/**
 * The dashboard's "+ Add" of a meal type and day: `/?meal=lunch&date=2026-11-24` sets the
 * basket's meal type and day, then the query goes away.
 */
function useMealLink(setMealType: (type: MealType) => void, setTime: (time: Date) => void) {
  const { isAuthenticated } = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const meal = params.get('meal');
  const date = params.get('date');

  useEffect(() => {
    if (!isAuthenticated || (meal === null && date === null)) return;
    if (isMealType(meal)) setMealType(meal);
    const day = date === null ? null : parseDateKey(date);
    if (day) {
      // Today at this minute; another day at a usual time of the meal (noon without one).
      const now = new Date();
      if (day.toDateString() === now.toDateString()) day.setHours(now.getHours(), now.getMinutes(), 0, 0);
      else day.setHours(...(isMealType(meal) ? USUAL_TIME[meal] : ([12, 0] as const)), 0, 0);
      setTime(day);
    }
    void navigate('/', { replace: true });
  }, [isAuthenticated, meal, date, setMealType, setTime, navigate]);
}

/**
 * SPEC 2, 4: `/?edit_meal={id}` loads the meal the statistics page left in session
 * storage into the basket, then the query goes away.
 */
function useEditMealLink(loadMeal: ReturnType<typeof useBasket>['loadMeal']) {
  const { t } = useTranslation('basket');
  const { isAuthenticated, status } = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const wanted = params.get('edit_meal');
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (wanted === null || status === 'loading' || handled.current === wanted) return;
    handled.current = wanted;
    const meal = readEditingMeal();
    if (isAuthenticated && meal && String(meal.id) === wanted) {
      loadMeal(meal);
      // A deleted food's line cannot be sent back, so the update would drop it: say so now.
      const missing = missingMealLines(meal);
      if (missing > 0) toast.warning(t('basket.missingFoods', { count: missing }), { duration: 0 });
    } else {
      toast.error(t('basket.editLoadError'));
    }
    void navigate('/', { replace: true });
  }, [wanted, status, isAuthenticated, loadMeal, navigate, toast, t]);
}
