import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { SWRConfig } from 'swr';
import { swrConfig } from '@/app/provider';
import { AppRoutes } from '@/app/router';
import { ConfirmProvider } from '@/components/ui/confirm-dialog';
import { ToastProvider } from '@/components/ui/toast';
import { AuthProvider } from '@/lib/auth';

/** The app's providers with a fresh SWR cache, so tests share nothing. */
export function TestProviders({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={{ ...swrConfig, provider: () => new Map(), dedupingInterval: 0 }}>
      <ToastProvider>
        <ConfirmProvider>
          <AuthProvider>{children}</AuthProvider>
        </ConfirmProvider>
      </ToastProvider>
    </SWRConfig>
  );
}

/** Shows where the router is, so tests can assert redirects as text. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/** Renders the whole app at `path`. */
export function renderApp(path = '/') {
  const user = userEvent.setup();
  const result = render(
    <TestProviders>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </TestProviders>,
  );
  return { user, ...result };
}
