import { userMessages } from '@verigate/contracts';
import { LinkSent } from '@/features/auth/components/link-sent';

export function ResendEmailSuccessPage() {
  return <LinkSent title="Activation Link Sent" message={userMessages.signUpSent} />;
}
