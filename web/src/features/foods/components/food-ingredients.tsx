import { useTranslation } from 'react-i18next';
import { useFoodLanguage } from '@/features/foods/hooks/use-food-language';
import { ingredientLines, notesFor, recipeLineFor } from '@/features/foods/utils/ingredient-lines';
import { useDisclosure } from '@/lib/use-disclosure';
import type { Food } from '@/types/food';

type FoodIngredientsProps = {
  food: Food;
  /** The card is the detailed view of one food: a dish's recipe shows unfolded there. */
  detailed?: boolean;
};

/**
 * What a food is made of: a dish's standard recipe (its values are worked out from it,
 * which the note says while folded too), or a product's ingredients as its label lists
 * them, folded until asked for. Nothing for a food without either.
 */
export function FoodIngredients({ food, detailed = false }: FoodIngredientsProps) {
  const { t } = useTranslation('foods');
  const { language } = useFoodLanguage();
  const recipe = food.data_quality === 'standard-recipe';
  const panel = useDisclosure(detailed && recipe);
  if (!food.ingredients?.trim()) return null;

  const { lines, notes } = ingredientLines(food.ingredients);
  const title = recipe ? t('card.recipe.title') : t('card.ingredients.title');

  return (
    <div className="food-card-ingredients">
      <button
        type="button"
        className="link-button food-disclosure"
        {...panel.toggleProps}
      >
        {title}
        <span className="food-disclosure-count" aria-hidden="true">
          {' '}
          · {lines.length}
        </span>
      </button>
      {recipe && <p className="food-card-note">{t('card.recipe.note')}</p>}
      <div id={panel.panelId} className="food-card-details" hidden={!panel.open}>
        <ul className="food-ingredient-lines" aria-label={title}>
          {lines.map((line, index) => (
            <li key={`${index}-${line}`}>{recipe ? recipeLineFor(line, language) : line}</li>
          ))}
        </ul>
        {notesFor(notes, language).map((note) => (
          <p key={note} className="food-card-note">
            {note}
          </p>
        ))}
      </div>
    </div>
  );
}
