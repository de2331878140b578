import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { LanguageSwitcher } from '@/components/layout/language-switcher';
import { navEntries, paths, type NavEntry } from '@/config/paths';
import { useAuth, useLoginDialog } from '@/lib/auth';
import { BrandMark } from '@/components/layout/app-shell';

/** Drawn, not emoji: not every system has an emoji font. Stroked at 24 units. */
const icons: Partial<Record<NavEntry['labelKey'], ReactNode>> = {
  'nav.foodSearch': (
    <>
      <circle cx="11" cy="11" r="6.5" />
      <path d="m16 16 4.5 4.5" />
    </>
  ),
  'nav.dashboard': (
    <>
      <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
      <path d="M3.5 9.5h17M8 3v4M16 3v4" />
      <circle cx="12" cy="15" r="1.5" fill="currentColor" />
    </>
  ),
  'nav.statistics': <path d="M3 20.5h18M6 17v-5M12 17V5M18 17V9" />,
  'nav.recipes': <path d="M3.5 11.5h17a8.5 8 0 0 1-17 0ZM9 8c0-1.5 1-2 1-3.5M14 8c0-1.5 1-2 1-3.5" />,
  'nav.profile': (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4.5 20.5c1-4 4-6 7.5-6s6.5 2 7.5 6" />
    </>
  ),
};

function NavIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      className="nav-icon"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

/**
 * The top bar (brand, language, account) and the main navigation: a row in the top bar
 * on a wide screen, a tab bar at the bottom on a phone (layout.css). `onLogout` is the
 * app's: it may ask first (an unsaved basket) before ending the session.
 */
export function Navigation({ onLogout }: { onLogout: () => void }) {
  const { t } = useTranslation();
  const { isAuthenticated } = useAuth();
  const loginDialog = useLoginDialog();

  return (
    <header className="topbar">
      <div className="topbar-inner">
        <Link to={paths.home} className="brand" aria-label={t('nav.home')}>
          <BrandMark />
          <span className="brand-name">{t('app.title')}</span>
        </Link>
        <nav aria-label={t('nav.label')} className="main-nav">
          <ul>
            {navEntries.map((entry) => {
              const locked = entry.requiresLogin && !isAuthenticated;
              return (
                <li key={entry.to}>
                  <NavLink
                    to={entry.to}
                    end={entry.to === paths.home}
                    onClick={(event) => {
                      if (locked) {
                        event.preventDefault();
                        loginDialog.open('login');
                      }
                    }}
                  >
                    <span className="nav-icon-box">
                      <NavIcon>{icons[entry.labelKey]}</NavIcon>
                      {locked && (
                        <svg
                          role="img"
                          aria-label={t('nav.loginRequired')}
                          className="lock"
                          viewBox="0 0 16 16"
                          width="12"
                          height="12"
                        >
                          <path
                            d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2h.5A1 1 0 0 1 13 8v6a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1h.5Zm1.5 0h4V5a2 2 0 1 0-4 0v2Z"
                            fill="currentColor"
                          />
                        </svg>
                      )}
                    </span>
                    {entry.shortLabelKey ? (
                      <>
                        <span className="nav-label nav-label-long">{t(entry.labelKey)}</span>
                        <span className="nav-label-short" aria-hidden="true">
                          {t(entry.shortLabelKey)}
                        </span>
                      </>
                    ) : (
                      <span className="nav-label">{t(entry.labelKey)}</span>
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
            <AccountMenu onLogout={onLogout} />
          ) : (
            <button type="button" className="btn btn-primary btn-small" onClick={() => loginDialog.open('login')}>
              {t('nav.login')}
            </button>
          )}
        </div>
      </div>
    </header>
  );
}

/**
 * The signed-in person and Log out: in the top bar on a wide screen; behind a small
 * account button on a phone, where the bar has room for little else.
 */
function AccountMenu({ onLogout }: { onLogout: () => void }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const box = useRef<HTMLDivElement>(null);
  const name = user?.nickname || user?.username || '';

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="account" ref={box}>
      <button
        type="button"
        className="account-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('nav.account')}
        onClick={() => setOpen((value) => !value)}
      >
        <NavIcon>{icons['nav.profile']}</NavIcon>
      </button>
      <div id={panelId} className={open ? 'account-panel open' : 'account-panel'}>
        <span className="user-name" title={t('nav.signedInAs', { name: user?.username ?? '' })}>
          {name}
        </span>
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setOpen(false);
            onLogout();
          }}
        >
          {t('nav.logout')}
        </button>
      </div>
    </div>
  );
}
