import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { LanguageSwitcher } from '@/components/layout/language-switcher';
import { useToast } from '@/components/ui/toast';
import { navEntries, paths } from '@/config/paths';
import { useLogoutToHome } from '@/features/auth/hooks/use-logout-to-home';
import { useAuth, useLoginDialog } from '@/lib/auth';

export function Navigation() {
  const { t } = useTranslation(['common', 'auth']);
  const { isAuthenticated, user } = useAuth();
  const logoutToHome = useLogoutToHome();
  const loginDialog = useLoginDialog();
  const toast = useToast();
  const [menuOpen, setMenuOpen] = useState(false);

  function handleLogout() {
    setMenuOpen(false);
    // Leaves any protected page in the same render, so it does not ask to log in again.
    logoutToHome();
    toast.success(t('auth:logout.success'));
  }

  return (
    <header className="topbar">
      <div className="topbar-inner">
        <Link to={paths.home} className="brand" aria-label={t('nav.home')}>
          <svg className="brand-mark" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M5 19c0-8 5-14 15-15-1 10-7 15-15 15Z" fill="currentColor" />
            <path d="M5 19 14 10" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
          <span className="brand-name">{t('app.title')}</span>
        </Link>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true">☰</span>
        </button>
        <nav id="main-nav" aria-label={t('nav.label')} className={menuOpen ? 'main-nav open' : 'main-nav'}>
          <ul>
            {navEntries.map((entry) => {
              const locked = entry.requiresLogin && !isAuthenticated;
              return (
                <li key={entry.to}>
                  <NavLink
                    to={entry.to}
                    end={entry.to === paths.home}
                    onClick={(event) => {
                      setMenuOpen(false);
                      if (locked) {
                        event.preventDefault();
                        loginDialog.open('login');
                      }
                    }}
                  >
                    {t(entry.labelKey)}
                    {locked && (
                      <svg
                        role="img"
                        aria-label={t('nav.loginRequired')}
                        className="lock"
                        viewBox="0 0 16 16"
                        width="12"
                        height="12"
                      >
                        {/* Drawn, not an emoji: not every system has an emoji font. */}
                        <path
                          d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2h.5A1 1 0 0 1 13 8v6a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1h.5Zm1.5 0h4V5a2 2 0 1 0-4 0v2Z"
                          fill="currentColor"
                        />
                      </svg>
                    )}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="topbar-actions">
          <LanguageSwitcher />
          {isAuthenticated ? (
            <>
              <span className="user-name" title={t('nav.signedInAs', { name: user?.username ?? '' })}>
                {user?.nickname || user?.username}
              </span>
              <button type="button" className="btn btn-secondary" onClick={handleLogout}>
                {t('nav.logout')}
              </button>
            </>
          ) : (
            <button type="button" className="btn btn-primary" onClick={() => loginDialog.open('login')}>
              {t('nav.login')}
            </button>
          )}
        </div>
      </div>
    </header>
  );
}
