import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { ProductView, SubscriptionStatus } from '@verigate/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { ProductHeading } from '@/components/product-heading';
import { RoleGate } from '@/components/role-gate';

const STATUS_BADGE: Record<SubscriptionStatus, { label: string; color: string }> = {
  SUBSCRIBED: { label: 'Subscribed', color: 'green' },
  PENDING_APPROVAL: { label: 'Pending Approval', color: 'yellow' },
  REJECTED: { label: 'Rejected', color: 'red' },
  UNSUBSCRIBED: { label: 'Not Subscribed', color: 'gray' },
};

interface ProductCardProps {
  product: ProductView;
  busy: boolean;
  onSubscribe: (product: ProductView) => void;
  onUnsubscribe: (product: ProductView) => void;
}

/** One product: an article named by the product, so its buttons can be found within it. */
export function ProductCard({ product, busy, onSubscribe, onUnsubscribe }: ProductCardProps) {
  const titleId = useId();
  const badge = STATUS_BADGE[product.subscription_status];
  const status = product.subscription_status;

  return (
    <Paper component="article" aria-labelledby={titleId} withBorder radius="lg" p="md" h="100%" className="catalog-product-card">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <ProductHeading id={titleId} name={product.name} category={product.category} />
          <Badge color={badge.color} variant="light" radius="sm" tt="none" style={{ flexShrink: 0 }}>
            {badge.label}
          </Badge>
        </Group>
        <Text fz="sm" c="gray.7" lineClamp={3} style={{ flexGrow: 1 }}>
          {product.short_description}
        </Text>
        <Group gap="lg" fz="sm">
          <Stack gap={0}>
            <Text fz="xs" c="dimmed">
              Testing Limit
            </Text>
            <Text fz="sm" fw={600}>
              {product.default_free_transactions} transactions
            </Text>
          </Stack>
          {status === 'SUBSCRIBED' && (
            <Stack gap={0}>
              <Text fz="xs" c="dimmed">
                Test credits left
              </Text>
              <Text fz="sm" fw={600}>
                {product.remaining_test_credits}
              </Text>
            </Stack>
          )}
        </Group>
        <Group justify="flex-end" align="center" mt={4}>
          {status === 'SUBSCRIBED' && (
            <Anchor component={Link} to={product.doc_link} fz="sm" fw={600} mr="auto" aria-label={`API docs of ${product.name}`}>
              API docs
            </Anchor>
          )}
          {(status === 'UNSUBSCRIBED' || status === 'REJECTED') && (
            <RoleGate permission="products.manage">
              {(refused) => (
                <Button size="sm" onClick={() => onSubscribe(product)} loading={busy} disabled={refused}>
                  Subscribe
                </Button>
              )}
            </RoleGate>
          )}
          {status === 'PENDING_APPROVAL' && (
            <Button size="sm" disabled>
              Approval Pending
            </Button>
          )}
          {status === 'SUBSCRIBED' && (
            <RoleGate permission="products.manage">
              {(refused) => (
                <Button size="sm" variant="default" c={refused ? undefined : 'red'} onClick={() => onUnsubscribe(product)} loading={busy} disabled={refused}>
                  Unsubscribe
                </Button>
              )}
            </RoleGate>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
