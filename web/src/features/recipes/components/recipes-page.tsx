import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { FormMessage } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { useCopyRecipe } from '@/features/recipes/api/copy-recipe';
import { useDeleteRecipe } from '@/features/recipes/api/delete-recipe';
import { useRecipes } from '@/features/recipes/api/get-recipes';
import { RecipeCard } from '@/features/recipes/components/recipe-card';
import { RecipeDialog, type RecipeRequest } from '@/features/recipes/components/recipe-dialog';
import { useRecipeFormat } from '@/features/recipes/hooks/use-recipe-format';
import type { Recipe } from '@/features/recipes/types';
import { serverMessage } from '@/lib/api-client';
import '@/features/recipes/recipes.css';

/** The signed-in person's recipes, to create, edit, copy and delete. */
export function RecipesPage() {
  const { t } = useTranslation('recipes');
  const format = useRecipeFormat();
  const { data, error } = useRecipes();
  const [request, setRequest] = useState<RecipeRequest | null>(null);
  const toast = useToast();
  const confirm = useConfirm();
  const copyRecipe = useCopyRecipe();
  const deleteRecipe = useDeleteRecipe();

  async function copy(recipe: Recipe) {
    try {
      const copied = await copyRecipe(recipe.id);
      toast.success(t('copy.copied', { name: format.name(copied.name, copied.name_zh).text }));
    } catch (failure) {
      toast.error(serverMessage(failure) ?? t('copy.failed'));
    }
  }

  async function remove(recipe: Recipe) {
    const name = format.name(recipe.name, recipe.name_zh).text;
    const confirmed = await confirm({
      title: t('delete.title'),
      message: t('delete.message', { name }),
      confirmLabel: t('delete.confirm'),
      tone: 'danger',
    });
    if (!confirmed) return;
    try {
      await deleteRecipe(recipe.id);
      toast.success(t('delete.deleted', { name }));
    } catch (failure) {
      toast.error(serverMessage(failure) ?? t('delete.failed'));
    }
  }

  let body;
  if (data) {
    body = data.recipes.length ? (
      <div className="recipe-list">
        {data.recipes.map((recipe) => (
          <RecipeCard
            key={recipe.id}
            recipe={recipe}
            onEdit={() => setRequest({ mode: 'edit', id: recipe.id })}
            onCopy={(r) => void copy(r)}
            onDelete={(r) => void remove(r)}
          />
        ))}
      </div>
    ) : (
      <p className="recipe-muted">{t('page.empty')}</p>
    );
  } else if (error) {
    body = <FormMessage tone="error">{serverMessage(error) ?? t('page.loadFailed')}</FormMessage>;
  } else {
    body = <Spinner label={t('page.loading')} />;
  }

  return (
    <div className="recipes">
      <div className="recipes-toolbar">
        <p className="recipe-muted">{t('page.intro')}</p>
        <button type="button" className="btn btn-primary" onClick={() => setRequest({ mode: 'create' })}>
          {t('page.create')}
        </button>
      </div>
      {body}
      <RecipeDialog request={request} onClose={() => setRequest(null)} />
    </div>
  );
}
