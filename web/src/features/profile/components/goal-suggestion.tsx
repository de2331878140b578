import { useTranslation } from 'react-i18next';
import { PROFILE_LIMITS } from '@/features/profile/utils/profile-draft';
import { displayLocale } from '@/lib/i18n';
import {
  ACTIVITY_FACTORS,
  basalMetabolicRate,
  suggestedCalorieGoal,
  type ActivityLevel,
  type BodySex,
} from '@/lib/goals';

export type Body = { weightKg: number | null; heightCm: number | null; age: number | null; sex: BodySex };

const within = (value: number | null, { min, max }: { min: number; max: number }) =>
  value !== null && value >= min && value <= max;

/** The goal the body data and activity give (Mifflin-St Jeor × activity), or null while one is missing or out of range. */
export function suggestedGoalFor(body: Body, activity: ActivityLevel | null): { bmr: number; goal: number } | null {
  const { weightKg, heightCm, age } = body;
  if (!within(weightKg, PROFILE_LIMITS.weight) || !within(heightCm, PROFILE_LIMITS.height)) return null;
  if (activity === null || weightKg === null || heightCm === null || age === null || age <= 0) return null;
  const bmr = basalMetabolicRate({ weightKg, heightCm, age, sex: body.sex });
  return { bmr, goal: suggestedCalorieGoal(bmr, activity) };
}

/**
 * A daily goal worked out from the body data typed so far (Mifflin-St Jeor × activity),
 * with the sum shown so it can be checked, and a button to take it. Without an age or an
 * activity level it says what is missing instead of guessing.
 */
export function GoalSuggestion({
  body,
  activity,
  current,
  onUse,
  birthYear = false,
}: {
  body: Body;
  activity: ActivityLevel | null;
  current: number | null;
  onUse: (goal: number) => void;
  /** The form asks for the year of birth (the first-run step), not the date: the hint names that field. */
  birthYear?: boolean;
}) {
  const { t, i18n } = useTranslation('pages');
  const locale = displayLocale(i18n.resolvedLanguage);
  const suggested = suggestedGoalFor(body, activity);
  if (!suggested || activity === null) {
    return <p className="goal-suggestion goal-suggestion-missing">{t(birthYear ? 'profile.suggestion.missingBirthYear' : 'profile.suggestion.missing')}</p>;
  }
  const { bmr, goal } = suggested;
  const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const factor = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
  return (
    <div className="goal-suggestion" role="group" aria-label={t('profile.suggestion.title')}>
      <p>
        <strong>{t('profile.suggestion.title')}</strong>
        <br />
        {t('profile.suggestion.sum', {
          bmr: whole.format(bmr),
          factor: factor.format(ACTIVITY_FACTORS[activity]),
          level: t(`profile.activity.${activity}.short`),
          goal: whole.format(goal),
        })}
      </p>
      <button type="button" className="btn btn-secondary btn-small" disabled={current === goal} onClick={() => onUse(goal)}>
        {t('profile.suggestion.use')}
      </button>
    </div>
  );
}
