import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/modal';
import { bodyDataSet, useProfile } from '@/features/profile/api/get-profile';
import { ProfileForm } from '@/features/profile/components/profile-form';
import { clearFirstRun } from '@/lib/first-run';
import '@/features/profile/profile.css';

/**
 * Right after sign-up: sex, birth year, height, weight and activity, with the goal they
 * suggest. "Later" leaves the spec's defaults, which the profile then says are not set yet.
 */
export function FirstRunStep() {
  const { t } = useTranslation('pages');
  const { data } = useProfile();
  const titleId = useId();
  const introId = useId();
  // Asked once: an account whose body data is already its own has nothing to answer.
  const answered = data !== undefined && bodyDataSet(data);
  useEffect(() => {
    if (answered) clearFirstRun();
  }, [answered]);
  if (!data || answered) return null;
  return (
    <Modal open onClose={clearFirstRun} labelledBy={titleId} describedBy={introId} className="first-run-panel">
      <h2 id={titleId}>{t('profile.firstRun.title')}</h2>
      <p id={introId} className="muted">
        {t('profile.firstRun.intro')}
      </p>
      <ProfileForm profile={data} firstRun onCancel={clearFirstRun} onSaved={clearFirstRun} />
    </Modal>
  );
}
