import { addDays, dateKey } from '@/components/date-time/dates';

/** Ids that earlier answers revealed, used to fill the path and payload of later calls. */
export type KnownIds = {
  foodId?: number;
  fdcId?: number;
  mealId?: number;
  mealLineId?: number;
  recipeId?: number;
  imageId?: number;
  weightId?: number;
};
export type KnownId = keyof KnownIds;

/** What the samples may draw on besides the known ids. */
export type SampleContext = {
  ids: KnownIds;
  username: string | null;
  refreshToken: string | null;
  today: Date;
  /** Unique to this visit, for names that must not repeat (a new username). */
  stamp: string;
};

export type Area = 'ops' | 'auth' | 'users' | 'foods' | 'favourites' | 'meals' | 'weight' | 'recipes' | 'images';
export const AREAS: readonly Area[] = ['ops', 'auth', 'users', 'foods', 'favourites', 'meals', 'weight', 'recipes', 'images'];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type Operation = {
  area: Area;
  method: HttpMethod;
  /** As documented, e.g. `/foods/{id}/`; each `{name}` is filled from `params`. */
  path: string;
  /** Path parameter name to the known id that fills it. */
  params?: Record<string, KnownId>;
  /** Informational: the call answers 401 without a session. */
  needsLogin: boolean;
  /**
   * How the call is made: a JSON call (payload as query for GET, else as body), a
   * multipart upload of a chosen file (payload fields beside it), a streamed answer, or
   * a file download.
   */
  kind?: 'json' | 'upload' | 'stream' | 'download';
  /** The prefilled payload; none means the call takes none. */
  sample?: (context: SampleContext) => Record<string, unknown>;
  /** Known ids to take from a successful answer's data, as dotted paths (`foods.0.id`). */
  captures?: Partial<Record<KnownId, string>>;
  /** What a successful answer means for this page's own session. */
  session?: 'sign-in' | 'rotate' | 'sign-out';
};

/** The label of a call, as its button shows it. */
export function operationName(operation: Operation): string {
  return `${operation.method} ${operation.path}`;
}

const PASSWORD = 'Passw0rd1';
const BARCODE = '0070097025088';
const day = (context: SampleContext, offset = 0) => dateKey(addDays(context.today, offset));
const food = (context: SampleContext) => context.ids.foodId ?? null;

const foodBody = (name: string) => ({
  name,
  calories: 370,
  protein: 13,
  fat: 7,
  carbs: 60,
  fiber: 10,
  sugar: 1,
  sodium: 5,
});

const recipeBody = (context: SampleContext, name: string) => ({
  name,
  servings: 2,
  notes: '',
  ingredients: [{ food_id: food(context), quantity: 80 }],
});

