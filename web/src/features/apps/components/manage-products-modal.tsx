import { Alert, Button, Group, Modal, Paper, ScrollArea, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { AppView } from '@verigate/contracts';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryError } from '@/components/query-error';
import { useProducts } from '@/lib/api/products/get-products';
import { IconArrowLeft, IconArrowRight } from '@/components/icons';
import { ListRow } from './list-row';

interface ManageProductsModalProps {
  app: AppView;
  opened: boolean;
  saving: boolean;
  /** The step-up popup is open above this one: Escape belongs to it. */
  verifying: boolean;
  onSave: (productIds: string[]) => void;
  onClose: () => void;
}

interface Item {
  _id: string;
  name: string;
  category?: string;
}

/**
 * Manage Services (seed 001 §2): the organisation's subscribed products on the left, the app's
 * products on the right; items move between them, and Save (after ZPIN or OTP) applies the right column.
 */
export function ManageProductsModal({ app, opened, saving, verifying, onSave, onClose }: ManageProductsModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={() => !saving && onClose()}
      title="Manage Products"
      centered
      size="xl"
      closeOnClickOutside={false}
      closeOnEscape={!verifying}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened && <ProductColumns app={app} saving={saving} onSave={onSave} onClose={onClose} />}
    </Modal>
  );
}

function ProductColumns({ app, saving, onSave, onClose }: Omit<ManageProductsModalProps, 'opened' | 'verifying'>) {
  const products = useProducts('subscribed');
  const [added, setAdded] = useState<string[]>(() => app.service_access.map((service) => service._id));

  const known = new Map<string, Item>(app.service_access.map((service) => [service._id, service]));
  for (const product of products.data ?? []) known.set(product._id, product);
  const available = (products.data ?? []).filter((product) => !added.includes(product._id));
  const onApp = added.map((id) => known.get(id) ?? { _id: id, name: id });

  // The dialog opens on its first product button, not on its close button.
  const firstButton = available[0]?._id ?? (products.isPending ? undefined : onApp[0]?._id);
  const autofocus = (item: Item) => (item._id === firstButton ? { 'data-autofocus': true } : {});

  const saved = app.service_access.map((service) => service._id);
  const changed = added.length !== saved.length || added.some((id) => !saved.includes(id));

  return (
    <Stack gap="md">
      <Text fz="sm" c="gray.7">
        Choose which of your subscribed products <strong>{app.name}</strong> can call. Saving asks for your ZPIN or an OTP.
      </Text>
      {products.isError && (
        <QueryError title="Subscribed products could not load" error={products.error} onRetry={() => products.refetch()} retrying={products.isFetching} />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Column
          title="Subscribed Products"
          loading={products.isPending}
          items={available}
          empty={
            <>
              No other subscribed products.{' '}
              <Text component={Link} to="/application/product-catalog" fz="sm" c="brand.7" td="underline">
                Browse products
              </Text>
            </>
          }
          action={(item) => (
            <Button
              size="compact-sm"
              variant="light"
              rightSection={<IconArrowRight size={14} />}
              onClick={() => setAdded((ids) => [...ids, item._id])}
              disabled={saving}
              aria-label={`Add ${item.name} to the app`}
              style={{ flexShrink: 0 }}
              {...autofocus(item)}
            >
              Add
            </Button>
          )}
        />
        <Column
          title="Products added to App"
          items={onApp}
          empty="No products on this app yet."
          action={(item) => (
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconArrowLeft size={14} />}
              onClick={() => setAdded((ids) => ids.filter((id) => id !== item._id))}
              disabled={saving}
              aria-label={`Remove ${item.name} from the app`}
              style={{ flexShrink: 0 }}
              {...autofocus(item)}
            >
              Remove
            </Button>
          )}
        />
      </SimpleGrid>
      {changed && added.length === 0 && (
        <Alert color="yellow" variant="light">
          Without products, the app's keys cannot call any API, and App Settings and Add Key stay unavailable.
        </Alert>
      )}
      <Group justify="flex-end" gap="sm" className="confirm-buttons">
        <Button variant="default" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button onClick={() => onSave(added)} disabled={!changed} loading={saving}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}

interface ColumnProps {
  title: string;
  items: Item[];
  loading?: boolean;
  empty: ReactNode;
  action: (item: Item) => ReactNode;
}

function Column({ title, items, loading, empty, action }: ColumnProps) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="md" p="sm">
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={3} fz="sm" id={titleId}>
          {title}
        </Title>
        <Text fz="xs" c="dimmed" aria-hidden="true">
          {loading ? '' : items.length}
        </Text>
      </Group>
      <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars>
        {loading ? (
          <Stack gap="xs" role="status" aria-busy="true" aria-label={`Loading ${title}`}>
            <Skeleton h={40} />
            <Skeleton h={40} />
            <Skeleton h={40} />
          </Stack>
        ) : items.length === 0 ? (
          <Text fz="sm" c="dimmed" py="md" ta="center">
            {empty}
          </Text>
        ) : (
          <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
            {items.map((item) => (
              <ListRow key={item._id} action={action(item)}>
                <Stack gap={0} miw={0}>
                  <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {item.name}
                  </Text>
                  {item.category && (
                    <Text fz="xs" c="dimmed">
                      {item.category}
                    </Text>
                  )}
                </Stack>
              </ListRow>
            ))}
          </Stack>
        )}
      </ScrollArea.Autosize>
    </Paper>
  );
}
