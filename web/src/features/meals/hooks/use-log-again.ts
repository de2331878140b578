import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, dateKey, sameDay, startOfDay } from '@/components/date-time/dates';
import { useToast } from '@/components/ui/toast';
import { useCopyMeal } from '@/features/meals/api/copy-meal';
import { useDeleteMeal } from '@/features/meals/api/delete-meal';
import { serverMessage } from '@/lib/api-client';
import { nameForDay } from '@/lib/meal-name';
import type { Meal } from '@/types/meal';

/** Meals just logged again: their copies, and the day they went to, for the message and Undo. */
export type LoggedAgain = { copies: Meal[]; names: string; dayKey: string; day: string };

/**
 * "Log again": copies meals to another day, each named for its new day, and keeps what
 * it did so the page can say so and undo it (which deletes the copies).
 */
export function useLogAgain() {
  const { t } = useTranslation('meals');
  const toast = useToast();
  const copyMeal = useCopyMeal();
  const deleteMeal = useDeleteMeal();
  const [logged, setLogged] = useState<LoggedAgain | null>(null);
  const [undoing, setUndoing] = useState(false);

  function dayWords(day: Date): string {
    const today = startOfDay(new Date());
    if (sameDay(day, today)) return t('again.today');
    if (sameDay(day, addDays(today, -1))) return t('again.yesterday');
    if (sameDay(day, addDays(today, 1))) return t('again.tomorrow');
    return dateKey(day);
  }

  function remember(copies: Meal[], at: Date) {
    setLogged(
      copies.length === 0
        ? null
        : {
            copies,
            names: copies.map((copy) => copy.name ?? t('baskets.unnamed')).join(', '),
            dayKey: dateKey(at),
            day: dayWords(at),
          },
    );
  }

  /**
   * Copies each meal to `at`: a whole day (`keepTime`) keeps each meal's time, else `at`
   * is the time. A failure is thrown after the copies made so far are remembered.
   */
  async function logAgain(meals: Meal[], at: Date, keepTime = false): Promise<Meal[]> {
    const copies: Meal[] = [];
    try {
      for (const meal of meals) {
        const name = nameForDay(meal.name ?? null, new Date(meal.eaten_at), at);
        const date = keepTime ? dateKey(at) : at.toISOString();
        copies.push(await copyMeal(meal.id, name === null ? { date } : { date, name }));
      }
    } finally {
      remember(copies, at);
    }
    return copies;
  }

  async function undo() {
    if (!logged || undoing) return;
    setUndoing(true);
    let left = logged.copies;
    try {
      for (const copy of logged.copies) {
        await deleteMeal(copy.id);
        left = left.filter((other) => other.id !== copy.id);
      }
      toast.success(t('again.undone', { names: logged.names, day: logged.day }));
    } catch (error) {
      toast.error(serverMessage(error) ?? t('again.undoFailed'));
    } finally {
      setLogged(left.length === 0 ? null : { ...logged, copies: left });
      setUndoing(false);
    }
  }

  return { logged, logAgain, undo, undoing, dismiss: () => setLogged(null) };
}

export type LogAgain = ReturnType<typeof useLogAgain>;
