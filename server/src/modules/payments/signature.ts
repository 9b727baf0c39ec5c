import { createHmac } from 'node:crypto';
import { sameSecret } from '../../platform/secrets.js';

/**
 * The webhook signature Cashfree uses, and the sandbox too: base64 HMAC-SHA256 over the
 * `x-webhook-timestamp` header followed by the raw body, with the shared secret.
 */
export const webhookSignature = (secret: string, timestamp: string, rawBody: string): string =>
  createHmac('sha256', secret)
    .update(timestamp + rawBody)
    .digest('base64');

export function validSignature(secret: string, headers: Record<string, string | string[] | undefined>, rawBody: string): boolean {
  const signature = headers['x-webhook-signature'];
  const timestamp = headers['x-webhook-timestamp'];
  if (typeof signature !== 'string' || typeof timestamp !== 'string' || timestamp.length === 0) return false;
  return sameSecret(signature, webhookSignature(secret, timestamp, rawBody));
}
