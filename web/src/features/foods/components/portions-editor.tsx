import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/field';
import {
  EMPTY_PORTION,
  MAX_PORTION_GRAMS,
  MAX_PORTION_NAME,
  MAX_PORTIONS,
  type PortionDraft,
} from '@/features/foods/utils/custom-food-draft';

type PortionsEditorProps = { portions: PortionDraft[]; onChange: (portions: PortionDraft[]) => void };

/** A custom food's portions ("1 slice" = 30 g), which its quantity box then reads ("2 slices"). */
export function PortionsEditor({ portions, onChange }: PortionsEditorProps) {
  const { t } = useTranslation('foods');
  const change = (index: number, field: keyof PortionDraft) => (event: { target: { value: string } }) =>
    onChange(portions.map((portion, at) => (at === index ? { ...portion, [field]: event.target.value } : portion)));

  return (
    <fieldset className="portions-editor">
      <legend>{t('dialog.portions.title')}</legend>
      <p className="field-hint">{t('dialog.portions.hint')}</p>
      {portions.map((portion, index) => {
        const n = index + 1;
        return (
          // Rows have no id of their own; the position is what their labels name.
          <div key={index} className="portion-row">
            <TextField
              label={t('dialog.portions.name', { n })}
              maxLength={MAX_PORTION_NAME}
              placeholder={t('dialog.portions.namePlaceholder')}
              value={portion.name}
              onChange={change(index, 'name')}
            />
            <TextField
              label={t('dialog.portions.nameZh', { n })}
              maxLength={MAX_PORTION_NAME}
              placeholder={t('dialog.portions.nameZhPlaceholder')}
              value={portion.name_zh}
              onChange={change(index, 'name_zh')}
            />
            <TextField
              label={t('dialog.portions.grams', { n })}
              type="number"
              inputMode="decimal"
              min={0}
              max={MAX_PORTION_GRAMS}
              step="any"
              value={portion.grams}
              onChange={change(index, 'grams')}
            />
            <button
              type="button"
              className="icon-button"
              aria-label={t('dialog.portions.remove', { n })}
              onClick={() => onChange(portions.filter((_, at) => at !== index))}
            >
              ×
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className="btn btn-secondary btn-small"
        disabled={portions.length >= MAX_PORTIONS}
        onClick={() => onChange([...portions, EMPTY_PORTION])}
      >
        {t('dialog.portions.add')}
      </button>
    </fieldset>
  );
}
