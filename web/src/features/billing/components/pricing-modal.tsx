import { Anchor, Button, Group, Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import { BILLING_MESSAGES, formatRupees, type PricingRow } from '@verigate/contracts';
import { Link } from 'react-router';
import { QueryError } from '@/components/query-error';
import { usePlanPricing } from '@/features/billing/api/get-plan-pricing';
import { plansPath, type PlansScreenState } from '@/features/billing/plans-path';
import { ScrollTable } from '@/components/scroll-table';

interface PricingModalProps {
  /** The plan whose prices to show; null while closed. */
  plan: { id: string; name: string } | null;
  onClose: () => void;
}

const unitPrice = (row: PricingRow) => (typeof row.productPricing === 'number' ? row.productPricing : row.productPricing.unit_price);

/**
 * The plan pricing popup (seed 001 §3 Pricing): each product's price per billable call with its
 * addons; a product's name leads to the plans screen with that product highlighted.
 */
export function PricingModal({ plan, onClose }: PricingModalProps) {
  const pricing = usePlanPricing(plan?.id ?? null);
  return (
    <Modal
      opened={plan !== null}
      onClose={onClose}
      title={plan ? `${plan.name} plan pricing` : ''}
      centered
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        {pricing.isPending ? (
          <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading plan pricing">
            {Array.from({ length: 5 }, (_, index) => (
              <Skeleton key={index} h={32} />
            ))}
          </Stack>
        ) : pricing.isError ? (
          <QueryError title="Plan pricing could not load" error={pricing.error} onRetry={() => pricing.refetch()} retrying={pricing.isFetching} />
        ) : pricing.data.length === 0 ? (
          <Text ta="center" c="dimmed" py="lg">
            {BILLING_MESSAGES.noPlanDetails}
          </Text>
        ) : (
          <ScrollTable label="Prices per call" minWidth={520}>
            <Table striped verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Product</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Price per call
                  </Table.Th>
                  <Table.Th scope="col">Addons</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {pricing.data.map((row) => (
                  <Table.Tr key={row.productArn}>
                    <Table.Th scope="row" fw={500}>
                      <Anchor component={Link} to={plansPath('billing')} state={{ product: row.productArn } satisfies PlansScreenState} onClick={onClose}>
                        {row.productName}
                      </Anchor>
                    </Table.Th>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatRupees(unitPrice(row))}
                    </Table.Td>
                    <Table.Td>
                      {row.addons.length === 0 ? (
                        <Text fz="sm" c="dimmed">
                          None
                        </Text>
                      ) : (
                        <Stack gap={4}>
                          {row.addons.map((addon) => (
                            <Text key={addon.addon_key} fz="sm">
                              {addon.addon_name}: {formatRupees(addon.price)}
                              {addon.sub_addons.length > 0 && (
                                <Text span c="dimmed" fz="sm">
                                  {' '}
                                  ({addon.sub_addons.map((sub) => sub.sub_addon_name).join(', ')})
                                </Text>
                              )}
                            </Text>
                          ))}
                        </Stack>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
