import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { PRODUCT_MESSAGES } from '@verigate/contracts';
import { IconCheck } from '@/components/icons';

export type SubscriptionOutcome = { kind: 'granted'; productName: string; testCredit: number } | { kind: 'submitted'; productName: string };

/** After Subscribe: the free test transactions granted (auto-approved), or the request sent for review. */
export function SubscriptionResultModal({ outcome, onClose }: { outcome: SubscriptionOutcome | null; onClose: () => void }) {
  const title = outcome?.kind === 'granted' ? 'Congratulations!' : PRODUCT_MESSAGES.requestSubmitted;
  return (
    <Modal opened={outcome !== null} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {outcome && (
        <Stack gap="lg" align="center" ta="center">
          <ThemeIcon size={56} radius="xl" color={outcome.kind === 'granted' ? 'green' : 'brand'} variant="light" aria-hidden>
            <IconCheck size={30} />
          </ThemeIcon>
          <Text>
            {outcome.kind === 'granted'
              ? `You have been granted ${outcome.testCredit} free test transactions for ${outcome.productName}`
              : PRODUCT_MESSAGES.requestFollowUp}
          </Text>
          <Group justify="center" w="100%">
            <Button onClick={onClose} data-autofocus miw={120}>
              OK
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
