import { useTranslation } from 'react-i18next';
import { useMealFormat } from '@/features/meals/hooks/use-meal-format';
import type { Meal } from '@/types/meal';

/** SPEC 9: a meal card shows at most 3 foods. */
const FOODS_SHOWN = 3;

// The card's actions as 20×20 icon paths: a pencil, two sheets, a bin.
const EDIT_ICON =
  'M3 14.5V17h2.5l8-8L11 6.5l-8 8zM15.7 6.8a.9.9 0 0 0 0-1.3l-1.2-1.2a.9.9 0 0 0-1.3 0l-1 1L14.7 7.8l1-1z';
const COPY_ICON =
  'M7 2h9a1 1 0 0 1 1 1v10h-2V4H7V2zM3 6h9a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1zm1 2v8h7V8H4z';
const DELETE_ICON = 'M7 3h6l1 1h3v2H3V4h3l1-1zM5 7h10l-.8 10H5.8L5 7z';

type MealCardProps = {
  meal: Meal;
  onEdit?: (meal: Meal) => void;
  onCopy?: (meal: Meal) => void;
  onDelete?: (meal: Meal) => void;
};

/** SPEC 2: type, time, name (or unnamed), date, calories, macros, first foods, edit, copy and delete. */
export function MealCard({ meal, onEdit, onCopy, onDelete }: MealCardProps) {
  const { t } = useTranslation(['meals', 'common']);
  const format = useMealFormat();
  const name = meal.name ?? t('baskets.unnamed');
  const hidden = meal.foods.length - FOODS_SHOWN;
  return (
    <article className="meal-card" aria-label={`${name}, ${meal.date} ${meal.time}`}>
      <header className="meal-card-header">
        <span className={`meal-type meal-type-${meal.meal_type}`}>{t(`common:mealTypes.${meal.meal_type}`)}</span>
        <time dateTime={meal.eaten_at}>
          {meal.date} {meal.time}
        </time>
        {(onEdit || onCopy || onDelete) && (
          <span className="meal-card-actions">
            {onEdit && <CardAction label={t('baskets.edit', { name })} icon={EDIT_ICON} onClick={() => onEdit(meal)} />}
            {onCopy && <CardAction label={t('copy.meal', { name })} icon={COPY_ICON} onClick={() => onCopy(meal)} />}
            {onDelete && (
              <CardAction label={t('baskets.delete', { name })} icon={DELETE_ICON} onClick={() => onDelete(meal)} />
            )}
          </span>
        )}
      </header>
      <h3 className="meal-card-name">{name}</h3>
      <p className="meal-card-calories">{t('baskets.kcal', { value: format.kcal(meal.total_calories) })}</p>
      <p className="meal-card-macros">
        {t('baskets.macros', {
          protein: format.macroGrams(meal.total_protein),
          fat: format.macroGrams(meal.total_fat),
          carbs: format.macroGrams(meal.total_carbs),
        })}
      </p>
      <ul className="meal-card-foods">
        {meal.foods.slice(0, FOODS_SHOWN).map((food) => (
          <li key={food.id}>
            {typeof food.quantity !== 'number'
              ? t('baskets.quickLine', { name: format.foodName(food), calories: format.kcal(food.calories) })
              : t('baskets.foodLine', { name: format.foodName(food), grams: format.number(food.quantity) })}
          </li>
        ))}
        {hidden > 0 && <li className="meal-card-more">{t('baskets.more', { count: hidden })}</li>}
      </ul>
    </article>
  );
}

/** One of the card's icon buttons; `label` names it with the meal, for screen readers. */
function CardAction({ label, icon, onClick }: { label: string; icon: string; onClick: () => void }) {
  return (
    <button type="button" className="icon-button" aria-label={label} onClick={onClick}>
      <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
        <path d={icon} fill="currentColor" />
      </svg>
    </button>
  );
}
