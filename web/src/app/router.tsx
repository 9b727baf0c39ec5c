import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { ActivationFormPage } from '@/features/account/routes/activation-form';
import { AppDetailPage } from '@/features/apps/routes/app-detail';
import { AppSettingsPage } from '@/features/apps/routes/app-settings';
import { AppsListPage } from '@/features/apps/routes/apps-list';
import { MyAccountPage } from '@/features/account/routes/my-account';
import { CreatePasswordPage } from '@/features/auth/routes/create-password';
import { EmailVerificationPage } from '@/features/auth/routes/email-verification';
import { EmailVerificationFailedPage } from '@/features/auth/routes/email-verification-failed';
import { ForgotPasswordPage } from '@/features/auth/routes/forgot-password';
import { LoginPage } from '@/features/auth/routes/login';
import { PasswordResetLinkExpiryPage } from '@/features/auth/routes/password-reset-link-expiry';
import { PasswordResetLinkSuccessPage } from '@/features/auth/routes/password-reset-link-success';
import { ResendEmailSuccessPage } from '@/features/auth/routes/resend-email-success';
import { SignUpPage } from '@/features/auth/routes/sign-up';
import { BatchServicePage } from '@/features/batch';
import { BillingPage } from '@/features/billing/routes/billing';
import { PaymentCallbackPage } from '@/features/billing/routes/payment-callback';
import { PlansPage } from '@/features/billing/routes/plans';
import { DashboardPage } from '@/features/dashboard/routes/dashboard';
import { ApiDocsPage } from '@/features/docs/routes/api-docs';
import { onboardingRoutes } from '@/features/onboarding/routes';
import { ProductCatalogPage } from '@/features/products/routes/product-catalog';
import { CrashPage } from './crash-page';
import { NotFoundPage } from './not-found-page';
import { RequireSession } from './require-session';
import { RootLayout } from './root-layout';
import { ApplicationLayout } from './shell/application-layout';
import { NAVIGATION, routePaths, type ShellHandle } from './shell/navigation';
import { OnboardingLayout } from './shell/onboarding-layout';

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
 * was opened from (the dashboard's checklist or billing), named as the sidebar names it.
 */
const plansHandle: ShellHandle = {
  title: 'Plans',
  get back() {
    const to = window.location.pathname.replace(/\/plans\/?$/, '');
    return { to, label: NAVIGATION.find((item) => item.path === to)?.label ?? 'Back' };
  },
};

const manageAppsRoutes: RouteObject = {
  path: 'manage-apps',
  handle: title('Apps'),
  children: [
    { index: true, element: <AppsListPage /> },
    {
      path: ':appId',
      handle: { title: 'App Details', back: { to: '/application/manage-apps', label: 'Apps' } } satisfies ShellHandle,
      children: [
        { index: true, element: <AppDetailPage /> },
        { path: 'settings', element: <AppSettingsPage />, handle: appSettingsHandle },
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
      { path: 'dashboard', element: <DashboardPage />, handle: title('Overview') },
      // Reports carry the date pickers: loaded when Usage is first opened.
      {
        path: 'reports',
        lazy: async () => ({ Component: (await import('@/features/reports')).ReportsPage }),
        handle: title('Usage'),
      },
      manageAppsRoutes,
      { path: 'product-catalog', element: <ProductCatalogPage />, handle: title('Products') },
      {
        path: 'billing',
        handle: title('Billing'),
        children: [
          { index: true, element: <BillingPage /> },
          { path: 'callback', element: <PaymentCallbackPage />, handle: title('Payment') },
        ],
      },
      { path: ':from/plans', element: <PlansPage />, handle: plansHandle },
      { path: 'batch-service', element: <BatchServicePage />, handle: title('Batch Service') },
      // The trial forms carry the product catalog: loaded when the Trial Center is first opened.
      {
        path: 'trial-center',
        lazy: async () => ({ Component: (await import('@/features/trial/routes/trial-center')).TrialCenterPage }),
        handle: title('Trial Center'),
      },
    ],
  },
  { path: 'my-account', element: <MyAccountPage />, handle: title('My Account') },
  { path: 'activation-form', element: <ActivationFormPage />, handle: title('Account Activation') },
  { path: 'doc', element: <ApiDocsPage />, handle: { title: 'API Documentation', wide: true } satisfies ShellHandle },
];

let knownPaths: ReadonlySet<string> | undefined;
/** Every path of the whole router, read once, when the shell first renders (after `router` exists). */
const registeredPaths = (): ReadonlySet<string> => (knownPaths ??= routePaths(router.routes));

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <CrashPage />,
    children: [
      { index: true, element: <Navigate to="/login" replace /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'sign-up', element: <SignUpPage /> },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'email-verification', element: <EmailVerificationPage /> },
      { path: 'create-password', element: <CreatePasswordPage /> },
      { path: 'email-verification-failed', element: <EmailVerificationFailedPage /> },
      { path: 'resend-email-success', element: <ResendEmailSuccessPage /> },
      { path: 'password-reset-link-expiry', element: <PasswordResetLinkExpiryPage /> },
      { path: 'password-reset-link-success', element: <PasswordResetLinkSuccessPage /> },
      {
        element: <RequireSession />,
        children: [
          { element: <OnboardingLayout />, children: onboardingRoutes },
          { element: <ApplicationLayout registeredPaths={registeredPaths} />, children: applicationRoutes },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
