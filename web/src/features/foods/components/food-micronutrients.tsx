import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFood } from '@/features/foods/api/get-food';
import { UnknownValue } from '@/components/ui/unknown-value';
import {
  MICRONUTRIENT_GROUPS,
  keysOf,
  micronutrientUnit,
  partialPercent,
  type MicronutrientGroup,
} from '@/lib/micronutrients';
import { MICRONUTRIENT_KEYS, type Food } from '@/types/food';

type FoodMicronutrientsProps = {
  food: Food;
  /** The card's way of writing an amount (its language's). */
  format: (value: number) => string;
};

/**
 * A food's vitamins, minerals and fats per 100 g (issue 36), by group; what its source
 * does not give is a dash, never 0, and a dish's value worked out from only part of its
 * ingredients says so. A food that gives none (most branded foods) gets one line. A
 * search's answers leave them out: a saved food's come from its own page, asked for
 * when the details first open.
 */
export function FoodMicronutrients({ food, format }: FoodMicronutrientsProps) {
  const { t } = useTranslation('nutrients');
  const missing = food.micronutrients === undefined;
  const fetched = useFood(missing ? (food.id ?? null) : null);
  if (!missing || food.id === null || food.id === undefined) return <FoodFacts food={food} format={format} />;
  if (fetched.data) {
    const { micronutrients = null, micronutrient_coverage = null } = fetched.data;
    return <FoodFacts food={{ ...food, micronutrients, micronutrient_coverage }} format={format} />;
  }
  if (fetched.error !== undefined && !fetched.isValidating) {
    return (
      <p className="food-card-note food-micronutrients-failed" role="alert">
        {t('food.loadFailed')}{' '}
        <button type="button" className="link-button" onClick={() => void fetched.mutate()}>
          {t('food.retry')}
        </button>
      </p>
    );
  }
  return (
    <p className="food-card-note" role="status">
      {t('food.loading')}
    </p>
  );
}

/** The values as the food gives them; none known (null, or absent: an unsaved hit) is one line. */
function FoodFacts({ food, format }: FoodMicronutrientsProps) {
  const { t } = useTranslation('nutrients');
  const values = food.micronutrients;
  if (!values || MICRONUTRIENT_KEYS.every((key) => values[key] === null)) {
    return <p className="food-card-note">{t('food.noneGiven')}</p>;
  }
  // A group none of whose values is given is left out: its dashes would say nothing.
  const groups = MICRONUTRIENT_GROUPS.filter((group) => keysOf(group).some((key) => values[key] !== null));
  return (
    <div className="food-micronutrients">
      <p className="food-card-details-title">{t('food.title')}</p>
      {groups.map((group) => (
        <FactGroup key={group} food={food} group={group} format={format} />
      ))}
    </div>
  );
}

function FactGroup({ food, group, format }: FoodMicronutrientsProps & { group: MicronutrientGroup }) {
  const { t } = useTranslation('nutrients');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h4 id={headingId} className="food-micronutrient-group">
        {t(`groups.${group}`)}
      </h4>
      <dl className="food-facts food-micronutrient-facts">
        {keysOf(group).map((key) => {
          const value = food.micronutrients?.[key] ?? null;
          const percent = value === null ? null : partialPercent(food.micronutrient_coverage?.[key]);
          return (
            <div key={key}>
              <dt>{t(`names.${key}`)}</dt>
              <dd>
                {value === null ? (
                  <UnknownValue />
                ) : (
                  t('amount', { value: format(value), unit: t(`units.${micronutrientUnit(key)}`) })
                )}
              </dd>
              {percent !== null && <dd className="food-fact-partial">{t('food.partOfIngredients', { percent })}</dd>}
            </div>
          );
        })}
      </dl>
    </section>
  );
}
