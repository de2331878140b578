import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dateKey, sameDay, startOfDay } from '@/components/date-time/dates';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { useDeleteMeal } from '@/features/meals/api/delete-meal';
import { MEAL_LIST_PAGE_SIZE, useMeals, type MealPage } from '@/features/meals/api/get-meals';
import { useRecentMeals } from '@/features/meals/api/get-recent-meals';
import { useStatistics } from '@/features/meals/api/get-statistics';
import { CaloriesChart } from '@/features/meals/components/calories-chart';
import { CopyDayDialog } from '@/features/meals/components/copy-day-dialog';
import { CopyMealDialog } from '@/features/meals/components/copy-meal-dialog';
import { DateRangePicker } from '@/features/meals/components/date-range-picker';
import { MealCard } from '@/features/meals/components/meal-card';
import { MicronutrientTargets } from '@/features/meals/components/micronutrient-targets';
import { MacroSplitBar, StatisticsOverview, TopFoods } from '@/features/meals/components/statistics-overview';
import { LoggedAgainNotice } from '@/features/meals/components/logged-again-notice';
import { useEditInBasket } from '@/features/meals/hooks/use-edit-in-basket';
import { useLogAgain } from '@/features/meals/hooks/use-log-again';
import { lastDays, spanDates, type DaySpan } from '@/features/meals/utils/span';
import { ApiError, serverMessage } from '@/lib/api-client';
import type { Meal } from '@/types/meal';
import '@/features/meals/meals.css';

/** SPEC 2: of the recent meals, the first 6 are shown. */
const RECENT_SHOWN = 6;

/** Statistics open on the last 7 days (today and the 6 before). */
const DEFAULT_DAYS = 7;

/** SPEC 2 "Statistics page". */
export function MealStatistics() {
  const { t } = useTranslation('meals');
  const today = startOfDay(new Date());
  // The week against the goal line is what a person opens statistics for; a day is a tap away.
  const [span, setSpan] = useState<DaySpan>(() => lastDays(DEFAULT_DAYS, today));
  const [page, setPage] = useState(1);
  const dates = spanDates(span);
  const meals = useMeals(dates === 'all' ? null : dates, page);
  // Deleting the only meal of the last page leaves that page empty: show the one before.
  if (meals.data?.page === page && page > 1 && meals.data.meals.length === 0) setPage(page - 1);
  const stats = useStatistics(dates);
  const recent = useRecentMeals();
  const removeMeal = useRemoveMeal();
  const toast = useToast();
  const editInBasket = useEditInBasket();
  const again = useLogAgain();
  const [copyingMeal, setCopyingMeal] = useState<Meal | null>(null);
  const [copyingDay, setCopyingDay] = useState<Date | null>(null);
  // Copy day works on one day, the one the picker shows.
  const singleDay = span !== 'all' && sameDay(span.start, span.end) ? span.start : null;

  function changeSpan(next: DaySpan) {
    setSpan(next);
    setPage(1);
  }

  // SPEC 8: the server's message, else what failed to load; a thrown error is generic.
  const failure = (error: unknown, fallback: 'errors.meals' | 'errors.stats') =>
    serverMessage(error) ?? (error instanceof ApiError ? t(fallback) : t('errors.generic'));

  return (
    <div className="stats-page">
      <DateRangePicker
        value={span}
        onChange={changeSpan}
        today={today}
      />
      <div className="stats-columns">
        {/* First on a phone: the week against the goal before the list of its meals. */}
        <div className="stats-column stats-column-figures">
          {stats.error ? (
            <p role="alert">{failure(stats.error, 'errors.stats')}</p>
          ) : !stats.data ? (
            <Spinner />
          ) : (
            <>
              <CaloriesChart stats={stats.data} />
              <StatisticsOverview stats={stats.data} />
              <MacroSplitBar stats={stats.data} />
              {stats.data.stats.days_logged > 0 && (
                // A span's amounts are the average a logged day, against the same daily targets.
                <MicronutrientTargets intake={stats.data} perDay={!stats.data.is_single_day} level={2} />
              )}
              <TopFoods stats={stats.data} />
            </>
          )}
        </div>
        <section className="stats-column stats-column-meals" aria-labelledby="stats-baskets-title">
          <div className="stats-column-header">
            <h2 id="stats-baskets-title">{t('baskets.title')}</h2>
            {singleDay && meals.data && meals.data.meals.length > 0 && (
              <button type="button" className="btn btn-secondary btn-small" onClick={() => setCopyingDay(singleDay)}>
                {t('copy.day')}
              </button>
            )}
            <Link to="/" className="btn btn-primary btn-small">
              {t('baskets.addMeal')}
            </Link>
          </div>
          <LoggedAgainNotice again={again} />
          {meals.error ? (
            <p role="alert">{failure(meals.error, 'errors.meals')}</p>
          ) : !meals.data ? (
            <Spinner />
          ) : meals.data.meals.length === 0 ? (
            <p className="stats-empty">{t('baskets.empty')}</p>
          ) : (
            <>
              <div className="meal-list">
                {meals.data.meals.map((meal) => (
                  <MealCard
                    key={meal.id}
                    meal={meal}
                    onEdit={editInBasket}
                    onCopy={setCopyingMeal}
                    onDelete={removeMeal}
                  />
                ))}
              </div>
              <MealPager listed={meals.data} onPage={setPage} />
            </>
          )}
        </section>
      </div>
      <section className="stats-recent" aria-labelledby="stats-recent-title">
        <h2 id="stats-recent-title">{t('recent.title')}</h2>
        {recent.error ? (
          <p role="alert">{failure(recent.error, 'errors.meals')}</p>
        ) : !recent.data || (!meals.data && !meals.error) ? (
          // Until the baskets are listed, which recent meals they leave out is not known.
          <Spinner />
        ) : (
          <RecentMeals
            recent={recent.data.meals}
            listed={meals.data?.meals ?? []}
            onEdit={editInBasket}
            onCopy={setCopyingMeal}
          />
        )}
      </section>
      <CopyMealDialog meal={copyingMeal} onClose={() => setCopyingMeal(null)} onCopy={(meal, at) => again.logAgain([meal], at)} />
      <CopyDayDialog
        from={copyingDay}
        today={today}
        onClose={() => setCopyingDay(null)}
        onCopied={(copied, to) => {
          setCopyingDay(null);
          toast.success(t('copy.dayCopied', { count: copied.count, date: dateKey(to) }));
          changeSpan({ start: to, end: to });
        }}
      />
    </div>
  );
}

