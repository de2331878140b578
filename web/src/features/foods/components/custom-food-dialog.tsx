import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage, TextField } from '@/components/ui/field';
import { Modal, ModalHeader } from '@/components/ui/modal';
import { useCreateFood, type CustomFoodInput } from '@/features/foods/api/create-food';
import { useFood } from '@/features/foods/api/get-food';
import type { LabelReading } from '@/features/foods/api/read-label';
import { PortionsEditor } from '@/features/foods/components/portions-editor';
import { ScanLabel } from '@/features/foods/components/scan-label';
import { useUpdateFood } from '@/features/foods/api/update-food';
import { useFoodLanguage } from '@/features/foods/hooks/use-food-language';
import type { CustomFoodRequest } from '@/features/foods/types';
import {
  EMPTY_DRAFT,
  OPTIONAL_FIELDS,
  draftFromFood,
  draftProblem,
  everyMicronutrient,
  givenMicronutrients,
  inputFromDraft,
  micronutrientFields,
  MAX_PORTION_GRAMS,
  MAX_PORTION_NAME,
  portionProblem,
  unknownNutrients,
  type CustomFoodDraft,
} from '@/features/foods/utils/custom-food-draft';
import { foodFailureText } from '@/features/foods/utils/failure';
import {
  atwaterCalories,
  draftFromLabel,
  type LabelDraftField,
  type LabelNotes,
} from '@/features/foods/utils/label-draft';
import { displayName } from '@/features/foods/utils/names';
import { micronutrientUnit } from '@/lib/micronutrients';
import { useDisclosure } from '@/lib/use-disclosure';
import type { MicronutrientKey, SavedFood } from '@/types/food';
// The dialog opens on other pages too (the dashboard's barcode scan).
import '@/features/foods/foods.css';

type CustomFoodDialogProps = {
  /** Null while closed. */
  request: CustomFoodRequest | null;
  onClose: () => void;
  onSaved: (food: SavedFood, request: CustomFoodRequest) => void;
};

const NONE_UNKNOWN: ReadonlySet<string> = new Set();

const TITLES = { create: 'dialog.createTitle', edit: 'dialog.editTitle', copy: 'dialog.copyTitle' } as const;

/** SPEC 2: create, edit or copy a custom food; values per 100 g. */
export function CustomFoodDialog({ request, onClose, onSaved }: CustomFoodDialogProps) {
  const { t } = useTranslation('foods');
  const titleId = useId();
  const introId = useId();
  return (
    <Modal open={request !== null} onClose={onClose} labelledBy={titleId} describedBy={introId}>
      {request && (
        <>
          <ModalHeader titleId={titleId} onClose={onClose}>
            {t(TITLES[request.mode])}
          </ModalHeader>
          <p id={introId} className="food-note">
            {t('dialog.intro')}
          </p>
          <WholeFood request={request} onCancel={onClose} onSaved={(food) => onSaved(food, request)} />
        </>
      )}
    </Modal>
  );
}

type FormProps = {
  request: CustomFoodRequest;
  onCancel: () => void;
  onSaved: (food: SavedFood) => void;
};

/**
 * The form, once the food edited or copied is whole: a search's answers leave out its
 * vitamins and minerals, so a food from one is fetched first. An edit started without
 * them would send them all empty and clear the food's; a copy would lose them.
 */
