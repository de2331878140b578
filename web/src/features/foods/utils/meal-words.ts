import AMOUNT_WORDS from '@amount-words';
import type { MealItem, ParsedMeal } from '@/features/foods/api/parse-meal';
import { caloriesTyped } from '@/features/foods/utils/calorie-query';
import { MAX_AMOUNT_GRAMS, readAmount } from '@/lib/amount';
import { readsAs } from '@/lib/food-amounts';
import type { Food } from '@/types/food';

// Whether the search box holds a meal ("一碗米饭两个鸡蛋", "2 eggs and a slice of toast")
// rather than one food's name is decided here, cheaply, before asking the server to read
// it: a separator between dishes, or an amount. A false "yes" costs one call whose answer
// shows nothing; a false "no" hides the meal, so the signs are generous.

/** Words and marks between two dishes, in both languages. */
const SEPARATOR = /[和、，,;；+&]|还有|加|\b(?:and|with|plus)\b/i;

/** A number and a Chinese measure word after it: "一碗", "两个", "二两", "半斤", "3片" (the server's measure words, longest first). */
const CHINESE_AMOUNT = new RegExp(`[\\d一二两三四五六七八九十半几]\\s*(?:${AMOUNT_WORDS.measures_zh.join('|')})`);

/** A number before a word ("2 eggs", "150g rice", "½ avocado"). */
const NUMBER_BEFORE_WORD = /[\d½¼¾⅓⅔]\s*\p{L}/u;

/** A number written as a word, anywhere ("I had two eggs"). */
const NUMBER_WORD = /\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|half|dozen|couple)\b/i;

/** "a"/"an" starting the text before a word, or a measure "a bowl of". */
const ARTICLE_AMOUNT = /^an?\s+\p{L}|\ban?\s+\p{L}+\s+of\b/iu;

/** Whether typed text reads as more than one dish, or as an amount and a dish. */
export function readsAsMeal(text: string): boolean {
  const trimmed = text.trim();
  // "300 kcal" is calories to quick add, not an amount of a dish.
  if (trimmed === '' || caloriesTyped(trimmed) !== null) return false;
  return (
    SEPARATOR.test(trimmed) ||
    CHINESE_AMOUNT.test(trimmed) ||
    NUMBER_BEFORE_WORD.test(trimmed) ||
    NUMBER_WORD.test(trimmed) ||
    ARTICLE_AMOUNT.test(trimmed)
  );
}

/** An amount was said for the dish: "一碗", "2 eggs"; "rice" alone reads as one with no unit. */
export function saysAmount(item: MealItem): boolean {
  return (item.amount.unit ?? null) !== null || item.amount.count !== 1;
}

/**
 * Whether the answer is worth showing as lines above the search results: more than one
 * dish, one dish with its amount, or words left unread (which the person should hear).
 */
export function showsMealLines(meal: ParsedMeal): boolean {
  const [first, ...rest] = meal.items;
  if (!first) return meal.unmatched.length > 0;
  return rest.length > 0 || saysAmount(first) || meal.unmatched.length > 0;
}

/** A dish of the meal as the person may change it before adding it. */
export type MealLine = {
  /** Stable while the line is edited (the line's place in the answer). */
  key: number;
  text: string;
  food: Food;
  /** The grams box as typed. */
  grams: string;
  /** Typed by the person: a food swapped in keeps them. */
  gramsTyped: boolean;
  amount: MealItem['amount'];
  /** True while the food is a guess the person has not answered (certainty "unsure"). */
  asking: boolean;
  /** The reader's level, until the person picks a food (then it is theirs: sure). */
  level: MealItem['certainty']['level'];
  /** The reader was not sure of it: its alternatives stay in reach after an answer. */
  doubted: boolean;
  alternatives: Food[];
};

export function mealLines(items: readonly MealItem[]): MealLine[] {
  return items.map((item, key) => ({
    key,
    text: item.text,
    food: item.food,
    grams: String(Math.round(item.grams * 10) / 10),
    gramsTyped: false,
    amount: item.amount,
    asking: item.certainty.level === 'unsure',
    level: item.certainty.level,
    doubted: item.certainty.level !== 'sure',
    alternatives: item.alternatives,
  }));
}

/** The grams box read: a number above 0 and at most what a meal line may weigh; null otherwise. */
export function lineGrams(line: Pick<MealLine, 'grams'>): number | null {
  const text = line.grams.trim().replace(',', '.');
  if (text === '') return null;
  const grams = Number(text);
  return Number.isFinite(grams) && grams > 0 && grams <= MAX_AMOUNT_GRAMS ? grams : null;
}

/** The amount as read, written for the page: "1碗", "1 slice"; null for a bare count or none. */
export function unitAmount(amount: MealItem['amount']): string | null {
  const unit = amount.unit ?? null;
  if (unit === null) return null;
  const joined = /^\p{Script=Han}/u.test(unit) ? '' : ' ';
  return `${amount.count}${joined}${unit}`;
}

/**
 * The amount the basket keeps beside the grams ("1碗"), only while it weighs exactly them
 * for the line's food: the basket and the saved meal read it back.
 */
export function basketAmount(line: MealLine, grams: number): string | undefined {
  const amount = unitAmount(line.amount);
  return amount !== null && readsAs(amount, grams, line.food) ? amount : undefined;
}

/** The grams of the amount as read, for another food: its unit, or a count of its first portion; null when neither says. */
function gramsOf(food: Food, amount: MealItem['amount']): number | null {
  const unit = unitAmount(amount);
  if (unit !== null) {
    const reading = readAmount(unit, food.portions, food.is_drink);
    return reading.ok ? reading.grams : null;
  }
  const portion = food.portions[0];
  return portion ? Math.round(amount.count * portion.grams * 10) / 10 : null;
}

/**
 * The person takes one of the line's alternatives (one tap): it becomes the line's food,
 * answered, and the food it replaces becomes an alternative in its place. Grams the person
 * typed stay; otherwise the amount as read is weighed again for the new food.
 */
export function pickAlternative(line: MealLine, index: number): MealLine {
  const picked = line.alternatives[index];
  if (!picked) return line;
  const alternatives = line.alternatives.map((food, at) => (at === index ? line.food : food));
  const grams = line.gramsTyped ? null : gramsOf(picked, line.amount);
  return {
    ...line,
    food: picked,
    alternatives,
    grams: grams === null ? line.grams : String(grams),
    asking: false,
    level: 'sure',
  };
}

/** The person says the guess is right. */
export function confirmLine(line: MealLine): MealLine {
  return { ...line, asking: false, level: 'sure' };
}

