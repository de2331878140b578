import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchHistory } from '@/features/foods/api/get-search-history';

/** The signed-in person's recent searches, each one click from running again. */
export function SearchHistory({ onPick }: { onPick: (query: string) => void }) {
  const { t } = useTranslation('foods');
  const titleId = useId();
  const { data } = useSearchHistory(true);
  // A nicety: while loading, after a failure or with no history, nothing shows.
  if (!data?.history.length) return null;
  return (
    <section className="food-history" aria-labelledby={titleId}>
      <h2 id={titleId} className="food-history-title">
        {t('search.history')}
      </h2>
      <ul className="food-history-list">
        {data.history.map((entry) => (
          <li key={entry.query}>
            <button type="button" className="chip" onClick={() => onPick(entry.query)}>
              {entry.query}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
