import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
// The photo's "something else" is found with the food search's own call and cache.
import { useFoodSearch } from '@/lib/search-foods';
import { serverMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { displayLocale } from '@/lib/i18n';
import { numberFormat } from '@/lib/intl';
import { isSaved, type SavedFood } from '@/types/food';

/** Enough to pick from on a phone without scrolling past the card. */
const SHOWN = 5;

type PhotoFoodSearchProps = {
  /** The box's name: "Something else…" under a question, "Find the food" when none was found. */
  label: string;
  onPick: (food: SavedFood) => void;
};

/** A small food search whose results replace (or add) a food of the photo in one tap. */
export function PhotoFoodSearch({ label, onPick }: PhotoFoodSearchProps) {
  const { t, i18n } = useTranslation('recognition');
  const { user } = useAuth();
  const inputId = useId();
  const [query, setQuery] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const { data, error } = useFoodSearch(searched, user?.username ?? null);
  const zh = i18n.resolvedLanguage === 'zh';
  const whole = numberFormat(displayLocale(i18n.resolvedLanguage), 0);

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = query.trim();
    setSearched(trimmed === '' ? null : trimmed);
  }

  let results = null;
  if (searched !== null) {
    if (data) {
      // Only stored foods can go in the basket; a USDA hit not saved yet has no id.
      const foods = data.foods.filter(isSaved).slice(0, SHOWN);
      results = foods.length ? (
        <ul className="recognition-picks" aria-label={t('search.results', { query: searched })}>
          {foods.map((food) => (
            <li key={food.id}>
              <button type="button" className="recognition-pick" onClick={() => onPick(food)}>
                <span>{zh && food.name_zh ? food.name_zh : food.name}</span>
                <span className="recognition-muted">{t('search.per100g', { value: whole.format(food.calories_per_100g) })}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="recognition-muted">{t('search.none', { query: searched })}</p>
      );
    } else if (error) {
      results = <FormMessage tone="error">{serverMessage(error) ?? t('search.failed')}</FormMessage>;
    } else {
      results = <Spinner label={t('search.searching')} />;
    }
  }

  return (
    <div className="recognition-search">
      <form className="recognition-search-box" onSubmit={search}>
        <label htmlFor={inputId} className="visually-hidden">
          {label}
        </label>
        <input
          id={inputId}
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          placeholder={label}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <button type="submit" className="btn btn-secondary">
          {t('search.button')}
        </button>
      </form>
      {results}
    </div>
  );
}
