import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { paiseToRupees, rupeesToPaise, type PaymentLinkStatus } from '@verigate/contracts';
import type { Config } from '../../config.js';
import { AppError } from '../../platform/errors.js';
import { validSignature, webhookSignature } from './signature.js';

interface LinkRequest {
  linkId: string;
  amountPaise: number;
  expiresAt: Date;
  purpose: string;
  customer: { name: string; email: string; phone: string };
  /** Where the payer's browser lands afterwards: the portal's callback page with the link id. */
  returnUrl: string;
  /** This server's webhook route for the gateway. */
  notifyUrl: string;
}

/** A verified webhook, in the provider's terms reduced to what crediting needs. */
export interface PaymentEvent {
  eventId: string;
  linkId: string;
  status: Exclude<PaymentLinkStatus, 'active'> | 'partially_paid';
  /** What the payer paid (paise); compared with the link's amount before anything is credited. */
  amountPaidPaise: number;
  providerReference: string | null;
}

/** A payment provider behind Add Balance: payment links, their status, and its signed webhooks. */
export interface PaymentGateway {
  readonly name: 'sandbox' | 'cashfree';
  createLink(request: LinkRequest): Promise<{ linkUrl: string }>;
  /** The provider's own status of a link (to reconcile when a webhook is late); null when the provider is this server. */
  fetchLink(linkId: string): Promise<{ status: PaymentEvent['status'] | 'active'; amountPaidPaise: number } | null>;
  /** Verifies the signature and reads the event; a bad signature or shape is refused (nothing is credited). */
  readWebhook(headers: Record<string, string | string[] | undefined>, rawBody: string): PaymentEvent;
}

const BAD_SIGNATURE = 'Invalid webhook signature';
const BAD_EVENT = 'Unrecognised webhook event';

function parseJson(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody);
  } catch {
    throw new AppError('bad_request', BAD_EVENT);
  }
}

/** The sandbox checkout's event, signed like Cashfree's. */
const sandboxEvent = z.strictObject({
  event_id: z.uuid(),
  link_id: z.string().min(1).max(50),
  status: z.enum(['paid', 'error', 'cancelled', 'expired']),
  amount_paid: z.number().nonnegative(),
  reference: z.string().max(100),
});
export type SandboxEvent = z.infer<typeof sandboxEvent>;

/**
 * The offline provider: its hosted checkout is a page of this server (checkout.ts), which sends
 * the signed webhook a real provider would send.
 */
export function sandboxGateway(config: Pick<Config, 'PUBLIC_URL'>, secret: string) {
  return {
    name: 'sandbox',
    async createLink(request) {
      return { linkUrl: `${config.PUBLIC_URL}/checkout/${request.linkId}` };
    },
    async fetchLink() {
      return null;
    },
    readWebhook(headers, rawBody) {
      if (!validSignature(secret, headers, rawBody)) throw new AppError('unauthorized', BAD_SIGNATURE);
      const parsed = sandboxEvent.safeParse(parseJson(rawBody));
      if (!parsed.success) throw new AppError('bad_request', BAD_EVENT);
      const event = parsed.data;
      return {
        eventId: event.event_id,
        linkId: event.link_id,
        status: event.status,
        amountPaidPaise: rupeesToPaise(event.amount_paid),
        providerReference: event.reference,
      };
    },
    /** The body and headers of the webhook the checkout page sends for an outcome. */
    signedEvent(event: Omit<SandboxEvent, 'event_id'>, timestamp: string) {
      const body = JSON.stringify({ event_id: randomUUID(), ...event });
      return {
        body,
        headers: { 'content-type': 'application/json', 'x-webhook-timestamp': timestamp, 'x-webhook-signature': webhookSignature(secret, timestamp, body) },
      };
    },
  } satisfies PaymentGateway & { signedEvent: unknown };
}
export type SandboxGateway = ReturnType<typeof sandboxGateway>;

