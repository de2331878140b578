import { useTranslation } from 'react-i18next';
import { useMealFormat } from '@/features/meals/hooks/use-meal-format';
import type { Statistics } from '@/features/meals/types';
import { MEAL_TYPES, type MealType } from '@/types/meal';

/**
 * Calories a day over the days that have a meal: a day left unlogged is unknown, not a
 * day of fasting.
 */
function loggedDayAverage(stats: Statistics): number | null {
  const { days_logged: days, logged_day_average: average } = stats.stats;
  return days === 0 ? null : average.calories;
}

/** SPEC 2: meals (one day) or days (a range), calories and macros; the per-type breakdown of the day or the range. */
export function StatisticsOverview({ stats }: { stats: Statistics }) {
  const { t } = useTranslation(['meals', 'common']);
  const format = useMealFormat();
  const totals = stats.stats.totals;
  return (
    <section className="stats-card" aria-labelledby="stats-overview-title">
      <h2 id="stats-overview-title">{t('overview.title')}</h2>
      <dl className="stats-figures">
        {stats.is_single_day ? (
          <div>
            <dt>{t('overview.meals')}</dt>
            <dd>{stats.summary.total_meals}</dd>
          </div>
        ) : (
          <div>
            <dt>{t('overview.days')}</dt>
            <dd>{stats.stats.date_range.days_count}</dd>
          </div>
        )}
        <div>
          <dt>{t('overview.calories')}</dt>
          <dd>{t('overview.kcal', { value: format.kcal(totals.calories) })}</dd>
        </div>
        <div>
          <dt>{t('overview.protein')}</dt>
          <dd>{t('overview.grams', { value: format.macroGrams(totals.protein) })}</dd>
        </div>
        <div>
          <dt>{t('overview.fat')}</dt>
          <dd>{t('overview.grams', { value: format.macroGrams(totals.fat) })}</dd>
        </div>
        <div>
          <dt>{t('overview.carbs')}</dt>
          <dd>{t('overview.grams', { value: format.macroGrams(totals.carbs) })}</dd>
        </div>
      </dl>
      {!stats.is_single_day && <LoggedDays stats={stats} />}
      {(stats.is_single_day || stats.stats.days_logged > 0) && <TypeBreakdown stats={stats} />}
    </section>
  );
}

/** How many days have a meal, and the calories a day over those. */
function LoggedDays({ stats }: { stats: Statistics }) {
  const { t } = useTranslation('meals');
  const format = useMealFormat();
  const average = loggedDayAverage(stats);
  return (
    <p className="stats-note">
      <span>{t('overview.daysLogged', { logged: stats.stats.days_logged, days: stats.stats.date_range.days_count })}</span>
      {average !== null && (
        <strong>
          {t('overview.loggedAverage', {
            count: stats.stats.days_logged,
            calories: t('overview.kcal', { value: format.kcal(average) }),
          })}
        </strong>
      )}
    </p>
  );
}

/**
 * Each meal type's calories as a bar to scale: the largest fills the row. Over a range,
 * the calories a logged day on average (as the overview's average), with the range's meals.
 */
function TypeBreakdown({ stats }: { stats: Statistics }) {
  const { t } = useTranslation(['meals', 'common']);
  const format = useMealFormat();
  const days = stats.is_single_day ? 1 : stats.stats.days_logged;
  const calories = (type: MealType) => stats.meal_breakdown[type].calories / days;
  const largest = Math.max(...MEAL_TYPES.map(calories));
  return (
    <>
      <h3>{stats.is_single_day ? t('breakdown.title') : t('breakdown.perDayTitle', { count: days })}</h3>
      <ul className="stats-breakdown">
        {MEAL_TYPES.map((type) => {
          const kcal = t('overview.kcal', { value: format.kcal(calories(type)) });
          const width = largest > 0 ? (calories(type) * 100) / largest : 0;
          return (
            <li key={type}>
              <span className={`meal-type meal-type-${type}`}>{t(`common:mealTypes.${type}`)}</span>
              <span>{t('breakdown.count', { count: stats.meal_breakdown[type].count })}</span>
              <span>{stats.is_single_day ? kcal : t('breakdown.perDay', { calories: kcal })}</span>
              <span className="stats-breakdown-bar" aria-hidden="true">
                <span className={`stats-breakdown-fill meal-type-${type}-fill`} style={{ width: `${width}%` }} />
              </span>
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** SPEC 2: the foods that brought the most calories. */
export function TopFoods({ stats }: { stats: Statistics }) {
  const { t } = useTranslation('meals');
  const format = useMealFormat();
  return (
    <section className="stats-card" aria-labelledby="stats-top-title">
      <h2 id="stats-top-title">{t('topFoods.title')}</h2>
      {stats.top_foods.length === 0 ? (
        <p className="stats-empty">{t('topFoods.empty')}</p>
      ) : (
        <ol className="stats-top-foods">
          {stats.top_foods.map((food) => (
            <li key={`${food.food_id ?? food.name}`}>
              <span className="stats-top-name">{format.localName(food.name, food.name_zh)}</span>
              <span>{t('overview.kcal', { value: format.kcal(food.total_calories) })}</span>
              <span className="stats-top-detail">
                {t('topFoods.line', {
                  grams: format.number(food.total_quantity),
                  times: t('topFoods.times', { count: food.frequency }),
                })}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Shares of energy from protein, fat and carbohydrates, as one bar and a legend. */
export function MacroSplitBar({ stats }: { stats: Pick<Statistics, 'macro_split'> }) {
  const { t } = useTranslation('meals');
  const format = useMealFormat();
  const split = stats.macro_split;
  const parts = [
    { key: 'protein', value: split.protein },
    { key: 'fat', value: split.fat },
    { key: 'carbs', value: split.carbs },
  ] as const;
  const empty = parts.every((p) => p.value === 0);
  return (
    <section className="stats-card" aria-labelledby="stats-macro-title">
      <h2 id="stats-macro-title">{t('charts.macroSplit')}</h2>
      {empty ? (
        <p className="stats-empty">{t('charts.noData')}</p>
      ) : (
        <>
          <div className="macro-bar" aria-hidden="true">
            {parts.map((p) => (
              <span key={p.key} className={`macro-bar-${p.key}`} style={{ width: `${p.value}%` }} />
            ))}
          </div>
          <ul className="macro-legend">
            {parts.map((p) => (
              <li key={p.key}>
                <span className={`macro-swatch macro-bar-${p.key}`} aria-hidden="true" />
                {t(`charts.${p.key}`)}: {t('charts.share', { value: format.number(p.value) })}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
