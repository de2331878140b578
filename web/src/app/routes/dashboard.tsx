import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/page';
import { displayLocale } from '@/lib/i18n';

export function DashboardRoute() {
  const { t, i18n } = useTranslation('pages');
  const today = new Intl.DateTimeFormat(displayLocale(i18n.resolvedLanguage), { dateStyle: 'full' }).format(
    new Date(),
  );
  return (
    <Page title={t('dashboard.title')}>
      <p>{t('dashboard.today', { date: today })}</p>
      <p>{t('dashboard.intro')}</p>
    </Page>
  );
}
