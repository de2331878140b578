import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/field';
import { useFoodLanguage } from '@/features/foods/hooks/use-food-language';
import {
  EMPTY_PORTION,
  MAX_PORTION_GRAMS,
  MAX_PORTION_NAME,
  MAX_PORTIONS,
  type PortionDraft,
} from '@/features/foods/utils/custom-food-draft';

type PortionsEditorProps = { portions: PortionDraft[]; onChange: (portions: PortionDraft[]) => void };

/**
 * A custom food's portions ("1 slice" = 30 g, "1 张" = 120 g), which its quantity box then
 * reads ("2 slices", "2 张"). Each row leads with the name in the page's language, beside
 * its grams; the name in the other language is optional.
 */
export function PortionsEditor({ portions, onChange }: PortionsEditorProps) {
  const { t } = useTranslation('foods');
  const { language } = useFoodLanguage();
  const change = (index: number, field: keyof PortionDraft) => (event: { target: { value: string } }) =>
    onChange(portions.map((portion, at) => (at === index ? { ...portion, [field]: event.target.value } : portion)));
  const [own, other] = language === 'zh' ? (['name_zh', 'name'] as const) : (['name', 'name_zh'] as const);

  return (
    <fieldset className="portions-editor">
      <legend>{t('dialog.portions.title')}</legend>
      <p className="field-hint">{t('dialog.portions.hint')}</p>
      {portions.map((portion, index) => {
        const n = index + 1;
        return (
          // Rows have no id of their own; the position is what their labels name. The grams
          // follow the name they weigh (one line on a phone, the other name below).
          <div key={index} className="portion-row">
            <TextField
              label={t('dialog.portions.name', { n })}
              maxLength={MAX_PORTION_NAME}
              placeholder={t('dialog.portions.namePlaceholder')}
              value={portion[own]}
              onChange={change(index, own)}
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
            <TextField
              label={t('dialog.portions.otherName', { n })}
              maxLength={MAX_PORTION_NAME}
              value={portion[other]}
              onChange={change(index, other)}
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
