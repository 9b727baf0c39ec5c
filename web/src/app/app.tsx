import { RouterProvider } from 'react-router/dom';
import { ConfigGate } from './config-gate';
import { Providers } from './providers';
import { router } from './router';

export function App() {
  return (
    <Providers>
      <ConfigGate>
        <RouterProvider router={router} />
      </ConfigGate>
    </Providers>
  );
}
