import { useMutation } from '@tanstack/react-query';
import type { PaymentLinkCreated } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';

/** POST /payment/create {amount}: Add Balance's checkout, whole rupees 1000–50000; its link_url opens in a new tab. */
export const createPaymentLink = async (amount: number) => orThrow(await apiRequest<PaymentLinkCreated>('POST', '/payment/create', { body: { amount } }));

export const useCreatePaymentLink = () => useMutation({ mutationFn: createPaymentLink });
