import { mockFetch, rememberSession, type MockRoute } from '@/testing/fetch-mock';
import { makeFood, ok } from '@/testing/foods';
import { renderApp } from '@/testing/render';

/** The basket tests' signed-in person. */
export const ann = { id: 1, username: 'ann', nickname: 'Ann' };

export const rice = makeFood({ id: 7, name: 'Rice, white, cooked', name_zh: '米饭', calories_per_100g: 116, protein_per_100g: 2.6, fat_per_100g: 0.3, carbs_per_100g: 25.9 });
export const egg = makeFood({ id: 8, name: 'Egg, boiled', name_zh: '鸡蛋（煮）', calories_per_100g: 155, protein_per_100g: 12.6, fat_per_100g: 10.6, carbs_per_100g: 1.1 });

/** Ann signed in, the server answering what every page asks, then `routes`. */
export function signInAnn(routes: Record<string, MockRoute> = {}) {
  const mock = mockFetch({
    'GET /api/v1/auth/user/': ok(ann),
    'GET /api/v1/foods/search/history/': ok({ history: [] }),
    ...routes,
  });
  rememberSession(ann);
  return mock;
}

/** The app at `path`, Ann signed in, with `basket` (stored lines) left from before. */
export function openWithBasket(path: string, basket: unknown[], routes: Record<string, MockRoute> = {}) {
  const mock = signInAnn(routes);
  localStorage.setItem('mealCart', JSON.stringify(basket));
  return { ...mock, ...renderApp(path) };
}

/**
 * Leaves Ann's saved meal "Late lunch" (id 42: 200 g of rice, 2026-11-20 06:00 UTC) for
 * the app to open, as a tap on it in the statistics does.
 */
export function leaveLateLunchToOpen() {
  const per = { calories: 116, protein: 2.6, fat: 0.3, carbs: 25.9, fiber: 0.3, sugar: 0.1, sodium: 2 };
  sessionStorage.setItem(
    'mealToOpen',
    JSON.stringify({
      id: 42, name: 'Late lunch', date: '2026-11-20', eaten_at: '2026-11-20T06:00:00Z', meal_type: 'lunch',
      total_calories: 232, notes: null,
      foods: [{ food_id: 7, food_name: 'Rice, white, cooked', food_name_zh: '米饭', brand: null, quantity: 200, per_100g: per }],
    }),
  );
}
