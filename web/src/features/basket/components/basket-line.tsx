import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLineQuantity, type FoodLine } from '@/features/basket/utils/basket';
import { readAmount } from '@/lib/amount';
import { useAmountErrorText } from '@/lib/use-amount-error-text';

type FoodLineProps = {
  line: FoodLine;
  name: string;
  calories: string;
  /** The line's grams, written for the UI language. */
  grams: string;
  /** What quantities are allowed, shown while the entry is not one. */
  rangeHint: string;
  /** Grams, and the amount they were typed as (none for plain grams). */
  onQuantity: (quantity: number, amount?: string) => void;
  onRemove: () => void;
};

const isPlainNumber = (text: string) => text.trim() !== '' && Number.isFinite(Number(text));

/** One food: name, amount with its grams, kcal, quantity (editable), updated badge and tick, remove. */
export function FoodLineItem({ line, name, calories, grams, rangeHint, onQuantity, onRemove }: FoodLineProps) {
  const { t } = useTranslation('basket');
  const amountErrorText = useAmountErrorText();
  const inputId = useId();
  const hintId = useId();
  // The box keeps what is typed; the basket takes it once it reads as an allowed quantity.
  const stored = line.amount ?? String(line.quantity);
  const storedKey = `${line.quantity}|${line.amount ?? ''}`;
  const [text, setText] = useState(stored);
  const [shown, setShown] = useState(storedKey);
  if (shown !== storedKey) {
    setShown(storedKey);
    setText(stored);
  }
  const reading = readAmount(text, line.food.portions, line.food.is_drink);
  // "250 ml" of a drink whose density is not known is weighed as water: say so beside the grams.
  const lineAmount = line.amount ? readAmount(line.amount, line.food.portions, line.food.is_drink) : null;
  const asWater = lineAmount?.ok === true && lineAmount.countedAsWater;
  const invalid = !reading.ok || !isLineQuantity(reading.grams) || !isLineQuantity(line.quantity);
  // A number out of range gets the range; words that are not an amount get what went wrong.
  const hint =
    !reading.ok && (reading.error.kind === 'unknown_unit' || reading.error.kind === 'no_density' || (reading.error.kind === 'invalid' && !isPlainNumber(text)))
      ? amountErrorText(reading.error)
      : rangeHint;

  return (
    <li className="basket-line">
      <div className="basket-line-name">
        <span lang={name === line.food.name ? 'en' : 'zh-CN'}>{name}</span>
        {line.updated && (
          <span className="basket-updated" title={t('basket.updatedHint')}>
            <span aria-hidden="true">✓</span> {t('basket.updated')}
          </span>
        )}
        {line.amount && (
          <span className="basket-line-amount">
            {t(asWater ? 'basket.amountGramsAsWater' : 'basket.amountGrams', { amount: line.amount, grams })}
          </span>
        )}
      </div>
      <span className="basket-line-kcal">{calories}</span>
      <label htmlFor={inputId} className="visually-hidden">
        {t('basket.quantity', { name })}
      </label>
      <input
        id={inputId}
        className="basket-line-quantity"
        type="text"
        autoComplete="off"
        value={text}
        aria-invalid={invalid}
        aria-describedby={invalid ? hintId : undefined}
        onChange={(event) => {
          const typed = event.target.value;
          setText(typed);
          const read = readAmount(typed, line.food.portions, line.food.is_drink);
          if (read.ok && isLineQuantity(read.grams)) onQuantity(read.grams, read.unit !== null ? typed.trim() : undefined);
        }}
        onBlur={() => {
          // SPEC 4: 0 or less removes the line; any other entry the basket cannot take goes back.
          if (isPlainNumber(text) && Number(text) <= 0) onQuantity(Number(text));
          else setText(stored);
        }}
      />
      <span aria-hidden="true">{line.amount ? '' : t('basket.grams')}</span>
      <button type="button" className="icon-button" aria-label={t('basket.remove', { name })} onClick={onRemove}>
        ×
      </button>
      {invalid && (
        <p id={hintId} className="basket-line-invalid">
          {hint}
        </p>
      )}
    </li>
  );
}

type QuickLineProps = { name: string; calories: string; onRemove: () => void };

/** A quick add: its name and kcal, and remove. */
export function QuickLineItem({ name, calories, onRemove }: QuickLineProps) {
  const { t } = useTranslation('basket');
  return (
    <li className="basket-line basket-line-quick">
      <div className="basket-line-name">
        <span>{name}</span>
        <span className="basket-quick-badge">{t('quickAdd.badge')}</span>
      </div>
      <span className="basket-line-kcal">{calories}</span>
      <button type="button" className="icon-button" aria-label={t('basket.remove', { name })} onClick={onRemove}>
        ×
      </button>
    </li>
  );
}
