import type { TFunction } from 'i18next';
import type { AnalysisStep, PhotoPortion, RecognizedFood, Validation } from '@/features/recognition/types';

/**
 * Labels the server sends in English (SPEC 3 "Recognition result"), as keys of the
 * recognition namespace, so that each shows in the current language. A value not listed
 * here (a portion name from the food catalogue) shows as the server sent it.
 */
const PORTIONS: Record<string, string> = {
  '1 medium banana': 'banana',
  '1 medium apple': 'apple',
  '1 medium orange': 'orange',
  '1 sandwich': 'sandwich',
  '1 serving of florets': 'florets',
  '1 medium carrot': 'carrot',
  '1 hot dog in a bun': 'hotDog',
  '1 slice': 'slice',
  '1 donut': 'donut',
};

const COOKING = new Set(['raw', 'assembled', 'boiled', 'grilled', 'baked', 'fried']);

const ISSUES: Record<string, string> = {
  'Unusual calorie content': 'calories',
  'Unusual protein content': 'protein',
  'Unusual fat content': 'fat',
  'Unusual carbohydrate content': 'carbs',
  'Total macronutrients exceed expected range': 'macros',
};

const DETECTED = new Set(['banana', 'apple', 'orange', 'sandwich', 'broccoli', 'carrot', 'hot dog', 'pizza', 'donut', 'cake']);

type T = TFunction<'recognition'>;

/** "2 × 1 medium banana", "150 g" or a known portion, in the current language. */
export function portionLabel(t: T, description: string): string {
  const counted = /^(\d+) × (.+)$/.exec(description);
  if (counted) return t('portion.times', { count: Number(counted[1]), portion: portionLabel(t, counted[2] ?? '') });
  const grams = /^(\d+(?:\.\d+)?) g$/.exec(description);
  if (grams) return t('portion.grams', { value: grams[1] });
  const key = PORTIONS[description];
  return key ? t(`portion.${key}` as 'portion.slice') : description;
}

/** Methods that say nothing of how the food was cooked. */
const NO_METHOD = new Set(['as named', 'as served', '']);

/** The cooking method, or null when it says nothing ("as named", "as served"). */
export function cookingLabel(t: T, method: string): string | null {
  if (COOKING.has(method)) return t(`cooking.${method}` as 'cooking.raw');
  return NO_METHOD.has(method) ? null : method;
}

export function issueLabel(t: T, issue: string): string {
  const key = ISSUES[issue];
  return key ? t(`issues.${key}` as 'issues.fat') : issue;
}

/** A progress step's words: from its step name, not the server's English message. */
export function stepLabel(t: T, step: AnalysisStep, serverText: string): string {
  return step === 'complete' || step === 'error' ? serverText : t(`steps.${step}`);
}

/** A detected label ("hot dog") or another keyword as sent. */
export function keywordLabel(t: T, keyword: string): string {
  const key = keyword.toLowerCase();
  if (!DETECTED.has(key)) return keyword;
  const label = t(`detected.${key.replace(' ', '')}` as 'detected.apple');
  // In English the word as sent ("Banana"), with its capital.
  return label.toLowerCase() === key ? keyword : label;
}

/**
 * The portion in the reader's language: the server's Chinese words on a Chinese page,
 * else its English words (known ones translated). Where more than one unit was seen and
 * the words do not say how many, the count leads ("2 × 1 slice").
 */
export function portionText(t: T, food: RecognizedFood, zh: boolean): string {
  const text = zh && food.portion_description_zh ? food.portion_description_zh : portionLabel(t, food.portion_description);
  const count = food.count ?? 1;
  if (count <= 1 || text === '' || new RegExp(`(^|\\D)${count}(\\D|$)`).test(text)) return text;
  return t('portion.times', { count, portion: text });
}

/**
 * The portion of a food of the photo in the reader's language. A food the person found by
 * search says the portion of its own its grams start from, as the guess it is ("1 bowl,
 * about 150 g", "about 100 g"); any other says the server's words ([`portionText`]).
 */
export function portionWords(t: T, portion: PhotoPortion, zh: boolean): string {
  const { serving, food } = portion;
  if (serving === undefined) return portionText(t, food, zh);
  const value = Math.round(food.estimated_grams * 10) / 10;
  if (serving === null) return t('portion.about', { value });
  return t('portion.serving', { portion: zh && serving.name_zh ? serving.name_zh : serving.name, value });
}

/**
 * The words for a food or alternative that this user's own confirmed photos taught, said
 * beside how sure the recogniser is; null for any other.
 */
export function learnedLabel(t: T, source: string | null | undefined): string | null {
  return source === 'learned' ? t('learned') : null;
}

/**
 * How many units, where the food is countable: the detector's count ("4 counted"), or the
 * person's answer to "How many?"; a pizza that looks whole says so until the slices are
 * said. Null before the answer, and for a food not counted.
 */
export function countLabel(t: T, portion: PhotoPortion): string | null {
  const { food } = portion;
  if (food.count_basis === 'counted' && food.count !== undefined) return t('count.counted', { count: food.count });
  if (food.count_basis === 'assumed' && portion.counted !== undefined) return t('count.yours', { count: portion.counted });
  if (food.count_basis === 'whole') {
    // The box's shape is a guess, said as one until the person says the slices.
    if (portion.counted !== undefined) return t('count.slicesYours', { count: portion.counted });
    return t('count.looksWhole', { slices: food.count ?? 1 });
  }
  return null;
}

/** How sure the recogniser is, in words; `withName` when the words already name the food. */
export type Certainty = { text: string; withName: boolean };

/**
 * The recogniser's certainty about a food's NAME (never the nutrition data's quality), or
 * what settled it: the person's answer, their notes, an earlier meal. Null for a result
 * stored before issue 17, which says nothing of it.
 */
export function certaintyLabel(
  t: T,
  portion: PhotoPortion,
  words: { name: string; percent: (score: number) => string; memoryDate: string | null },
): Certainty | null {
  const memory = (): Certainty => ({
    text: words.memoryDate ? t('certainty.memory', { date: words.memoryDate }) : t('certainty.memoryUndated'),
    withName: false,
  });
  if (portion.answer === 'memory') return memory();
  if (portion.answer) return { text: t('certainty.confirmed'), withName: false };
  const recognition = portion.food.recognition;
  if (!recognition) return null;
  if (recognition.source === 'notes') return { text: t('certainty.notes'), withName: false };
  if (recognition.source === 'memory') return memory();
  return {
    text: t(`certainty.${recognition.level}`, { name: words.name, percent: words.percent(recognition.score) }),
    withName: true,
  };
}

/** The nutrition data's quality, worded as the data's (SPEC 5), or null when unchecked. */
export function dataQualityLabel(t: T, validation: Validation | undefined): string | null {
  if (!validation) return null;
  return validation.dataQuality === 'usda' ? t('dataQuality.usda') : t('dataQuality.estimated');
}
