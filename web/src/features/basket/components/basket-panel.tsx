import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimePicker } from '@/components/date-time/date-time-picker';
import { describeDateTime } from '@/components/date-time/trigger';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { TextField } from '@/components/ui/field';
import { UnknownValue } from '@/components/ui/unknown-value';
import type { SaveMeal } from '@/features/basket/api/save-meal';
import { FoodLineItem, QuickLineItem } from '@/features/basket/components/basket-line';
import { MealTypePicker } from '@/features/basket/components/meal-type-picker';
import { QuickAddForm } from '@/features/basket/components/quick-add-form';
import type { Basket } from '@/features/basket/hooks/use-basket';
import { atMinute, basketMeal, useBasketSave, useDefaultMealName, useEditingMealName } from '@/features/basket/hooks/use-basket-save';
import {
  basketOptionalTotals,
  basketTotals,
  isQuickLine,
  lineCalories,
  MAX_LINE_GRAMS,
  MIN_LINE_GRAMS,
  type FoodLine,
} from '@/features/basket/utils/basket';
import { useAuth, useLoginDialog } from '@/lib/auth';
import { displayLocale } from '@/lib/i18n';
import { OPTIONAL_NUTRIENTS } from '@/types/food';
import '@/features/basket/basket.css';
import { numberFormat } from '@/lib/intl';
import { nutritionFormat } from '@/lib/nutrition-format';

type BasketPanelProps = {
  basket: Basket;
  /** Saves the basket as a new meal, or as the meal `editingId` when editing (the API by default). */
  save?: SaveMeal;
  now?: () => Date;
  /** The id for the heading, when a dialog around the panel is named by it. */
  titleId?: string;
  /** Shown as a close button beside the heading (the panel in a bottom sheet). */
  onClose?: () => void;
};

/** A minute's leeway: the time box is to the minute, the clock is not. */
const FUTURE_SLACK_MS = 60_000;

