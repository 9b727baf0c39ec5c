import { StatusPage } from '@/components/status-page';

export function NotFoundPage() {
  return <StatusPage title="404 Error Occurred" subtitle="PAGE NOT FOUND" />;
}
