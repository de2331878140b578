import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/modal';

/** What to do with the foods in the basket before a saved meal is opened in it. */
export type UnsavedBasketChoice = 'save' | 'merge' | 'discard';

type UnsavedBasketSheetProps = {
  /** The saved meal's name; null keeps the sheet closed. */
  mealName: string | null;
  /** Foods and quick adds in the basket now. */
  count: number;
  saving: boolean;
  onChoose: (choice: UnsavedBasketChoice) => void;
  onCancel: () => void;
};

/**
 * A saved meal opened while the basket holds foods not saved yet: save them first as their
 * own meal, add them to the meal, or discard them. Nothing is replaced without asking.
 */
export function UnsavedBasketSheet({ mealName, count, saving, onChoose, onCancel }: UnsavedBasketSheetProps) {
  const { t } = useTranslation('basket');
  const titleId = useId();
  const messageId = useId();
  const name = mealName ?? '';
  return (
    <Modal open={mealName !== null} onClose={onCancel} labelledBy={titleId} describedBy={messageId} className="confirm-panel unsaved-basket">
      <h2 id={titleId} className="modal-title">
        {t('unsaved.title', { name })}
      </h2>
      <p id={messageId}>{t('unsaved.message', { count })}</p>
      <div className="unsaved-basket-choices">
        <button type="button" className="btn btn-primary" disabled={saving} onClick={() => onChoose('save')}>
          {saving ? t('unsaved.saving') : t('unsaved.save')}
        </button>
        <button type="button" className="btn btn-secondary" disabled={saving} onClick={() => onChoose('merge')}>
          {t('unsaved.merge', { name, count })}
        </button>
        <button type="button" className="btn btn-danger" disabled={saving} onClick={() => onChoose('discard')}>
          {t('unsaved.discard', { count })}
        </button>
        <button type="button" className="btn btn-secondary" data-autofocus disabled={saving} onClick={onCancel}>
          {t('unsaved.cancel')}
        </button>
      </div>
    </Modal>
  );
}
