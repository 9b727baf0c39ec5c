import { Alert, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { currentOrganisationId } from '@/lib/api/organisations/get-organisation';
import { useRole } from '@/lib/use-role';
import { useOrganisationPolicy, useTwoFactorStatus } from '../api/security';
import { PolicyCard } from '../components/policy-card';
import { SessionsCard } from '../components/sessions-card';
import { TwoFactorCard } from '../components/two-factor-card';

/**
 * /security: the member's own sign-in security (two-factor sign-in, signed-in sessions) and, for
 * owners, the organisation's two-factor policy. A member whose organisation requires two-factor
 * sign-in lands here after signing in until they have set it up.
 */
export function SecurityPage() {
  const [search] = useSearchParams();
  const organisationId = currentOrganisationId() ?? '';
  const isOwner = useRole() === 'owner';
  const status = useTwoFactorStatus();
  const policy = useOrganisationPolicy(isOwner ? organisationId : '');
  const required = search.get('required') === '1';

  return (
    <Stack gap="lg" maw={760}>
      {required && !status.data?.enabled && (
        <Alert color="orange" title="Two-factor sign-in required">
          Your organisation requires two-factor sign-in. Set it up below to continue using Verigate.
        </Alert>
      )}
      <TwoFactorCard required={required} />
      {isOwner && policy.data && <PolicyCard organisationId={organisationId} required={policy.data.required} ownTwoFactorOn={Boolean(status.data?.enabled)} />}
      <SessionsCard />
    </Stack>
  );
}
