import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { BILLING_MESSAGES, CURRENCY_SYMBOL, alertAmountRules, amountOf, formatRupees, type PlanType } from '@verigate/contracts';
import type { FormEvent } from 'react';
import { reportError } from '@/lib/server-messages';
import { showSuccess } from '@/lib/toast';
import { useField } from '@/lib/use-field';
import { useUpdateAlertBalance } from '@/features/billing/api/update-alert-balance';

interface AlertBalanceModalProps {
  opened: boolean;
  planType: PlanType;
  /** The current alert balance (PREPAID) or daily consumption limit (POSTPAID), rupees. */
  alertBalance: number | null;
  onClose: () => void;
}

/** The label of the wallet's threshold: 'Alert Balance', or 'Daily Consumption' on a POSTPAID plan (seed 001 §2). */
export const alertLabelOf = (planType: PlanType) => (planType === 'POSTPAID' ? BILLING_MESSAGES.dailyConsumption : BILLING_MESSAGES.alertBalance);

/**
 * The alert balance popup (seed 001 §2, §5). On a PREPAID plan the amount can be changed (whole
 * rupees, commas allowed); on a POSTPAID plan it reads 'Daily Consumption' and is shown only.
 */
export function AlertBalanceModal({ opened, planType, alertBalance, onClose }: AlertBalanceModalProps) {
  const update = useUpdateAlertBalance();
  const close = () => !update.isPending && onClose();
  const label = alertLabelOf(planType);
  const save = (rupees: number) =>
    update.mutate(rupees, {
      onSuccess: (answer) => {
        showSuccess(answer.message);
        onClose();
      },
      onError: reportError,
    });

  return (
    <Modal opened={opened} onClose={close} title={label} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {planType === 'PREPAID' ? (
        <AlertBalanceForm initial={alertBalance === null ? '' : String(alertBalance)} pending={update.isPending} onCancel={close} onAmount={save} />
      ) : (
        <Stack gap="md">
          <Text>
            {label}: <strong>{alertBalance === null ? BILLING_MESSAGES.notApplicable : formatRupees(alertBalance)}</strong>
          </Text>
          <Text fz="sm" c="dimmed">
            We email you on a day your consumption goes past this amount. Contact sales to change it.
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              OK
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

interface AlertBalanceFormProps {
  initial: string;
  pending: boolean;
  onCancel: () => void;
  onAmount: (rupees: number) => void;
}

function AlertBalanceForm({ initial, pending, onCancel, onAmount }: AlertBalanceFormProps) {
  const amount = useField(alertAmountRules, initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (amount.validate()) onAmount(amountOf(amount.value));
  };
  return (
    <form onSubmit={submit} noValidate aria-label={BILLING_MESSAGES.alertBalance}>
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          We email you, and show a banner here, when your wallet balance falls below this amount.
        </Text>
        <TextInput {...amount.inputProps} label="Amount" leftSection={CURRENCY_SYMBOL} inputMode="numeric" autoComplete="off" data-autofocus />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
