import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useWebhookEndpoints } from '../api/webhooks';
import { DeliveriesCard, type DeliveryFilters } from '../components/deliveries-card';
import { EndpointsCard } from '../components/endpoints-card';

const NO_FILTERS: DeliveryFilters = { endpoint_id: null, event_type: null, outcome: null };

/**
 * /application/webhooks: the organisation's endpoints and the log of what was sent to them. Events
 * are written with the change they report and delivered by a job, so none is lost and none is sent
 * for a change that did not happen.
 */
export function WebhooksPage() {
  const endpoints = useWebhookEndpoints();
  const [filters, setFilters] = useState<DeliveryFilters>(NO_FILTERS);
  return (
    <Stack gap="lg">
      <EndpointsCard onShowDeliveries={(endpointId) => setFilters({ ...NO_FILTERS, endpoint_id: endpointId })} />
      <DeliveriesCard endpoints={endpoints.data ?? []} filters={filters} onFiltersChange={setFilters} />
    </Stack>
  );
}
