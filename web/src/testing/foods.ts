import type { Food } from '@/types/food';

/** A food as the API answers it; built-in catalogue banana unless told otherwise. */
export function makeFood(fields: Partial<Food> = {}): Food {
  return {
    id: 1,
    name: 'Banana',
    name_zh: '香蕉',
    pinyin: 'xiāng jiāo',
    brand: null,
    barcode: null,
    image_url: null,
    nutrition_grade: null,
    calories_per_100g: 89,
    protein_per_100g: 1.1,
    fat_per_100g: 0.3,
    carbs_per_100g: 22.8,
    fiber_per_100g: 2.6,
    sugar_per_100g: 12.2,
    sodium_per_100g: 1,
    serving_size: 100,
    serving_unit: 'g',
    portions: [{ grams: 118, name: '1 medium', name_zh: '1 根（中）' }],
    served_by_item: false,
    is_custom: false,
    is_usda: false,
    fdc_id: null,
    usda_description: null,
    description: null,
    data_source: 'catalogue',
    data_quality: 'default',
    ingredients: null,
    is_owner: false,
    is_favorite: false,
    is_recipe: false,
    is_drink: false,
    per_serving: null,
    created_at: null,
    ...fields,
  };
}

/** A custom food owned by the signed-in caller. */
export function makeCustomFood(fields: Partial<Food> = {}): Food {
  return makeFood({
    id: 50,
    name: 'Grandma’s dumplings',
    name_zh: null,
    pinyin: null,
    calories_per_100g: 220,
    protein_per_100g: 9,
    fat_per_100g: 8,
    carbs_per_100g: 28,
    fiber_per_100g: 1.5,
    sugar_per_100g: 2,
    sodium_per_100g: 450,
    portions: [],
    is_custom: true,
    data_source: 'custom',
    is_owner: true,
    created_at: '2026-01-02T03:04:05Z',
    ...fields,
  });
}

/** A USDA FoodData Central food; `id` null when it is not saved locally yet. */
export function makeUsdaFood(fields: Partial<Food> = {}): Food {
  return makeFood({
    id: null,
    name: 'Bananas, raw',
    name_zh: null,
    pinyin: null,
    brand: null,
    portions: [],
    is_usda: true,
    fdc_id: 173944,
    usda_description: 'Bananas, raw',
    data_source: 'usda',
    data_quality: 'usda',
    ...fields,
  });
}

/** One of the caller's recipes as the food search lists it: 2 servings of 250 g. */
export function makeRecipeFood(fields: Partial<Food> = {}): Food {
  return makeCustomFood({
    id: 70,
    name: 'Egg fried rice',
    name_zh: '蛋炒饭',
    calories_per_100g: 160,
    protein_per_100g: 6,
    fat_per_100g: 5,
    carbs_per_100g: 22,
    fiber_per_100g: 0.6,
    sugar_per_100g: 0.4,
    sodium_per_100g: 200,
    portions: [{ grams: 250, name: '1 serving', name_zh: '1 份' }],
    data_source: 'recipe',
    // The server's is_custom is a custom food's, not a recipe's.
    is_custom: false,
    is_recipe: true,
    per_serving: {
      servings: 2,
      grams: 250,
      calories: 400,
      protein: 15,
      fat: 12.5,
      carbs: 55,
      fiber: 1.5,
      sugar: 1,
      sodium: 500,
    },
    ...fields,
  });
}

/** The API's success envelope. */
export function ok(data: unknown) {
  return { body: { success: true, data } };
}

/** The API's failure envelope. */
export function failure(status: number, message?: string, code?: string) {
  return { status, body: { success: false, error: message ? { message, code } : undefined } };
}
