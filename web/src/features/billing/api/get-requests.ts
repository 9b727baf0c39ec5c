import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerRequest } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { billingKeys } from './billing-keys';

/** GET /requests: the organisation's requests to the provider's team (custom plan, more balance), newest first. */
export const getRequests = async () => orThrow(await apiRequest<CustomerRequest[]>('GET', '/requests'));

export const requestsQuery = queryOptions({ queryKey: billingKeys.requests, queryFn: getRequests });

export const useRequests = () => useQuery(requestsQuery);
