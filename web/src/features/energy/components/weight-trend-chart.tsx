import { useTranslation } from 'react-i18next';
import { parseDateKey } from '@/components/date-time/dates';
import type { TrendPoint } from '@/features/energy/api/get-energy-expenditure';
import { displayLocale } from '@/lib/i18n';

// The drawing's own units; it scales to the card's width, about 1:1 on a 390 px phone.
const WIDTH = 340;
const HEIGHT = 150;
const PAD = { left: 40, right: 8, top: 10, bottom: 22 };
const DAY_MS = 86_400_000;

/**
 * The weights of the window as dots and the smoothed trend as a line through them, the
 * lightest and heaviest kg at the side and the first and last day below.
 */
export function WeightTrendChart({ points }: { points: TrendPoint[] }) {
  const { t, i18n } = useTranslation('pages');
  const locale = displayLocale(i18n.resolvedLanguage);
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last || points.length < 2) return null;

  const kg = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const day = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' });
  const time = (point: TrendPoint) => parseDateKey(point.date)?.getTime() ?? 0;
  const start = time(first);
  const span = Math.max(DAY_MS, time(last) - start);
  const values = points.flatMap((point) => [point.weight_kg, point.trend_kg]);
  const low = Math.min(...values);
  const high = Math.max(...values);
  // Half a kilo at least each side, so a steady weight is not drawn as a cliff.
  const middle = (low + high) / 2;
  const half = Math.max((high - low) / 2, 0.5) * 1.1;
  const [bottom, top] = [middle - half, middle + half];
  const x = (point: TrendPoint) => PAD.left + ((time(point) - start) / span) * (WIDTH - PAD.left - PAD.right);
  const y = (value: number) => PAD.top + ((top - value) / (top - bottom)) * (HEIGHT - PAD.top - PAD.bottom);
  const line = points.map((point) => `${x(point).toFixed(1)},${y(point.trend_kg).toFixed(1)}`).join(' ');
  const date = (point: TrendPoint) => day.format(parseDateKey(point.date) ?? new Date(point.date));
  const label = t('energy.chart.label', {
    first: date(first),
    last: date(last),
    from: kg.format(first.weight_kg),
    to: kg.format(last.weight_kg),
    trendFrom: kg.format(first.trend_kg),
    trendTo: kg.format(last.trend_kg),
  });

  return (
    <figure className="energy-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} preserveAspectRatio="xMidYMid meet">
        <line className="energy-chart-axis" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(high)} y2={y(high)} />
        <line className="energy-chart-axis" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(low)} y2={y(low)} />
        <text className="energy-chart-text" x={PAD.left - 4} y={y(high) + 4} textAnchor="end">
          {kg.format(high)}
        </text>
        <text className="energy-chart-text" x={PAD.left - 4} y={y(low) + 4} textAnchor="end">
          {kg.format(low)}
        </text>
        {points.map((point) => (
          <circle key={point.date} className="energy-chart-weight" cx={x(point)} cy={y(point.weight_kg)} r={2.5} />
        ))}
        <polyline className="energy-chart-trend" points={line} fill="none" />
        <text className="energy-chart-text" x={PAD.left} y={HEIGHT - 6} textAnchor="start">
          {date(first)}
        </text>
        <text className="energy-chart-text" x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end">
          {date(last)}
        </text>
      </svg>
      <figcaption className="energy-chart-legend" aria-hidden="true">
        <span>
          <span className="energy-swatch energy-swatch-weight" /> {t('energy.chart.weights')}
        </span>
        <span>
          <span className="energy-swatch energy-swatch-trend" /> {t('energy.chart.trendLine')}
        </span>
      </figcaption>
    </figure>
  );
}
