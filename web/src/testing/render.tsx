import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, type ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';
import { swrConfig } from '@/app/provider';
import { AppRoutes } from '@/app/router';
import { ConfirmProvider } from '@/components/ui/confirm-dialog';
import { ToastProvider } from '@/components/ui/toast';
import { AuthProvider } from '@/lib/auth';
import { preloadEveryPart } from '@/lib/lazy-part';

// In the browser a page's or dialog's code comes when it first shows; here all of it is
// loaded before a test renders, so a test sees any of them at once.
await preloadEveryPart();

type UserEventOptions = Parameters<typeof userEvent.setup>[0];

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

/** Renders the whole app at `path`; `strict` adds StrictMode, as in main.tsx. */
export function renderApp(path = '/', options: { strict?: boolean; userEvent?: UserEventOptions } = {}) {
  const user = userEvent.setup(options.userEvent);
  const app = (
    <TestProviders>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </TestProviders>
  );
  const result = render(options.strict ? <StrictMode>{app}</StrictMode> : app);
  return { user, ...result };
}

/** Renders `children` (one component, outside the route tree) with the app's providers. */
export function renderWithProviders(children: ReactNode, path = '/') {
  const user = userEvent.setup();
  const result = render(
    <TestProviders>
      <MemoryRouter initialEntries={[path]}>
        {children}
        <LocationProbe />
      </MemoryRouter>
    </TestProviders>,
  );
  return { user, ...result };
}

/** userEvent under vi.useFakeTimers(): lets its own small delays run on the fake clock. */
export const fakeTimerUserEvent: UserEventOptions = { advanceTimers: (ms) => vi.advanceTimersByTime(ms) };
