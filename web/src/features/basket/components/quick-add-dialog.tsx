import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal, ModalHeader } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { QuickAddFields } from '@/features/basket/components/quick-add-form';
import type { QuickAdd } from '@/features/basket/utils/basket';
import { displayLocale } from '@/lib/i18n';
import { numberFormat } from '@/lib/intl';
import { nutritionFormat } from '@/lib/nutrition-format';
import '@/features/basket/basket.css';

/** What the quick add starts from: a name (a query that found no exact match), calories typed ("300 kcal"). */
export type QuickAddStart = { name: string; calories?: number };

type QuickAddDialogProps = {
  /** Null while closed. */
  start: QuickAddStart | null;
  onClose: () => void;
  onAdd: (quick: QuickAdd) => void;
};

/**
 * The basket's quick add where the basket is out of sight (on a phone it is a sheet that
 * opens only once it holds something): named already, so the calories are all to type,
 * or holding the calories already, so Add is all to tap.
 */
export function QuickAddDialog({ start, onClose, onAdd }: QuickAddDialogProps) {
  const { t, i18n } = useTranslation('basket');
  const toast = useToast();
  const titleId = useId();
  const format = (value: number) => numberFormat(displayLocale(i18n.resolvedLanguage), 1).format(value);

  function add(quick: QuickAdd) {
    onAdd(quick);
    toast.success(
      t('quickAdd.added', { calories: nutritionFormat(displayLocale(i18n.resolvedLanguage)).kcal(quick.calories), name: quick.name ?? t('quickAdd.defaultName') }),
    );
    onClose();
  }

  return (
    <Modal open={start !== null} onClose={onClose} labelledBy={titleId} className="quick-add-dialog">
      <ModalHeader titleId={titleId} onClose={onClose}>
        {t('quickAdd.dialogTitle')}
      </ModalHeader>
      {start !== null && (
        <QuickAddFields initialName={start.name} initialCalories={start.calories} inDialog onAdd={add} format={format} />
      )}
    </Modal>
  );
}
