import { ActionIcon, Badge, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { BILLING_MESSAGES, formatRupees, type PlanInfo } from '@verigate/contracts';
import { Link } from 'react-router';
import { DetailCard } from '@/components/detail-card';
import { GatedButton } from '@/components/gated-button';
import { RoleGate } from '@/components/role-gate';
import { IconEdit } from '@/components/icons';
import { useClientConfig } from '@/lib/client-config';
import { formatDate } from '@/lib/format';
import { plansPath } from '@/features/billing/plans-path';
import { alertLabelOf } from './alert-balance-modal';
import { PlanFact, PlanFacts } from './plan-facts';

interface PlanDetailsCardProps {
  current: PlanInfo | null;
  /** Add Balance shows only for an organisation in India; it is disabled on a POSTPAID plan. */
  addBalance: 'enabled' | 'disabled' | 'hidden';
  /** Outside India a PREPAID wallet is topped up by asking the provider's team. */
  canRequestBalance: boolean;
  requestingBalance: boolean;
  onAddBalance: () => void;
  onRequestBalance: () => void;
  onAlertBalance: () => void;
  onPricing: () => void;
  onContactSales: () => void;
}

const ADD_BALANCE_POSTPAID = 'Add Balance is available only on a PREPAID plan';

/**
 * What the two balances are, in a line rather than a tooltip so a phone shows it too: the wallet
 * holds pre-tax value (GST was paid on top of the plan or top-up), a live call reserves and debits
 * its plan price (excluding GST) from it, and the figure with GST is that balance with GST added
 * (`withGst`), which nothing is charged against.
 */
const balancesNote = (gstRatePercent: number) =>
  `Live calls are charged against the Available Balance, at your plan's prices (excluding GST). Balance with GST is the same balance with ${gstRatePercent}% GST added, shown for reference: nothing is charged against it.`;

/** The Plan Details card (seed 001 §2 Billing, §3 Plan info): the current plan and its wallet. */
export function PlanDetailsCard({ current, ...actions }: PlanDetailsCardProps) {
  return (
    <DetailCard title="Plan Details" action={current && <Badge variant="light">{current.plan_type}</Badge>}>
      {current ? (
        <CurrentPlan current={current} {...actions} />
      ) : (
        <Stack gap="md" align="flex-start">
          <Text>{BILLING_MESSAGES.noPlan}</Text>
          <Button component={Link} to={plansPath('billing')}>
            View Plans
          </Button>
        </Stack>
      )}
    </DetailCard>
  );
}

function CurrentPlan({
  current,
  addBalance,
  canRequestBalance,
  requestingBalance,
  onAddBalance,
  onRequestBalance,
  onAlertBalance,
  onPricing,
  onContactSales,
}: PlanDetailsCardProps & { current: PlanInfo }) {
  const { gstRatePercent } = useClientConfig();
  const prepaid = current.plan_type === 'PREPAID';
  const alertLabel = alertLabelOf(current.plan_type);
  const money = (rupees: number | null) => (rupees === null ? BILLING_MESSAGES.notApplicable : formatRupees(rupees));
  return (
    <Stack gap="lg">
      <Group gap="sm" align="baseline" wrap="wrap">
        <Title order={3} fz={{ base: 22, sm: 26 }}>
          {current.plan_name}
        </Title>
        <Badge color="green" variant="light">
          Active
        </Badge>
      </Group>
      <PlanFacts>
        <PlanFact label="Available Balance">{prepaid ? money(current.balance) : BILLING_MESSAGES.notApplicable}</PlanFact>
        <PlanFact label="Balance with GST">{prepaid ? money(current.wallet_balance_with_gst) : BILLING_MESSAGES.notApplicable}</PlanFact>
        <PlanFact
          label={alertLabel}
          action={
            <Tooltip label={prepaid ? `Edit ${alertLabel}` : `View ${alertLabel}`} withArrow>
              <ActionIcon variant="subtle" size="sm" onClick={onAlertBalance} aria-label={prepaid ? `Edit ${alertLabel}` : `View ${alertLabel}`}>
                <IconEdit size={16} />
              </ActionIcon>
            </Tooltip>
          }
        >
          {money(current.alert_balance)}
        </PlanFact>
        <PlanFact label="Plan Amount">{formatRupees(current.amount)}</PlanFact>
        <PlanFact label="Activation date">{current.start_date === null ? '—' : formatDate(current.start_date)}</PlanFact>
        <PlanFact label="Valid till">{current.end_date === null ? '—' : formatDate(current.end_date)}</PlanFact>
      </PlanFacts>
      {prepaid && (
        <Text fz="sm" c="gray.7" role="note">
          {balancesNote(gstRatePercent)}
        </Text>
      )}
      <Group gap="sm" className="plan-actions">
        {addBalance !== 'hidden' && (
          <RoleGate permission="billing.manage">
            {(refused) => (
              <GatedButton size="sm" reason={!refused && addBalance === 'disabled' ? ADD_BALANCE_POSTPAID : null} disabled={refused} onClick={onAddBalance}>
                Add Balance
              </GatedButton>
            )}
          </RoleGate>
        )}
        {canRequestBalance && (
          <RoleGate permission="billing.manage">
            {(refused) => (
              <Button size="sm" onClick={onRequestBalance} loading={requestingBalance} disabled={refused}>
                Request Balance
              </Button>
            )}
          </RoleGate>
        )}
        <Button size="sm" variant="light" onClick={onPricing}>
          View Pricing
        </Button>
        <Button size="sm" variant="default" component={Link} to={plansPath('billing')}>
          Change Plan
        </Button>
        <Button size="sm" variant="default" onClick={onContactSales}>
          Contact Sales
        </Button>
      </Group>
    </Stack>
  );
}
