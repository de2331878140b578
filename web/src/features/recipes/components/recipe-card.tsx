import { useTranslation } from 'react-i18next';
import { useRecipeFormat } from '@/features/recipes/hooks/use-recipe-format';
import type { Recipe } from '@/features/recipes/types';

type RecipeCardProps = {
  recipe: Recipe;
  onEdit: (recipe: Recipe) => void;
  onCopy: (recipe: Recipe) => void;
  onDelete: (recipe: Recipe) => void;
};

/** One recipe: servings, calories per serving and per 100 g, macros per serving, actions. */
export function RecipeCard({ recipe, onEdit, onCopy, onDelete }: RecipeCardProps) {
  const { t } = useTranslation('recipes');
  const format = useRecipeFormat();
  const name = format.name(recipe.name, recipe.name_zh);
  const serving = recipe.per_serving;
  return (
    <article className="recipe-card" aria-label={name.text}>
      <h3 lang={name.lang}>{name.text}</h3>
      <p className="recipe-muted">
        {t('card.servings', { count: recipe.servings, grams: format.number(recipe.serving_grams) })}
        {' · '}
        {t('card.ingredients', { count: recipe.ingredients.length })}
      </p>
      <p className="recipe-card-calories">
        <strong>{t('card.perServing', { calories: format.whole(serving.calories) })}</strong>
        {' · '}
        {t('card.per100g', { calories: format.whole(recipe.per_100g.calories) })}
      </p>
      <p className="recipe-muted">
        {t('card.macros', {
          protein: format.number(serving.protein),
          fat: format.number(serving.fat),
          carbs: format.number(serving.carbs),
        })}
      </p>
      {recipe.notes && <p className="recipe-notes">{recipe.notes}</p>}
      <div className="recipe-card-actions">
        <button
          type="button"
          className="btn btn-secondary btn-small"
          aria-label={t('card.edit', { name: name.text })}
          onClick={() => onEdit(recipe)}
        >
          {t('card.editShort')}
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          aria-label={t('card.copy', { name: name.text })}
          onClick={() => onCopy(recipe)}
        >
          {t('card.copyShort')}
        </button>
        <button
          type="button"
          className="btn btn-danger btn-small"
          aria-label={t('card.delete', { name: name.text })}
          onClick={() => onDelete(recipe)}
        >
          {t('card.deleteShort')}
        </button>
      </div>
    </article>
  );
}
