import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage, SelectField, TextField } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { GENDERS, bodyDataSet, type ProfileResponse } from '@/features/profile/api/get-profile';
import { useUpdateProfile } from '@/features/profile/api/update-profile';
import { GoalSuggestion, suggestedGoalFor } from '@/features/profile/components/goal-suggestion';
import { ageFromDateOfBirth, birthYearDate } from '@/features/profile/utils/body';
import { PROFILE_DEFAULTS } from '@/features/profile/utils/defaults';
import {
  draftFromProfile,
  draftPercentSum,
  draftProblems,
  payloadFromDraft,
  serverKeepsGoals,
  switchMacroUnit,
  typedNumber,
  type DraftField,
  type DraftProblem,
  type ProfileDraft,
} from '@/features/profile/utils/profile-draft';
import { ACTIVITY_LEVELS, MACROS, type MacroGoalUnit } from '@/lib/goals';
import { displayLocale } from '@/lib/i18n';
import { useFailureText } from '@/lib/use-failure-text';

/** The weight plans offered, kg a week (negative to lose), within the server's -1 to 0.5. */
const AIMS = [-1, -0.75, -0.5, -0.25, 0, 0.25, 0.5] as const;

/** The order problems are met in, to focus the first. */
const FIELD_ORDER: DraftField[] = ['dateOfBirth', 'height', 'weight', 'goal', 'protein', 'fat', 'carbs', 'macros'];

/**
 * Edit mode of the profile (SPEC 4). Values are checked before sending, each message by
 * its field. Cancel drops the draft. Save shows success only for what the server
 * accepted; on a refusal its message appears and the draft stays for another try.
 */
