import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
// The recipes page finds ingredients with the food search's own call.
import { useFoodSearch } from '@/lib/search-foods';
import { useRecipeFormat } from '@/features/recipes/hooks/use-recipe-format';
import { serverMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { isSaved, type SavedFood } from '@/types/food';

/** A food search whose results are picked as ingredients (saved foods only: USDA hits need saving first). */
export function IngredientPicker({ onPick }: { onPick: (food: SavedFood) => void }) {
  const { t } = useTranslation('recipes');
  const format = useRecipeFormat();
  const { user } = useAuth();
  const queryId = useId();
  const [query, setQuery] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const { data, error } = useFoodSearch(searched, user?.username ?? null);

  function search() {
    const trimmed = query.trim();
    setSearched(trimmed === '' ? null : trimmed);
  }

  let results = null;
  if (searched !== null) {
    if (data) {
      const foods = data.foods.filter(isSaved);
      results = foods.length ? (
        <ul className="ingredient-results" aria-label={t('editor.results', { query: searched })}>
          {foods.map((food) => {
            const name = format.name(food.name, food.name_zh);
            return (
              <li key={food.id}>
                <span lang={name.lang}>{name.text}</span>
                <span className="recipe-muted">{t('editor.per100g', { calories: format.whole(food.calories_per_100g) })}</span>
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  aria-label={t('editor.addIngredient', { name: name.text })}
                  onClick={() => onPick(food)}
                >
                  {t('editor.add')}
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="recipe-muted">{t('editor.noResults', { query: searched })}</p>
      );
    } else if (error) {
      results = <FormMessage tone="error">{serverMessage(error) ?? t('editor.searchFailed')}</FormMessage>;
    } else {
      results = <Spinner label={t('editor.searching')} />;
    }
  }

  return (
    <div className="ingredient-picker">
      {/* Not a <form>: it sits inside the recipe form, and Enter here searches rather than saves. */}
      <div className="ingredient-search">
        <label htmlFor={queryId} className="field-label">
          {t('editor.search')}
        </label>
        <input
          id={queryId}
          type="search"
          value={query}
          autoComplete="off"
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              search();
            }
          }}
        />
        <button type="button" className="btn btn-secondary btn-small" onClick={search}>
          {t('editor.searchButton')}
        </button>
      </div>
      {results}
    </div>
  );
}
