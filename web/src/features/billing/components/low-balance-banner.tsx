import { Alert, Button, Group, Text } from '@mantine/core';
import { formatRupees, type PlanInfo } from '@verigate/contracts';

/** Seed 001 §2: the banner shows on a PREPAID plan whose wallet balance is below the alert balance. */
export const isBalanceLow = (current: PlanInfo | null): boolean =>
  current !== null && current.plan_type === 'PREPAID' && current.balance !== null && current.alert_balance !== null && current.balance < current.alert_balance;

/** The low-balance banner, with Add Balance where the organisation can add it. */
export function LowBalanceBanner({ current, onAddBalance }: { current: PlanInfo; onAddBalance: (() => void) | null }) {
  return (
    <Alert color="orange" variant="light" title="Your wallet balance is low" role="alert">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text fz="sm">
          Your balance of {formatRupees(current.balance ?? 0)} is below your alert balance of {formatRupees(current.alert_balance ?? 0)}. Live API calls stop
          when the balance runs out.
        </Text>
        {onAddBalance && (
          <Button size="xs" color="orange" onClick={onAddBalance}>
            Add Balance
          </Button>
        )}
      </Group>
    </Alert>
  );
}
