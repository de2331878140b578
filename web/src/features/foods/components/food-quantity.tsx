import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/field';
import { PortionChips } from '@/components/ui/portion-chips';
import { useFoodLanguage } from '@/features/foods/hooks/use-food-language';
import { nutritionFor } from '@/features/foods/utils/nutrition';
import type { AmountReading } from '@/lib/amount';
import { useAmountErrorText } from '@/lib/use-amount-error-text';
import type { Food } from '@/types/food';

/** SPEC 5: a card adds at least 1 g. */
export const MIN_CARD_GRAMS = 1;

type FoodQuantityProps = {
  food: Food;
  /** The amount as typed: grams, or "2 slices", "1.5碗", "半斤". */
  text: string;
  reading: AmountReading;
  onText: (text: string) => void;
};

/** A food card's amount box, its portion chips, and what the amount holds (or why it cannot be read). */
export function FoodQuantity({ food, text, reading, onText }: FoodQuantityProps) {
  const { t } = useTranslation(['foods', 'common']);
  const { language, formatNumber, formatKcal } = useFoodLanguage();
  const amountErrorText = useAmountErrorText();
  const messageId = useId();
  const grams = reading.ok ? reading.grams : null;
  // A number too small gets the minimum; words that are not an amount get what went wrong.
  const plainNumber = text.trim() !== '' && Number.isFinite(Number(text));
  const problem = reading.ok
    ? reading.grams < MIN_CARD_GRAMS
      ? t('card.quantityInvalid')
      : null
    : reading.error.kind === 'invalid' && plainNumber
      ? t('card.quantityInvalid')
      : amountErrorText(reading.error);
  const amount = nutritionFor(food, grams ?? 0);
  const gramsText = (value: number) => t('card.grams', { value: formatNumber(value) });

  return (
    <div className="food-card-quantity">
      <TextField
        label={t('card.quantity')}
        type="text"
        inputMode="text"
        autoComplete="off"
        placeholder={t('card.quantityPlaceholder')}
        value={text}
        aria-invalid={problem !== null}
        aria-describedby={problem !== null ? messageId : undefined}
        onChange={(event) => onText(event.target.value)}
      />
      <PortionChips
        portions={food.portions}
        language={language}
        text={text}
        onPick={onText}
        label={t('card.portions')}
        withGrams={(name, grams) => t('card.portion', { name, grams: formatNumber(grams) })}
        aboutGrams={(name, grams) => t('card.portionAbout', { name, grams: formatNumber(grams) })}
      />
      {problem !== null || grams === null ? (
        <p id={messageId} className="food-card-invalid">
          {problem}
        </p>
      ) : (
        <p className="food-card-portion">
          {reading.ok && reading.unit !== null && (
            <span className="food-card-grams">
              {/* A drink's volume with no known density is weighed as water: an assumption, said as one. */}
              {t(reading.countedAsWater ? 'common:amount.inGramsAsWater' : 'common:amount.inGrams', {
                grams: formatNumber(grams),
              })}
            </span>
          )}
          <span className="visually-hidden">{t('card.forQuantity', { grams: formatNumber(grams) })}</span>
          <strong>{t('card.kcal', { value: formatKcal(amount.calories) })}</strong>
          <span>
            {t('card.nutrients.protein')} {gramsText(amount.protein)}
          </span>
          <span>
            {t('card.nutrients.fat')} {gramsText(amount.fat)}
          </span>
          <span>
            {t('card.nutrients.carbs')} {gramsText(amount.carbs)}
          </span>
        </p>
      )}
    </div>
  );
}