/**
 * Issue 49: each meal once on the page. The last 7 days' meals that the baskets above do
 * not list (outside the chosen period, or on another of its pages), the first 6 of them;
 * when the baskets list them all, a line says so.
 */
function RecentMeals({
  recent,
  listed,
  onEdit,
  onCopy,
}: {
  recent: Meal[];
  listed: Meal[];
  onEdit: (meal: Meal) => void;
  onCopy: (meal: Meal) => void;
}) {
  const { t } = useTranslation('meals');
  if (recent.length === 0) return <p className="stats-empty">{t('recent.empty')}</p>;
  const above = new Set(listed.map((meal) => meal.id));
  const others = recent.filter((meal) => !above.has(meal.id));
  if (others.length === 0) return <p className="stats-empty">{t('recent.allListed')}</p>;
  return (
    <div className="meal-list meal-list-grid">
      {others.slice(0, RECENT_SHOWN).map((meal) => (
        <MealCard key={meal.id} meal={meal} onEdit={onEdit} onCopy={onCopy} />
      ))}
    </div>
  );
}

/** Which of the span's meals are listed, and the way to the newer and older pages. */
function MealPager({ listed, onPage }: { listed: MealPage; onPage: (page: number) => void }) {
  const { t } = useTranslation('meals');
  if (listed.page === 1 && !listed.has_more) return null;
  const first = (listed.page - 1) * MEAL_LIST_PAGE_SIZE + 1;
  return (
    <nav className="meal-pager" aria-label={t('baskets.pages')}>
      <button
        type="button"
        className="btn btn-secondary btn-small"
        disabled={listed.page === 1}
        onClick={() => onPage(listed.page - 1)}
      >
        {t('baskets.newer')}
      </button>
      <p aria-live="polite">
        {t('baskets.range', { first, last: first + listed.meals.length - 1, total: listed.total })}
      </p>
      <button
        type="button"
        className="btn btn-secondary btn-small"
        disabled={!listed.has_more}
        onClick={() => onPage(listed.page + 1)}
      >
        {t('baskets.older')}
      </button>
    </nav>
  );
}

/** Deleting a meal asks first. */
function useRemoveMeal() {
  const { t } = useTranslation('meals');
  const confirm = useConfirm();
  const toast = useToast();
  const deleteMeal = useDeleteMeal();

  return async (meal: Meal) => {
    const name = meal.name ?? t('baskets.unnamed');
    const confirmed = await confirm({
      title: t('baskets.deleteTitle'),
      message: t('baskets.deleteMessage', { name, date: meal.date }),
      confirmLabel: t('baskets.delete', { name }),
      tone: 'danger',
    });
    if (!confirmed) return;
    try {
      await deleteMeal(meal.id);
      toast.success(t('baskets.deleted'));
    } catch (error) {
      toast.error(serverMessage(error) ?? t('baskets.deleteFailed'));
    }
  };
}
