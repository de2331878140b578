import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_AMOUNT_GRAMS, type AmountError } from '@/lib/amount';
import { displayLocale } from '@/lib/i18n';
import { numberFormat } from '@/lib/intl';

/** Why an amount cannot be read, in the UI language; an unknown unit (or a volume of a food of unknown density) lists the units the food knows. */
export function useAmountErrorText(): (error: AmountError) => string {
  const { t, i18n } = useTranslation('common');
  const locale = displayLocale(i18n.resolvedLanguage);
  return useCallback(
    (error: AmountError) => {
      switch (error.kind) {
        case 'empty':
          return t('amount.empty');
        case 'invalid':
          return t('amount.invalid');
        case 'too_much':
          return t('amount.tooMuch', { max: numberFormat(locale, 1).format(MAX_AMOUNT_GRAMS) });
        case 'unknown_unit':
          return error.units.length === 0
            ? t('amount.unknownUnitMassOnly', { unit: error.unit })
            : t('amount.unknownUnit', { unit: error.unit, units: error.units.join(t('amount.unitSeparator')) });
        case 'no_density':
          return error.units.length === 0
            ? t('amount.noDensityMassOnly', { unit: error.unit })
            : t('amount.noDensity', { unit: error.unit, units: error.units.join(t('amount.unitSeparator')) });
      }
    },
    [t, locale],
  );
}
