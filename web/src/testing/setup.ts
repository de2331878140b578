import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n } from '@/lib/i18n';
import { fakeMatchMedia } from '@/testing/media';

// jsdom has no matchMedia, which uPlot reads when its module loads (for the pixel
// ratio); charts themselves are not drawn there (no canvas), but their pages render.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = fakeMatchMedia(() => false);
}

// Node-environment tests (the API client against a real HTTP server) have no DOM.
afterEach(async () => {
  if (typeof window === 'undefined') return;
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  await i18n.changeLanguage('en');
  window.localStorage.clear();
});
