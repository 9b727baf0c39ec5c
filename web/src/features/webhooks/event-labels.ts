import { WEBHOOK_TEST_EVENT_TYPE, type WebhookLoggedEventType } from '@verigate/contracts';

/** What each event reports, as the endpoint form and the delivery log name it. */
export const EVENT_DESCRIPTIONS: Record<WebhookLoggedEventType, string> = {
  'batch.finished': 'A batch finished',
  'batch.failed': 'A batch failed',
  'verification.completed': 'An asynchronous verification completed',
  'payment.succeeded': 'A payment succeeded',
  'payment.failed': 'A payment failed',
  'wallet.low_balance': 'The wallet fell below its alert balance',
  'plan.activated': 'A plan was activated',
  'plan.expiring': 'The plan expires in 7 days',
  'plan.expired': 'The plan expired',
  'product.approved': 'A product was approved',
  'product.rejected': 'A product was rejected',
  'key.created': 'An API key was created',
  'key.disabled': 'An API key was disabled',
  'key.expiring': 'An API key expires soon',
  [WEBHOOK_TEST_EVENT_TYPE]: 'A test event',
};
