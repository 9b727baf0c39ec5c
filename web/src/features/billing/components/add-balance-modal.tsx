import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import {
  ADD_BALANCE_MAX,
  ADD_BALANCE_MIN,
  CURRENCY_SYMBOL,
  addBalanceRules,
  amountOf,
  firstBrokenRule,
  formatRupees,
  formatWithGst,
} from '@verigate/contracts';
import type { FormEvent } from 'react';
import { useClientConfig } from '@/lib/client-config';
import { reportError } from '@/lib/server-messages';
import { useField } from '@/lib/use-field';
import { useCreatePaymentLink } from '@/features/billing/api/create-payment-link';

interface AddBalanceModalProps {
  opened: boolean;
  onClose: () => void;
  /** The form's limits (seed 001 §5: 1000–50000 unless overridden). */
  min?: number;
  max?: number;
}

/**
 * Add Balance (seed 001 §2, §5): a whole-rupee amount within the limits, then the payment page
 * opens in a new tab; the payment comes back to /application/billing/callback. The amount is what
 * the wallet gets; the payment is that plus GST, shown before paying.
 */
export function AddBalanceModal({ opened, onClose, min = ADD_BALANCE_MIN, max = ADD_BALANCE_MAX }: AddBalanceModalProps) {
  const createLink = useCreatePaymentLink();
  const close = () => !createLink.isPending && onClose();
  return (
    <Modal opened={opened} onClose={close} title="Add Balance" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <AddBalanceForm min={min} max={max} pending={createLink.isPending} onCancel={close} onAmount={(amount) => pay(amount, createLink.mutate, onClose)} />
    </Modal>
  );
}

/**
 * Opens the tab while the click still counts as the person's own (a tab opened after the call
 * returns may be blocked as a popup), then sends it to the payment page once the link exists.
 */
function pay(amount: number, createLink: ReturnType<typeof useCreatePaymentLink>['mutate'], onDone: () => void) {
  const checkout = window.open('', '_blank');
  if (checkout) checkout.opener = null;
  createLink(amount, {
    onSuccess: ({ link_url }) => {
      if (checkout) checkout.location.href = link_url;
      else window.open(link_url, '_blank', 'noopener');
      onDone();
    },
    onError: (error) => {
      checkout?.close();
      reportError(error);
    },
  });
}

interface AddBalanceFormProps {
  min: number;
  max: number;
  pending: boolean;
  onCancel: () => void;
  onAmount: (rupees: number) => void;
}

function AddBalanceForm({ min, max, pending, onCancel, onAmount }: AddBalanceFormProps) {
  const rules = addBalanceRules(min, max);
  const amount = useField(rules);
  const { gstRatePercent } = useClientConfig();
  const valid = firstBrokenRule(rules, amount.value) === null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (amount.validate()) onAmount(amountOf(amount.value));
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Add Balance">
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          The amount is added to your wallet once the payment succeeds; you pay it plus {gstRatePercent}% GST. The payment page opens in a new tab.
        </Text>
        <TextInput
          {...amount.inputProps}
          label="Amount"
          description={`Between ${formatRupees(min)} and ${formatRupees(max)}`}
          leftSection={CURRENCY_SYMBOL}
          inputMode="numeric"
          autoComplete="off"
          data-autofocus
        />
        <Text fz="sm" fw={600} aria-live="polite">
          {valid && `You pay ${formatWithGst(amountOf(amount.value), gstRatePercent)}`}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            Proceed to Pay
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
