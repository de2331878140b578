import { lazyPart } from '@/lib/lazy-part';

/** The custom food dialog, whose code and words come when it first opens. */
export const customFoodDialog = lazyPart(
  () => import('@/features/foods/components/custom-food-dialog').then((m) => m.CustomFoodDialog),
  ['foods', 'nutrients'],
);