/** Every call of the API (SPEC 7 and the server's OpenAPI document), by area. */
export const OPERATIONS: readonly Operation[] = [
  { area: 'ops', method: 'GET', path: '/health', needsLogin: false },
  { area: 'ops', method: 'GET', path: '/health/ready', needsLogin: false },

  {
    area: 'auth',
    method: 'POST',
    path: '/auth/register/',
    needsLogin: false,
    sample: (context) => {
      const username = `dev_${context.stamp}`;
      return { username, email: `${username}@example.com`, password: PASSWORD, nickname: 'Dev' };
    },
    session: 'sign-in',
  },
  {
    area: 'auth',
    method: 'POST',
    path: '/auth/login/',
    needsLogin: false,
    sample: (context) => ({ username: context.username ?? '', password: PASSWORD }),
    session: 'sign-in',
  },
  {
    area: 'auth',
    method: 'POST',
    path: '/auth/refresh/',
    needsLogin: false,
    sample: (context) => ({ refresh: context.refreshToken ?? '' }),
    session: 'rotate',
  },
  {
    area: 'auth',
    method: 'POST',
    path: '/auth/logout/',
    needsLogin: false,
    sample: (context) => ({ refresh_token: context.refreshToken ?? '' }),
    session: 'sign-out',
  },
  { area: 'auth', method: 'GET', path: '/auth/user/', needsLogin: true },
  { area: 'auth', method: 'POST', path: '/auth/verify-email/', needsLogin: false, sample: () => ({ token: '' }) },
  {
    area: 'auth',
    method: 'POST',
    path: '/auth/resend-verification/',
    needsLogin: false,
    sample: () => ({ email: 'you@example.com' }),
  },
  {
    area: 'auth',
    method: 'POST',
    path: '/auth/password-reset/',
    needsLogin: false,
    sample: () => ({ email: 'you@example.com' }),
  },
  {
    area: 'auth',
    method: 'POST',
    path: '/auth/password-reset-confirm/',
    needsLogin: false,
    sample: () => ({ token: '', password: 'Newpassw0rd' }),
  },

  { area: 'users', method: 'GET', path: '/users/profile/', needsLogin: true },
  {
    area: 'users',
    method: 'PUT',
    path: '/users/profile/',
    needsLogin: true,
    sample: () => ({
      nickname: 'Dev',
      date_of_birth: '1990-01-01',
      gender: 'male',
      height: 175,
      weight: 70,
      daily_calorie_goal: 2000,
    }),
  },
  {
    area: 'users',
    method: 'POST',
    path: '/users/change-password/',
    needsLogin: true,
    sample: () => ({ current_password: PASSWORD, new_password: 'Newpassw0rd' }),
  },
  { area: 'users', method: 'GET', path: '/users/export/', needsLogin: true, kind: 'download' },
  { area: 'users', method: 'GET', path: '/users/export/meals.csv', needsLogin: true, kind: 'download' },
  {
    area: 'users',
    method: 'DELETE',
    path: '/users/account/',
    needsLogin: true,
    sample: () => ({ password: PASSWORD }),
    session: 'sign-out',
  },

  {
    area: 'foods',
    method: 'GET',
    path: '/foods/search/',
    needsLogin: false,
    sample: () => ({ query: 'rice', page_size: 10 }),
    captures: { foodId: 'foods.0.id' },
  },
  { area: 'foods', method: 'GET', path: '/foods/search/history/', needsLogin: true, sample: () => ({ limit: 10 }) },
  {
    area: 'foods',
    method: 'GET',
    path: '/foods/user/',
    needsLogin: true,
    sample: () => ({ page: 1, page_size: 20 }),
    captures: { foodId: 'foods.0.id' },
  },
  {
    area: 'foods',
    method: 'POST',
    path: '/foods/create/',
    needsLogin: true,
    sample: () => foodBody('Dev oatmeal'),
    captures: { foodId: 'id' },
  },
  { area: 'foods', method: 'GET', path: '/foods/{id}/', params: { id: 'foodId' }, needsLogin: false },
  {
    area: 'foods',
    method: 'PUT',
    path: '/foods/{id}/update/',
    params: { id: 'foodId' },
    needsLogin: true,
    sample: () => foodBody('Dev oatmeal (edited)'),
  },
  { area: 'foods', method: 'DELETE', path: '/foods/{id}/delete/', params: { id: 'foodId' }, needsLogin: true },
  {
    area: 'foods',
    method: 'GET',
    path: '/foods/usda/search/',
    needsLogin: false,
    sample: () => ({ query: 'apple', page_size: 5 }),
    captures: { fdcId: 'foods.0.fdc_id' },
  },
  {
    area: 'foods',
    method: 'GET',
    path: '/foods/usda/nutrition/{fdc_id}/',
    params: { fdc_id: 'fdcId' },
    needsLogin: false,
    captures: { foodId: 'food_id' },
  },
  {
    area: 'foods',
    method: 'POST',
    path: '/foods/usda/create/',
    needsLogin: true,
    sample: (context) => ({ fdc_id: context.ids.fdcId ?? null }),
    captures: { foodId: 'id' },
  },

  {
    area: 'favourites',
    method: 'GET',
    path: '/foods/favorites/',
    needsLogin: true,
    captures: { foodId: 'foods.0.id' },
  },
  {
    area: 'favourites',
    method: 'GET',
    path: '/foods/recent/',
    needsLogin: true,
    sample: () => ({ limit: 10 }),
    captures: { foodId: 'recent.0.id' },
  },
  { area: 'favourites', method: 'POST', path: '/foods/{id}/favorite/', params: { id: 'foodId' }, needsLogin: true },
  { area: 'favourites', method: 'DELETE', path: '/foods/{id}/favorite/', params: { id: 'foodId' }, needsLogin: true },

  {
    area: 'meals',
    method: 'POST',
    path: '/meals/create/',
    needsLogin: true,
    sample: (context) => ({
      name: 'Dev lunch',
      date: day(context),
      meal_type: 'lunch',
      foods: [{ food_id: food(context), quantity: 150 }],
    }),
    captures: { mealId: 'id', mealLineId: 'foods.0.id' },
  },
  {
    area: 'meals',
    method: 'GET',
    path: '/meals/list/',
    needsLogin: true,
    sample: (context) => ({ date: day(context), page: 1, page_size: 100 }),
    captures: { mealId: 'meals.0.id', mealLineId: 'meals.0.foods.0.id' },
  },
  {
    area: 'meals',
    method: 'GET',
    path: '/meals/recent/',
    needsLogin: true,
    sample: () => ({ limit: 7 }),
    captures: { mealId: 'meals.0.id' },
  },
  { area: 'meals', method: 'GET', path: '/meals/{id}/', params: { id: 'mealId' }, needsLogin: true },
  {
    area: 'meals',
    method: 'PUT',
    path: '/meals/{id}/update/',
    params: { id: 'mealId' },
    needsLogin: true,
    sample: () => ({ name: 'Dev lunch (edited)' }),
  },
  { area: 'meals', method: 'DELETE', path: '/meals/{id}/delete/', params: { id: 'mealId' }, needsLogin: true },
  {
    area: 'meals',
    method: 'POST',
    path: '/meals/{id}/add-food/',
    params: { id: 'mealId' },
    needsLogin: true,
    sample: (context) => ({ food_id: food(context), quantity: 100 }),
    captures: { mealLineId: 'foods.0.id' },
  },
  {
    area: 'meals',
    method: 'PUT',
    path: '/meals/food/{id}/update/',
    params: { id: 'mealLineId' },
    needsLogin: true,
    sample: () => ({ quantity: 200 }),
  },
  {
    area: 'meals',
    method: 'DELETE',
    path: '/meals/food/{id}/delete/',
    params: { id: 'mealLineId' },
    needsLogin: true,
  },
  {
    area: 'meals',
    method: 'POST',
    path: '/meals/{id}/copy/',
    params: { id: 'mealId' },
    needsLogin: true,
    sample: (context) => ({ date: day(context, 1) }),
    captures: { mealId: 'id' },
  },
  {
    area: 'meals',
    method: 'POST',
    path: '/meals/copy-day/',
    needsLogin: true,
    sample: (context) => ({ from_date: day(context), to_date: day(context, 1) }),
  },
  {
    area: 'meals',
    method: 'POST',
    path: '/meals/plan/',
    needsLogin: true,
    sample: (context) => ({
      start_date: day(context, 1),
      end_date: day(context, 2),
      meal_template: { breakfast: [{ food_id: food(context), quantity: 100 }] },
    }),
  },
  {
    area: 'meals',
    method: 'GET',
    path: '/meals/statistics/',
    needsLogin: true,
    sample: (context) => ({ date: day(context) }),
  },
  {
    area: 'meals',
    method: 'GET',
    path: '/meals/comparison/',
    needsLogin: true,
    sample: (context) => ({ date1: day(context, -1), date2: day(context) }),
  },
  {
    area: 'meals',
    method: 'GET',
    path: '/meals/daily-summary/',
    needsLogin: true,
    sample: (context) => ({ date: day(context) }),
  },
  {
    area: 'meals',
    method: 'GET',
    path: '/meals/nutrition-stats/',
    needsLogin: true,
    sample: (context) => ({ start_date: day(context, -6), end_date: day(context) }),
  },

  {
    area: 'weight',
    method: 'POST',
    path: '/meals/record-weight/',
    needsLogin: true,
    sample: (context) => ({ date: day(context), weight: 70, notes: '' }),
    captures: { weightId: 'id' },
  },
  {
    area: 'weight',
    method: 'GET',
    path: '/meals/weight-history/',
    needsLogin: true,
    sample: (context) => ({ start_date: day(context, -29), end_date: day(context) }),
    captures: { weightId: 'latest.id' },
  },
  {
    area: 'weight',
    method: 'DELETE',
    path: '/meals/weight/{id}/delete/',
    params: { id: 'weightId' },
    needsLogin: true,
  },

  {
    area: 'recipes',
    method: 'GET',
    path: '/recipes/',
    needsLogin: true,
    sample: () => ({ page: 1, page_size: 20 }),
    captures: { recipeId: 'recipes.0.id' },
  },
  {
    area: 'recipes',
    method: 'POST',
    path: '/recipes/create/',
    needsLogin: true,
    sample: (context) => recipeBody(context, 'Dev porridge'),
    captures: { recipeId: 'id' },
  },
  { area: 'recipes', method: 'GET', path: '/recipes/{id}/', params: { id: 'recipeId' }, needsLogin: true },
  {
    area: 'recipes',
    method: 'PUT',
    path: '/recipes/{id}/update/',
    params: { id: 'recipeId' },
    needsLogin: true,
    sample: (context) => recipeBody(context, 'Dev porridge (edited)'),
  },
  { area: 'recipes', method: 'DELETE', path: '/recipes/{id}/delete/', params: { id: 'recipeId' }, needsLogin: true },
  {
    area: 'recipes',
    method: 'POST',
    path: '/recipes/{id}/copy/',
    params: { id: 'recipeId' },
    needsLogin: true,
    sample: () => ({}),
    captures: { recipeId: 'id' },
  },

  {
    area: 'images',
    method: 'POST',
    path: '/images/upload/',
    needsLogin: true,
    kind: 'upload',
    sample: () => ({ notes: 'rice, egg' }),
    captures: { imageId: 'id' },
  },
  {
    area: 'images',
    method: 'POST',
    path: '/images/analyze-stream/',
    needsLogin: true,
    kind: 'stream',
    sample: (context) => ({ image_id: context.ids.imageId ?? null }),
  },
  {
    area: 'images',
    method: 'POST',
    path: '/images/analyze/',
    needsLogin: true,
    sample: (context) => ({ image_id: context.ids.imageId ?? null }),
  },
  { area: 'images', method: 'GET', path: '/images/{id}/results/', params: { id: 'imageId' }, needsLogin: true },
  {
    area: 'images',
    method: 'POST',
    path: '/images/confirm/',
    needsLogin: true,
    sample: (context) => ({ image_id: context.ids.imageId ?? null, is_confirmed: true, corrections: {} }),
  },
  {
    area: 'images',
    method: 'POST',
    path: '/images/create-meal/',
    needsLogin: true,
    sample: (context) => ({
      image_id: context.ids.imageId ?? null,
      meal_type: 'lunch',
      date: day(context),
      meal_name: 'Dev photo meal',
    }),
    captures: { mealId: 'id' },
  },
  {
    area: 'images',
    method: 'GET',
    path: '/images/list/',
    needsLogin: true,
    sample: () => ({ page: 1, page_size: 10 }),
    captures: { imageId: 'images.0.id' },
  },
  { area: 'images', method: 'DELETE', path: '/images/{id}/delete/', params: { id: 'imageId' }, needsLogin: true },
  {
    area: 'images',
    method: 'POST',
    path: '/images/detect-barcodes/',
    needsLogin: true,
    sample: (context) => ({ image_id: context.ids.imageId ?? null }),
  },
  {
    area: 'images',
    method: 'POST',
    path: '/images/analyze-with-barcode/',
    needsLogin: true,
    sample: (context) => ({ image_id: context.ids.imageId ?? null }),
  },
  {
    area: 'images',
    method: 'POST',
    path: '/images/create-food-from-barcode/',
    needsLogin: true,
    sample: () => ({ barcode: BARCODE }),
    captures: { foodId: 'food.id' },
  },
  {
    area: 'images',
    method: 'POST',
    path: '/images/search-openfoodfacts-barcode/',
    needsLogin: true,
    sample: () => ({ barcode: BARCODE }),
  },
  {
    area: 'images',
    method: 'POST',
    path: '/images/search-usda-barcode/',
    needsLogin: true,
    sample: () => ({ barcode: BARCODE }),
  },
  {
    area: 'images',
    method: 'POST',
    path: '/images/search-barcode-combined/',
    needsLogin: true,
    sample: () => ({ barcode: BARCODE }),
  },
];
