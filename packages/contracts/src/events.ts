import { z } from 'zod';

/** POST /events?action=…: a request to the provider's team (activation, more balance), or an emailed OTP of the step-up. */
export const EVENT_ACTIONS = ['account_activation_request', 'send_otp', 'resend_otp', 'add_balance_request'] as const;
export const eventActionQuery = z.strictObject({ action: z.enum(EVENT_ACTIONS, { error: 'Unknown action' }) });
