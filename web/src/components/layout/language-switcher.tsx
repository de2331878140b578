import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES } from '@/config/constants';
import { displayLocale, toLanguage } from '@/lib/i18n';

/** en / 中文; i18next remembers the choice in local storage. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current = toLanguage(i18n.resolvedLanguage);
  return (
    <div role="group" aria-label={t('language.label')} className="lang-switch">
      {SUPPORTED_LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={displayLocale(lng)}
          aria-pressed={current === lng}
          onClick={() => void i18n.changeLanguage(lng)}
        >
          {t(`language.${lng}`)}
        </button>
      ))}
    </div>
  );
}
