import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MEAL_TYPES, type MealType } from '@/types/meal';

type MealTypePickerProps = { value: MealType; onChange: (type: MealType) => void };

/** Breakfast / Lunch / Dinner / Snack as one row of segments (radio buttons underneath). */
export function MealTypePicker({ value, onChange }: MealTypePickerProps) {
  const { t } = useTranslation(['basket', 'common']);
  const name = useId();
  const labelId = useId();
  return (
    <div className="field">
      <span id={labelId} className="field-label">
        {t('basket.mealType')}
      </span>
      <div className="meal-type-picker" role="radiogroup" aria-labelledby={labelId}>
        {MEAL_TYPES.map((type) => (
          <label key={type} className="meal-type-option">
            <input
              type="radio"
              name={name}
              value={type}
              checked={value === type}
              onChange={() => onChange(type)}
            />
            <span>{t(`common:mealTypes.${type}`)}</span>
          </label>
        ))}
      </div>
    </div>
  );
}
