import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FormMessage } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { bodyDataSet, useProfile, type ProfileResponse } from '@/features/profile/api/get-profile';
import { BmiCard } from '@/features/profile/components/bmi-card';
import { ProfileForm } from '@/features/profile/components/profile-form';
import { ageFromDateOfBirth } from '@/features/profile/utils/body';
import { PROFILE_DEFAULTS } from '@/features/profile/utils/defaults';
import { serverKeepsGoals } from '@/features/profile/utils/profile-draft';
import { useAuth } from '@/lib/auth';
import { activityLevel, macroGoalUnit } from '@/lib/goals';
import { displayLocale } from '@/lib/i18n';

/** SPEC 4: loading, then the read view or edit mode; a failed load offers a retry. */
export function ProfileDetails() {
  const { t } = useTranslation(['pages', 'common']);
  const { data, error, isValidating, mutate } = useProfile();
  // `/profile?edit=goals` (the dashboard's "Set your own") opens the form at the goals;
  // `?edit=body` (the vitamin targets' "set your sex and birth date") at its top.
  const [params] = useSearchParams();
  const [atGoals, setAtGoals] = useState(params.get('edit') === 'goals');
  const [editing, setEditing] = useState(atGoals || params.get('edit') === 'body');
  const close = () => {
    setEditing(false);
    setAtGoals(false);
  };
  const titleId = useId();

  if (!data) {
    if (error) {
      return (
        <section className="profile-panel" aria-labelledby={titleId}>
          <h2 id={titleId}>{t('profile.details')}</h2>
          <FormMessage tone="error">{t('profile.loadError')}</FormMessage>
          <button type="button" className="btn btn-primary" disabled={isValidating} onClick={() => void mutate()}>
            {t('common:actions.retry')}
          </button>
        </section>
      );
    }
    return <Spinner label={t('profile.loading')} />;
  }

  return (
    <div className="profile-grid">
      <section className="profile-panel" aria-labelledby={titleId}>
        <div className="panel-header">
          <h2 id={titleId}>{t('profile.details')}</h2>
          {!editing && (
            <button type="button" className="btn btn-secondary" onClick={() => setEditing(true)}>
              {t('profile.edit')}
            </button>
          )}
        </div>
        {editing ? (
          <ProfileForm
            profile={data}
            atGoals={atGoals}
            onCancel={close}
            onSaved={close}
          />
        ) : (
          <ProfileFacts profile={data} />
        )}
      </section>
      <BmiCard
        weight={bodyDataSet(data) ? (data.profile.weight ?? PROFILE_DEFAULTS.weight) : null}
        height={bodyDataSet(data) ? (data.profile.height ?? PROFILE_DEFAULTS.height) : null}
        onAdd={editing ? undefined : () => setEditing(true)}
      />
    </div>
  );
}

function ProfileFacts({ profile: response }: { profile: ProfileResponse }) {
  const { user, profile } = response;
  const { t, i18n } = useTranslation('pages');
  const auth = useAuth();
  const number = new Intl.NumberFormat(displayLocale(i18n.resolvedLanguage), { maximumFractionDigits: 1 });
  const age = ageFromDateOfBirth(profile.date_of_birth);
  const notSet = <span className="muted">{t('profile.notSet')}</span>;
  const verified = auth.user?.email_verified;
  // Until the person saves body data, the spec's defaults are not shown as theirs.
  const own = bodyDataSet(response);

  const facts: Array<[label: string, value: React.ReactNode]> = [
    [t('profile.fields.username'), user.username],
    [t('profile.fields.nickname'), user.nickname || notSet],
    [
      t('profile.fields.email'),
      user.email ? (
        <>
          {user.email}
          {typeof verified === 'boolean' && (
            <>
              {' '}
              <span className={verified ? 'badge badge-success' : 'badge badge-warning'}>
                {verified ? t('profile.email.verified') : t('profile.email.notVerified')}
              </span>
            </>
          )}
          {verified === false && (
            <>
              {' '}
              <Link to={paths.resendVerification}>{t('profile.email.resend')}</Link>
            </>
          )}
        </>
      ) : (
        notSet
      ),
    ],
    [t('profile.fields.age'), age === null ? notSet : t('profile.values.age', { age })],
    [t('profile.fields.gender'), own ? t(`profile.gender.${profile.gender ?? PROFILE_DEFAULTS.gender}`) : notSet],
    // The labels carry the units (cm, kg, kcal).
    [t('profile.fields.height'), own ? number.format(profile.height ?? PROFILE_DEFAULTS.height) : notSet],
    [t('profile.fields.weight'), own ? number.format(profile.weight ?? PROFILE_DEFAULTS.weight) : notSet],
    [t('profile.fields.calorieGoal'), number.format(profile.daily_calorie_goal ?? PROFILE_DEFAULTS.dailyCalorieGoal)],
  ];
  if (serverKeepsGoals(response)) {
    const activity = activityLevel(profile.activity_level);
    facts.push(
      [t('profile.fields.activity'), activity ? t(`profile.activity.${activity}.name`) : notSet],
      [t('profile.fields.macros'), macroSummary()],
    );
  }

  function macroSummary() {
    const unit = macroGoalUnit(profile.macro_goal_unit);
    const [protein, fat, carbs] = [profile.protein_goal ?? null, profile.fat_goal ?? null, profile.carbs_goal ?? null];
    if (unit === null || protein === null || fat === null || carbs === null) {
      return <span className="muted">{t('profile.macros.summary.default')}</span>;
    }
    return t(`profile.macros.summary.${unit}`, {
      protein: number.format(protein),
      fat: number.format(fat),
      carbs: number.format(carbs),
    });
  }

  return (
    <dl className="profile-facts">
      {facts.map(([label, value]) => (
        <div key={label} className="profile-fact">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