/** SPEC 2 "Basket panel" and SPEC 4 "Basket". */
export function BasketPanel({ basket, save, now = () => new Date(), titleId: givenTitleId, onClose }: BasketPanelProps) {
  const { t, i18n } = useTranslation(['basket', 'common']);
  const { isAuthenticated } = useAuth();
  const loginDialog = useLoginDialog();
  const confirm = useConfirm();
  const ownTitleId = useId();
  const titleId = givenTitleId ?? ownTitleId;
  const partialNoteId = useId();
  const saving = useBasketSave(basket, { save, now });
  const defaultName = useDefaultMealName();
  const editingName = useEditingMealName();

  const closeButton = onClose && (
    <button type="button" className="icon-button basket-close" aria-label={t('sheet.close')} onClick={onClose}>
      ×
    </button>
  );

  if (!isAuthenticated) {
    return (
      <aside className="panel basket" aria-labelledby={titleId}>
        <div className="basket-head">
          <h2 id={titleId}>{t('basket.title')}</h2>
          {closeButton}
        </div>
        <p>{t('basket.loginPrompt')}</p>
        <button type="button" className="btn btn-primary" onClick={() => loginDialog.open('login')}>
          {t('basket.login')}
        </button>
      </aside>
    );
  }

  const editing = basket.editing;
  // With no time chosen the meal is "now", to the minute: the picker then keeps the
  // same value between renders (a half-typed time stays) and shows what is saved.
  const { time, mealType } = basketMeal(basket, now());
  // Days to come are not offered; a time later than now (a meal copied to tomorrow, a
  // time typed ahead) is said plainly, with the one tap that makes it now.
  const inFuture = time.getTime() - now().getTime() > FUTURE_SLACK_MS;
  const when = describeDateTime(time, now());
  const whenText = `${'relative' in when ? t(`common:dateTime.${when.relative}`) : when.date} ${when.time}`;
  const totals = basketTotals(basket.lines);
  const optionalTotals = basketOptionalTotals(basket.lines);
  const locale = displayLocale(i18n.resolvedLanguage);
  const format = (value: number) => numberFormat(locale, 1).format(value);
  const nutrition = nutritionFormat(locale);
  const partial = OPTIONAL_NUTRIENTS.filter((nutrient) => optionalTotals[nutrient].partial);
  const partialNames = new Intl.ListFormat(locale, { type: 'conjunction' }).format(
    partial.map((nutrient) => t(`basket.nutrientNames.${nutrient}`)),
  );
  const range = { min: format(MIN_LINE_GRAMS), max: format(MAX_LINE_GRAMS) };
  const foodName = (line: FoodLine) =>
    i18n.resolvedLanguage === 'zh' && line.food.name_zh ? line.food.name_zh : line.food.name;

  async function clear() {
    const confirmed = await confirm({
      title: t('basket.clearTitle'),
      message: t('basket.clearMessage'),
      confirmLabel: t('basket.clear'),
      tone: 'danger',
    });
    if (confirmed) basket.clear();
  }

  return (
    <aside className="panel basket" aria-labelledby={titleId}>
      <div className="basket-head">
        <h2 id={titleId}>{editing ? t('basket.editingTitle') : t('basket.title')}</h2>
        {closeButton}
      </div>
      {editing && (
        <p className="basket-editing">
          {t('basket.editing', { name: editingName(editing), date: editing.date })}
        </p>
      )}
      <MealTypePicker value={mealType} onChange={basket.setMealType} />
      <TextField
        label={t('basket.mealName')}
        type="text"
        maxLength={100}
        value={basket.name}
        placeholder={defaultName(mealType, time)}
        onChange={(event) => basket.setName(event.target.value)}
      />
      <div className="field">
        <span className="field-label">{t('basket.mealTime')}</span>
        <DateTimePicker label={t('basket.mealTime')} value={time} onChange={basket.setTime} now={now} pastOnly />
      </div>
      {inFuture && (
        <div className="basket-future" role="status">
          <p>{t('basket.future', { when: whenText })}</p>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => basket.setTime(atMinute(now()))}>
            {t('basket.futureToNow')}
          </button>
        </div>
      )}

      {basket.lines.length === 0 ? (
        <p className="basket-empty">{t('basket.empty')}</p>
      ) : (
        <ul className="basket-lines" aria-label={t('basket.items')}>
          {basket.lines.map((line) =>
            isQuickLine(line) ? (
              <QuickLineItem
                key={line.id}
                name={line.quick_add.name || t('quickAdd.defaultName')}
                calories={t('basket.kcal', { value: nutrition.kcal(lineCalories(line)) })}
                onRemove={() => basket.removeQuickAdd(line.id)}
              />
            ) : (
              <FoodLineItem
                key={line.food.id}
                line={line}
                name={foodName(line)}
                calories={t('basket.kcal', { value: nutrition.kcal(lineCalories(line)) })}
                grams={format(line.quantity)}
                rangeHint={t('basket.quantityRange', range)}
                onQuantity={(quantity, amount) => basket.setQuantity(line.food.id, quantity, amount)}
                onRemove={() => basket.removeFood(line.food.id)}
              />
            ),
          )}
        </ul>
      )}

      <QuickAddForm onAdd={basket.addQuickAdd} format={format} />

      <dl className="basket-totals" aria-label={t('basket.totals')}>
        <div>
          <dt>{t('basket.calories')}</dt>
          <dd>{t('basket.kcal', { value: nutrition.kcal(totals.calories) })}</dd>
        </div>
        <div>
          <dt>{t('basket.protein')}</dt>
          <dd>{t('basket.gramsValue', { value: nutrition.macroGrams(totals.protein) })}</dd>
        </div>
        <div>
          <dt>{t('basket.fat')}</dt>
          <dd>{t('basket.gramsValue', { value: nutrition.macroGrams(totals.fat) })}</dd>
        </div>
        <div>
          <dt>{t('basket.carbs')}</dt>
          <dd>{t('basket.gramsValue', { value: nutrition.macroGrams(totals.carbs) })}</dd>
        </div>
      </dl>
      {/* Unknown is not 0: a sum missing some foods' values says it is a lower bound. */}
      <dl className="basket-totals basket-totals-more" aria-label={t('basket.moreTotals')}>
        {OPTIONAL_NUTRIENTS.map((nutrient) => {
          const { value, partial: isPartial } = optionalTotals[nutrient];
          const amount =
            value === null
              ? null
              : nutrient === 'sodium'
                ? t('basket.milligramsValue', { value: format(value) })
                : t('basket.gramsValue', { value: format(value) });
          return (
            <div key={nutrient}>
              <dt>{t(`basket.${nutrient}`)}</dt>
              <dd aria-describedby={isPartial ? partialNoteId : undefined}>
                {amount === null ? <UnknownValue /> : isPartial ? t('basket.atLeast', { value: amount }) : amount}
              </dd>
            </div>
          );
        })}
      </dl>
      {partial.length > 0 && (
        <p id={partialNoteId} className="basket-partial-note">
          {t('basket.partial', { nutrients: partialNames })}
        </p>
      )}

      <div className="basket-actions">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={saving.saving || (basket.lines.length === 0 && !editing && !basket.name)}
          onClick={() => void clear()}
        >
          {t('basket.clear')}
        </button>
        <button type="button" className="btn btn-primary" disabled={saving.saving} onClick={() => void saving.save()}>
          {saving.saving ? t('basket.saving') : editing ? t('basket.update') : t('basket.save')}
        </button>
      </div>
    </aside>
  );
}
