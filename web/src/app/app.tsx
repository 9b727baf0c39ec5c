import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { ConfigGate } from './config-gate';
import { Providers } from './providers';
import { router } from './router';

export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <Providers queryClient={queryClient}>
      <ConfigGate>
        <RouterProvider router={router} />
      </ConfigGate>
    </Providers>
  );
}
