import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage, SelectField, TextField } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { GENDERS, type Gender, type ProfileResponse } from '@/features/profile/api/get-profile';
import { useUpdateProfile, type UpdateProfileInput } from '@/features/profile/api/update-profile';
import { PROFILE_DEFAULTS } from '@/features/profile/utils/defaults';
import { useFailureText } from '@/lib/use-failure-text';

type Draft = {
  nickname: string;
  dateOfBirth: string;
  gender: Gender;
  height: string;
  weight: string;
  goal: string;
};

function draftFrom({ user, profile }: ProfileResponse): Draft {
  const text = (value: number | null, fallback: number) => String(value ?? fallback);
  return {
    nickname: user.nickname ?? '',
    dateOfBirth: profile.date_of_birth ?? '',
    gender: profile.gender ?? PROFILE_DEFAULTS.gender,
    height: text(profile.height, PROFILE_DEFAULTS.height),
    weight: text(profile.weight, PROFILE_DEFAULTS.weight),
    goal: text(profile.daily_calorie_goal, PROFILE_DEFAULTS.dailyCalorieGoal),
  };
}

function payloadFrom(draft: Draft): UpdateProfileInput {
  return {
    nickname: draft.nickname.trim(),
    date_of_birth: draft.dateOfBirth === '' ? null : draft.dateOfBirth,
    gender: draft.gender,
    height: Number(draft.height),
    weight: Number(draft.weight),
    daily_calorie_goal: Number(draft.goal),
  };
}

/**
 * Edit mode of the profile (SPEC 4). Cancel drops the draft, so the read view shows the
 * values from before. Save shows success only for what the server accepted; on failure
 * the server's message appears and the draft stays for another try.
 */
export function ProfileForm({
  profile,
  onCancel,
  onSaved,
}: {
  profile: ProfileResponse;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['pages', 'common']);
  const toast = useToast();
  const failureText = useFailureText();
  const { trigger, isMutating } = useUpdateProfile();
  const [draft, setDraft] = useState<Draft>(() => draftFrom(profile));
  const [error, setError] = useState<string | null>(null);
  const update = (field: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [field]: event.target.value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isMutating) return;
    const form = event.currentTarget;
    // Required numbers: the browser names an empty or malformed one in its own words.
    if (!form.checkValidity()) {
      form.reportValidity();
      return;
    }
    setError(null);
    try {
      await trigger(payloadFrom(draft));
      toast.success(t('profile.saved'));
      onSaved();
    } catch (caught) {
      setError(failureText(caught, t('profile.saveFailed')));
    }
  }

  return (
    <form className="form profile-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <div className="profile-form-grid">
        <TextField
          label={t('profile.fields.nickname')}
          name="nickname"
          autoComplete="nickname"
          value={draft.nickname}
          onChange={update('nickname')}
          autoFocus
        />
        <TextField
          label={t('profile.fields.dateOfBirth')}
          name="date_of_birth"
          type="date"
          value={draft.dateOfBirth}
          onChange={update('dateOfBirth')}
        />
        <SelectField
          label={t('profile.fields.gender')}
          name="gender"
          value={draft.gender}
          onChange={update('gender')}
          options={GENDERS.map((gender) => ({ value: gender, label: t(`profile.gender.${gender}`) }))}
        />
        <TextField
          label={t('profile.fields.height')}
          name="height"
          type="number"
          inputMode="decimal"
          step="any"
          required
          value={draft.height}
          onChange={update('height')}
        />
        <TextField
          label={t('profile.fields.weight')}
          name="weight"
          type="number"
          inputMode="decimal"
          step="0.1"
          required
          value={draft.weight}
          onChange={update('weight')}
        />
        <TextField
          label={t('profile.fields.calorieGoal')}
          name="daily_calorie_goal"
          type="number"
          inputMode="numeric"
          step="1"
          required
          value={draft.goal}
          onChange={update('goal')}
        />
      </div>
      {error && <FormMessage tone="error">{error}</FormMessage>}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={isMutating}>
          {isMutating ? t('profile.saving') : t('profile.save')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={isMutating}>
          {t('common:actions.cancel')}
        </button>
      </div>
    </form>
  );
}
