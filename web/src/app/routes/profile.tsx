import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/page';
import { AccountSettings } from '@/features/account/components/account-settings';
import { EnergyCard } from '@/features/energy/components/energy-card';
import { ProfileDetails } from '@/features/profile/components/profile-details';
import { WeightPanel } from '@/features/weight/components/weight-panel';
import '@/features/profile/profile.css';

export function ProfileRoute() {
  const { t } = useTranslation('pages');
  return (
    <Page title={t('profile.title')}>
      <div className="profile-layout">
        <ProfileDetails />
        <EnergyCard />
        <WeightPanel />
        <AccountSettings />
      </div>
    </Page>
  );
}
