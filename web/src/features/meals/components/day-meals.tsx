import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { addDays, dateKey, sameDay } from '@/components/date-time/dates';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useDailySummary } from '@/features/meals/api/get-daily-summary';
import { LoggedAgainNotice } from '@/features/meals/components/logged-again-notice';
import { MicronutrientTargets } from '@/features/meals/components/micronutrient-targets';
import { useEditInBasket } from '@/features/meals/hooks/use-edit-in-basket';
import { useLogAgain, type LogAgain } from '@/features/meals/hooks/use-log-again';
import { useMealFormat } from '@/features/meals/hooks/use-meal-format';
import type { DailySummary, Macros, WaitingMeal } from '@/features/meals/types';
import { serverMessage } from '@/lib/api-client';
import { MACROS, macroGoals, type MacroGoalSettings } from '@/lib/goals';
import { displayLocale } from '@/lib/i18n';
import { wholeKcal } from '@/lib/nutrition-format';
import { dateTimeFormat } from '@/lib/intl';
import { MEAL_TYPES, type Meal, type MealType } from '@/types/meal';
import '@/features/meals/meals.css';

type DayMealsProps = {
  day: Date;
  today: Date;
  onDayChange: (day: Date) => void;
  /** The profile's macro goals; undefined while they load, null when there are none to read. */
  macroSettings: MacroGoalSettings | null | undefined;
  /** Meals saved offline, waiting on this device to be sent (any day: the day's are shown). */
  waiting?: WaitingMeal[];
};

/** The day with the meals waiting to be sent added to its totals. */
function withWaiting(day: DailySummary, waiting: WaitingMeal[]): DailySummary {
  if (waiting.length === 0) return day;
  const add = (pick: (totals: Macros) => number, of = waiting) => of.reduce((sum, meal) => sum + (meal.totals ? pick(meal.totals) : 0), 0);
  const breakdown = { ...day.meal_breakdown };
  for (const type of MEAL_TYPES) {
    const ofType = waiting.filter((meal) => meal.meal_type === type);
    const intake = breakdown[type];
    breakdown[type] = {
      count: intake.count + ofType.length,
      calories: intake.calories + add((m) => m.calories, ofType),
      protein: intake.protein + add((m) => m.protein, ofType),
      fat: intake.fat + add((m) => m.fat, ofType),
      carbs: intake.carbs + add((m) => m.carbs, ofType),
    };
  }
  return {
    ...day,
    summary: {
      total_meals: day.summary.total_meals + waiting.length,
      total_calories: day.summary.total_calories + add((m) => m.calories),
      total_protein: day.summary.total_protein + add((m) => m.protein),
      total_fat: day.summary.total_fat + add((m) => m.fat),
      total_carbs: day.summary.total_carbs + add((m) => m.carbs),
    },
    meal_breakdown: breakdown,
  };
}

