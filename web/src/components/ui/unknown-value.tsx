import { useTranslation } from 'react-i18next';

/**
 * A value the food's source does not give (fibre, sugar or sodium of a USDA survey food):
 * a dash, never "0", named for screen readers and explained on hover.
 */
export function UnknownValue() {
  const { t } = useTranslation('common');
  const label = t('values.unknown');
  return (
    <span role="img" aria-label={label} title={label} className="value-unknown">
      —
    </span>
  );
}
