import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import '@/lib/i18n';
import '@/index.css';
import '@/components/ui/ui.css';
import '@/components/layout/layout.css';
import { App } from '@/app';
import { manifestFollowsLanguage, registerServiceWorker } from '@/app/pwa';
import { preloadPage } from '@/app/router';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

manifestFollowsLanguage();
registerServiceWorker(preloadPage(window.location.pathname));

// A transition renders in slices that yield to the browser between them, so the first
// render is no single long task that would hold up taps (Total Blocking Time).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
