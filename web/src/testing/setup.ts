import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { i18n, i18nReady, type Namespace } from '@/lib/i18n';
import { fakeMatchMedia } from '@/testing/media';

// A page's code is imported on its first render, as in the browser, and a file's first
// import of it is transformed then: on a loaded two-core machine that has taken longer
// than the default second that `findBy…` waits.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no matchMedia, which uPlot reads when its module loads (for the pixel
// ratio); charts themselves are not drawn there (no canvas), but their pages render.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = fakeMatchMedia(() => false);
}

// The app fetches a language's words as its pages need them; a test renders any part
// of it in either language at once.
const namespaces = Object.keys(import.meta.glob('../locales/en/*.json')).map(
  (file) => file.slice(file.lastIndexOf('/') + 1, -'.json'.length) as Namespace,
);
beforeAll(async () => {
  await i18nReady;
  await i18n.loadNamespaces(namespaces);
  await i18n.loadLanguages(['en', 'zh']);
});

// Node-environment tests (the API client against a real HTTP server) have no DOM.
afterEach(async () => {
  if (typeof window === 'undefined') return;
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  await i18n.changeLanguage('en');
  window.localStorage.clear();
});
