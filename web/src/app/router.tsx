import { Navigate, createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { lazyScreen, preloadScreens } from '@/components/lazy-screen';
import { onboardingRoutes } from '@/features/onboarding/routes';
import { CrashPage } from './crash-page';
import { RequireSession } from './require-session';
import { RootLayout } from './root-layout';
import type { ShellHandle } from './shell/navigation';

const title = (text: string): ShellHandle => ({ title: text });

/**
 * App settings' back link leads to its app (/application/manage-apps/{id}/). The shell renders the
 * link outside the matched route, where a relative `to` resolves against '/', so the handle reads
 * the id from the current path each time the shell asks.
 */
const appSettingsHandle: ShellHandle = {
  title: 'App Settings',
  get back() {
    return { to: window.location.pathname.replace(/\/settings\/?$/, '/'), label: 'App Details' };
  },
};

/**
 * The all plans screen, /application/{id}/plans, goes back to /application/{id}: the screen it
 * was opened from (the dashboard's checklist or billing), named by that screen's title (the
 * sidebar's name for it). The sidebar's own list is not read here: it would bring its icons into
 * the first download of every page.
 */
const plansHandle: ShellHandle = {
  title: 'Plans',
  get back() {
    const to = window.location.pathname.replace(/\/plans\/?$/, '');
    const titled = matchRoutes(router.routes, to)?.findLast((match) => (match.route.handle as ShellHandle | undefined)?.title);
    return { to, label: (titled?.route.handle as ShellHandle | undefined)?.title ?? 'Back' };
  },
};

const manageAppsRoutes: RouteObject = {
  path: 'manage-apps',
  handle: title('Apps'),
  children: [
    {
      index: true,
      element: lazyScreen(
        () => import('@/features/apps/routes/apps-list'),
        (m) => m.AppsListPage,
      ),
    },
    {
      path: ':appId',
      handle: { title: 'App Details', back: { to: '/application/manage-apps', label: 'Apps' } } satisfies ShellHandle,
      children: [
        {
          index: true,
          element: lazyScreen(
            () => import('@/features/apps/routes/app-detail'),
            (m) => m.AppDetailPage,
          ),
        },
        {
          path: 'settings',
          element: lazyScreen(
            () => import('@/features/apps/routes/app-settings'),
            (m) => m.AppSettingsPage,
          ),
          handle: appSettingsHandle,
        },
      ],
    },
  ],
};

/**
 * The dashboard shell's screens. Only areas that exist are registered: the sidebar shows an area
 * (and the top bar its Docs link) once its route is added here.
 */
const applicationRoutes: RouteObject[] = [
  {
    path: 'application',
    children: [
      { index: true, element: <Navigate to="/application/dashboard" replace /> },
      {
        path: 'dashboard',
        element: lazyScreen(
          () => import('@/features/dashboard/routes/dashboard'),
          (m) => m.DashboardPage,
        ),
        handle: title('Overview'),
      },
      {
        path: 'reports',
        element: lazyScreen(
          () => import('@/features/reports'),
          (m) => m.ReportsPage,
        ),
        handle: title('Usage'),
      },
      {
        path: 'logs',
        element: lazyScreen(
          () => import('@/features/logs'),
          (m) => m.ApiLogsPage,
        ),
        handle: title('API Logs'),
      },
      {
        path: 'webhooks',
        element: lazyScreen(
          () => import('@/features/webhooks'),
          (m) => m.WebhooksPage,
        ),
        handle: title('Webhooks'),
      },
      {
        path: 'audit-log',
        element: lazyScreen(
          () => import('@/features/audit-log'),
          (m) => m.AuditLogPage,
        ),
        handle: title('Audit Log'),
      },
      {
        path: 'team',
        element: lazyScreen(
          () => import('@/features/team'),
          (m) => m.TeamPage,
        ),
        handle: title('Team'),
      },
      manageAppsRoutes,
      {
        path: 'product-catalog',
        element: lazyScreen(
          () => import('@/features/products/routes/product-catalog'),
          (m) => m.ProductCatalogPage,
        ),
        handle: title('Products'),
      },
      {
        path: 'billing',
        handle: title('Billing'),
        children: [
          {
            index: true,
            element: lazyScreen(
              () => import('@/features/billing/routes/billing'),
              (m) => m.BillingPage,
            ),
          },
          {
            path: 'callback',
            element: lazyScreen(
              () => import('@/features/billing/routes/payment-callback'),
              (m) => m.PaymentCallbackPage,
            ),
            handle: title('Payment'),
          },
        ],
      },
      {
        path: ':from/plans',
        element: lazyScreen(
          () => import('@/features/billing/routes/plans'),
          (m) => m.PlansPage,
        ),
        handle: plansHandle,
      },
      {
        path: 'batch-service',
        element: lazyScreen(
          () => import('@/features/batch'),
          (m) => m.BatchServicePage,
        ),
        handle: title('Batch Service'),
      },
      {
        path: 'trial-center',
        element: lazyScreen(
          () => import('@/features/trial/routes/trial-center'),
          (m) => m.TrialCenterPage,
        ),
        handle: title('Trial Center'),
      },
    ],
  },
  {
    path: 'my-account',
    element: lazyScreen(
      () => import('@/features/account/routes/my-account'),
      (m) => m.MyAccountPage,
    ),
    handle: title('My Account'),
  },
  {
    path: 'security',
    element: lazyScreen(
      () => import('@/features/security'),
      (m) => m.SecurityPage,
    ),
    handle: title('Security'),
  },
  {
    path: 'activation-form',
    element: lazyScreen(
      () => import('@/features/account/routes/activation-form'),
      (m) => m.ActivationFormPage,
    ),
    handle: title('Account Activation'),
  },
  {
    path: 'doc',
    element: lazyScreen(
      () => import('@/features/docs/routes/api-docs'),
      (m) => m.ApiDocsPage,
    ),
    handle: { title: 'API Documentation', wide: true } satisfies ShellHandle,
  },
];

const applicationLayout = lazyScreen(
  () => import('./shell/application-layout'),
  ({ ApplicationLayout }) =>
    function Shell() {
      return <ApplicationLayout routes={() => router.routes} />;
    },
);

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <CrashPage />,
    children: [
      { index: true, element: <Navigate to="/login" replace /> },
      {
        path: 'login',
        element: lazyScreen(
          () => import('@/features/auth/routes/login'),
          (m) => m.LoginPage,
        ),
      },
      {
        path: 'sign-up',
        element: lazyScreen(
          () => import('@/features/auth/routes/sign-up'),
          (m) => m.SignUpPage,
        ),
      },
      {
        path: 'forgot-password',
        element: lazyScreen(
          () => import('@/features/auth/routes/forgot-password'),
          (m) => m.ForgotPasswordPage,
        ),
      },
      {
        path: 'email-verification',
        element: lazyScreen(
          () => import('@/features/auth/routes/email-verification'),
          (m) => m.EmailVerificationPage,
        ),
      },
      {
        path: 'create-password',
        element: lazyScreen(
          () => import('@/features/auth/routes/create-password'),
          (m) => m.CreatePasswordPage,
        ),
      },
      {
        path: 'email-verification-failed',
        element: lazyScreen(
          () => import('@/features/auth/routes/email-verification-failed'),
          (m) => m.EmailVerificationFailedPage,
        ),
      },
      {
        path: 'resend-email-success',
        element: lazyScreen(
          () => import('@/features/auth/routes/resend-email-success'),
          (m) => m.ResendEmailSuccessPage,
        ),
      },
      {
        path: 'password-reset-link-expiry',
        element: lazyScreen(
          () => import('@/features/auth/routes/password-reset-link-expiry'),
          (m) => m.PasswordResetLinkExpiryPage,
        ),
      },
      {
        path: 'password-reset-link-success',
        element: lazyScreen(
          () => import('@/features/auth/routes/password-reset-link-success'),
          (m) => m.PasswordResetLinkSuccessPage,
        ),
      },
      {
        // The emailed invitation: public, signed in or not.
        path: 'invitation/:token',
        element: lazyScreen(
          () => import('@/features/team/routes/invitation-page'),
          (m) => m.InvitationPage,
        ),
      },
      {
        element: <RequireSession />,
        children: [
          {
            element: lazyScreen(
              () => import('./shell/onboarding-layout'),
              (m) => m.OnboardingLayout,
            ),
            children: onboardingRoutes,
          },
          { element: applicationLayout, children: applicationRoutes },
        ],
      },
      {
        path: '*',
        element: lazyScreen(
          () => import('./not-found-page'),
          (m) => m.NotFoundPage,
        ),
      },
    ],
  },
]);

/**
 * Starts downloading the current address's layout and screen, settling once they are here. The
 * router matched the address when it was made: matching it again would rank every route twice.
 */
export const preloadFirstScreens = () => preloadScreens(router.state.matches.map((match) => match.route.element));
