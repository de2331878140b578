import { useEffect, useRef } from 'react';
import { useAuth } from '@/lib/auth';
import { i18n, toLanguage } from '@/lib/i18n';

/** The worker is built with the app (scripts/service-worker-plugin.ts); the dev server
 *  has none, so only production builds register it. */
export function registerServiceWorker(firstPage: Promise<unknown>): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // The worker precaches every file of the app: not before the first page has all it
  // needs (the document's load event comes before a lazily loaded page's code and words),
  // and then when the browser is idle, so the downloads never compete with that page.
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  void Promise.allSettled([loaded, firstPage]).then(() => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(register, { timeout: 5000 });
    else register();
  });
}

/** The installed app's name follows the language (manifest.webmanifest is English). */
export function manifestFollowsLanguage(): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (!link) return;
  const apply = (lng: string) => {
    link.href = toLanguage(lng) === 'zh' ? '/manifest.zh.webmanifest' : '/manifest.webmanifest';
  };
  if (i18n.resolvedLanguage) apply(i18n.resolvedLanguage);
  i18n.on('languageChanged', apply);
}

/**
 * When a session ends (logout here or in another tab, or a refused refresh), the worker
 * forgets the foods it kept for offline search, so the next person on this device never
 * sees them.
 */
export function useForgetOfflineDataOnLogout(): void {
  const { isAuthenticated } = useAuth();
  const wasAuthenticated = useRef(isAuthenticated);
  useEffect(() => {
    if (wasAuthenticated.current && !isAuthenticated) forgetPersonalData();
    wasAuthenticated.current = isAuthenticated;
  }, [isAuthenticated]);
}

function forgetPersonalData(): void {
  if (!('serviceWorker' in navigator)) return;
  // The registration's active worker, not only this page's controller: a page opened
  // before the worker activated has none, yet other tabs may have filled the cache.
  navigator.serviceWorker
    .getRegistration()
    .then((registration) => registration?.active?.postMessage({ type: 'forget-personal-data' }))
    .catch(() => undefined);
}