const CASHFREE_STATUS: Record<string, PaymentEvent['status'] | 'active'> = {
  ACTIVE: 'active',
  PAID: 'paid',
  PARTIALLY_PAID: 'partially_paid',
  EXPIRED: 'expired',
  CANCELLED: 'cancelled',
};
const money = z.union([z.number(), z.string().regex(/^\d+(\.\d{1,2})?$/)]).transform((value) => rupeesToPaise(Number(value)));
const cashfreeLink = z.object({ link_id: z.string(), link_status: z.string(), link_url: z.string().optional(), link_amount_paid: money.optional() });
const cashfreeEvent = z.object({
  type: z.literal('PAYMENT_LINK_EVENT'),
  data: z.object({
    link_id: z.string(),
    link_status: z.string(),
    link_amount_paid: money,
    order: z.object({ order_id: z.string().optional(), transaction_id: z.union([z.string(), z.number()]).optional() }).optional(),
  }),
});

/**
 * Cashfree Payment Links (API version `CASHFREE_API_VERSION`): POST /links, GET /links/{link_id},
 * and the PAYMENT_LINK_EVENT webhook signed with the client secret.
 */
export function cashfreeGateway(config: Pick<Config, 'CASHFREE_BASE_URL' | 'CASHFREE_CLIENT_ID' | 'CASHFREE_CLIENT_SECRET' | 'CASHFREE_API_VERSION'>) {
  const base = config.CASHFREE_BASE_URL.replace(/\/$/, '');
  const secret = config.CASHFREE_CLIENT_SECRET!;
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json',
    'x-client-id': config.CASHFREE_CLIENT_ID!,
    'x-client-secret': secret,
    'x-api-version': config.CASHFREE_API_VERSION,
  };

  async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(10_000),
        redirect: 'error',
      });
    } catch {
      throw new AppError('internal', 'The payment provider could not be reached');
    }
    if (!response.ok) throw new AppError('internal', 'The payment provider refused the request');
    const parsed = cashfreeLink.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new AppError('internal', 'The payment provider answered in an unknown shape');
    return parsed.data;
  }

  return {
    name: 'cashfree',
    async createLink(request) {
      const link = await call('POST', '/links', {
        link_id: request.linkId,
        link_amount: paiseToRupees(request.amountPaise),
        link_currency: 'INR',
        link_purpose: request.purpose,
        customer_details: { customer_name: request.customer.name, customer_email: request.customer.email, customer_phone: request.customer.phone },
        link_expiry_time: request.expiresAt.toISOString(),
        link_partial_payments: false,
        link_notify: { send_sms: false, send_email: false },
        link_meta: { return_url: request.returnUrl, notify_url: request.notifyUrl },
      });
      if (!link.link_url) throw new AppError('internal', 'The payment provider answered in an unknown shape');
      return { linkUrl: link.link_url };
    },
    async fetchLink(linkId) {
      const link = await call('GET', `/links/${encodeURIComponent(linkId)}`);
      return { status: CASHFREE_STATUS[link.link_status] ?? 'error', amountPaidPaise: link.link_amount_paid ?? 0 };
    },
    readWebhook(headers, rawBody) {
      if (!validSignature(secret, headers, rawBody)) throw new AppError('unauthorized', BAD_SIGNATURE);
      const parsed = cashfreeEvent.safeParse(parseJson(rawBody));
      if (!parsed.success) throw new AppError('bad_request', BAD_EVENT);
      const { data } = parsed.data;
      const status = CASHFREE_STATUS[data.link_status];
      if (!status || status === 'active') throw new AppError('bad_request', BAD_EVENT);
      const transaction = data.order?.transaction_id === undefined ? null : String(data.order.transaction_id);
      return {
        eventId: `${data.link_id}:${data.link_status}:${transaction ?? ''}`,
        linkId: data.link_id,
        status,
        amountPaidPaise: data.link_amount_paid,
        providerReference: data.order?.order_id ?? transaction,
      };
    },
  } satisfies PaymentGateway;
}
