import './zod-config';
import 'virtual:theme-variables.css';
import '@mantine/notifications/styles.css';
import './styles.css';
// The dashboard's page draws its shapes before any script runs: their styles come with the page's stylesheet.
import './prerender/dashboard-shell.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { prefetchFirstData } from './app/first-data';
import { createQueryClient } from './app/providers';
import { preloadFirstScreens } from './app/router';
import { clientConfigQuery } from './lib/client-config';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
// The settings are asked for first; the first address's layout and screen download alongside
// them rather than after them (each would otherwise start only once the part around it rendered).
const settings = queryClient.prefetchQuery(clientConfigQuery);
const firstScreens = preloadFirstScreens();
prefetchFirstData(queryClient, window.location.pathname);
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

// A page drawn at build time (login.html, dashboard.html) stays on screen until the app can draw
// its screen in one go, its settings and its screen's code loaded: no loader flashes in its place meanwhile.
if (root.querySelector(':scope > [inert]')) {
  void Promise.all([settings, firstScreens]).then(render);
} else {
  render();
}
