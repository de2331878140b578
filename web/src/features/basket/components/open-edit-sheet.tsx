import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/modal';
import type { MealType } from '@/types/meal';

type OpenEditSheetProps = {
  /** The name of the saved meal the basket edits; null keeps the sheet closed. */
  editingName: string | null;
  /** The meal type "+ Add" asked for, when it named one. */
  adding: MealType | null;
  onKeepEditing: () => void;
  onDiscard: () => void;
};

/**
 * "+ Add" under a meal type while the basket still edits a saved meal: a new meal never
 * takes over that edit (the saved meal would move to the new meal's day and type). The
 * person keeps editing, or discards the changes and starts the new meal.
 */
export function OpenEditSheet({ editingName, adding, onKeepEditing, onDiscard }: OpenEditSheetProps) {
  const { t } = useTranslation(['basket', 'common']);
  const titleId = useId();
  const messageId = useId();
  const name = editingName ?? '';
  const meal = adding ? t(`common:mealTypes.${adding}`) : t('openEdit.aMeal');
  return (
    <Modal
      open={editingName !== null}
      onClose={onKeepEditing}
      labelledBy={titleId}
      describedBy={messageId}
      className="confirm-panel unsaved-basket"
    >
      <h2 id={titleId} className="modal-title">
        {t('openEdit.title', { name })}
      </h2>
      <p id={messageId}>{t('openEdit.message', { name, meal })}</p>
      <div className="unsaved-basket-choices">
        <button type="button" className="btn btn-primary" data-autofocus onClick={onKeepEditing}>
          {t('openEdit.keep')}
        </button>
        <button type="button" className="btn btn-danger" onClick={onDiscard}>
          {t('openEdit.discard', { meal })}
        </button>
      </div>
    </Modal>
  );
}
