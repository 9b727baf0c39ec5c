import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentLink } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { timing } from '@/lib/timing';
import { billingKeys } from './billing-keys';

/** GET /payment/fetch/{link_id}: the payment link's status, amount and order id. */
export const getPaymentLink = async (linkId: string) => orThrow(await apiRequest<PaymentLink>('GET', `/payment/fetch/${encodeURIComponent(linkId)}`));

/**
 * Asked again every `paymentPollMs` while the payment is still in progress (status active), until
 * it is final. A failed fetch is not retried: the page goes back to billing (seed 001 §8).
 */
export const paymentLinkQuery = (linkId: string) =>
  queryOptions({
    queryKey: billingKeys.paymentLink(linkId),
    queryFn: () => getPaymentLink(linkId),
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => (query.state.data?.status === 'active' ? timing('paymentPollMs') : false),
  });

export const usePaymentLink = (linkId: string) => useQuery(paymentLinkQuery(linkId));
