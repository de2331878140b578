import { Fragment, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/modal';
import { FoodCard } from '@/features/foods/components/food-card';
import type { FoodActions } from '@/features/foods/hooks/use-food-actions';
import { useFoodLanguage } from '@/features/foods/hooks/use-food-language';
import type { FoodView } from '@/features/foods/types';
import { foodNames } from '@/features/foods/utils/names';
import { nutritionFor } from '@/features/foods/utils/nutrition';
import type { OneTapAmount } from '@/features/foods/utils/one-tap';
import { namesItsGrams } from '@/lib/food-amounts';
import { isSaved, type Food, type SavedFood } from '@/types/food';

/** How long a row shows its tick after an add. */
const ADDED_MS = 1500;

type FoodRowProps = { food: Food; amount: OneTapAmount; view: FoodView; actions: FoodActions };

/**
 * One food as a compact row (phone first): names, badges, the amount one tap adds and
 * its kcal, and that tap's button. The rest of the row opens the full card in a sheet.
 */
export function FoodRow({ food, amount, view, actions }: FoodRowProps) {
  const { t } = useTranslation('foods');
  const { language, formatNumber, formatKcal } = useFoodLanguage();
  const nameId = useId();
  const metaId = useId();
  const kcalId = useId();
  const [open, setOpen] = useState(false);
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState(false);
  // A USDA hit gets an id once it has been added (saved locally).
  const [saved, setSaved] = useState<SavedFood | null>(null);
  const shown = saved ?? food;
  const names = foodNames(shown, language);
  const { grams, label } = amount;

  useEffect(() => {
    if (!added) return;
    const timer = window.setTimeout(() => setAdded(false), ADDED_MS);
    return () => window.clearTimeout(timer);
  }, [added]);

  const gramsText = t('card.grams', { value: formatNumber(grams) });
  const amountText = label === null ? gramsText : namesItsGrams(label, grams) ? label : t('quick.amount', { label, grams: formatNumber(grams) });
  const badges = [
    shown.brand,
    shown.is_usda ? t('card.badges.usda') : null,
    shown.is_recipe ? t('card.badges.recipe') : shown.is_custom ? t('card.badges.custom') : null,
  ].filter((badge): badge is string => Boolean(badge));

  async function add() {
    setAdding(true);
    try {
      const result = await actions.add(shown, grams, label);
      if (result) {
        setAdded(true);
        if (!isSaved(shown)) setSaved(result);
      }
    } finally {
      setAdding(false);
    }
  }

  return (
    <div className={added ? 'food-row food-row-added' : 'food-row'}>
      <button
        type="button"
        className="food-row-open"
        aria-haspopup="dialog"
        aria-labelledby={nameId}
        aria-describedby={`${metaId} ${kcalId}`}
        onClick={() => setOpen(true)}
      >
        <span className="food-row-names">
          <span id={nameId} className="food-row-name" lang={names.primaryLang}>
            {names.primary}
          </span>
          {names.secondary && (
            <span className="food-row-alt" lang={names.secondaryLang}>
              {names.secondary}
            </span>
          )}
        </span>
        <span id={metaId} className="food-row-meta">
          {badges.map((badge) => (
            <Fragment key={badge}>
              <span className="food-row-badge">{badge}</span>{' '}
            </Fragment>
          ))}
          <span className="food-row-amount">{amountText}</span>
        </span>
      </button>
      <strong id={kcalId} className="food-row-kcal">
        {t('card.kcal', { value: formatKcal(nutritionFor(shown, grams).calories) })}
      </strong>
      <button
        type="button"
        className="food-row-add"
        aria-label={t('row.add', { name: names.primary })}
        aria-describedby={`${metaId} ${kcalId}`}
        disabled={adding}
        onClick={() => void add()}
      >
        {/* The toast says what went in; the tick marks which row. */}
        {added ? <TickIcon /> : <PlusIcon />}
      </button>
      {open && <FoodSheet food={shown} view={view} actions={actions} onClose={() => setOpen(false)} />}
    </div>
  );
}

type FoodSheetProps = { food: Food; view: FoodView; actions: FoodActions; onClose: () => void };

/** The full food card (SPEC 2) over the list: a bottom sheet on a phone. */
function FoodSheet({ food, view, actions, onClose }: FoodSheetProps) {
  const { t } = useTranslation('foods');
  const titleId = useId();
  return (
    <Modal open onClose={onClose} labelledBy={titleId} className="food-sheet">
      <button type="button" className="food-sheet-close" aria-label={t('row.close')} onClick={onClose}>
        ×
      </button>
      {/* Added: back to the list, where the next food is. */}
      <FoodCard food={food} view={view} actions={actions} titleId={titleId} onAdded={onClose} detailed />
    </Modal>
  );
}

function PlusIcon() {
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M10 4v12M4 10h12" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

function TickIcon() {
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M4 10.5l4 4 8-9" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
