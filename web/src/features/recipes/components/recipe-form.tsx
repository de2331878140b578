import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage, TextField } from '@/components/ui/field';
import { PortionChips } from '@/components/ui/portion-chips';
import { IngredientPicker } from '@/features/recipes/components/ingredient-picker';
import { RecipeValues } from '@/features/recipes/components/recipe-values';
import { useRecipeFormat } from '@/features/recipes/hooks/use-recipe-format';
import type { RecipeInput } from '@/features/recipes/types';
import {
  checkDraft,
  draftValues,
  MAX_SERVINGS,
  readIngredient,
  withIngredient,
  type DraftIngredient,
  type DraftProblems,
  type RecipeDraft,
} from '@/features/recipes/utils/recipe-draft';
import { toLanguage } from '@/lib/i18n';
import { useAmountErrorText } from '@/lib/use-amount-error-text';

type RecipeFormProps = {
  initial: RecipeDraft;
  /** Resolves with the server's message on failure, or null when saved. */
  onSave: (input: RecipeInput) => Promise<string | null>;
  onCancel: () => void;
};

/** The recipe's fields, its ingredients with their amounts, and its values as they are typed. */
export function RecipeForm({ initial, onSave, onCancel }: RecipeFormProps) {
  const { t, i18n } = useTranslation('recipes');
  const language = toLanguage(i18n.resolvedLanguage);
  const format = useRecipeFormat();
  const [draft, setDraft] = useState(initial);
  const [problems, setProblems] = useState<DraftProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const notesId = useId();

  const set = <K extends keyof RecipeDraft>(field: K, value: RecipeDraft[K]) => setDraft((d) => ({ ...d, [field]: value }));
  const setAmount = (index: number, amount: string) =>
    set(
      'ingredients',
      draft.ingredients.map((line, i) => (i === index ? { ...line, amount } : line)),
    );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const checked = checkDraft(draft);
    if ('problems' in checked) {
      setProblems(checked.problems);
      return;
    }
    setProblems({});
    setFailure(null);
    setSaving(true);
    const message = await onSave(checked.input);
    setSaving(false);
    setFailure(message);
  }

  const problem = (key: DraftProblems[keyof DraftProblems]) =>
    key && (
      <span role="alert" className="field-error">
        {t(`problems.${key}`, { max: MAX_SERVINGS })}
      </span>
    );

  return (
    <form className="recipe-form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        label={t('editor.name')}
        value={draft.name}
        maxLength={100}
        aria-invalid={problems.name !== undefined}
        data-autofocus
        onChange={(event) => set('name', event.target.value)}
      />
      {problem(problems.name)}
      <TextField
        label={t('editor.nameZh')}
        lang="zh-CN"
        value={draft.name_zh}
        maxLength={100}
        onChange={(event) => set('name_zh', event.target.value)}
      />
      <TextField
        label={t('editor.servings')}
        type="number"
        inputMode="decimal"
        min={0}
        max={MAX_SERVINGS}
        step="any"
        value={draft.servings}
        aria-invalid={problems.servings !== undefined}
        onChange={(event) => set('servings', event.target.value)}
      />
      {problem(problems.servings)}
      <div className="field">
        <label htmlFor={notesId} className="field-label">
          {t('editor.notes')}
        </label>
        <textarea id={notesId} rows={2} value={draft.notes} onChange={(event) => set('notes', event.target.value)} />
      </div>

      <fieldset className="recipe-ingredients">
        <legend>{t('editor.ingredients')}</legend>
        {draft.ingredients.length === 0 ? (
          <p className="recipe-muted">{t('editor.noIngredients')}</p>
        ) : (
          <ul className="recipe-ingredient-list">
            {draft.ingredients.map((line, index) => (
              <IngredientLine
                key={line.food_id}
                line={line}
                name={format.name(line.name, line.name_zh).text}
                onAmount={(amount) => setAmount(index, amount)}
                onRemove={() => set('ingredients', draft.ingredients.filter((_, i) => i !== index))}
              />
            ))}
          </ul>
        )}
        {problem(problems.ingredients)}
        <IngredientPicker onPick={(food) => setDraft((d) => withIngredient(d, food, language))} />
      </fieldset>

      <RecipeValues values={draftValues(draft)} />
      {failure && <FormMessage tone="error">{failure}</FormMessage>}
      <div className="modal-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t('editor.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? t('editor.saving') : t('editor.save')}
        </button>
      </div>
    </form>
  );
}

type IngredientLineProps = {
  line: DraftIngredient;
  name: string;
  onAmount: (amount: string) => void;
  onRemove: () => void;
};

/**
 * One ingredient: its amount as the basket takes one (grams, or a unit of the food: "2
 * eggs", "1 碗"), the grams a unit weighs, its portions to tap, and why an amount does not read.
 */
function IngredientLine({ line, name, onAmount, onRemove }: IngredientLineProps) {
  const { t, i18n } = useTranslation(['recipes', 'common']);
  const language = toLanguage(i18n.resolvedLanguage);
  const format = useRecipeFormat();
  const amountErrorText = useAmountErrorText();
  const inputId = useId();
  const hintId = useId();
  const reading = readIngredient(line);
  const inGrams = reading.ok
    ? reading.unit === null
      ? t('editor.gramsUnit')
      : t(reading.countedAsWater ? 'common:amount.inGramsAsWater' : 'common:amount.inGrams', { grams: format.number(reading.grams) })
    : null;
  return (
    <li className="recipe-ingredient">
      <label htmlFor={inputId}>{name}</label>
      <input
        id={inputId}
        type="text"
        autoComplete="off"
        aria-label={t('editor.amount', { name })}
        aria-invalid={!reading.ok}
        aria-describedby={reading.ok ? undefined : hintId}
        value={line.amount}
        onChange={(event) => onAmount(event.target.value)}
      />
      <span className="recipe-ingredient-grams">{inGrams}</span>
      <button type="button" className="btn btn-secondary btn-small" aria-label={t('editor.remove', { name })} onClick={onRemove}>
        ✕
      </button>
      <PortionChips
        portions={line.portions}
        language={language}
        text={line.amount}
        onPick={onAmount}
        label={t('editor.portions', { name })}
        withGrams={(portion, grams) => t('editor.portion', { name: portion, grams: format.number(grams) })}
        aboutGrams={(portion, grams) => t('editor.portionAbout', { name: portion, grams: format.number(grams) })}
      />
      {!reading.ok && (
        <p id={hintId} className="field-error recipe-ingredient-problem">
          {amountErrorText(reading.error)}
        </p>
      )}
    </li>
  );
}
