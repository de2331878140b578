import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '@/components/ui/field';
import { UnknownValue } from '@/components/ui/unknown-value';
import { WorkProgress } from '@/components/ui/work-progress';
import { useUsdaNutrition } from '@/features/foods/api/get-usda-nutrition';
import { FavoriteStar } from '@/features/foods/components/favorite-star';
import { FoodIngredients } from '@/features/foods/components/food-ingredients';
import { foodMicronutrients } from '@/features/foods/components/food-micronutrients-part';
import { FoodQuantity, MIN_CARD_GRAMS } from '@/features/foods/components/food-quantity';
import type { FoodActions } from '@/features/foods/hooks/use-food-actions';
import { useFoodLanguage } from '@/features/foods/hooks/use-food-language';
import type { FoodView } from '@/features/foods/types';
import { foodNames } from '@/features/foods/utils/names';
import { DETAIL_NUTRIENTS, needsUsdaNutrition, per100g, withUsdaNutrients } from '@/features/foods/utils/nutrition';
import { readAmount } from '@/lib/amount';
import { startingAmount } from '@/lib/food-amounts';
import { serverMessage, type CallProgress } from '@/lib/api-client';
import { useDisclosure } from '@/lib/use-disclosure';
import { useProgressText } from '@/lib/use-progress-text';
import { isSaved, type Food, type SavedFood } from '@/types/food';

type FoodCardProps = {
  food: Food;
  view: FoodView;
  actions: FoodActions;
  /** The heading's id, when a dialog around the card is named by it. */
  titleId?: string;
  /** Called once the food is in the basket (a sheet closes). */
  onAdded?: () => void;
  /** The card is the detailed view of one food (a sheet opened from a row), not one of a grid. */
  detailed?: boolean;
};

