import { dateKey, parseDateKey, startOfDay } from '@/components/date-time/dates';
import type { EnergyExpenditure } from '@/features/energy/api/get-energy-expenditure';
import { readItem, writeItem } from '@/lib/storage';

/** A goal this close to the suggestion is left alone: the estimate moves more than that from week to week. */
export const CHECK_IN_MIN_DIFFERENCE_KCAL = 100;
/** The check-in comes back a week after it was answered. */
export const CHECK_IN_EVERY_DAYS = 7;

const storageKey = (person: string) => `energy_check_in:${person}`;

/** Whether the check-in is due: never answered, or answered a week ago or longer. */
export function checkInDue(person: string, today: Date = new Date()): boolean {
  const answered = parseDateKey(readItem(storageKey(person)) ?? '');
  if (!answered) return true;
  const days = Math.round((startOfDay(today).getTime() - answered.getTime()) / 86_400_000);
  return days >= CHECK_IN_EVERY_DAYS || days < 0;
}

/** Remembers that the person answered today (took the goal or said not now). */
export function rememberCheckIn(person: string, today: Date = new Date()): void {
  writeItem(storageKey(person), dateKey(today));
}

/** The whole kcal the profile would take. */
export const goalKcal = (estimate: EnergyExpenditure) => Math.round(estimate.suggested_goal_kcal);

/** How far the suggested goal is from the profile's, kcal (positive: the suggestion is higher). */
export const goalDifference = (estimate: EnergyExpenditure) => goalKcal(estimate) - estimate.current_goal_kcal;

/** Worth asking: the data says something (medium or high) and it is 100 kcal or more from the goal. */
export function checkInWorthAsking(estimate: EnergyExpenditure): boolean {
  return estimate.confidence !== 'low' && Math.abs(goalDifference(estimate)) >= CHECK_IN_MIN_DIFFERENCE_KCAL;
}
