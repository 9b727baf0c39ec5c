import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { PLAN_LABELS, formatRupees, formatWithGst, type PlanInfo } from '@verigate/contracts';
import { Link } from 'react-router';
import { DetailCard } from '@/components/detail-card';
import { useClientConfig } from '@/lib/client-config';
import { formatDate } from '@/lib/format';
import { plansPath } from '@/features/billing/plans-path';
import { PlanFact, PlanFacts } from './plan-facts';
import { RoleGate } from '@/components/role-gate';

interface NextPlanCardProps {
  next: PlanInfo | null;
  activating: boolean;
  onActivate: () => void;
  /** Shows the bank details a pending plan is paid to. */
  onShowPayment: () => void;
}

/**
 * Seed 001 §4: a paid next plan offers Activate Now, otherwise it reads 'Payment Pending'; its
 * activation shows the 'Activation date' once paid, else the 'Activation Request': On Payment
 * (enable immediately) or On Current Plan Expiry.
 */
function nextPlanActivation(next: Pick<PlanInfo, 'status' | 'start_date' | 'enable_immediately'>): { label: string; value: string } {
  if (next.status === 'PAYMENT_RECEIVED') {
    return { label: PLAN_LABELS.activationDate, value: next.start_date === null ? PLAN_LABELS.onPayment : formatDate(next.start_date) };
  }
  return { label: PLAN_LABELS.activationRequest, value: next.enable_immediately ? PLAN_LABELS.onPayment : PLAN_LABELS.onCurrentPlanExpiry };
}

/** The Next Plan card (seed 001 §2 Billing). */
export function NextPlanCard({ next, activating, onActivate, onShowPayment }: NextPlanCardProps) {
  const { gstRatePercent } = useClientConfig();
  return (
    <DetailCard title="Next Plan">
      {next ? (
        <Stack gap="lg">
          <Group gap="sm" align="baseline" wrap="wrap">
            <Title order={3} fz={{ base: 20, sm: 22 }}>
              {next.plan_name}
            </Title>
            <Badge variant="light">{next.plan_type}</Badge>
          </Group>
          <PlanFacts>
            <PlanFact label="Plan Amount">{formatRupees(next.amount)}</PlanFact>
            {next.status === 'PAYMENT_PENDING' && next.amount > 0 && <PlanFact label="Amount to pay">{formatWithGst(next.amount, gstRatePercent)}</PlanFact>}
            <PlanFact label="Duration">{`${next.duration} months`}</PlanFact>
            <PlanFact label={nextPlanActivation(next).label}>{nextPlanActivation(next).value}</PlanFact>
          </PlanFacts>
          {next.status === 'PAYMENT_RECEIVED' ? (
            <Group>
              <RoleGate permission="billing.manage">
                {(refused) => (
                  <Button onClick={onActivate} loading={activating} disabled={refused}>
                    {PLAN_LABELS.activateNow}
                  </Button>
                )}
              </RoleGate>
            </Group>
          ) : (
            <Group gap="sm">
              <Badge color="yellow" variant="light" size="lg" radius="sm" tt="none">
                {PLAN_LABELS.paymentPending}
              </Badge>
              <Button variant="light" size="sm" onClick={onShowPayment}>
                View Bank Details
              </Button>
            </Group>
          )}
        </Stack>
      ) : (
        <Stack gap="md" align="flex-start">
          <Text c="dimmed">No plan is lined up after your current one.</Text>
          <Button variant="light" component={Link} to={plansPath('billing')}>
            View Plans
          </Button>
        </Stack>
      )}
    </DetailCard>
  );
}