/** One food: names, badges, per-100 g values, an amount with its nutrition, and actions. */
export function FoodCard({ food, view, actions, titleId: givenTitleId, onAdded, detailed }: FoodCardProps) {
  const { t } = useTranslation('foods');
  const { language, formatNumber, formatKcal, formatMicronutrient } = useFoodLanguage();
  const progressText = useProgressText();
  const ownTitleId = useId();
  const titleId = givenTitleId ?? ownTitleId;
  const details = useDisclosure();
  const [quantityText, setQuantityText] = useState(() => {
    const start = startingAmount(food, language);
    return start.label ?? String(start.grams);
  });
  const [busy, setBusy] = useState<'add' | 'delete' | null>(null);
  // A USDA hit gets an id once it has been added (saved locally).
  const [saved, setSaved] = useState<SavedFood | null>(null);
  const [nutritionWanted, setNutritionWanted] = useState(false);
  // How a USDA fetch on the workers goes (getting nutrition, saving to add), when it takes a while.
  const [nutritionProgress, setNutritionProgress] = useState<CallProgress | null>(null);
  const [addProgress, setAddProgress] = useState<CallProgress | null>(null);

  const base = saved ?? food;
  const nutrition = useUsdaNutrition(nutritionWanted ? (base.fdc_id ?? null) : null, setNutritionProgress);
  const shown = nutrition.data ? withUsdaNutrients(base, nutrition.data.nutrients) : base;

  const names = foodNames(shown, language);
  const reading = readAmount(quantityText, shown.portions, shown.is_drink);
  const quantity = reading.ok && reading.grams >= MIN_CARD_GRAMS ? reading.grams : null;
  // Plain grams are just grams; "2 slices" goes to the basket as typed, beside its grams.
  const amountText = reading.ok && reading.unit !== null ? quantityText.trim() : undefined;
  // SPEC 6: only the owner's custom foods can be edited or deleted.
  const ownCustom = shown.is_custom && shown.is_owner;

  async function run(kind: 'add' | 'delete', task: () => Promise<unknown>) {
    setBusy(kind);
    try {
      await task();
    } finally {
      setBusy(null);
    }
  }

  function add() {
    if (quantity === null) return;
    setAddProgress(null);
    void run('add', async () => {
      const result = await actions.add(shown, quantity, amountText, setAddProgress);
      if (result && !isSaved(base)) setSaved(result);
      if (result) onAdded?.();
    });
  }

  function getNutrition() {
    setNutritionProgress(null);
    if (nutritionWanted) void nutrition.mutate();
    else setNutritionWanted(true);
  }

  const grams = (value: number) => t('card.grams', { value: formatNumber(value) });

  return (
    <article className="food-card" aria-labelledby={titleId}>
      <header className="food-card-header">
        <h3 id={titleId} lang={names.primaryLang} className="food-card-name">
          {names.primary}
        </h3>
        <FavoriteStar food={shown} />
        {names.secondary && (
          <p lang={names.secondaryLang} className="food-card-alt-name">
            {names.secondary}
          </p>
        )}
        <ul className="food-badges">
          {shown.is_usda && <li className="food-badge food-badge-usda">{t('card.badges.usda')}</li>}
          {shown.brand && <li className="food-badge food-badge-brand">{shown.brand}</li>}
          {shown.is_recipe ? (
            <li className="food-badge food-badge-recipe">{t('card.badges.recipe')}</li>
          ) : (
            shown.is_custom && <li className="food-badge food-badge-custom">{t('card.badges.custom')}</li>
          )}
          {shown.data_source === 'catalogue' && (
            <li className="food-badge food-badge-builtin">{t('card.badges.builtIn')}</li>
          )}
          {view === 'user' && !ownCustom && (
            <li className="food-badge food-badge-readonly">{t('card.badges.readOnly')}</li>
          )}
        </ul>
      </header>

      <p className="food-card-calories">
        {t('card.per100g', { calories: formatKcal(shown.calories_per_100g) })}
      </p>
      {shown.per_serving && (
        <p className="food-card-serving">
          {t('card.perServing', {
            grams: formatNumber(shown.per_serving.grams),
            calories: formatKcal(shown.per_serving.calories),
            protein: formatNumber(shown.per_serving.protein),
            fat: formatNumber(shown.per_serving.fat),
            carbs: formatNumber(shown.per_serving.carbs),
          })}
        </p>
      )}

      {needsUsdaNutrition(base) && !nutrition.data && (
        <div className="food-card-nutrition">
          <button
            type="button"
            className="btn btn-secondary btn-small"
            disabled={nutrition.isLoading}
            onClick={getNutrition}
          >
            {nutrition.isLoading ? t('card.gettingNutrition') : t('card.getNutrition')}
          </button>
          {nutrition.isValidating && nutritionProgress && (
            <WorkProgress
              label={t('card.gettingNutrition')}
              progress={nutritionProgress.progress}
              text={progressText(nutritionProgress, t('card.gettingNutrition'))}
            />
          )}
          {nutrition.error !== undefined && !nutrition.isValidating && (
            <FormMessage tone="error">
              {serverMessage(nutrition.error) ?? t('card.nutritionFailed')}
            </FormMessage>
          )}
        </div>
      )}

      <button
        type="button"
        className="link-button"
        {...details.toggleProps}
      >
        {details.open ? t('card.hideDetails') : t('card.showDetails')}
      </button>
      <div id={details.panelId} className="food-card-details" hidden={!details.open}>
        <p className="food-card-details-title">{t('card.detailsTitle')}</p>
        <dl className="food-facts">
          {DETAIL_NUTRIENTS.map((nutrient) => {
            const value = per100g(shown, nutrient);
            return (
              <div key={nutrient}>
                <dt>{t(`card.nutrients.${nutrient}`)}</dt>
                <dd>
                  {value === null ? (
                    <UnknownValue />
                  ) : nutrient === 'sodium' ? (
                    t('card.milligrams', { value: formatNumber(value) })
                  ) : (
                    grams(value)
                  )}
                </dd>
              </div>
            );
          })}
          {shown.is_usda && shown.fdc_id !== null && (
            <div className="food-fact-wide">
              <dt>{t('card.usdaId')}</dt>
              <dd>{shown.fdc_id}</dd>
            </div>
          )}
          {shown.is_usda && shown.brand && (
            <div className="food-fact-wide">
              <dt>{t('card.brand')}</dt>
              <dd>{shown.brand}</dd>
            </div>
          )}
        </dl>
        {details.open && (
          <Suspense fallback={null}>
            <foodMicronutrients.Component food={shown} format={formatMicronutrient} />
          </Suspense>
        )}
        {shown.is_usda && <p className="food-card-note">{t('card.readOnlyNote')}</p>}
      </div>
      <FoodIngredients food={shown} detailed={detailed} />

      <FoodQuantity food={shown} text={quantityText} reading={reading} onText={setQuantityText} />

      <div className="food-card-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={quantity === null || busy !== null}
          onClick={add}
        >
          {busy === 'add' ? t('card.adding') : t('card.add')}
        </button>
        {view === 'search' && (
          <button type="button" className="btn btn-secondary" onClick={() => actions.copy(shown)}>
            {t('card.copy')}
          </button>
        )}
        {view === 'user' &&
          (ownCustom && isSaved(shown) ? (
            <>
              <button type="button" className="btn btn-secondary" onClick={() => actions.edit(shown)}>
                {t('card.edit')}
              </button>
              <button
                type="button"
                className="btn btn-danger"
                disabled={busy !== null}
                onClick={() => void run('delete', () => actions.remove(shown))}
              >
                {busy === 'delete' ? t('card.deleting') : t('card.delete')}
              </button>
            </>
          ) : (
            <button type="button" className="btn btn-secondary" onClick={() => actions.copy(shown)}>
              {t('card.copyAsCustom')}
            </button>
          ))}
      </div>
      {busy === 'add' && addProgress && (
        <WorkProgress
          label={t('card.adding')}
          progress={addProgress.progress}
          text={progressText(addProgress, t('card.adding'))}
        />
      )}
    </article>
  );
}
