import { Navigate, type RouteObject } from 'react-router';
import { lazyScreen } from '@/components/lazy-screen';

/** The onboarding screens (/onboarding/* and /welcome); the app router gives them the onboarding layout. */
export const onboardingRoutes: RouteObject[] = [
  {
    path: 'onboarding',
    children: [
      { index: true, element: <Navigate to="create-org" replace /> },
      {
        path: 'create-org',
        element: lazyScreen(
          () => import('./routes/create-org'),
          (m) => m.CreateOrgPage,
        ),
      },
      {
        path: 'select-service',
        element: lazyScreen(
          () => import('./routes/select-service'),
          (m) => m.SelectServicePage,
        ),
      },
    ],
  },
  {
    path: 'welcome',
    element: lazyScreen(
      () => import('./routes/welcome'),
      (m) => m.WelcomePage,
    ),
  },
];
