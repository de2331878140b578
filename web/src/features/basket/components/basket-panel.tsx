import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimePicker } from '@/components/date-time/date-time-picker';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import type { Basket } from '@/features/basket/hooks/use-basket';
import { FoodLineItem, QuickLineItem } from '@/features/basket/components/basket-line';
import { QuickAddForm } from '@/features/basket/components/quick-add-form';
import {
  basketTotals,
  isLineQuantity,
  isQuickLine,
  lineCalories,
  MAX_LINE_GRAMS,
  mealPayload,
  mealTypeAt,
  MIN_LINE_GRAMS,
  type FoodLine,
  type MealSavePayload,
} from '@/features/basket/utils/basket';
import { ApiError, serverMessage } from '@/lib/api-client';
import { useAuth, useLoginDialog } from '@/lib/auth';
import { displayLocale } from '@/lib/i18n';
import '@/features/basket/basket.css';

type BasketPanelProps = {
  basket: Basket;
  /** Saves the basket as a new meal, or as the meal `editingId` when editing. */
  save: (payload: MealSavePayload, editingId: number | null) => Promise<unknown>;
  now?: () => Date;
};

/** SPEC 2 "Basket panel" and SPEC 4 "Basket". */
export function BasketPanel({ basket, save, now = () => new Date() }: BasketPanelProps) {
  const { t, i18n } = useTranslation(['basket', 'common']);
  const { isAuthenticated } = useAuth();
  const loginDialog = useLoginDialog();
  const toast = useToast();
  const confirm = useConfirm();
  const titleId = useId();
  const nameId = useId();
  const [saving, setSaving] = useState(false);
  // A second click while the first save runs is ignored (SPEC 4), even before re-render.
  const savingRef = useRef(false);

  if (!isAuthenticated) {
    return (
      <aside className="panel basket" aria-labelledby={titleId}>
        <h2 id={titleId}>{t('basket.title')}</h2>
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
  const time = basket.time ?? atMinute(now());
  const totals = basketTotals(basket.lines);
  const locale = displayLocale(i18n.resolvedLanguage);
  const format = (value: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);
  const range = { min: format(MIN_LINE_GRAMS), max: format(MAX_LINE_GRAMS) };
  const foodName = (line: FoodLine) =>
    i18n.resolvedLanguage === 'zh' && line.food.name_zh ? line.food.name_zh : line.food.name;

  /** SPEC 4: a missing meal name falls back to one derived from the meal time. */
  function defaultName(at: Date): string {
    const date = new Intl.DateTimeFormat(locale, { month: '2-digit', day: '2-digit' }).format(at);
    return t('basket.defaultName', { type: t(`common:mealTypes.${mealTypeAt(at)}`), date });
  }

  async function clear() {
    const confirmed = await confirm({
      title: t('basket.clearTitle'),
      message: t('basket.clearMessage'),
      confirmLabel: t('basket.clear'),
      tone: 'danger',
    });
    if (confirmed) basket.clear();
  }

  async function onSave() {
    if (savingRef.current) return;
    if (basket.lines.length === 0) {
      toast.error(t('basket.emptyError'));
      return;
    }
    // Adding a food again adds up its grams, which can pass what one meal line may hold;
    // a meal saved through the API may hold less than a gram of something.
    const outOfRange = basket.lines.find(
      (line): line is FoodLine => !isQuickLine(line) && !isLineQuantity(line.quantity),
    );
    if (outOfRange) {
      toast.error(t('basket.quantityOutOfRange', { name: foodName(outOfRange), ...range }));
      return;
    }
    const name = basket.name.trim() || defaultName(time);
    const editingId = editing?.id ?? null;
    savingRef.current = true;
    setSaving(true);
    try {
      await save(mealPayload(basket.lines, name, time), editingId);
      basket.clear();
      toast.success(editingId === null ? t('basket.saved', { name }) : t('basket.updatedMeal', { name }));
    } catch (error) {
      // Nothing is lost: the basket stays as it was.
      const failed = editingId === null ? 'basket.saveFailed' : 'basket.updateFailed';
      const thrown = editingId === null ? 'basket.saveError' : 'basket.updateError';
      toast.error(serverMessage(error) ?? t(error instanceof ApiError ? failed : thrown));
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  }

  return (
    <aside className="panel basket" aria-labelledby={titleId}>
      <h2 id={titleId}>{editing ? t('basket.editingTitle') : t('basket.title')}</h2>
      {editing && (
        <p className="basket-editing">
          {t('basket.editing', { name: editing.name ?? defaultName(new Date(editing.eaten_at)), date: editing.date })}
        </p>
      )}
      <div className="field">
        <label htmlFor={nameId} className="field-label">
          {t('basket.mealName')}
        </label>
        <input
          id={nameId}
          type="text"
          maxLength={100}
          value={basket.name}
          placeholder={defaultName(time)}
          onChange={(event) => basket.setName(event.target.value)}
        />
      </div>
      <div className="field">
        <span className="field-label">{t('basket.mealTime')}</span>
        <DateTimePicker label={t('basket.mealTime')} value={time} onChange={basket.setTime} now={now} />
      </div>

      {basket.lines.length === 0 ? (
        <p className="basket-empty">{t('basket.empty')}</p>
      ) : (
        <ul className="basket-lines" aria-label={t('basket.items')}>
          {basket.lines.map((line) =>
            isQuickLine(line) ? (
              <QuickLineItem
                key={line.id}
                name={line.quick_add.name || t('quickAdd.defaultName')}
                calories={t('basket.kcal', { value: format(lineCalories(line)) })}
                onRemove={() => basket.removeQuickAdd(line.id)}
              />
            ) : (
              <FoodLineItem
                key={line.food.id}
                line={line}
                name={foodName(line)}
                calories={t('basket.kcal', { value: format(lineCalories(line)) })}
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
          <dd>{t('basket.kcal', { value: format(totals.calories) })}</dd>
        </div>
        <div>
          <dt>{t('basket.protein')}</dt>
          <dd>{t('basket.gramsValue', { value: format(totals.protein) })}</dd>
        </div>
        <div>
          <dt>{t('basket.fat')}</dt>
          <dd>{t('basket.gramsValue', { value: format(totals.fat) })}</dd>
        </div>
        <div>
          <dt>{t('basket.carbs')}</dt>
          <dd>{t('basket.gramsValue', { value: format(totals.carbs) })}</dd>
        </div>
      </dl>

      <div className="basket-actions">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={saving || (basket.lines.length === 0 && !editing && !basket.name)}
          onClick={() => void clear()}
        >
          {t('basket.clear')}
        </button>
        <button type="button" className="btn btn-primary" disabled={saving} onClick={() => void onSave()}>
          {saving ? t('basket.saving') : editing ? t('basket.update') : t('basket.save')}
        </button>
      </div>
    </aside>
  );
}

/** The time with seconds dropped. */
function atMinute(time: Date): Date {
  const minute = new Date(time);
  minute.setSeconds(0, 0);
  return minute;
}
