import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { mantineProviderProps } from '@/app/theme';
import { clientConfigQuery } from '@/lib/client-config';
import { LoginPage } from '@/features/auth/routes/login';

/**
 * The login screen as HTML, drawn at build time (in Node) for /login's page: the browser paints it
 * as soon as the stylesheet arrives, before any script has run, and the app replaces it with the
 * same screen once loaded. The runtime settings are unknown here; the links they fill are not
 * followable in the snapshot, which is inert until the app takes over.
 */
export function renderLoginShell(): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(clientConfigQuery.queryKey, {
    idleTimeoutMs: 1,
    captchaChallengeUrl: '',
    workEmailRequestUrl: '',
    supportUrl: '',
    salesUrl: '',
    providerSiteUrl: '',
    termsUrl: '',
    privacyUrl: '',
    gstRatePercent: 0,
  });
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <MantineProvider {...mantineProviderProps}>
        <MemoryRouter initialEntries={['/login']}>
          <LoginPage />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}
