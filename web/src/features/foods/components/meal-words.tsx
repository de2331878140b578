import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { useParsedMeal, type ParsedMealResult } from '@/features/foods/api/parse-meal';
import { useAddMealLines } from '@/features/foods/hooks/use-add-meal-lines';
import { useFoodLanguage } from '@/features/foods/hooks/use-food-language';
import { useOnline } from '@/features/foods/hooks/use-known-foods';
import type { FoodBasket } from '@/features/foods/types';
import {
  confirmLine,
  lineGrams,
  mealLines,
  pickAlternative,
  readsAsMeal,
  showsMealLines,
  unitAmount,
  type MealLine,
} from '@/features/foods/utils/meal-words';
import { displayName } from '@/features/foods/utils/names';
import { MAX_AMOUNT_GRAMS } from '@/lib/amount';
import type { Food } from '@/types/food';

type MealWordsProps = {
  /** The query searched (trimmed). */
  query: string;
  viewer: string | null;
  basket: FoodBasket;
  /** Searches one part of the text on its own. */
  onSearch: (text: string) => void;
};

/**
 * Issue 35: a query that reads as a meal ("一碗米饭两个鸡蛋") is also read by the server as
 * dishes, shown above the search results as lines to check and add in one tap. Text that
 * reads as one food's name, or no connection, shows nothing here.
 */
export function MealWords({ query, viewer, basket, onSearch }: MealWordsProps) {
  const { t } = useTranslation('foods');
  const online = useOnline();
  const { data, error } = useParsedMeal(online && readsAsMeal(query) ? query : null, viewer);
  if (!online || !readsAsMeal(query) || error) return null;
  if (!data || data.asked !== query) return <Spinner label={t('meal.reading')} />;
  if (!showsMealLines(data)) return null;
  // A new answer starts from its own lines.
  return <MealLines key={data.asked} meal={data} basket={basket} onSearch={onSearch} />;
}

type MealLinesProps = { meal: ParsedMealResult; basket: FoodBasket; onSearch: (text: string) => void };

function MealLines({ meal, basket, onSearch }: MealLinesProps) {
  const { t } = useTranslation('foods');
  const titleId = useId();
  const addLines = useAddMealLines(basket);
  const [lines, setLines] = useState(() => mealLines(meal.items));
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [addedAny, setAddedAny] = useState(false);

  const waiting = lines.filter((line) => line.asking).length;
  const ready = lines.filter((line) => !line.asking);

  function change(next: MealLine) {
    setLines((current) => current.map((line) => (line.key === next.key ? next : line)));
  }

  async function addAll() {
    setChecked(true);
    // A question is never added unasked; a grams box that does not read stops the tap.
    if (ready.length === 0 || ready.some((line) => lineGrams(line) === null)) return;
    setBusy(true);
    const added = await addLines(ready, waiting);
    setBusy(false);
    if (added.length > 0) {
      // "午饭吃了…", "for lunch I had…": the meal said is the basket's, unless one was chosen.
      if (meal.meal_type && !basket.mealType) basket.setMealType?.(meal.meal_type);
      setAddedAny(true);
      setLines((current) => current.filter((line) => !added.includes(line.key)));
    }
  }

  return (
    <section className="meal-words" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('meal.title')}</h2>
      {lines.length > 0 && (
        <ul className="meal-words-lines" aria-label={t('meal.lines')}>
          {lines.map((line) => (
            <MealLineItem
              key={line.key}
              line={line}
              showError={checked}
              onChange={change}
              onRemove={() => setLines((current) => current.filter((other) => other.key !== line.key))}
            />
          ))}
        </ul>
      )}
      {meal.unmatched.length > 0 && (
        <div className="meal-words-unmatched">
          <p>{t('meal.unmatched', { parts: meal.unmatched.map((part) => `“${part}”`).join(t('meal.listSeparator')) })}</p>
          <p className="meal-words-muted">{t('meal.unmatchedHint')}</p>
          <div className="meal-words-choices">
            {meal.unmatched.map((part) => (
              <button key={part} type="button" className="chip meal-words-chip" onClick={() => onSearch(part)}>
                {t('meal.searchPart', { part })}
              </button>
            ))}
          </div>
        </div>
      )}
      {lines.length > 0 ? (
        <div className="meal-words-actions">
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void addAll()}>
            {t('meal.addAll')}
          </button>
          {waiting > 0 && (
            <p className="meal-words-muted" role={checked ? 'status' : undefined}>
              {checked && ready.length === 0
                ? t('meal.answerFirst', { count: waiting })
                : t('meal.waitingNote', { count: waiting })}
            </p>
          )}
        </div>
      ) : (
        addedAny && (
          <p className="meal-words-muted" role="status">
            {t('meal.allAdded')}
          </p>
        )
      )}
    </section>
  );
}

