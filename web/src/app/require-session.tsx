import { Navigate, Outlet } from 'react-router';
import { hasSession } from '@/lib/storage';

/** Seed §2 signed-in guard: without a stored token the visitor goes to /. */
export function RequireSession() {
  return hasSession() ? <Outlet /> : <Navigate to="/" replace />;
}
