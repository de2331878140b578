/** Base path of the versioned API; the server and the dev proxy both serve it. */
export const API_BASE_URL = '/api/v1';

/** How long a toast stays on screen unless the caller says otherwise (SPEC 9). */
export const TOAST_DURATION_MS = 3000;

/**
 * How long the notice of a saved meal (with its link to the day) stays, unless the
 * person is at it (pointer or focus on it); leaving the page takes it away at once.
 */
export const SAVED_NOTICE_MS = 8000;

/** At most one session failure is reported per window (SPEC 4, 9). */
export const AUTH_FAILURE_COOLDOWN_MS = 5000;
/** The auth state itself ignores repeated failures inside this window (SPEC 4, 9). */
export const LOGIN_STATE_FAILURE_COOLDOWN_MS = 2000;

/** Local storage keys (SPEC 3). */
export const STORAGE_KEYS = {
  authToken: 'auth_token',
  refreshToken: 'refresh_token',
  user: 'user',
  language: 'language',
  mealCart: 'mealCart',
  mealName: 'mealName',
  mealTime: 'mealTime',
  /** The meal type the person chose for the basket; none follows the meal time's hour band. */
  mealType: 'mealType',
  /** Meal saves made offline, each with its Idempotency-Key, sent when back online. */
  mealSaveQueue: 'mealSaveQueue',
  dashboardEstimatedPortions: 'dashboardEstimatedPortions',
  dashboardImagePreview: 'dashboardImagePreview',
  dashboardImageId: 'dashboardImageId',
  dashboardNutritionData: 'dashboardNutritionData',
  /**
   * The photo whose analysis runs on the server: its image id, preview and the last event
   * seen, so the card finds the analysis again after a reload or a return to the page.
   */
  dashboardPendingAnalysis: 'dashboardPendingAnalysis',
  /** The foods of the last barcode scan, shown again on the dashboard. */
  dashboardBarcodeFoods: 'dashboardBarcodeFoods',
  /** The signed-in person's recent and favourite foods, for food search offline. */
  offlineFoods: 'offlineFoods',
  /** The signed-in person's days as last loaded (the dashboard's summaries), to show offline. */
  offlineDays: 'offlineDays',
  /** The account just signed up here, still to be asked its body data (the first-run step). */
  firstRunFor: 'firstRunFor',
  /**
   * 'on' when this device shows the developer pages' links (SPEC has no admin role, so
   * the switch is per device, on the developer pages themselves).
   */
  developerTools: 'developerTools',
} as const;

/** Session storage keys (SPEC 3). */
export const SESSION_KEYS = {
  editingMeal: 'editingMeal',
  /** A saved meal on its way to the basket, before the basket takes it (it may ask first). */
  mealToOpen: 'mealToOpen',
  /**
   * A nutrition label the server is reading (its job and where its answer will be), so
   * the create dialog opened again takes the answer instead of reading the photo twice.
   */
  pendingLabelRead: 'pendingLabelRead',
} as const;

/** Keys that belong to one signed-in person and go away on logout (SPEC 4). */
export const PERSONAL_STORAGE_KEYS = [
  STORAGE_KEYS.mealCart,
  STORAGE_KEYS.mealName,
  STORAGE_KEYS.mealTime,
  STORAGE_KEYS.mealType,
  STORAGE_KEYS.dashboardEstimatedPortions,
  STORAGE_KEYS.dashboardImagePreview,
  STORAGE_KEYS.dashboardImageId,
  STORAGE_KEYS.dashboardNutritionData,
  STORAGE_KEYS.dashboardPendingAnalysis,
  STORAGE_KEYS.dashboardBarcodeFoods,
  STORAGE_KEYS.offlineFoods,
  STORAGE_KEYS.offlineDays,
  STORAGE_KEYS.firstRunFor,
] as const;

export const SUPPORTED_LANGUAGES = ['en', 'zh'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

/** After a successful email verification, the dashboard follows after this long (SPEC 9). */
export const VERIFY_EMAIL_REDIRECT_MS = 2000;
/** After a reset link turns out expired or invalid, the forgot-password page follows (SPEC 9). */
export const RESET_TOKEN_ERROR_REDIRECT_MS = 2000;