function WholeFood({ request, onCancel, onSaved }: FormProps) {
  const { t } = useTranslation(['nutrients', 'common']);
  const food = request.mode === 'create' ? null : request.food;
  const missing = food !== null && food.micronutrients === undefined && food.id !== null;
  const fetched = useFood(missing ? (food.id ?? null) : null);
  if (!missing) return <CustomFoodForm request={request} onCancel={onCancel} onSaved={onSaved} />;
  if (fetched.data && request.mode !== 'create') {
    const { micronutrients = null, micronutrient_coverage = null } = fetched.data;
    const whole: CustomFoodRequest =
      request.mode === 'edit'
        ? { mode: 'edit', food: { ...request.food, micronutrients, micronutrient_coverage } }
        : { mode: 'copy', food: { ...request.food, micronutrients, micronutrient_coverage } };
    return <CustomFoodForm request={whole} onCancel={onCancel} onSaved={onSaved} />;
  }
  const failed = fetched.error !== undefined && !fetched.isValidating;
  return (
    <div className="form">
      {failed ? (
        <FormMessage tone="error">
          {t('food.loadFailed')}{' '}
          <button type="button" className="link-button" onClick={() => void fetched.mutate()}>
            {t('food.retry')}
          </button>
        </FormMessage>
      ) : (
        <p className="food-note" role="status">
          {t('food.loading')}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t('common:actions.cancel')}
        </button>
      </div>
    </div>
  );
}

function CustomFoodForm({ request, onCancel, onSaved }: FormProps) {
  const { t } = useTranslation(['foods', 'common']);
  const { language } = useFoodLanguage();
  const create = useCreateFood();
  const update = useUpdateFood();
  const [draft, setDraft] = useState<CustomFoodDraft>(() => {
    if (request.mode === 'create') return { ...EMPTY_DRAFT, name: request.name ?? '' };
    // An edit keeps the stored name; a copy starts from the name as the person reads it.
    const name = request.mode === 'edit' ? request.food.name : displayName(request.food, language);
    return draftFromFood(request.food, name);
  });
  const [error, setError] = useState<string | null>(null);
  // What a scanned label said of each field, until the person changes it.
  const [labelNotes, setLabelNotes] = useState<LabelNotes>({});
  const [labelRead, setLabelRead] = useState<LabelReading | null>(null);
  const saving = create.isMutating || update.isMutating;
  // The food's own micronutrients stay listed while one is emptied.
  const [micronutrientKeys] = useState(() => micronutrientFields(draft));
  const change = (field: Exclude<keyof CustomFoodDraft, 'micronutrients'>) => (event: { target: { value: string } }) => {
    setDraft((current) => ({ ...current, [field]: event.target.value }));
    setLabelNotes(({ [field as LabelDraftField]: _seen, ...rest }) => rest);
  };

  function onLabel(label: LabelReading) {
    const filled = draftFromLabel(draft, label);
    setLabelRead(label);
    setDraft(filled.draft);
    setLabelNotes(filled.notes);
  }

  // The calorie row was not read but protein, fat and carbs are given: the Atwater
  // estimate is offered, in words, for the person to take or correct; never filled in.
  const estimate = labelNotes.calories === 'unread' && draft.calories.trim() === '' ? atwaterCalories(draft) : null;

  function takeEstimate(kcal: number) {
    setDraft((current) => ({ ...current, calories: String(kcal) }));
    setLabelNotes((current) => ({ ...current, calories: 'estimated' }));
  }

  /** The hint under a number field: what the label said of it, else what the source did. */
  function hintOf(field: LabelDraftField) {
    const note = labelNotes[field];
    if (note) return t(`label.notes.${note}`);
    return unknown.has(field) ? t('dialog.unknownHint') : undefined;
  }

  // What the food copied or edited does not give: its fields start empty, and say why.
  const unknown = request.mode === 'create' ? NONE_UNKNOWN : unknownNutrients(request.food);
  const barcode = request.mode === 'create' ? request.barcode : undefined;
  // A name already given (the search's): the calories are what is left to type.
  const named = request.mode === 'create' && Boolean(request.name);

  function payload(): CustomFoodInput {
    const input = inputFromDraft(draft);
    if (request.mode === 'create') return barcode ? { ...input, barcode } : input;
    // An edit always sends its portions and micronutrients: none left means the food has none now.
    // Never all of them empty for a food whose values were not known to the form (absent):
    // only those typed then.
    if (request.mode === 'edit')
      return {
        ...input,
        portions: input.portions ?? [],
        micronutrients:
          request.food.micronutrients === undefined ? input.micronutrients : everyMicronutrient(input.micronutrients),
      };
    return request.food.id === null ? input : { ...input, copied_from: request.food.id };
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const problem = draftProblem(draft);
    if (problem) {
      setError(t(`dialog.problems.${problem}`));
      return;
    }
    const portion = portionProblem(draft.portions);
    if (portion) {
      const limits = { n: portion.index + 1, length: MAX_PORTION_NAME, grams: MAX_PORTION_GRAMS };
      setError(t(`dialog.portions.problems.${portion.problem}`, limits));
      return;
    }
    setError(null);
    try {
      const saved =
        request.mode === 'edit'
          ? await update.trigger({ id: request.food.id, input: payload() })
          : await create.trigger(payload());
      onSaved(saved);
    } catch (caught) {
      setError(
        request.mode === 'edit'
          ? foodFailureText(caught, { failed: t('dialog.updateFailed'), error: t('dialog.updateError') })
          : foodFailureText(caught, { failed: t('dialog.createFailed'), error: t('dialog.createError') }),
      );
    }
  }

  return (
    <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
      {request.mode === 'create' && <ScanLabel barcode={barcode} onRead={onLabel} />}
      {labelRead && <LabelSummary label={labelRead} />}
      <TextField
        label={t('dialog.fields.name')}
        name="name"
        required
        maxLength={200}
        value={draft.name}
        onChange={change('name')}
        data-autofocus={named ? undefined : true}
      />
      {barcode && (
        <TextField
          label={t('dialog.fields.barcode')}
          name="barcode"
          className="custom-food-barcode"
          value={barcode}
          readOnly
        />
      )}
      {estimate !== null && <CaloriesEstimate kcal={estimate} onTake={() => takeEstimate(estimate)} />}
      <div className="custom-food-grid">
        <TextField
          label={t('dialog.fields.calories')}
          name="calories"
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          required
          value={draft.calories}
          onChange={change('calories')}
          data-autofocus={named ? true : undefined}
          hint={hintOf('calories')}
          className={labelNotes.calories ? `label-${labelNotes.calories}` : undefined}
        />
        {OPTIONAL_FIELDS.map((field) => (
          <TextField
            key={field}
            label={t(`dialog.fields.${field}`)}
            name={field}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.1"
            value={draft[field]}
            onChange={change(field)}
            hint={hintOf(field)}
            className={labelNotes[field] ? `label-${labelNotes[field]}` : undefined}
          />
        ))}
      </div>
      <MoreNutrients
        keys={micronutrientKeys}
        draft={draft}
        onChange={(key, value) => setDraft((current) => ({ ...current, micronutrients: { ...current.micronutrients, [key]: value } }))}
      />
      <PortionsEditor portions={draft.portions} onChange={(portions) => setDraft((current) => ({ ...current, portions }))} />
      {error && <FormMessage tone="error">{error}</FormMessage>}
      <div className="modal-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={saving}>
          {t('common:actions.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? t('dialog.saving') : request.mode === 'edit' ? t('dialog.update') : t('dialog.create')}
        </button>
      </div>
    </form>
  );
}

/**
 * Vitamins, minerals and fats per 100 g, folded until asked for (open when the food
 * has some): each optional, empty when the label does not say, never 0.
 */
function MoreNutrients({
  keys,
  draft,
  onChange,
}: {
  keys: readonly MicronutrientKey[];
  draft: CustomFoodDraft;
  onChange: (key: MicronutrientKey, value: string) => void;
}) {
  const { t } = useTranslation('nutrients');
  const given = givenMicronutrients(draft);
  const panel = useDisclosure(given > 0);
  return (
    <div className="custom-food-more">
      <button
        type="button"
        className="link-button food-disclosure"
        {...panel.toggleProps}
      >
        {t('form.toggle')}
        {given > 0 && (
          <>
            {' '}
            <span className="food-disclosure-count">· {t('form.given', { count: given })}</span>
          </>
        )}
      </button>
      <div id={panel.panelId} hidden={!panel.open}>
        <p className="food-note">{t('form.hint')}</p>
        <div className="custom-food-grid">
          {keys.map((key) => (
            <TextField
              key={key}
              label={t('form.field', { name: t(`names.${key}`), unit: t(`units.${micronutrientUnit(key)}`) })}
              name={key}
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              value={draft.micronutrients[key] ?? ''}
              onChange={(event) => onChange(key, event.target.value)}
            />
          ))}
        </div>
      </div>
    </div>
  );
}

/** The calories worked out from protein, fat and carbs, said to be an estimate, to take or not. */
function CaloriesEstimate({ kcal, onTake }: { kcal: number; onTake: () => void }) {
  const { t } = useTranslation('foods');
  const { formatNumber } = useFoodLanguage();
  const textId = useId();
  const amount = formatNumber(kcal);
  return (
    <div className="label-estimate">
      <p id={textId}>{t('label.estimate.offer', { kcal: amount })}</p>
      <button type="button" className="btn btn-secondary btn-small" aria-describedby={textId} onClick={onTake}>
        {t('label.estimate.take', { kcal: amount })}
      </button>
    </div>
  );
}

/** What reading the label gave: check every value, on what basis they were given, and the serving kept. */
function LabelSummary({ label }: { label: LabelReading }) {
  const { t } = useTranslation('foods');
  const { language, formatNumber } = useFoodLanguage();
  if (!label.found) return <FormMessage tone="error">{t('label.notFound')}</FormMessage>;
  const servingGrams = label.serving_grams ?? null;
  const basis =
    label.basis === 'per_serving' && servingGrams !== null
      ? t('label.perServing', { grams: servingGrams })
      : label.basis === 'per100ml'
        ? t('label.per100ml')
        : null;
  const serving =
    servingGrams !== null && servingGrams > 0 ? t('label.servingPortion', { grams: formatNumber(servingGrams) }) : null;
  // Chinese sentences follow one another without a space.
  const sentences = [t('label.filled'), basis, serving].filter((sentence) => sentence !== null);
  return <FormMessage tone="info">{sentences.join(language === 'zh' ? '' : ' ')}</FormMessage>;
}
