import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BMI_CATEGORIES,
  BMI_SCALE,
  bmiCategory,
  bmiScalePosition,
  bodyMassIndex,
} from '@/features/profile/utils/body';
import { displayLocale } from '@/lib/i18n';

/** Where each band ends on the scale (the last one runs to the scale's end). */
const BAND_ENDS = [18.5, 25, 30, BMI_SCALE.max] as const;
/** Each band's share of the scale's width, in percent. */
const BAND_WIDTHS = BAND_ENDS.map(
  (end, index) => bmiScalePosition(end) - bmiScalePosition(index === 0 ? BMI_SCALE.min : (BAND_ENDS[index - 1] ?? end)),
);

/** SPEC 2: the BMI with its category and a colour scale with a marker. */
export function BmiCard({
  weight,
  height,
  onAdd,
}: {
  weight: number | null;
  height: number | null;
  /** Opens the form, where height and weight are entered. */
  onAdd?: () => void;
}) {
  const { t, i18n } = useTranslation('pages');
  const bmi = bodyMassIndex(weight, height);
  const titleId = useId();

  if (bmi === null) {
    return (
      <section className="profile-panel bmi-card" aria-labelledby={titleId}>
        <h2 id={titleId}>{t('profile.bmi.title')}</h2>
        <p className="muted">{t('profile.bmi.unavailable')}</p>
        {onAdd && (
          <button type="button" className="btn btn-secondary btn-small" onClick={onAdd}>
            {t('profile.bmi.add')}
          </button>
        )}
      </section>
    );
  }

  const category = bmiCategory(bmi);
  const value = new Intl.NumberFormat(displayLocale(i18n.resolvedLanguage), {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(bmi);
  const categoryLabel = t(`profile.bmi.categories.${category}`);

  return (
    <section className="profile-panel bmi-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('profile.bmi.title')}</h2>
      <p className="bmi-value">
        <span data-testid="bmi-value">{value}</span>{' '}
        <span className={`bmi-category bmi-${category}`}>{categoryLabel}</span>
      </p>
      <div
        className="bmi-scale"
        role="meter"
        aria-label={t('profile.bmi.scale')}
        aria-valuemin={BMI_SCALE.min}
        aria-valuemax={BMI_SCALE.max}
        aria-valuenow={Math.min(BMI_SCALE.max, Math.max(BMI_SCALE.min, bmi))}
        aria-valuetext={t('profile.bmi.valueText', { value, category: categoryLabel })}
      >
        {BMI_CATEGORIES.map((band, index) => (
          <span key={band} className={`bmi-band bmi-${band}`} style={{ width: `${BAND_WIDTHS[index] ?? 0}%` }} />
        ))}
        <span className="bmi-marker" style={{ left: `${bmiScalePosition(bmi)}%` }} aria-hidden="true" />
      </div>
      <ul className="bmi-legend">
        {BMI_CATEGORIES.map((band) => (
          <li key={band} aria-current={band === category || undefined}>
            <span className={`bmi-swatch bmi-${band}`} aria-hidden="true" />
            {t(`profile.bmi.categories.${band}`)} <span className="muted">{t(`profile.bmi.bands.${band}`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
