import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { useCreateRecipe } from '@/features/recipes/api/create-recipe';
import { useRecipe } from '@/features/recipes/api/get-recipe';
import { useUpdateRecipe } from '@/features/recipes/api/update-recipe';
import { RecipeForm } from '@/features/recipes/components/recipe-form';
import type { RecipeInput } from '@/features/recipes/types';
import { draftFromRecipe, emptyDraft } from '@/features/recipes/utils/recipe-draft';
import { serverMessage } from '@/lib/api-client';

/** Why the editor is open. */
export type RecipeRequest = { mode: 'create' } | { mode: 'edit'; id: number };

/** Creates a recipe, or edits one as the server has it now. */
export function RecipeDialog({ request, onClose }: { request: RecipeRequest | null; onClose: () => void }) {
  const { t } = useTranslation('recipes');
  const titleId = useId();
  const toast = useToast();
  const createRecipe = useCreateRecipe();
  const updateRecipe = useUpdateRecipe();
  const editing = useRecipe(request?.mode === 'edit' ? request.id : null);

  async function save(input: RecipeInput): Promise<string | null> {
    try {
      if (request?.mode === 'edit') {
        await updateRecipe(request.id, input);
        toast.success(t('editor.updated', { name: input.name }));
      } else {
        await createRecipe(input);
        toast.success(t('editor.created', { name: input.name }));
      }
      onClose();
      return null;
    } catch (error) {
      // RECIPE_CYCLE, FOOD_NOT_FOUND and validation messages are written for people.
      return serverMessage(error) ?? t('editor.saveFailed');
    }
  }

  let body;
  if (request?.mode !== 'edit') {
    body = <RecipeForm initial={emptyDraft()} onSave={save} onCancel={onClose} />;
  } else if (editing.data) {
    body = <RecipeForm key={editing.data.id} initial={draftFromRecipe(editing.data)} onSave={save} onCancel={onClose} />;
  } else if (editing.error) {
    body = <FormMessage tone="error">{serverMessage(editing.error) ?? t('page.loadFailed')}</FormMessage>;
  } else {
    body = <Spinner />;
  }

  return (
    <Modal open={request !== null} onClose={onClose} labelledBy={titleId} className="recipe-dialog">
      <h2 id={titleId} className="modal-title">
        {request?.mode === 'edit' ? t('editor.editTitle') : t('editor.createTitle')}
      </h2>
      {body}
    </Modal>
  );
}
