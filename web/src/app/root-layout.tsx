import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useActivationPopup } from '@/lib/activation-popup';
import { useLogout } from '@/features/auth/api/logout';
import { useClientConfig } from '@/lib/client-config';
import { useIdleTimer } from '@/lib/idle-timer';
import { hasSession } from '@/lib/storage';
import { useOnceTrue } from '@/lib/use-once-true';

// Few sessions ever see the activation popup: its code loads the first time a server answer opens it.
const AccountActivationModal = lazy(async () => ({ default: (await import('@/components/account-activation-modal')).AccountActivationModal }));

export function RootLayout() {
  const { idleTimeoutMs } = useClientConfig();
  const logout = useLogout();
  useIdleTimer(idleTimeoutMs, () => {
    if (hasSession()) logout.mutate();
  });
  const popupOpened = useActivationPopup();
  const popupLoaded = useOnceTrue(popupOpened);
  return (
    <>
      <ScrollRestoration />
      <Outlet />
      {popupLoaded && (
        <Suspense fallback={null}>
          <AccountActivationModal />
        </Suspense>
      )}
    </>
  );
}