type MealLineItemProps = {
  line: MealLine;
  /** "Add all" was tapped: a grams box that does not read says so. */
  showError: boolean;
  onChange: (line: MealLine) => void;
  onRemove: () => void;
};

/** One dish: its food, the words it was read from with the amount, grams (editable), and any doubt. */
function MealLineItem({ line, showError, onChange, onRemove }: MealLineItemProps) {
  const { t } = useTranslation('foods');
  const { language, formatNumber } = useFoodLanguage();
  const gramsId = useId();
  const errorId = useId();
  const name = displayName(line.food, language);
  const nameOf = (food: Food) => displayName(food, language);
  const amount = unitAmount(line.amount);
  const read = amount ?? (line.amount.count !== 1 ? t('meal.count', { count: line.amount.count }) : null);
  const invalid = showError && !line.asking && lineGrams(line) === null;

  return (
    <li className="meal-line">
      <div className="meal-line-main">
        <div className="meal-line-names">
          <span className="meal-line-name" lang={name === line.food.name ? 'en' : 'zh-CN'}>
            {line.asking ? t('meal.guess', { name }) : name}
          </span>
          <span className="meal-words-muted">
            {read ? t('meal.readAs', { text: line.text, amount: read }) : t('meal.readFrom', { text: line.text })}
          </span>
        </div>
        <label htmlFor={gramsId} className="visually-hidden">
          {t('meal.grams', { name })}
        </label>
        <input
          id={gramsId}
          className="meal-line-grams"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={line.grams}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(event) => onChange({ ...line, grams: event.target.value, gramsTyped: true })}
        />
        <span aria-hidden="true">{t('meal.gramsUnit')}</span>
        <button type="button" className="icon-button" aria-label={t('meal.remove', { name })} onClick={onRemove}>
          ×
        </button>
      </div>
      {invalid && (
        <p id={errorId} className="meal-words-error">
          {t('meal.gramsInvalid', { max: formatNumber(MAX_AMOUNT_GRAMS) })}
        </p>
      )}
      {line.asking ? (
        <MealQuestion line={line} name={name} nameOf={nameOf} onChange={onChange} />
      ) : (
        line.doubted &&
        line.alternatives.length > 0 && <MealAlternatives line={line} nameOf={nameOf} onChange={onChange} />
      )}
    </li>
  );
}

type ChoiceProps = { line: MealLine; nameOf: (food: Food) => string; onChange: (line: MealLine) => void };

/** An unsure food asked as a question: "Yes" or one of its alternatives, each one tap. Until answered it is not added. */
function MealQuestion({ line, name, nameOf, onChange }: ChoiceProps & { name: string }) {
  const { t } = useTranslation('foods');
  const questionId = useId();
  return (
    <div role="group" aria-labelledby={questionId} className="meal-words-question">
      <p id={questionId}>{t('meal.question', { name })}</p>
      <div className="meal-words-choices">
        <button type="button" className="chip meal-words-chip" onClick={() => onChange(confirmLine(line))}>
          {t('meal.yes')}
        </button>
        <AlternativeChips line={line} nameOf={nameOf} onChange={onChange} />
      </div>
    </div>
  );
}

/** The line's other foods, each taking its place in one tap. */
function AlternativeChips({ line, nameOf, onChange }: ChoiceProps) {
  return line.alternatives.map((food, index) => (
    <button
      key={`${food.id ?? food.fdc_id ?? food.name}-${index}`}
      type="button"
      className="chip meal-words-chip"
      onClick={() => onChange(pickAlternative(line, index))}
    >
      {nameOf(food)}
    </button>
  ));
}

/** A food the reader doubted: "likely" says so; its other foods stay one tap away. */
function MealAlternatives({ line, nameOf, onChange }: ChoiceProps) {
  const { t } = useTranslation('foods');
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className="meal-words-alternatives">
      <p id={labelId} className="meal-words-muted">
        {line.level === 'likely' ? t('meal.likely') : t('meal.others')}
      </p>
      <div className="meal-words-choices">
        <AlternativeChips line={line} nameOf={nameOf} onChange={onChange} />
      </div>
    </div>
  );
}
