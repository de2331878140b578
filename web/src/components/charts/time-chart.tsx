import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export type ChartSeries = {
  label: string;
  values: (number | null)[];
  color: string;
  /** Bars for amounts per day; a line for a target or a trend. */
  kind: 'bars' | 'line';
  dashed?: boolean;
};

type TimeChartProps = {
  /** Local days as YYYY-MM-DD, one per value. */
  days: string[];
  series: ChartSeries[];
  /** Axis label of the values (e.g. "kcal"). */
  unit: string;
  /** What the x axis counts, for the legend ("Date"). */
  dateLabel: string;
  /** The page's locale (en-US, zh-CN): month names on the axis, number formats. */
  locale: string;
  height?: number;
};

/** Seconds since the epoch at local noon of a YYYY-MM-DD day (noon keeps DST off the axis). */
function dayToSeconds(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1, 12).getTime() / 1000;
}

/** The YYYY-MM-DD day of a point placed by dayToSeconds. */
function secondsToDay(seconds: number): string {
  const date = new Date(seconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Month and weekday names in the page's language, for uPlot's date templates. */
function dateNames(locale: string): uPlot.DateNames {
  const names = (options: Intl.DateTimeFormatOptions, dates: Date[]) => {
    const format = new Intl.DateTimeFormat(locale, options);
    return dates.map((d) => format.format(d));
  };
  const months = Array.from({ length: 12 }, (_, m) => new Date(2026, m, 1));
  // 2026-11-01 is a Sunday: uPlot counts weekdays from Sunday.
  const weekdays = Array.from({ length: 7 }, (_, d) => new Date(2026, 10, 1 + d));
  return {
    MMMM: names({ month: 'long' }, months),
    MMM: names({ month: 'short' }, months),
    WWWW: names({ weekday: 'long' }, weekdays),
    WWW: names({ weekday: 'short' }, weekdays),
  };
}

/** Room one day label needs on the axis, in CSS pixels. */
const DAY_LABEL_WIDTH = 56;

/**
 * An x axis labelled under the bars (each bar is one day, at its noon) rather than at
 * midnights between them: every day while they fit, else every n-th counted back from
 * the last, so the latest day is always named. The year shows under the first label
 * and where it changes.
 */
function dayAxis(): uPlot.Axis {
  return {
    splits: (u) => {
      const xs = u.data[0] as number[];
      const fit = Math.max(1, Math.floor(u.width / DAY_LABEL_WIDTH));
      const step = Math.ceil(xs.length / fit);
      return xs.filter((_, i) => (xs.length - 1 - i) % step === 0);
    },
    values: (_u, splits) =>
      splits.map((seconds, i) => {
        const day = new Date(seconds * 1000);
        const before = i > 0 ? new Date((splits[i - 1] as number) * 1000) : null;
        const label = `${day.getMonth() + 1}/${day.getDate()}`;
        return before?.getFullYear() === day.getFullYear() ? label : `${label}\n${day.getFullYear()}`;
      }),
  };
}

// jsdom (unit tests) has no canvas; the chart's data table still renders there.
const canDraw = typeof navigator !== 'undefined' && !navigator.userAgent.includes('jsdom');

/**
 * Values per day drawn with uPlot (a canvas); callers render the same values as a table
 * for screen readers. Loaded lazily: uPlot is not part of the first page.
 */
export default function TimeChart({ days, series, unit, dateLabel, locale, height = 220 }: TimeChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element || !canDraw || days.length === 0) return;
    const bars = uPlot.paths.bars?.({ size: [0.6, 40] });
    const names = dateNames(locale);
    const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 280),
      height,
      legend: { show: true },
      // Axis dates in the page's language ("Nov" or "11月" where months are marked).
      fmtDate: (template) => uPlot.fmtDate(template, names),
      // Half a day of room on each side, so the first and last bars are whole.
      scales: { x: { time: true, range: (_u, min, max) => [min - 43_200, max + 43_200] } },
      // A trend line keeps uPlot's calendar ticks: its points may be days apart.
      axes: [
        series.some((s) => s.kind === 'bars') ? dayAxis() : {},
        { label: unit, values: (_u, splits) => splits.map((v) => number.format(v)) },
      ],
      series: [
        // Points sit at noon of their day: the legend names the day alone.
        { label: dateLabel, value: (_u, seconds) => (seconds == null ? '–' : secondsToDay(seconds)) },
        ...series.map((s) => ({
          label: s.label,
          stroke: s.color,
          fill: s.kind === 'bars' ? `${s.color}99` : undefined,
          width: s.kind === 'bars' ? 1 : 2,
          dash: s.dashed ? [6, 4] : undefined,
          paths: s.kind === 'bars' ? bars : undefined,
          points: { show: s.kind === 'line' && !s.dashed && days.length <= 60 },
          value: (_u: uPlot, v: number | null) => (v == null ? '–' : number.format(v)),
        })),
      ],
    };
    const data: uPlot.AlignedData = [days.map(dayToSeconds), ...series.map((s) => s.values)];
    const chart = new uPlot(options, data, element);
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(element.clientWidth, 280), height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days, series, unit, dateLabel, locale, height]);

  return <div ref={box} className="time-chart" aria-hidden="true" />;
}
