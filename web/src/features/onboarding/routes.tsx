import { Navigate, type RouteObject } from 'react-router';
import { CreateOrgPage } from './routes/create-org';
import { SelectServicePage } from './routes/select-service';
import { WelcomePage } from './routes/welcome';

/** The onboarding screens (/onboarding/* and /welcome); the app router gives them the onboarding layout. */
export const onboardingRoutes: RouteObject[] = [
  {
    path: 'onboarding',
    children: [
      { index: true, element: <Navigate to="create-org" replace /> },
      { path: 'create-org', element: <CreateOrgPage /> },
      { path: 'select-service', element: <SelectServicePage /> },
    ],
  },
  { path: 'welcome', element: <WelcomePage /> },
];
