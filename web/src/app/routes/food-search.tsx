import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '@/components/layout/page';
import { modalEntriesSettled } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { BasketPanel } from '@/features/basket/components/basket-panel';
import { OpenEditSheet } from '@/features/basket/components/open-edit-sheet';
import { QuickAddDialog, type QuickAddStart } from '@/features/basket/components/quick-add-dialog';
import { UnsavedBasketSheet, type UnsavedBasketChoice } from '@/features/basket/components/unsaved-basket-sheet';
import { useBasket, type Basket } from '@/features/basket/hooks/use-basket';
import { useBasketSave, useEditingMealName } from '@/features/basket/hooks/use-basket-save';
import { isMealType, missingMealLines } from '@/features/basket/utils/basket';
import { parseDateKey } from '@/components/date-time/dates';
import { FoodSearch } from '@/features/foods/components/food-search';
import { useAuth } from '@/lib/auth';
import { readMealToOpen, type EditingMeal } from '@/lib/editing-meal';
import type { MealType } from '@/types/meal';
import '@/features/foods/foods.css';

export function FoodSearchRoute() {
  const { t } = useTranslation(['pages', 'basket']);
  const basket = useBasket();
  const asking = useEditMealLink(basket);
  const newMeal = useMealLink(basket);
  // A search without an exact match offers the basket's quick add, named after the query;
  // "300 kcal" typed offers it with those calories.
  const [quickAdd, setQuickAdd] = useState<QuickAddStart | null>(null);

  return (
    <Page title={t('foodSearch.title')}>
      <div className="food-page">
        <FoodSearch basket={basket} onQuickAdd={setQuickAdd} />
        <BasketPanel basket={basket} />
      </div>
      <QuickAddDialog start={quickAdd} onClose={() => setQuickAdd(null)} onAdd={basket.addQuickAdd} />
      <OpenEditSheet
        editingName={newMeal.editingName}
        adding={newMeal.adding}
        onKeepEditing={newMeal.keepEditing}
        onDiscard={newMeal.discard}
      />
      <UnsavedBasketSheet
        mealName={asking.meal ? (asking.meal.name ?? t('basket:unsaved.unnamed')) : null}
        count={basket.lines.length}
        saving={asking.saving}
        onChoose={(choice) => void asking.choose(choice)}
        onCancel={asking.cancel}
      />
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

/** What a "+ Add" link asks for: a meal type, a day (at its time), or both. */
type NewMealLink = { type: MealType | null; time: Date | null };

function newMealLink(meal: string | null, date: string | null): NewMealLink {
  const type = isMealType(meal) ? meal : null;
  const time = date === null ? null : parseDateKey(date);
  if (time) {
    // Today at this minute; another day at a usual time of the meal (noon without one).
    const now = new Date();
    if (time.toDateString() === now.toDateString()) time.setHours(now.getHours(), now.getMinutes(), 0, 0);
    else time.setHours(...(type ? USUAL_TIME[type] : ([12, 0] as const)), 0, 0);
  }
  return { type, time };
}

/**
 * The dashboard's "+ Add" of a meal type and day: `/?meal=lunch&date=2026-11-24` sets the
 * basket's meal type and day, then the query goes away. While the basket edits a saved
 * meal, "+ Add" starts a new meal only when the person discards that edit: applied to the
 * edit, the saved meal would move to another day and type without being asked.
 */
function useMealLink(basket: Basket) {
  const { isAuthenticated } = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const { t } = useTranslation('basket');
  const editingName = useEditingMealName();
  const [asked, setAsked] = useState<NewMealLink | null>(null);
  const { setMealType, setTime, clear, editing } = basket;
  const meal = params.get('meal');
  const date = params.get('date');

  const start = useCallback(
    ({ type, time }: NewMealLink) => {
      if (type) setMealType(type);
      if (time) setTime(time);
    },
    [setMealType, setTime],
  );

  // The question is asked as the link arrives (state set while rendering, not in an effect).
  const link = meal === null && date === null ? null : `${meal ?? ''}|${date ?? ''}`;
  const [seen, setSeen] = useState<string | null>(null);
  if (seen !== link && (link === null || isAuthenticated)) {
    setSeen(link);
    if (link !== null && editing) setAsked(newMealLink(meal, date));
  }

  useEffect(() => {
    if (!isAuthenticated || link === null) return;
    if (!editing) start(newMealLink(meal, date));
    void navigate('/', { replace: true });
  }, [isAuthenticated, link, meal, date, editing, start, navigate]);

  function keepEditing() {
    setAsked(null);
  }

  function discard() {
    if (!asked) return;
    if (editing) toast.success(t('openEdit.discarded', { name: editingName(editing) }));
    clear();
    start(asked);
    setAsked(null);
  }

  return { editingName: asked && editing ? editingName(editing) : null, adding: asked?.type ?? null, keepEditing, discard };
}

/**
 * SPEC 2, 4: `/?edit_meal={id}` loads the meal the statistics page or the dashboard left in
 * session storage into the basket, then the query goes away. A basket holding foods not
 * saved yet is not replaced silently: the person chooses to save them first, add them to
 * the meal or discard them, or goes back with the basket as it was.
 */
function useEditMealLink(basket: Basket) {
  const { t } = useTranslation('basket');
  const { isAuthenticated, status } = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const { saving, save } = useBasketSave(basket);
  const wanted = params.get('edit_meal');
  const handled = useRef<string | null>(null);
  const [asked, setAsked] = useState<EditingMeal | null>(null);
  const { loadMeal } = basket;
  const unsaved = basket.lines.length > 0;
  const editingId = basket.editing?.id ?? null;

  const open = useCallback(
    (meal: EditingMeal, keepLines = false) => {
      loadMeal(meal, { keepLines });
      // A deleted food's line cannot be sent back, so the update would drop it: say so now.
      const missing = missingMealLines(meal);
      if (missing > 0) toast.warning(t('basket.missingFoods', { count: missing }), { duration: 0 });
    },
    [loadMeal, toast, t],
  );

  // The question is asked as the link arrives (state set while rendering, not in an effect).
  const ready = wanted !== null && status !== 'loading';
  const [askedFor, setAskedFor] = useState<string | null>(null);
  if (ready && askedFor !== wanted) {
    setAskedFor(wanted);
    const meal = readMealToOpen();
    if (isAuthenticated && meal && String(meal.id) === wanted && editingId !== meal.id && unsaved) setAsked(meal);
  }

  useEffect(() => {
    if (!ready || handled.current === wanted) return;
    handled.current = wanted;
    const meal = readMealToOpen();
    if (isAuthenticated && meal && String(meal.id) === wanted) {
      // The meal already in the basket stays as it is, changes and all; a basket with
      // unsaved foods waits for the person's answer.
      if (editingId !== meal.id && !unsaved) open(meal);
    } else {
      toast.error(t('basket.editLoadError'));
    }
    void navigate('/', { replace: true });
  }, [ready, wanted, isAuthenticated, editingId, unsaved, open, navigate, toast, t]);

  async function choose(choice: UnsavedBasketChoice) {
    if (!asked) return;
    if (choice === 'save' && !(await save())) return;
    open(asked, choice === 'merge');
    setAsked(null);
  }

  function cancel() {
    setAsked(null);
    // Back where the meal was tapped, when the app has been there (the router counts entries).
    // After the sheet's own history entry is taken back, or the two steps back would be one.
    if (((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0) {
      window.setTimeout(() => void modalEntriesSettled().then(() => navigate(-1)), 0);
    }
  }

  return { meal: asked, saving, choose, cancel };
}
