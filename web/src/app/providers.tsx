import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, lazy, useState, type ReactNode } from 'react';
import { ApiError } from '@/lib/api/client';
import { handleServerMessage } from '@/lib/server-messages';
import { mantineProviderProps } from './theme';
import { useMedia } from '@/lib/use-media';
import { useOnceTrue } from '@/lib/use-once-true';

/**
 * The toasts' container (transitions, portal, Mantine's Notification) loads with the first toast:
 * most visits to a page show none, and /login would otherwise download the signed-in screens'
 * Mantine file for it. Mantine's store keeps the toast meanwhile; it appears once the container is there.
 */
const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

function Toasts() {
  const { notifications, queue } = useNotifications();
  const needed = useOnceTrue(notifications.length + queue.length > 0);
  // On a phone a toast at the top covers the whole header (menu, title, avatar): it goes to the bottom.
  const phone = useMedia('(max-width: 36em)');
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position={phone ? 'bottom-center' : 'top-right'} limit={4} />
    </Suspense>
  );
}

/** A refusal (4xx) will not change on retry; network failures and 5xx answers get two more tries. */
const retryUnlessRefused = (failureCount: number, error: Error) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2;

export function createQueryClient() {
  return new QueryClient({
    // Seed §8's special server messages, handled once for every query and mutation.
    queryCache: new QueryCache({ onError: handleServerMessage }),
    mutationCache: new MutationCache({ onError: handleServerMessage }),
    defaultOptions: { queries: { refetchOnWindowFocus: false, retry: retryUnlessRefused } },
  });
}

export function Providers({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider {...mantineProviderProps}>
        <Toasts />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
