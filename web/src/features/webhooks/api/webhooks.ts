import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  webhookDeliveriesPath,
  webhookEndpointPath,
  webhookEndpointsPath,
  webhookReplayPath,
  webhookResendPath,
  webhookRotateSecretPath,
  webhookTestPath,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  type WebhookEndpointList,
  type WebhookEndpointUpdate,
  type WebhookEndpointWithSecret,
  type WebhookReplay,
  type WebhookReplayResult,
  type WebhookRotateSecret,
} from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { currentOrganisationId } from '@/lib/api/organisations/get-organisation';

/** The filters of the delivery log as they travel (strings), the cursor included. */
export type DeliverySearch = Record<string, string>;

const call = async <T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
  orThrow(await apiRequest<T>(method, path, body !== undefined ? { body } : {}));

const keys = {
  all: (organisationId: string) => ['webhooks', organisationId] as const,
  endpoints: (organisationId: string) => ['webhooks', organisationId, 'endpoints'] as const,
  deliveries: (organisationId: string, search: string) => ['webhooks', organisationId, 'deliveries', search] as const,
};

export function useWebhookEndpoints() {
  const organisationId = currentOrganisationId() ?? '';
  return useQuery({
    queryKey: keys.endpoints(organisationId),
    queryFn: async () => (await call<WebhookEndpointList>('GET', webhookEndpointsPath)).endpoints,
  });
}

/** A page of the delivery log; pending deliveries are read again every few seconds, so retries show as they happen. */
export function useWebhookDeliveries(search: DeliverySearch) {
  const organisationId = currentOrganisationId() ?? '';
  const query = new URLSearchParams(search).toString();
  return useQuery({
    queryKey: keys.deliveries(organisationId, query),
    queryFn: () => call<WebhookDeliveryPage>('GET', `${webhookDeliveriesPath}${query ? `?${query}` : ''}`),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => (current.state.data?.deliveries.some((delivery) => delivery.outcome === 'pending') ? 3000 : false),
  });
}

/** A change to the organisation's webhooks: endpoints and the delivery log are read again. */
function useWebhookMutation<Input, Output>(send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all(currentOrganisationId() ?? '') }),
  });
}

export const useCreateEndpoint = () =>
  useWebhookMutation((input: WebhookEndpointCreate) => call<WebhookEndpointWithSecret>('POST', webhookEndpointsPath, input));
export const useUpdateEndpoint = () =>
  useWebhookMutation(({ id, change }: { id: string; change: WebhookEndpointUpdate }) => call<WebhookEndpoint>('PATCH', webhookEndpointPath(id), change));
export const useDeleteEndpoint = () => useWebhookMutation((id: string) => call<{ message: string }>('DELETE', webhookEndpointPath(id)));
export const useRotateSecret = () =>
  useWebhookMutation(({ id, overlap }: { id: string } & WebhookRotateSecret) =>
    call<WebhookEndpointWithSecret>('POST', webhookRotateSecretPath(id), { overlap }),
  );
export const useSendTestEvent = () => useWebhookMutation((id: string) => call<WebhookDelivery>('POST', webhookTestPath(id), {}));
export const useReplay = () =>
  useWebhookMutation(({ id, range }: { id: string; range: WebhookReplay }) => call<WebhookReplayResult>('POST', webhookReplayPath(id), range));
export const useResend = () =>
  useWebhookMutation(({ eventId, endpointId }: { eventId: string; endpointId: string }) =>
    call<WebhookDelivery>('POST', webhookResendPath(eventId), { endpoint_id: endpointId }),
  );
