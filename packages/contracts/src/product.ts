import { z } from 'zod';

export const SUBSCRIPTION_STATUSES = ['UNSUBSCRIBED', 'REJECTED', 'PENDING_APPROVAL', 'SUBSCRIBED'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A product as an organisation sees it (seed 001 §3). `_id` is the product's arn. */
export const productView = z.strictObject({
  _id: z.string(),
  name: z.string(),
  arn: z.string(),
  category: z.string(),
  short_description: z.string(),
  additional_info: z.string(),
  default_free_transactions: z.number(),
  auto_approval: z.boolean(),
  subscription_status: z.enum(SUBSCRIPTION_STATUSES),
  remaining_test_credits: z.number(),
  updatedAt: z.number(),
  /** Where /doc documents it: '/doc#tag/{tag}/operation/{operation}' (seed 001 §2). */
  doc_link: z.string(),
});
export type ProductView = z.infer<typeof productView>;

/** GET /product filters. */
export const productListQuery = z.strictObject({
  show_while_onboarding: z.enum(['1', 'true']).optional(),
  subscription_status: z.enum(['subscribed', 'pending_approval', 'unsubscribed']).optional(),
  remaining_test_credits: z.enum(['true']).optional(),
});

export const subscriptionResult = z.strictObject({ product: productView, status: z.enum(SUBSCRIPTION_STATUSES), test_credit: z.number() });
export type SubscriptionResult = z.infer<typeof subscriptionResult>;

export const PRODUCT_MESSAGES = {
  unsubscribed: 'Product unsubscribed successfully',
  requestSubmitted: 'Your request has been submitted',
  requestFollowUp: 'Our team will contact you for further details',
  unknownProduct: 'Product not found',
} as const;
