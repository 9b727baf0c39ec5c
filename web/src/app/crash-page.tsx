import { StatusPage } from '@/components/status-page';

export function CrashPage() {
  return <StatusPage title="Something went wrong" subtitle="The page you are looking for might have been removed, renamed or temporarily unavailable." />;
}
