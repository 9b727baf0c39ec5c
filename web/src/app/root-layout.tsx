import { Outlet, ScrollRestoration } from 'react-router';
import { AccountActivationModal } from '@/components/account-activation-modal';
import { useLogout } from '@/features/auth/api/logout';
import { useClientConfig } from '@/lib/client-config';
import { useIdleTimer } from '@/lib/idle-timer';
import { hasSession } from '@/lib/storage';

export function RootLayout() {
  const { idleTimeoutMs } = useClientConfig();
  const logout = useLogout();
  useIdleTimer(idleTimeoutMs, () => {
    if (hasSession()) logout.mutate();
  });
  return (
    <>
      <ScrollRestoration />
      <Outlet />
      <AccountActivationModal />
    </>
  );
}
