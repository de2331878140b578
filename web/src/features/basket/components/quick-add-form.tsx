import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage, TextField } from '@/components/ui/field';
import type { QuickAdd } from '@/features/basket/utils/basket';
import { useDisclosure } from '@/lib/use-disclosure';
import {
  EMPTY_QUICK_ADD,
  MAX_QUICK_CALORIES,
  MAX_QUICK_MACRO_GRAMS,
  MAX_QUICK_NAME,
  QUICK_ADD_MACROS,
  readQuickAdd,
  type QuickAddDraft,
} from '@/features/basket/utils/quick-add';

type QuickAddFormProps = { onAdd: (quick: QuickAdd) => void; format: (value: number) => string };

/** Calories without a food (a restaurant meal, a snack with only a label): folded until asked for. */
export function QuickAddForm({ onAdd, format }: QuickAddFormProps) {
  const { t } = useTranslation('basket');
  const form = useDisclosure();
  return (
    <div className="quick-add">
      <button
        type="button"
        className="link-button"
        {...form.toggleProps}
      >
        <span aria-hidden="true">+ </span>
        {t('quickAdd.title')}
      </button>
      <QuickAddFields id={form.panelId} hidden={!form.open} onAdd={onAdd} format={format} />
    </div>
  );
}

type QuickAddFieldsProps = QuickAddFormProps & {
  id?: string;
  hidden?: boolean;
  /** A name to start from (the food searched for and not found). */
  initialName?: string;
  /** Calories to start from (typed in the search box as "300 kcal"). */
  initialCalories?: number;
  /** The form is the dialog's whole point: the calories take the focus, and Add is its primary button. */
  inDialog?: boolean;
};

/** The quick add's name, calories and macros, checked against the meals API's bounds. */
export function QuickAddFields({
  id,
  hidden,
  initialName = '',
  initialCalories,
  inDialog = false,
  onAdd,
  format,
}: QuickAddFieldsProps) {
  const { t } = useTranslation('basket');
  const [draft, setDraft] = useState<QuickAddDraft>({
    ...EMPTY_QUICK_ADD,
    name: initialName.slice(0, MAX_QUICK_NAME),
    calories: initialCalories === undefined ? '' : String(initialCalories),
  });
  // In the dialog the first thing to do takes the focus: the calories, or Add once they are there.
  const focusCalories = inDialog && initialCalories === undefined;
  const [error, setError] = useState<string | null>(null);
  const change = (field: keyof QuickAddDraft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [field]: event.target.value }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const read = readQuickAdd(draft);
    if ('quick' in read) {
      onAdd(read.quick);
      setDraft(EMPTY_QUICK_ADD);
      setError(null);
      return;
    }
    const limits = { calories: format(MAX_QUICK_CALORIES), grams: format(MAX_QUICK_MACRO_GRAMS), length: MAX_QUICK_NAME };
    setError(
      read.problem === 'macroRange'
        ? t('quickAdd.problems.macroRange', { nutrient: t(`basket.${read.macro}`), ...limits })
        : t(`quickAdd.problems.${read.problem}`, limits),
    );
  }

  return (
    <form id={id} className="quick-add-form" aria-label={t('quickAdd.title')} hidden={hidden} onSubmit={onSubmit} noValidate>
      <TextField label={t('quickAdd.name')} maxLength={MAX_QUICK_NAME} value={draft.name} onChange={change('name')} />
      <div className="quick-add-numbers">
        <TextField
          label={t('quickAdd.calories')}
          type="number"
          inputMode="decimal"
          min={0}
          max={MAX_QUICK_CALORIES}
          step="any"
          required
          value={draft.calories}
          onChange={change('calories')}
          data-autofocus={focusCalories ? true : undefined}
        />
        {QUICK_ADD_MACROS.map((macro) => (
          <TextField
            key={macro}
            label={t(`quickAdd.${macro}`)}
            type="number"
            inputMode="decimal"
            min={0}
            max={MAX_QUICK_MACRO_GRAMS}
            step="any"
            value={draft[macro]}
            onChange={change(macro)}
          />
        ))}
      </div>
      {error && <FormMessage tone="error">{error}</FormMessage>}
      <button
        type="submit"
        className={inDialog ? 'btn btn-primary' : 'btn btn-secondary btn-small'}
        data-autofocus={inDialog && !focusCalories ? true : undefined}
      >
        {t('quickAdd.add')}
      </button>
    </form>
  );
}