/** One day at a glance: calories and macros against the goals, and its meals by meal type. */
export function DayMeals({ day, today, onDayChange, macroSettings, waiting = [] }: DayMealsProps) {
  const { t } = useTranslation(['meals', 'common']);
  const titleId = useId();
  const summary = useDailySummary(dateKey(day));
  // Yesterday's meals, relative to the day shown, are what "Log again" offers.
  const dayBefore = useDailySummary(dateKey(addDays(day, -1)));

  const waitingHere = waiting.filter((meal) => dateKey(new Date(meal.eaten_at)) === dateKey(day));
  // Offline, the day is what this device keeps: the day as last loaded (SWR keeps it when
  // a reload fails), else nothing loaded yet; and the meals waiting to be sent, either way.
  const offline = summary.error !== undefined && (summary.unreachable || waitingHere.length > 0);
  const shown = summary.data && withWaiting(summary.data, waitingHere);
  const mealsOf = (meals: Meal[] | undefined, type: MealType) => meals?.filter((meal) => meal.meal_type === type) ?? [];
  const waitingOf = (type: MealType) => waitingHere.filter((meal) => meal.meal_type === type);

  return (
    <section className="day" aria-labelledby={titleId}>
      <DayHeader titleId={titleId} day={day} today={today} onDayChange={onDayChange} />
      {summary.error && !offline ? (
        <p role="alert">{serverMessage(summary.error) ?? t('day.loadError')}</p>
      ) : !shown && !offline ? (
        // Holds the day's room while it loads, so what sits below does not jump when it arrives.
        <div className="day-loading">
          <Spinner />
        </div>
      ) : (
        <>
          {offline && <p className="day-offline">{shown ? t('day.offlineKept') : t('day.offlineWaiting')}</p>}
          {shown && <DayTotals day={shown} macroSettings={macroSettings} />}
          {MEAL_TYPES.map((type) => (
            <MealTypeSection
              key={type}
              type={type}
              day={day}
              meals={mealsOf(shown?.meals, type)}
              waiting={waitingOf(type)}
              calories={shown ? shown.meal_breakdown[type].calories : waitingOf(type).reduce((sum, meal) => sum + (meal.totals?.calories ?? 0), 0)}
              yesterday={mealsOf(dayBefore.data?.meals, type)}
            />
          ))}
          {/* Below the meals: what a day's foods held, once it has some (as the server has them). */}
          {summary.data && summary.data.summary.total_meals > 0 && (
            <MicronutrientTargets intake={summary.data} perDay={false} level={3} />
          )}
        </>
      )}
    </section>
  );
}

function DayHeader({
  titleId,
  day,
  today,
  onDayChange,
}: {
  titleId: string;
  day: Date;
  today: Date;
  onDayChange: (day: Date) => void;
}) {
  const { t, i18n } = useTranslation('meals');
  const locale = displayLocale(i18n.resolvedLanguage);
  const sameYear = day.getFullYear() === today.getFullYear();
  const long = dateTimeFormat(locale, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(day);
  const relative = sameDay(day, today)
    ? t('day.today')
    : sameDay(day, addDays(today, -1))
      ? t('day.yesterday')
      : sameDay(day, addDays(today, 1))
        ? t('day.tomorrow')
        : null;
  return (
    <header className="day-header">
      <button
        type="button"
        className="icon-button day-arrow"
        aria-label={t('day.previous')}
        onClick={() => onDayChange(addDays(day, -1))}
      >
        <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
          <path d="M12.5 4 6.5 10l6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <div className="day-title">
        <h2 id={titleId}>{relative ?? long}</h2>
        {relative && <p>{long}</p>}
      </div>
      <button
        type="button"
        className="icon-button day-arrow"
        aria-label={t('day.next')}
        onClick={() => onDayChange(addDays(day, 1))}
      >
        <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
          <path d="m7.5 4 6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {!sameDay(day, today) && (
        <button type="button" className="link-button day-today" onClick={() => onDayChange(today)}>
          {t('day.backToToday')}
        </button>
      )}
    </header>
  );
}

