import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useFoodLanguage } from '@/features/foods/hooks/use-food-language';
import { MAX_AMOUNT_GRAMS, type AmountError } from '@/features/foods/utils/amount';

/** Why an amount cannot be read, in the UI language; an unknown unit lists the ones the food knows. */
export function useAmountErrorText(): (error: AmountError) => string {
  const { t } = useTranslation('common');
  const { formatNumber } = useFoodLanguage();
  return useCallback(
    (error: AmountError) => {
      switch (error.kind) {
        case 'empty':
          return t('amount.empty');
        case 'invalid':
          return t('amount.invalid');
        case 'too_much':
          return t('amount.tooMuch', { max: formatNumber(MAX_AMOUNT_GRAMS) });
        case 'unknown_unit':
          return error.units.length === 0
            ? t('amount.unknownUnitMassOnly', { unit: error.unit })
            : t('amount.unknownUnit', { unit: error.unit, units: error.units.join(t('amount.unitSeparator')) });
      }
    },
    [t, formatNumber],
  );
}
