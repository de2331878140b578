import { Suspense } from 'react';
import { AppProvider } from '@/app/provider';
import { AppRouter } from '@/app/router';
import { AppShell } from '@/components/layout/app-shell';

/**
 * The app renders at once: until the words of the first screen have come (a round trip,
 * requested with the page's code, app/router.tsx), it shows the top bar index.html
 * painted, never untranslated keys.
 */
export function App() {
  return (
    <Suspense fallback={<AppShell />}>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </Suspense>
  );
}
