import { Badge, Checkbox, Group, Stack, Text } from '@mantine/core';
import type { ProductView } from '@verigate/contracts';
import { useId } from 'react';
import '@/features/onboarding/onboarding.css';

interface ProductCardProps {
  product: ProductView;
  checked: boolean;
  disabled?: boolean;
  onToggle: (productId: string) => void;
}

/** A tickable product: the card is a label around a real checkbox named after the product. */
export function ProductCard({ product, checked, disabled, onToggle }: ProductCardProps) {
  const descriptionId = useId();
  return (
    <label className="product-card" data-checked={checked || undefined} data-disabled={disabled || undefined}>
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <Checkbox
          checked={checked}
          disabled={disabled}
          onChange={() => onToggle(product._id)}
          aria-label={product.name}
          aria-describedby={descriptionId}
          mt={2}
        />
        <Stack gap={6} miw={0} flex={1}>
          <Text fw={600} lh={1.3}>
            {product.name}
          </Text>
          <Group justify="space-between" gap="xs">
            <Text fz="sm">
              Testing Limit: <b>{product.default_free_transactions}</b>
            </Text>
            {!product.auto_approval && (
              <Badge size="xs" variant="light" color="orange">
                Needs approval
              </Badge>
            )}
          </Group>
          <Text id={descriptionId} fz="sm" c="dimmed">
            {product.short_description}
          </Text>
        </Stack>
      </Group>
    </label>
  );
}