const RING = { size: 120, stroke: 12 } as const;
const RADIUS = (RING.size - RING.stroke) / 2;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** The calorie ring (eaten against the goal) and the macro bars against theirs. */
function DayTotals({ day, macroSettings }: { day: DailySummary; macroSettings: MacroGoalSettings | null | undefined }) {
  const { t } = useTranslation('meals');
  const format = useMealFormat();
  // Rounded once, so the ring's total and what is left add up to the goal.
  const eaten = wholeKcal(day.summary.total_calories);
  const goal = day.calorie_goal;
  const left = goal - eaten;
  const over = left < 0;
  const share = goal > 0 ? Math.min(1, eaten / goal) : 1;
  const figures = { eaten: format.kcal(eaten), goal: format.kcal(goal), left: format.kcal(Math.abs(left)) };
  const goals = macroSettings === undefined ? null : macroGoals(goal, macroSettings);
  const eatenGrams = { protein: day.summary.total_protein, fat: day.summary.total_fat, carbs: day.summary.total_carbs };

  return (
    <div className="day-totals">
      <div
        className={`day-ring${over ? ' day-ring-over' : ''}`}
        role="img"
        aria-label={over ? t('day.ringOver', figures) : t('day.ringLeft', figures)}
      >
        <svg viewBox={`0 0 ${RING.size} ${RING.size}`} aria-hidden="true">
          <circle className="day-ring-track" cx={RING.size / 2} cy={RING.size / 2} r={RADIUS} strokeWidth={RING.stroke} />
          <circle
            className="day-ring-value"
            cx={RING.size / 2}
            cy={RING.size / 2}
            r={RADIUS}
            strokeWidth={RING.stroke}
            strokeDasharray={`${share * CIRCUMFERENCE} ${CIRCUMFERENCE}`}
            transform={`rotate(-90 ${RING.size / 2} ${RING.size / 2})`}
          />
        </svg>
        <span className="day-ring-text">
          <strong>{figures.eaten}</strong>
          <span>{t('day.ofGoal', { goal: figures.goal })}</span>
        </span>
        <span className="day-ring-left">{over ? t('day.over', { value: figures.left }) : t('day.left', { value: figures.left })}</span>
      </div>
      {!goals ? (
        <div className="day-macros" aria-busy="true" />
      ) : (
        <div className="day-macros">
          {MACROS.map((macro) => {
            const grams = eatenGrams[macro];
            const target = goals[macro].grams;
            // A goal is a whole number of grams; what was eaten is written as everywhere else.
            const values = { eaten: format.macroGrams(grams), goal: format.macroGrams(Math.round(target)) };
            return (
              <div key={macro} className="day-macro">
                <span className="day-macro-label">
                  <span>{t(`charts.${macro}`)}</span>
                  <span>{t('day.macroValue', values)}</span>
                </span>
                <div
                  className={`day-macro-bar day-macro-${macro}${grams > target ? ' day-macro-over' : ''}`}
                  role="progressbar"
                  aria-label={t(`charts.${macro}`)}
                  aria-valuemin={0}
                  aria-valuemax={target}
                  aria-valuenow={Math.min(Math.round(grams), target)}
                  aria-valuetext={t('day.macroText', values)}
                >
                  <span style={{ width: `${target > 0 ? Math.min(100, (grams * 100) / target) : 100}%` }} />
                </div>
              </div>
            );
          })}
          {MACROS.some((macro) => goals[macro].isDefault) && (
            <p className="day-macro-note">
              {t('day.defaultGoals')} <Link to={`${paths.profile}?edit=goals`}>{t('day.setGoals')}</Link>
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/** A meal type's foods, its calories, "+ Add" for that type and day, and yesterday's meal to log again. */
function MealTypeSection({
  type,
  day,
  meals,
  waiting,
  calories,
  yesterday,
}: {
  type: MealType;
  day: Date;
  meals: Meal[];
  waiting: WaitingMeal[];
  calories: number;
  yesterday: Meal[];
}) {
  const { t } = useTranslation(['meals', 'common']);
  const format = useMealFormat();
  const headingId = useId();
  const typeName = t(`common:mealTypes.${type}`);
  const editInBasket = useEditInBasket();
  // Here, not in LogAgain: the button goes once the copy shows, the message and Undo stay.
  const again = useLogAgain();
  return (
    <section className="day-type" aria-labelledby={headingId}>
      <header className="day-type-header">
        <h3 id={headingId}>
          <span className={`meal-type-dot meal-type-${type}`} aria-hidden="true" />
          {typeName}
        </h3>
        {meals.length + waiting.length > 0 && <span className="day-type-kcal">{t('overview.kcal', { value: format.kcal(calories) })}</span>}
        <Link
          className="day-add"
          to={`${paths.home}?meal=${type}&date=${dateKey(day)}`}
          aria-label={t('day.addTo', { type: typeName })}
        >
          {t('day.add')}
        </Link>
      </header>
      {meals.map((meal) => (
        <DayMeal key={meal.id} meal={meal} showCalories={meals.length + waiting.length > 1} onOpen={editInBasket} />
      ))}
      {waiting.map((meal) => (
        <WaitingDayMeal key={meal.key} meal={meal} />
      ))}
      <LoggedAgainNotice again={again} dayKey={dateKey(day)} />
      {meals.length + waiting.length === 0 && yesterday.length > 0 && <LogAgain meals={yesterday} day={day} again={again} />}
    </section>
  );
}

/** A saved meal as its foods; a tap anywhere on it opens it in the basket to edit. */
function DayMeal({ meal, showCalories, onOpen }: { meal: Meal; showCalories: boolean; onOpen: (meal: Meal) => void }) {
  const { t } = useTranslation('meals');
  const format = useMealFormat();
  const name = meal.name ?? t('baskets.unnamed');
  return (
    <article className="day-meal" aria-label={`${name}, ${meal.time}`}>
      <div className="day-meal-head">
        <button type="button" className="day-meal-open" aria-label={t('baskets.edit', { name })} onClick={() => onOpen(meal)}>
          {name}
        </button>
        <time dateTime={meal.eaten_at}>{meal.time}</time>
        {showCalories && <span className="day-meal-kcal">{t('overview.kcal', { value: format.kcal(meal.total_calories) })}</span>}
      </div>
      <ul className="day-foods">
        {meal.foods.map((food) => (
          <li key={food.id}>
            <span className="day-food-name">{format.foodName(food)}</span>
            {typeof food.quantity === 'number' && (
              <span className="day-food-grams">
                {/* As the person logged it ("1碗", "2 slices"), with the grams it stands for. */}
                {food.amount
                  ? t('overview.amountGrams', { amount: food.amount, grams: format.number(food.quantity) })
                  : t('overview.grams', { value: format.number(food.quantity) })}
              </span>
            )}
            <span className="day-food-kcal">{t('overview.kcal', { value: format.kcal(food.calories) })}</span>
          </li>
        ))}
      </ul>
    </article>
  );
}

/** A meal saved offline: its foods as the basket had them, marked as waiting to be sent; not editable until sent. */
function WaitingDayMeal({ meal }: { meal: WaitingMeal }) {
  const { t, i18n } = useTranslation('meals');
  const format = useMealFormat();
  const time = dateTimeFormat(displayLocale(i18n.resolvedLanguage), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(meal.eaten_at),
  );
  return (
    <article className="day-meal day-meal-waiting" aria-label={`${meal.name}, ${time}`}>
      <div className="day-meal-head">
        <span className="day-meal-name">{meal.name}</span>
        <time dateTime={meal.eaten_at}>{time}</time>
        <span className="day-meal-waiting-badge">{t('day.waiting')}</span>
      </div>
      <ul className="day-foods">
        {meal.foods.map((food, index) => (
          <li key={index}>
            <span className="day-food-name">{format.localName(food.name, food.name_zh)}</span>
            {food.grams !== null && <span className="day-food-grams">{t('overview.grams', { value: format.number(food.grams) })}</span>}
            <span className="day-food-kcal">{t('overview.kcal', { value: format.kcal(food.calories) })}</span>
          </li>
        ))}
      </ul>
    </article>
  );
}

/** One tap copies yesterday's meals of this type onto the day shown, each at its own time. */
function LogAgain({ meals, day, again }: { meals: Meal[]; day: Date; again: LogAgain }) {
  const { t } = useTranslation('meals');
  const format = useMealFormat();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const names = meals.map((meal) => meal.name ?? t('baskets.unnamed')).join(', ');
  const calories = meals.reduce((sum, meal) => sum + meal.total_calories, 0);

  async function logAgain() {
    setBusy(true);
    try {
      await again.logAgain(meals, day, true);
    } catch (error) {
      toast.error(serverMessage(error) ?? t('day.againFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" className="day-again" disabled={busy} onClick={() => void logAgain()}>
      <span className="day-again-action">{busy ? t('day.logging') : t('day.logAgain')}</span>
      <span className="day-again-what">
        {t('day.againFrom', { names, kcal: t('overview.kcal', { value: format.kcal(calories) }) })}
      </span>
    </button>
  );
}