export function ProfileForm({
  profile,
  atGoals = false,
  firstRun = false,
  onCancel,
  onSaved,
}: {
  profile: ProfileResponse;
  /** Opens scrolled to the goals, the first activity level focused. */
  atGoals?: boolean;
  /**
   * The questions after sign-up: the birth year instead of the date, no nickname or macro
   * goals, and height and weight empty (the defaults as hints) until the person's own.
   */
  firstRun?: boolean;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation(['pages', 'common']);
  const toast = useToast();
  const failureText = useFailureText();
  const { trigger, isMutating } = useUpdateProfile();
  const [draft, setDraft] = useState<ProfileDraft>(() => {
    const fromProfile = draftFromProfile(profile);
    return firstRun && !bodyDataSet(profile) ? { ...fromProfile, height: '', weight: '' } : fromProfile;
  });
  const [birthYear, setBirthYear] = useState(() => draft.dateOfBirth.slice(0, 4));
  // After sign-up the goal follows what the details give until the person types one: the
  // spec's 2,000 is nobody's goal. A profile edited later keeps the goal it has.
  const [goalChosen, setGoalChosen] = useState(!firstRun);
  const withGoals = serverKeepsGoals(profile);
  // Offered where the server keeps it (one from before answers without the field).
  const withAim = !firstRun && 'weight_aim_kg_per_week' in profile.profile;
  const [aim, setAim] = useState(() => {
    const kept = profile.profile.weight_aim_kg_per_week;
    return kept === null || kept === undefined ? '' : String(kept);
  });
  const [problems, setProblems] = useState<Partial<Record<DraftField, DraftProblem>>>({});
  const [error, setError] = useState<string | null>(null);
  const ids = { activity: useId(), macrosError: useId() };
  const goalsRef = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (!atGoals) return;
    goalsRef.current?.scrollIntoView({ block: 'start' });
    goalsRef.current?.querySelector('input')?.focus({ preventScroll: true });
  }, [atGoals]);
  const number = new Intl.NumberFormat(displayLocale(i18n.resolvedLanguage), { maximumFractionDigits: 1 });

  const change = (field: keyof ProfileDraft) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    if (field === 'goal') setGoalChosen(true);
    setDraft((current) => ({ ...current, [field]: value }));
    // A field's message goes once it is changed; the rest wait for the next Save.
    setProblems((current) => {
      const rest = { ...current };
      delete rest[field as DraftField];
      if ((MACROS as readonly string[]).includes(field)) delete rest.macros;
      return rest;
    });
  };

  const message = (field: DraftField) => {
    const problem = problems[field];
    if (!problem) return undefined;
    const { min, max, sum } = problem.values ?? {};
    const shown = (value: number | undefined) => (value === undefined ? '' : number.format(value));
    const values = { min: shown(min), max: shown(max), sum: shown(sum) };
    return <span className="field-error">{t(`profile.errors.${problem.code}`, values)}</span>;
  };
  const invalid = (field: DraftField) => (problems[field] ? true : undefined);
  // A checked field's value, its change, and its problem said beside it.
  const fieldProps = (field: 'dateOfBirth' | 'height' | 'weight' | 'goal') => ({
    value: draft[field],
    onChange: change(field),
    'aria-invalid': invalid(field),
    hint: message(field),
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isMutating) return;
    const found = draftProblems(draft);
    // A birth year that is no year leaves no date behind: said, not dropped.
    if (firstRun && birthYear.trim() !== '' && draft.dateOfBirth === '') found.dateOfBirth = { code: 'birthYear' };
    // The step asks for a year: a year to come is said as one, not as a date.
    else if (firstRun && found.dateOfBirth?.code === 'dateOfBirth') found.dateOfBirth = { code: 'birthYearPast' };
    setProblems(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) {
      const name = first === 'macros' ? 'protein_goal' : FIELD_NAMES[first];
      event.currentTarget.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();
      return;
    }
    setError(null);
    try {
      const payload = payloadFromDraft(draft, withGoals);
      // The first-run step leaves the nickname given at sign-up as it is.
      if (firstRun) delete payload.nickname;
      if (withAim) payload.weight_aim_kg_per_week = aim === '' ? null : Number(aim);
      await trigger(payload);
      const savedGoal = number.format(Number(draft.goal));
      toast.success(
        !firstRun
          ? t('profile.saved')
          : suggested !== null && !goalChosen
            ? t('profile.firstRun.savedSuggested', { goal: savedGoal })
            : t('profile.firstRun.savedGoal', { goal: savedGoal }),
      );
      onSaved();
    } catch (caught) {
      setError(failureText(caught, t('profile.saveFailed')));
    }
  }

  const age = ageFromDateOfBirth(draft.dateOfBirth);
  const body = { weightKg: typedNumber(draft.weight), heightCm: typedNumber(draft.height), age, sex: draft.gender };
  const suggested = withGoals ? suggestedGoalFor(body, draft.activity === '' ? null : draft.activity) : null;
  // The goal follows the suggestion as the details are typed (state set while rendering).
  if (!goalChosen && suggested !== null && draft.goal !== String(suggested.goal)) {
    setDraft({ ...draft, goal: String(suggested.goal) });
  }
  const aimKg = new Intl.NumberFormat(displayLocale(i18n.resolvedLanguage), { maximumFractionDigits: 2 });
  const aimLabel = (kg: number) =>
    kg === 0
      ? t('profile.aim.keep')
      : t(kg < 0 ? 'profile.aim.lose' : 'profile.aim.gain', { kg: aimKg.format(Math.abs(kg)) });
  const aimOptions = [
    { value: '', label: t('profile.aim.none') },
    // A plan saved elsewhere at another rate stays offered as it is.
    ...(aim !== '' && !AIMS.some((kg) => String(kg) === aim) ? [Number(aim)] : []).map((kg) => ({
      value: String(kg),
      label: aimLabel(kg),
    })),
    ...AIMS.map((kg) => ({ value: String(kg), label: aimLabel(kg) })),
  ];
  const unitLabel = (unit: MacroGoalUnit) => t(`profile.macros.units.${unit}`);
  const percentTotal = draftPercentSum(draft);
  // "All three or none" and the percent sum are about the goals together: said once, under them.
  const macrosProblem = problems.macros ?? MACROS.map((macro) => problems[macro]).find((p) => p?.code === 'macroMissing');

  return (
    <form className="form profile-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <div className="profile-form-grid">
        {!firstRun && (
          <TextField
            label={t('profile.fields.nickname')}
            name="nickname"
            autoComplete="nickname"
            value={draft.nickname}
            onChange={change('nickname')}
            // The form replaces the details the person just asked to edit: focus goes to its
            // first field (or to the goals, above), as a dialog's does, not away from them.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus={!atGoals}
          />
        )}
        {firstRun ? (
          <TextField
            label={t('profile.fields.birthYear')}
            name="date_of_birth"
            type="number"
            inputMode="numeric"
            autoComplete="bday-year"
            placeholder="1990"
            value={birthYear}
            onChange={(event) => {
              setBirthYear(event.target.value);
              change('dateOfBirth')({ target: { value: birthYearDate(event.target.value) } });
            }}
            aria-invalid={invalid('dateOfBirth')}
            hint={message('dateOfBirth')}
          />
        ) : (
          <TextField
            label={t('profile.fields.dateOfBirth')}
            name="date_of_birth"
            type="date"
            {...fieldProps('dateOfBirth')}
          />
        )}
        <SelectField
          label={t('profile.fields.gender')}
          name="gender"
          value={draft.gender}
          onChange={change('gender')}
          options={GENDERS.map((gender) => ({ value: gender, label: t(`profile.gender.${gender}`) }))}
        />
        <TextField
          label={t('profile.fields.height')}
          name="height"
          type="number"
          inputMode="decimal"
          step="any"
          placeholder={firstRun ? String(PROFILE_DEFAULTS.height) : undefined}
          {...fieldProps('height')}
        />
        <TextField
          label={t('profile.fields.weight')}
          name="weight"
          type="number"
          inputMode="decimal"
          step="0.1"
          placeholder={firstRun ? String(PROFILE_DEFAULTS.weight) : undefined}
          {...fieldProps('weight')}
        />
      </div>

      {withGoals && (
        <fieldset className="profile-activity" ref={goalsRef}>
          <legend>{t('profile.fields.activity')}</legend>
          {ACTIVITY_LEVELS.map((level) => (
            <label key={level} className="profile-choice">
              <input
                type="radio"
                name="activity_level"
                value={level}
                checked={draft.activity === level}
                onChange={change('activity')}
                aria-labelledby={`${ids.activity}-${level}-name`}
                aria-describedby={`${ids.activity}-${level}`}
              />
              <span>
                <span id={`${ids.activity}-${level}-name`} className="profile-choice-name">
                  {t(`profile.activity.${level}.name`)}
                </span>
                <span id={`${ids.activity}-${level}`} className="profile-choice-hint">
                  {t(`profile.activity.${level}.hint`)}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      )}

      <div className="profile-goal">
        <TextField
          label={t('profile.fields.calorieGoal')}
          name="daily_calorie_goal"
          type="number"
          inputMode="numeric"
          step="1"
          {...fieldProps('goal')}
        />
        {withGoals && (
          <GoalSuggestion
            body={body}
            activity={draft.activity === '' ? null : draft.activity}
            current={typedNumber(draft.goal)}
            onUse={(goal) => change('goal')({ target: { value: String(goal) } })}
            birthYear={firstRun}
          />
        )}
      </div>

      {withAim && (
        <SelectField
          label={t('profile.aim.label')}
          name="weight_aim_kg_per_week"
          value={aim}
          onChange={(event) => setAim(event.target.value)}
          options={aimOptions}
          hint={t('profile.aim.hint')}
        />
      )}

      {withGoals && !firstRun && (
        <fieldset className="profile-macros" aria-describedby={macrosProblem ? ids.macrosError : undefined}>
          <legend>{t('profile.fields.macros')}</legend>
          <div className="profile-unit" role="group" aria-label={t('profile.macros.unit')}>
            {(['g', 'percent'] as const).map((unit) => (
              <button
                key={unit}
                type="button"
                className="chip"
                aria-pressed={draft.macroUnit === unit}
                onClick={() => {
                  setDraft((current) => switchMacroUnit(current, unit));
                  setProblems((current) => withoutMacroProblems(current));
                }}
              >
                {unitLabel(unit)}
              </button>
            ))}
          </div>
          <p className="profile-macros-hint">{t('profile.macros.hint')}</p>
          <div className="profile-macro-fields">
            {MACROS.map((macro) => (
              <TextField
                key={macro}
                label={t(`profile.macros.${draft.macroUnit}.${macro}`)}
                name={`${macro}_goal`}
                type="number"
                inputMode="decimal"
                step="any"
                value={draft[macro]}
                onChange={change(macro)}
                aria-invalid={invalid(macro) ?? invalid('macros')}
                hint={problems[macro]?.code === 'macroMissing' ? undefined : message(macro)}
              />
            ))}
          </div>
          {macrosProblem ? (
            <p className="profile-macros-total field-error" id={ids.macrosError}>
              {t(`profile.errors.${macrosProblem.code}`, { sum: number.format(percentTotal) })}
            </p>
          ) : (
            draft.macroUnit === 'percent' && (
              <p className="profile-macros-total">{t('profile.macros.total', { sum: number.format(percentTotal) })}</p>
            )
      )}
      </fieldset>
)}

      {error && <FormMessage tone="error">{error}</FormMessage>}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={isMutating}>
          {isMutating ? t('profile.saving') : t('profile.save')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={isMutating}>
          {firstRun ? t('profile.firstRun.later') : t('common:actions.cancel')}
        </button>
      </div>
    </form>
  );
}

function withoutMacroProblems(problems: Partial<Record<DraftField, DraftProblem>>) {
  const rest = { ...problems };
  for (const field of [...MACROS, 'macros'] as const) delete rest[field];
  return rest;
}

const FIELD_NAMES: Record<Exclude<DraftField, 'macros'>, string> = {
  dateOfBirth: 'date_of_birth',
  height: 'height',
  weight: 'weight',
  goal: 'daily_calorie_goal',
  protein: 'protein_goal',
  fat: 'fat_goal',
  carbs: 'carbs_goal',
};
