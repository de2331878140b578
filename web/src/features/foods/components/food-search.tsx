import { Suspense, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { customFoodDialog } from '@/features/foods/components/custom-food-dialog-part';
import { MealWords } from '@/features/foods/components/meal-words';
import { QuickFoods } from '@/features/foods/components/quick-foods';
import { SearchHistory } from '@/features/foods/components/search-history';
import { SearchResults, type SearchFallbacks } from '@/features/foods/components/search-results';
import { UserFoods } from '@/features/foods/components/user-foods';
import { VoiceButton } from '@/features/foods/components/voice-button';
import { useFoodActions } from '@/features/foods/hooks/use-food-actions';
import { useFoodLanguage } from '@/features/foods/hooks/use-food-language';
import type { CustomFoodRequest, FoodBasket, FoodView } from '@/features/foods/types';
import { displayName } from '@/features/foods/utils/names';
import { useAuth, useLoginDialog } from '@/lib/auth';
import { handOverPhoto } from '@/lib/photo-handover';
import { searchFoodsKey } from '@/lib/search-foods';
import type { SavedFood } from '@/types/food';

/** The server refuses longer queries (QUERY_TOO_LONG). */
const MAX_QUERY_LENGTH = 200;
/** Typing searches once it pauses this long; Enter searches at once. */
const SEARCH_DEBOUNCE_MS = 250;

/** Whether a typed query is worth searching before Enter: one Chinese character, two letters otherwise. */
function searchesAsTyped(text: string): boolean {
  return /\p{Script=Han}/u.test(text) || [...text].length >= 2;
}

type FoodSearchProps = {
  basket: FoodBasket;
  /** The basket's quick add of calories, named after a query that found no exact match, or holding the calories typed ("300 kcal"). */
  onQuickAdd?: (start: { name: string; calories?: number }) => void;
};

/**
 * SPEC 2 "Food search page": search foods, or (signed in) manage your own custom foods.
 * Adding to the basket goes through `basket`, which the page provides.
 */
export function FoodSearch({ basket, onQuickAdd }: FoodSearchProps) {
  const { t } = useTranslation('foods');
  const { language } = useFoodLanguage();
  const { isAuthenticated, user } = useAuth();
  const loginDialog = useLoginDialog();
  const navigate = useNavigate();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const queryId = useId();
  // The photo picker opens in the tap itself: a browser opens one only from a gesture.
  const photoInput = useRef<HTMLInputElement>(null);
  const [view, setView] = useState<FoodView>('search');
  const [query, setQuery] = useState('');
  /** The query whose results show; null shows none (and the search history). */
  const [searched, setSearched] = useState<string | null>(null);
  const [dialog, setDialog] = useState<CustomFoodRequest | null>(null);
  const viewer = user?.username ?? null;

  // My food needs a session: logging out returns to the search.
  const [wasAuthenticated, setWasAuthenticated] = useState(isAuthenticated);
  if (wasAuthenticated !== isAuthenticated) {
    setWasAuthenticated(isAuthenticated);
    if (!isAuthenticated) {
      setView('search');
      setDialog(null);
    }
  }

  const actions = useFoodActions(basket, setDialog);

  // Search as you type, once typing pauses. The results follow the query they answer
  // (SWR keyed by it), so a slow answer to an older query never replaces a newer one.
  const typed = query.trim();
  useEffect(() => {
    if (typed === '' || !searchesAsTyped(typed)) return;
    const timer = window.setTimeout(() => setSearched(typed), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);

  function switchView(next: FoodView) {
    if (next === view) return;
    // SPEC 4: switching views starts from an empty query and no results.
    setView(next);
    setQuery('');
    setSearched(null);
  }

  function search(text: string) {
    const trimmed = text.trim();
    // SPEC 5: an empty or blank query clears the results without a call.
    if (trimmed === '') {
      setSearched(null);
      return;
    }
    if (trimmed === searched) void mutate(searchFoodsKey(trimmed, viewer));
    else setSearched(trimmed);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    search(query);
  }

  function pickHistory(text: string) {
    setQuery(text);
    search(text);
  }

  function heard(text: string) {
    pickHistory(text.slice(0, MAX_QUERY_LENGTH));
  }

  function needingLogin(action: () => void) {
    return () => (isAuthenticated ? action() : loginDialog.open('login'));
  }

  // A query without an exact match: create the food, or log its calories, one tap away.
  // One object while they stay the same, so the memoised results skip the keys typed.
  const fallbacks = useMemo<SearchFallbacks>(
    () => ({
      onCreate: (name) => (isAuthenticated ? setDialog({ mode: 'create', name }) : loginDialog.open('login')),
      onQuickAdd: onQuickAdd && ((start) => (isAuthenticated ? onQuickAdd(start) : loginDialog.open('login'))),
    }),
    [isAuthenticated, loginDialog, onQuickAdd],
  );

  function onSaved(food: SavedFood, request: CustomFoodRequest) {
    setDialog(null);
    const name = displayName(food, language);
    if (request.mode !== 'edit') {
      toast.success(t('dialog.created', { name }));
      // The search shown asks again: the new food is among the caller's own foods it finds.
      if (searched !== null) void mutate(searchFoodsKey(searched, viewer));
      return;
    }
    // SPEC 4: the basket takes the new nutrition and says so, in the same message.
    toast.success(basket.updateFood(food) ? t('basket.synced', { name }) : t('dialog.updated', { name }));
  }

  return (
    <div className="food-search">
      <div role="group" aria-label={t('modes.label')} className="food-modes">
        <button type="button" aria-pressed={view === 'search'} onClick={() => switchView('search')}>
          {t('modes.search')}
        </button>
        <button
          type="button"
          aria-pressed={view === 'user'}
          disabled={!isAuthenticated}
          title={isAuthenticated ? undefined : t('modes.mineLocked')}
          onClick={() => switchView('user')}
        >
          {t('modes.mine')}
        </button>
      </div>

      {view === 'search' ? (
        <>
          <form role="search" className="food-search-form" onSubmit={onSubmit}>
            <label htmlFor={queryId} className="visually-hidden">
              {t('search.label')}
            </label>
            <input
              id={queryId}
              type="search"
              name="query"
              className="food-search-input"
              value={query}
              maxLength={MAX_QUERY_LENGTH}
              placeholder={t('search.placeholder')}
              enterKeyHint="search"
              autoComplete="off"
              onChange={(event) => {
                setQuery(event.target.value);
                // Clearing the box (its × included) goes back to the start lists.
                if (event.target.value === '') setSearched(null);
              }}
            />
            <VoiceButton language={language} onHeard={heard} />
            <button type="submit" className="btn btn-primary">
              {t('search.submit')}
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => (isAuthenticated ? photoInput.current?.click() : loginDialog.open('login'))}
            >
              {t('search.photo')}
            </button>
            <input
              ref={photoInput}
              type="file"
              accept="image/*"
              className="visually-hidden"
              tabIndex={-1}
              aria-hidden="true"
              onChange={(event) => {
                const photo = event.target.files?.[0];
                if (!photo) return;
                handOverPhoto(photo);
                void navigate(paths.dashboard);
              }}
            />
            <button
              type="button"
              className="btn btn-secondary"
              onClick={needingLogin(() => void navigate(`${paths.dashboard}?mode=barcode`))}
            >
              {t('search.barcode')}
            </button>
          </form>
          {searched === null ? (
            isAuthenticated && (
              <>
                <SearchHistory onPick={pickHistory} />
                {/* Typing hides them: the person is after something else. */}
                {query.trim() === '' && <QuickFoods actions={actions} />}
              </>
            )
          ) : (
            <>
              <MealWords query={searched} viewer={viewer} basket={basket} onSearch={pickHistory} />
              <SearchResults query={searched} viewer={viewer} actions={actions} fallbacks={fallbacks} />
            </>
          )}
        </>
      ) : (
        <>
          <div className="food-toolbar">
            <button type="button" className="btn btn-primary" onClick={() => setDialog({ mode: 'create' })}>
              {t('mine.create')}
            </button>
          </div>
          <UserFoods actions={actions} />
        </>
      )}

      {dialog && (
        <Suspense fallback={null}>
          <customFoodDialog.Component request={dialog} onClose={() => setDialog(null)} onSaved={onSaved} />
        </Suspense>
      )}
    </div>
  );
}
