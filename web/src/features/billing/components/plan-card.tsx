import { Badge, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { PLAN_LABELS, formatRupees, formatWithGst } from '@verigate/contracts';
import { GatedButton } from '@/components/gated-button';
import { RoleGate } from '@/components/role-gate';
import { useClientConfig } from '@/lib/client-config';
import type { PlanCardView } from '@/features/billing/plan-cards';

interface PlanCardProps {
  title: string;
  view: PlanCardView;
  onRequest: () => void;
  onPay: () => void;
  onContactSales: () => void;
}

/** One card of the all plans screen: a tier (Lite … Premium) or the Custom card, with its state (seed 001 §4 Plans). */
export function PlanCard({ title, view, onRequest, onPay, onContactSales }: PlanCardProps) {
  const { plan, label, action, refusal } = view;
  const { gstRatePercent } = useClientConfig();
  const current = label === PLAN_LABELS.currentPlan;
  const headingId = `plan-card-${title.toLowerCase()}`;
  return (
    <Paper component="article" aria-labelledby={headingId} withBorder radius="lg" p="lg" h="100%" className="plan-card" data-current={current || undefined}>
      <Stack gap="md" h="100%" justify="space-between">
        <Stack gap="xs">
          <Title order={2} fz="lg" id={headingId}>
            {title}
          </Title>
          {plan ? (
            <>
              {plan.is_custom_plan && (
                <Text fz="sm" fw={600} c="dimmed">
                  {plan.plan_name}
                </Text>
              )}
              <Text fz={24} fw={800} lh={1.1}>
                {plan.plan_type === 'POSTPAID' ? 'Pay as you go' : formatRupees(plan.prepaid_recharge_amount)}
              </Text>
              <Text fz="xs" c="dimmed">
                {plan.plan_type === 'POSTPAID' ? 'Billed for what you use' : 'excluding taxes, credited to your wallet'}
              </Text>
              {plan.plan_type === 'PREPAID' && plan.prepaid_recharge_amount > 0 && (
                <Text fz="xs" c="gray.7">
                  You pay {formatWithGst(plan.prepaid_recharge_amount, gstRatePercent)}
                </Text>
              )}
              <Text fz="sm">Valid for {plan.plan_validity} months</Text>
              <Badge variant="light" w="fit-content">
                {plan.plan_type}
              </Badge>
            </>
          ) : (
            <Text fz="sm" c="dimmed">
              Prices made for your volumes and products. Talk to our sales team.
            </Text>
          )}
        </Stack>
        <CardAction title={title} label={label} action={action} refusal={refusal} onRequest={onRequest} onPay={onPay} onContactSales={onContactSales} />
      </Stack>
    </Paper>
  );
}

function CardAction({ title, label, action, refusal, onRequest, onPay, onContactSales }: Omit<PlanCardProps, 'view'> & Omit<PlanCardView, 'plan'>) {
  const described = `${label}: ${title}`;
  switch (action) {
    case 'request':
      return (
        <RoleGate permission="billing.manage">
          {(refused) => (
            <GatedButton reason={refused ? null : refusal} disabled={refused} onClick={onRequest} fullWidth size="sm" px={8} aria-label={described}>
              {label}
            </GatedButton>
          )}
        </RoleGate>
      );
    case 'pay':
      return (
        <RoleGate permission="billing.manage">
          {(refused) => (
            <Button variant="light" color="orange" onClick={onPay} disabled={refused} fullWidth size="sm" px={8} aria-label={`${described}, show bank details`}>
              {label}
            </Button>
          )}
        </RoleGate>
      );
    case 'contact-sales':
      return (
        <Button variant="outline" onClick={onContactSales} fullWidth size="sm" px={8} aria-label={described}>
          {label}
        </Button>
      );
    case 'none': {
      const color = label === PLAN_LABELS.currentPlan ? 'green' : 'brand';
      return (
        <Text bg={`${color}.0`} c={color} fw={600} fz="sm" ta="center" py={8} px={8} style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
          {label}
        </Text>
      );
    }
  }
}
