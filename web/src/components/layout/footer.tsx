import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { devEntries } from '@/config/paths';
import { useDeveloperTools } from '@/lib/developer-tools';

/**
 * The developer pages: out of the main navigation, a small line at the end of every
 * page, and only on a device where the developer switch is on.
 */
export function Footer() {
  const { t } = useTranslation();
  const [developerTools] = useDeveloperTools();
  if (!developerTools) return null;
  return (
    <footer className="site-footer">
      <nav aria-label={t('nav.devTools')}>
        <span>{t('nav.devTools')}:</span>
        {devEntries.map((entry) => (
          <Link key={entry.to} to={entry.to}>
            {t(entry.labelKey)}
          </Link>
        ))}
      </nav>
    </footer>
  );
}
