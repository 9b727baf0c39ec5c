import { Anchor, Badge, Group, Paper, Text } from '@mantine/core';
import type { AppView } from '@verigate/contracts';
import { useState } from 'react';
import { DetailCard } from '@/components/detail-card';
import { RoleGate } from '@/components/role-gate';
import type { StepUp } from '@/features/step-up';
import { reportError } from '@/lib/server-messages';
import { showSuccess } from '@/lib/toast';
import { useUpdateAppProducts } from '@/features/apps/api/update-app-products';
import { ManageProductsModal } from './manage-products-modal';

/** Product Level Settings: the app's products, and Manage Products (saved after ZPIN or OTP). */
export function AppProductsCard({ app, verify }: { app: AppView; verify: StepUp['verify'] }) {
  const updateProducts = useUpdateAppProducts(app._id);
  const [managing, setManaging] = useState(false);
  const [verifying, setVerifying] = useState(false);

  const onSave = async (productIds: string[]) => {
    setVerifying(true);
    try {
      const outcome = await verify(`change the products of ${app.name}`, (proof) => updateProducts.mutateAsync({ productIds, proof }));
      if (outcome.status === 'done') {
        setManaging(false);
        showSuccess('Products of the app updated');
      }
    } catch (error) {
      reportError(error);
    } finally {
      setVerifying(false);
    }
  };

  return (
    <DetailCard
      headingOrder={3}
      title="Product Level Settings"
      action={
        <RoleGate permission="apps.manage">
          {(refused) => (
            <Anchor
              component="button"
              type="button"
              fz="sm"
              fw={600}
              onClick={() => setManaging(true)}
              disabled={refused}
              c={refused ? 'dimmed' : undefined}
              style={{ whiteSpace: 'nowrap', cursor: refused ? 'not-allowed' : undefined }}
            >
              Manage Products
            </Anchor>
          )}
        </RoleGate>
      }
    >
      {app.service_access.length === 0 ? (
        <Paper bg="gray.0" radius="md" p="lg" ta="center">
          <Text fw={600}>No products associated</Text>
          <Text fz="sm" c="dimmed" mt={4}>
            Link a product to get started.
          </Text>
        </Paper>
      ) : (
        <Group component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Products of the app">
          {app.service_access.map((service) => (
            <Badge component="li" key={service._id} size="lg" variant="light" color="gray" radius="xl" tt="none" fw={600}>
              {service.name}
            </Badge>
          ))}
        </Group>
      )}
      <ManageProductsModal
        app={app}
        opened={managing}
        saving={updateProducts.isPending}
        verifying={verifying}
        onSave={(ids) => void onSave(ids)}
        onClose={() => setManaging(false)}
      />
    </DetailCard>
  );
}
