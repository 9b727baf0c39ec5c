import { Navigate, createBrowserRouter } from 'react-router';
import { CreatePasswordPage } from '../features/auth/routes/create-password';
import { EmailVerificationPage } from '../features/auth/routes/email-verification';
import { EmailVerificationFailedPage } from '../features/auth/routes/email-verification-failed';
import { ForgotPasswordPage } from '../features/auth/routes/forgot-password';
import { LoginPage } from '../features/auth/routes/login';
import { PasswordResetLinkExpiryPage } from '../features/auth/routes/password-reset-link-expiry';
import { PasswordResetLinkSuccessPage } from '../features/auth/routes/password-reset-link-success';
import { ResendEmailSuccessPage } from '../features/auth/routes/resend-email-success';
import { SignUpPage } from '../features/auth/routes/sign-up';
import { CreateOrgPage } from '../features/onboarding/routes/create-org';
import { CrashPage } from './crash-page';
import { NotFoundPage } from './not-found-page';
import { RequireSession } from './require-session';
import { RootLayout } from './root-layout';
import { OnboardingLayout } from './shell/onboarding-layout';

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
          {
            path: 'onboarding',
            element: <OnboardingLayout />,
            children: [
              { index: true, element: <Navigate to="create-org" replace /> },
              { path: 'create-org', element: <CreateOrgPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
