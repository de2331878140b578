import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMealFormat } from '@/features/meals/hooks/use-meal-format';
import type { Statistics } from '@/features/meals/types';
import { displayLocale } from '@/lib/i18n';
import { wholeKcal } from '@/lib/nutrition-format';

const TimeChart = lazy(() => import('@/components/charts/time-chart'));

/** Calories eaten per day against the goal, drawn and as a table for screen readers. */
export function CaloriesChart({ stats }: { stats: Statistics }) {
  const { t, i18n } = useTranslation('meals');
  const format = useMealFormat();
  const days = useMemo(() => stats.daily.map((d) => d.date), [stats.daily]);
  const series = useMemo(
    () => [
      { label: t('charts.eaten'), values: stats.daily.map((d) => wholeKcal(d.calories)), color: '#1f8a5b', kind: 'bars' as const },
      {
        label: t('charts.goal'),
        values: stats.daily.map(() => stats.calorie_goal),
        color: '#c23b32',
        kind: 'line' as const,
        dashed: true,
      },
    ],
    [stats.daily, stats.calorie_goal, t],
  );
  if (stats.daily.length < 2) return null;
  return (
    <section className="stats-card stats-chart" aria-labelledby="stats-calories-title">
      <h2 id="stats-calories-title">{t('charts.calories')}</h2>
      <Suspense fallback={<div className="time-chart" aria-hidden="true" />}>
        <TimeChart
          days={days}
          series={series}
          unit={t('charts.kcal')}
          dateLabel={t('charts.date')}
          locale={displayLocale(i18n.resolvedLanguage)}
        />
      </Suspense>
      <table className="visually-hidden">
        <caption>{t('charts.calories')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('charts.date')}</th>
            <th scope="col">{t('charts.eaten')}</th>
            <th scope="col">{t('charts.goal')}</th>
          </tr>
        </thead>
        <tbody>
          {stats.daily.map((d) => (
            <tr key={d.date}>
              <th scope="row">{d.date}</th>
              <td>{format.kcal(d.calories)}</td>
              <td>{format.kcal(stats.calorie_goal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
