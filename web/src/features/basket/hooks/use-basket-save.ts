import { useCallback, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { dateKey } from '@/components/date-time/dates';
import { useToast } from '@/components/ui/toast';
import { useSaveMeal, type SaveMeal } from '@/features/basket/api/save-meal';
import type { Basket } from '@/features/basket/hooks/use-basket';
import {
  basketTotals,
  isLineQuantity,
  isMealType,
  lineCalories,
  isQuickLine,
  MAX_LINE_GRAMS,
  mealPayload,
  mealTypeAt,
  MIN_LINE_GRAMS,
  type FoodLine,
} from '@/features/basket/utils/basket';
import { enqueueSave, isOfflineFailure, newIdempotencyKey, type QueuedMealView } from '@/features/basket/utils/save-queue';
import { ApiError, serverMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { displayLocale } from '@/lib/i18n';
import { numberFormat } from '@/lib/intl';
import type { EditingMeal } from '@/lib/editing-meal';
import { mealNameDate } from '@/lib/meal-name';
import type { MealType } from '@/types/meal';

/** What the person sees after a save: the meal's name and day, and whether it waits offline. */
export type SavedNotice = { name: string; day: string; offline: boolean; updated: boolean };

let notice: SavedNotice | null = null;
const noticeListeners = new Set<() => void>();

export function showSavedNotice(next: SavedNotice | null): void {
  notice = next;
  for (const listener of [...noticeListeners]) listener();
}

function subscribeNotice(listener: () => void): () => void {
  noticeListeners.add(listener);
  return () => noticeListeners.delete(listener);
}

/**
 * The notice of the last save, until dismissed or the basket fills again; the dock lets
 * it go sooner (its page left, its time up).
 */
export function useSavedNotice(): SavedNotice | null {
  return useSyncExternalStore(
    subscribeNotice,
    () => notice,
    () => null,
  );
}

// One save at a time across the basket panel and the bar (SPEC 4: a second click while
// the first save runs is ignored), even before either re-renders.
let savingNow = false;

/** The time with seconds dropped. */
export function atMinute(time: Date): Date {
  const minute = new Date(time);
  minute.setSeconds(0, 0);
  return minute;
}

/** The meal's time (the chosen one, else now to the minute) and its type (the chosen one, else the hour band). */
export function basketMeal(basket: Basket, now: Date): { time: Date; mealType: MealType } {
  const time = basket.time ?? atMinute(now);
  return { time, mealType: basket.mealType ?? mealTypeAt(time) };
}

/** SPEC 4: a missing meal name falls back to one made of the meal type and day. */
export function useDefaultMealName(): (type: MealType, at: Date) => string {
  const { t, i18n } = useTranslation(['basket', 'common']);
  const locale = displayLocale(i18n.resolvedLanguage);
  return useCallback(
    (type: MealType, at: Date) => {
      return t('basket.defaultName', { type: t(`common:mealTypes.${type}`), date: mealNameDate(locale, at) });
    },
    [locale, t],
  );
}

/** The name of the saved meal the basket edits, as the person knows it: its own, else its type and day's. */
export function useEditingMealName(): (meal: EditingMeal) => string {
  const defaultName = useDefaultMealName();
  return useCallback(
    (meal: EditingMeal) => {
      const at = new Date(meal.eaten_at);
      return meal.name ?? defaultName(isMealType(meal.meal_type) ? meal.meal_type : mealTypeAt(at), at);
    },
    [defaultName],
  );
}

/**
 * Saving the basket (SPEC 4), from the panel or the bar: checks, then sends the meal with
 * an Idempotency-Key made for this save. A new meal that cannot reach the server is
 * queued with its key and the basket cleared; otherwise the basket is cleared only when
 * the server took the meal.
 */
export function useBasketSave(basket: Basket, options: { save?: SaveMeal; now?: () => Date } = {}) {
  const { t, i18n } = useTranslation(['basket', 'common']);
  const toast = useToast();
  const { user } = useAuth();
  const defaultSave = useSaveMeal();
  const save = options.save ?? defaultSave;
  const now = options.now ?? (() => new Date());
  const defaultName = useDefaultMealName();
  const [saving, setSaving] = useState(false);
  const locale = displayLocale(i18n.resolvedLanguage);

  /** Answers whether the meal was saved (or queued to send when back online). */
  async function run(): Promise<boolean> {
    if (savingNow) return false;
    if (basket.lines.length === 0) {
      toast.error(t('basket.emptyError'));
      return false;
    }
    const format = (value: number) => numberFormat(locale, 1).format(value);
    // Adding a food again adds up its grams, which can pass what one meal line may hold;
    // a meal saved through the API may hold less than a gram of something.
    const outOfRange = basket.lines.find(
      (line): line is FoodLine => !isQuickLine(line) && !isLineQuantity(line.quantity),
    );
    if (outOfRange) {
      const name =
        i18n.resolvedLanguage === 'zh' && outOfRange.food.name_zh ? outOfRange.food.name_zh : outOfRange.food.name;
      toast.error(
        t('basket.quantityOutOfRange', { name, min: format(MIN_LINE_GRAMS), max: format(MAX_LINE_GRAMS) }),
      );
      return false;
    }
    const { time, mealType } = basketMeal(basket, now());
    const name = basket.name.trim() || defaultName(mealType, time);
    const editingId = basket.editing?.id ?? null;
    const payload = mealPayload(basket.lines, name, time, mealType);
    const key = newIdempotencyKey();
    const day = dateKey(time);
    savingNow = true;
    setSaving(true);
    try {
      await save(payload, editingId, key);
      basket.clear();
      showSavedNotice({ name, day, offline: false, updated: editingId !== null });
      return true;
    } catch (error) {
      if (editingId === null && isOfflineFailure(error) && user) {
        // Not lost: the save waits in local storage, with its key, for the connection.
        enqueueSave({
          key,
          owner: String(user.id ?? user.username),
          payload,
          queued_at: new Date().toISOString(),
          shown: queuedView(basket.lines, t('quickAdd.defaultName')),
        });
        basket.clear();
        showSavedNotice({ name, day, offline: true, updated: false });
        return true;
      }
      // Nothing is lost: the basket stays as it was.
      const failed = editingId === null ? 'basket.saveFailed' : 'basket.updateFailed';
      const thrown = editingId === null ? 'basket.saveError' : 'basket.updateError';
      toast.error(serverMessage(error) ?? t(error instanceof ApiError ? failed : thrown));
      return false;
    } finally {
      savingNow = false;
      setSaving(false);
    }
  }

  return { saving, save: run };
}

/** The basket's lines as a waiting meal shows them on the day. */
function queuedView(lines: Basket['lines'], quickAddName: string): QueuedMealView {
  return {
    totals: basketTotals(lines),
    foods: lines.map((line) =>
      isQuickLine(line)
        ? { name: line.quick_add.name || quickAddName, name_zh: null, grams: null, calories: lineCalories(line) }
        : { name: line.food.name, name_zh: line.food.name_zh ?? null, grams: line.quantity, calories: lineCalories(line) },
    ),
  };
}
