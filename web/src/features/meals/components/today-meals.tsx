import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dateKey } from '@/components/date-time/dates';
import { Spinner } from '@/components/ui/spinner';
import { useDailySummary } from '@/features/meals/api/get-daily-summary';
import { CopyMealDialog } from '@/features/meals/components/copy-meal-dialog';
import { MacroSplitBar } from '@/features/meals/components/statistics-overview';
import { MealCard } from '@/features/meals/components/meal-card';
import { useEditInBasket } from '@/features/meals/hooks/use-edit-in-basket';
import { useMealFormat } from '@/features/meals/hooks/use-meal-format';
import { MEAL_TYPES, type Meal } from '@/features/meals/types';
import { macroSplit } from '@/features/meals/utils/macro-split';
import { serverMessage } from '@/lib/api-client';
import '@/features/meals/meals.css';

/** Today's real meals by meal type, with the day's calories against the goal. */
export function TodayMeals() {
  const { t } = useTranslation(['meals', 'common']);
  const format = useMealFormat();
  const summary = useDailySummary(dateKey(new Date()));
  const editInBasket = useEditInBasket();
  const [copying, setCopying] = useState<Meal | null>(null);

  if (summary.error) return <p role="alert">{serverMessage(summary.error) ?? t('dashboard.loadError')}</p>;
  if (!summary.data) return <Spinner />;
  const day = summary.data;
  const eaten = day.summary.total_calories;
  const percent = Math.min(100, Math.max(0, day.progress_percent));

  return (
    <section className="today" aria-labelledby="today-title">
      <h2 id="today-title">{t('dashboard.todayMeals')}</h2>
      <div className="today-goal">
        <p>
          <strong>{t('dashboard.eaten', { value: format.whole(eaten) })}</strong>
          {' · '}
          {t('dashboard.goal', { goal: format.whole(day.calorie_goal) })}
          {' · '}
          {day.remaining_calories >= 0
            ? t('dashboard.remaining', { value: format.whole(day.remaining_calories) })
            : t('dashboard.over', { value: format.whole(-day.remaining_calories) })}
        </p>
        <div
          className={`goal-bar${day.remaining_calories < 0 ? ' goal-bar-over' : ''}`}
          role="progressbar"
          aria-label={t('dashboard.progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(percent)}
        >
          <span style={{ width: `${percent}%` }} />
        </div>
      </div>
      {day.meals.length === 0 ? (
        <p className="stats-empty">
          {t('dashboard.empty')} <Link to="/">{t('dashboard.addMeal')}</Link>
        </p>
      ) : (
        <>
          {MEAL_TYPES.filter((type) => day.meal_breakdown[type].count > 0).map((type) => (
            <div key={type} className="today-type">
              <h3>
                {t(`common:mealTypes.${type}`)} ·{' '}
                {t('overview.kcal', { value: format.number(day.meal_breakdown[type].calories) })}
              </h3>
              <div className="meal-list meal-list-grid">
                {day.meals
                  .filter((meal) => meal.meal_type === type)
                  .map((meal) => (
                    <MealCard key={meal.id} meal={meal} onCopy={setCopying} />
                  ))}
              </div>
            </div>
          ))}
          <MacroSplitBar
            stats={{
              macro_split: macroSplit({
                protein: day.summary.total_protein,
                fat: day.summary.total_fat,
                carbs: day.summary.total_carbs,
              }),
            }}
          />
        </>
      )}
      <CopyMealDialog meal={copying} onClose={() => setCopying(null)} onCopied={editInBasket} />
    </section>
  );
}
