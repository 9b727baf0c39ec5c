import './zod-config';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './app/providers';
import { firstScreens } from './app/router';
import { clientConfigQuery } from './lib/client-config';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
// As a transition, the first render yields to the browser every few milliseconds instead of
// holding the main thread (on a slow phone) until the whole screen is built.
const render = () =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );

// A page drawn at build time (login.html) stays on screen until the app can draw the same screen
// in one go, its settings and its screen's code loaded: no loader flashes in its place meanwhile.
if (root.querySelector(':scope > [inert]')) {
  void Promise.all([queryClient.prefetchQuery(clientConfigQuery), firstScreens]).then(render);
} else {
  render();
}
