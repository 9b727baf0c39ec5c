import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ProductView } from '@verigate/contracts';

interface UnsubscribeModalProps {
  product: ProductView | null;
  pending: boolean;
  onConfirm: (product: ProductView) => void;
  onClose: () => void;
}

export function UnsubscribeModal({ product, pending, onConfirm, onClose }: UnsubscribeModalProps) {
  return (
    <Modal opened={product !== null} onClose={onClose} title="Unsubscribe from this product?" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {product && (
        <Stack gap="lg">
          <Text>
            Your apps will no longer be able to call <strong>{product.name}</strong>. You can subscribe again later.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending} data-autofocus>
              Cancel
            </Button>
            <Button color="red" onClick={() => onConfirm(product)} loading={pending}>
              Unsubscribe
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
