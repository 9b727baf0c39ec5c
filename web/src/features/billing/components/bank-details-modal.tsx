import { Alert, Button, Group, Modal, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { bankDetailsOf, formatRupees } from '@verigate/contracts';
import { CopyField } from '@/components/copy-field';
import { QueryError } from '@/components/query-error';
import { useClientConfig } from '@/lib/client-config';
import { useVirtualAccount } from '@/features/billing/api/get-virtual-account';

interface BankDetailsModalProps {
  opened: boolean;
  /** The plan's amount in rupees, excluding taxes: the transfer is this plus GST. */
  amount: number;
  title: string;
  /** A line above the details (which plan they pay for). */
  intro?: string;
  /** When set, the popup asks to confirm (the plan request) rather than only showing the details. */
  confirm?: { label: string; pending: boolean; onConfirm: () => void };
  onClose: () => void;
}

/**
 * The virtual account a plan is paid to by NEFT/IMPS (seed 001 §3 Bank details, §4: Indian
 * customers, amounts excluding taxes) and the sum to transfer, the amount plus GST: the plans
 * screen's confirm popup, and the billing screen's reminder of where to pay a pending plan.
 */
export function BankDetailsModal({ opened, amount, title, intro, confirm, onClose }: BankDetailsModalProps) {
  const account = useVirtualAccount(opened);
  const { gstRatePercent } = useClientConfig();
  const details = account.data ? bankDetailsOf(account.data, amount, gstRatePercent) : null;
  const close = () => !confirm?.pending && onClose();

  return (
    <Modal opened={opened} onClose={close} title={title} centered size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        {intro && <Text>{intro}</Text>}
        {account.isPending ? (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" role="status" aria-busy="true" aria-label="Loading bank details">
            {Array.from({ length: 6 }, (_, index) => (
              <Skeleton key={index} h={56} />
            ))}
          </SimpleGrid>
        ) : account.isError ? (
          <QueryError title="Bank details could not load" error={account.error} onRetry={() => account.refetch()} retrying={account.isFetching} />
        ) : (
          details && (
            <>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" component="dl" m={0}>
                <Detail label="Bank Name" value={details.bankName} />
                <Detail label="Account Name" value={details.accountName} />
                <Detail label="Payment Mode" value={details.paymentMode} />
                <Detail label={details.amountLabel} value={formatRupees(details.amount)} />
                <Detail label={details.totalLabel} value={formatRupees(details.total)} strong />
              </SimpleGrid>
              <Text fz="sm" c="gray.7">
                {details.gstBreakdown}
              </Text>
              <CopyField label="Account Number" value={details.accountNumber} />
              <CopyField label="IFSC" value={details.IFSC} />
              <Alert color="brand" variant="light">
                {details.noteText}
              </Alert>
            </>
          )
        )}
        <Group justify="flex-end" gap="sm">
          {confirm ? (
            <>
              <Button variant="default" onClick={close} disabled={confirm.pending}>
                Cancel
              </Button>
              <Button onClick={confirm.onConfirm} loading={confirm.pending} disabled={!details}>
                {confirm.label}
              </Button>
            </>
          ) : (
            <Button onClick={onClose} data-autofocus>
              Done
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

function Detail({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div>
      <Text component="dt" fz="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={strong ? 700 : 500} fz={strong ? 'lg' : undefined}>
        {value}
      </Text>
    </div>
  );
}
