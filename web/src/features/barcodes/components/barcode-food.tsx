import { useTranslation } from 'react-i18next';
import { UnknownValue } from '@/components/ui/unknown-value';
import { useFoodDisplay } from '@/features/barcodes/hooks/use-food-display';
import type { BarcodeFood } from '@/features/barcodes/types';
import { shortIngredients } from '@/features/barcodes/utils/ingredients';
import type { SavedFood } from '@/types/food';

/** Per 100 g, in the order the food cards show them; sodium in mg. */
const NUTRIENTS = ['protein', 'fat', 'carbs', 'fiber', 'sugar', 'sodium'] as const;

type BarcodeFoodItemProps = { entry: BarcodeFood; onAdd: (food: SavedFood) => void };

/** SPEC 2 "Barcode dialog": one food found for a barcode, everything the package says. */
export function BarcodeFoodItem({ entry, onAdd }: BarcodeFoodItemProps) {
  const { t } = useTranslation('barcodes');
  const show = useFoodDisplay();
  const { food } = entry;
  const name = show.name(food);
  const grade = food.nutrition_grade;

  return (
    <li className="barcode-food">
      {food.image_url && (
        <img src={food.image_url} alt={t('food.image', { name })} className="barcode-food-image" loading="lazy" />
      )}
      <div className="barcode-food-body">
        <h4 className="barcode-food-name">{name}</h4>
        {food.brand && <p className="barcode-food-brand">{food.brand}</p>}
        <p className="barcode-food-tags">
          {grade && (
            <span className="nutrition-grade">
              {t('food.grade')} <span className={`grade grade-${grade.toLowerCase()}`}>{grade}</span>
            </span>
          )}
          {/* Whether the scan stored a new food matters little, so it is said quietly. */}
          <span className="barcode-food-status">{entry.is_existing ? t('food.existing') : t('food.new')}</span>
        </p>
        <p className="barcode-facts-title">{t('food.per100g')}</p>
        <dl className="barcode-facts">
          <div>
            <dt>{t('food.calories')}</dt>
            <dd>{t('food.kcal', { value: show.number(food.calories_per_100g) })}</dd>
          </div>
          {NUTRIENTS.map((nutrient) => {
            const amount = food[`${nutrient}_per_100g`];
            const value = amount === null || amount === undefined ? null : show.number(amount);
            return (
              <div key={nutrient}>
                <dt>{t(`food.${nutrient}`)}</dt>
                <dd>
                  {value === null ? (
                    <UnknownValue />
                  ) : nutrient === 'sodium' ? (
                    t('food.milligrams', { value })
                  ) : (
                    t('food.grams', { value })
                  )}
                </dd>
              </div>
            );
          })}
        </dl>
        <dl className="barcode-facts barcode-facts-wide">
          <div>
            <dt>{t('food.barcode')}</dt>
            <dd>{food.barcode ?? entry.barcode}</dd>
          </div>
          <div>
            <dt>{t('food.source')}</dt>
            <dd>{t(`sources.${food.data_source}`)}</dd>
          </div>
          {food.ingredients && (
            <div>
              <dt>{t('food.ingredients')}</dt>
              <dd title={food.ingredients}>{shortIngredients(food.ingredients)}</dd>
            </div>
          )}
        </dl>
        <button type="button" className="btn btn-primary btn-small" onClick={() => onAdd(food)}>
          {t('food.add')}
        </button>
      </div>
    </li>
  );
}
