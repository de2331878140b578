import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/page';
import { RecipesPage } from '@/features/recipes/components/recipes-page';

export function RecipesRoute() {
  const { t } = useTranslation('recipes');
  return (
    <Page title={t('page.title')}>
      <RecipesPage />
    </Page>
  );
}
