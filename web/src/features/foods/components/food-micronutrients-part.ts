import { lazyPart } from '@/lib/lazy-part';

/**
 * A food's vitamins and minerals, whose code and words come when a card's details first
 * open: the search page's first load does without them.
 */
export const foodMicronutrients = lazyPart(
  () => import('@/features/foods/components/food-micronutrients').then((m) => m.FoodMicronutrients),
  ['nutrients'],
);
