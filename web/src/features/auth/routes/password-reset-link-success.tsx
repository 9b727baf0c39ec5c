import { userMessages } from '@verigate/contracts';
import { LinkSent } from '@/features/auth/components/link-sent';

export function PasswordResetLinkSuccessPage() {
  return <LinkSent title="Password Reset Link Sent" message={userMessages.resetSent} />;
}
