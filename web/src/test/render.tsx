import { MantineProvider, mergeThemeOverrides, Popover } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ClientConfig } from '@verigate/contracts';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { theme } from '@/app/theme';
import { clientConfigQuery } from '@/lib/client-config';

/** The runtime settings a test starts with (the server's defaults); a test may set others on its query client. */
export const TEST_CLIENT_CONFIG: ClientConfig = {
  idleTimeoutMs: 1_800_000,
  captchaChallengeUrl: '/api/captcha/challenge',
  workEmailRequestUrl: 'https://verigate.example/work-email',
  supportUrl: 'https://support.verigate.example',
  salesUrl: 'https://verigate.example/contact-sales',
  providerSiteUrl: 'https://verigate.example',
  termsUrl: 'https://verigate.example/terms',
  privacyUrl: 'https://verigate.example/privacy',
  gstRatePercent: 18,
};

/**
 * The portal's theme, with an open dropdown shown wherever its anchor is. jsdom lays nothing out,
 * so Floating UI's hide middleware finds every anchor clipped and hides an open menu, select or
 * popover (display: none) once its position is computed, tens of milliseconds after it opens: a
 * query that came later, as on a loaded machine, found nothing.
 */
const testTheme = mergeThemeOverrides(theme, { components: { Popover: Popover.extend({ defaultProps: { hideDetached: false } }) } });

/** A query client without retries, holding the runtime settings as the app loads them before any screen. */
export function testQueryClient(config: ClientConfig = TEST_CLIENT_CONFIG) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } });
  client.setQueryData(clientConfigQuery.queryKey, config);
  return client;
}

/** What the portal's components expect around them: a query client and Mantine with the test theme. */
export function TestProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <MantineProvider theme={testTheme}>{children}</MantineProvider>
    </QueryClientProvider>
  );
}

/** Renders a component inside TestProviders. */
export function renderWithProviders(ui: ReactElement, client = testQueryClient()) {
  return render(<TestProviders client={client}>{ui}</TestProviders>);
}

/**
 * Renders a screen as the portal does (Mantine, TanStack Query without retries and with the
 * runtime settings `config`, a router at `path`, with navigation `state`), with the other routes
 * named so a test sees where a redirect went.
 */
export function renderScreen(
  element: ReactElement,
  { path = '/', route = path.split('?')[0]!, otherRoutes = [] as string[], state = undefined as unknown, config = TEST_CLIENT_CONFIG } = {},
) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[{ pathname: path.split('?')[0], search: path.includes('?') ? `?${path.split('?')[1]}` : '', state }]}>
      <Routes>
        <Route path={route} element={element} />
        {otherRoutes.map((other) => (
          <Route key={other} path={other} element={<p>Screen {other}</p>} />
        ))}
      </Routes>
    </MemoryRouter>,
    testQueryClient(config),
  );
}

type Answer = { status?: number; body: unknown } | ((url: string, init: RequestInit | undefined) => { status?: number; body: unknown });

/**
 * Answers the portal's API calls: each entry maps a method and path prefix to an answer, sent
 * in the `{data}` envelope when 2xx and as given otherwise. Returns the fetch spy to read the calls.
 */
export function answerApi(answers: Record<string, Answer>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const key = Object.keys(answers).find((candidate) => {
      const [wantMethod, wantPath] = candidate.split(' ');
      return wantMethod === method && url.startsWith(`/api${wantPath}`);
    });
    if (!key) throw new Error(`unexpected call ${method} ${url}`);
    const answer = answers[key]!;
    const { status = 200, body } = typeof answer === 'function' ? answer(url, init) : answer;
    const envelope = status < 300 ? { data: body } : body;
    return new Response(JSON.stringify(envelope), { status, headers: { 'content-type': 'application/json' } });
  });
}
