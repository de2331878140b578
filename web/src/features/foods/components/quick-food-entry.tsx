import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FavoriteStar } from '@/features/foods/components/favorite-star';
import type { FoodActions } from '@/features/foods/hooks/use-food-actions';
import { useFoodLanguage } from '@/features/foods/hooks/use-food-language';
import { foodNames } from '@/features/foods/utils/names';
import { nutritionFor } from '@/features/foods/utils/nutrition';
import type { SavedFood } from '@/types/food';

type QuickFoodEntryProps = {
  food: SavedFood;
  grams: number;
  /** How the person names the grams ("2 slices"), if not in grams. */
  label: string | null;
  actions: FoodActions;
};

/** One food of a quick list: its name, the amount one click adds, and its calories. */
export function QuickFoodEntry({ food, grams, label, actions }: QuickFoodEntryProps) {
  const { t } = useTranslation('foods');
  const { language, formatNumber } = useFoodLanguage();
  const [adding, setAdding] = useState(false);
  const names = foodNames(food, language);
  const amount = label
    ? t('quick.amount', { label, grams: formatNumber(grams) })
    : t('card.grams', { value: formatNumber(grams) });

  async function add() {
    setAdding(true);
    try {
      await actions.add(food, grams, label);
    } finally {
      setAdding(false);
    }
  }

  return (
    <div className="quick-food">
      <span className="quick-food-name" lang={names.primaryLang}>
        {names.primary}
      </span>
      <span className="quick-food-amount">
        {amount} · {t('card.kcal', { value: formatNumber(nutritionFor(food, grams).calories) })}
      </span>
      <button
        type="button"
        className="btn btn-primary btn-small"
        aria-label={t('quick.add', { amount, name: names.primary })}
        disabled={adding}
        onClick={() => void add()}
      >
        {t('card.add')}
      </button>
      <FavoriteStar food={food} />
    </div>
  );
}
