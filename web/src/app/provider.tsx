import type { ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { ConfirmProvider } from '@/components/ui/confirm-dialog';
import { ToastProvider } from '@/components/ui/toast';
import { ApiError, swrFetcher } from '@/lib/api-client';
import { AuthProvider } from '@/lib/auth';

export const swrConfig: SWRConfiguration = {
  fetcher: swrFetcher,
  // A 4xx will not change by asking again; a dropped connection or a 5xx may.
  shouldRetryOnError: (error: Error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500),
  revalidateOnFocus: false,
};

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={swrConfig}>
      <ToastProvider>
        <ConfirmProvider>
          <AuthProvider>{children}</AuthProvider>
        </ConfirmProvider>
      </ToastProvider>
    </SWRConfig>
  );
}
