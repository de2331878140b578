import { useTranslation } from 'react-i18next';
import { CardPage } from '@/components/layout/page';

/** Shown instead of a page that failed to render or to load. */
export function RouteError() {
  const { t } = useTranslation();
  return <CardPage title={t('errors.unknown')} />;
}
