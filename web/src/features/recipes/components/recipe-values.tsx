import { useTranslation } from 'react-i18next';
import { useRecipeFormat } from '@/features/recipes/hooks/use-recipe-format';
import type { DraftNutrients, DraftValues } from '@/features/recipes/utils/recipe-draft';

/** The recipe's values as typed so far: they follow every change, before saving. */
export function RecipeValues({ values }: { values: DraftValues }) {
  const { t } = useTranslation('recipes');
  const format = useRecipeFormat();
  const line = (n: DraftNutrients) =>
    t('values.line', {
      calories: format.whole(n.calories),
      protein: format.number(n.protein),
      fat: format.number(n.fat),
      carbs: format.number(n.carbs),
    });
  return (
    <dl className="recipe-values" aria-label={t('values.title')} aria-live="polite">
      <div>
        <dt>{t('values.total', { grams: format.number(values.totalGrams) })}</dt>
        <dd>{line(values.totals)}</dd>
      </div>
      <div>
        <dt>{t('values.perServing')}</dt>
        <dd>{values.perServing ? line(values.perServing) : '–'}</dd>
      </div>
      <div>
        <dt>{t('values.per100g')}</dt>
        <dd>{values.per100g ? line(values.per100g) : '–'}</dd>
      </div>
    </dl>
  );
}
