import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { components } from '@/types/api.gen';

/**
 * One dish read from the words: "一碗米饭" as 150 g of rice. Its amount as read: "一碗" is
 * 1 碗; "两个" and "2 eggs" are 2 with no unit (absent); nothing said is 1 with no unit.
 * How far the reader trusts the food it found (`certainty.level`, a string in the
 * document): `sure`, `likely`, or `unsure`, asked as a question, never added unasked.
 */
export type MealItem = components['schemas']['ReadDish'];

/** POST /foods/parse-meal/: the dishes read, and the parts of the text that could not be read. */
export type ParsedMeal = components['schemas']['MealWords'];

export const parseMealPath = '/foods/parse-meal/';
/** The server refuses longer text (VALIDATION_ERROR). */
export const MAX_MEAL_TEXT_LENGTH = 500;

/** `viewer` as for the food search: the answer holds the caller's own foods. */
export function parseMealKey(text: string, viewer: string | null) {
  return [parseMealPath, text, viewer] as const;
}

export function parseMeal(text: string): Promise<ParsedMeal> {
  return api.post<ParsedMeal>(parseMealPath, { text });
}

/** An answer with the text it answers, as asked. */
export type ParsedMealResult = ParsedMeal & { asked: string };

/** Reads `text` (already trimmed) as a meal; null reads nothing. */
export function useParsedMeal(text: string | null, viewer: string | null) {
  return useSWR<ParsedMealResult>(
    text ? parseMealKey(text, viewer) : null,
    async () => ({ ...(await parseMeal(text ?? '')), asked: text ?? '' }),
  );
}
