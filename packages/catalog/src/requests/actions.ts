/**
 * The `action` values a product accepts (seed 001 §7 trial call: init, fetch, request, verify,
 * request-test, submit-test). Only products with a multi-step flow take one; any `action` sent to
 * another product, or a value not listed for the product, is refused by the gateway with
 * 'action disallowed for the product'.
 */
export const PRODUCT_ACTIONS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  // OTP flows: the first call sends the OTP, the second submits it.
  in_identity_okyc_otp: ['request', 'verify'],
  in_contact_email_otp: ['request', 'verify'],
  in_contact_mobile_otp: ['request', 'verify'],
  // Hosted sessions: the first call opens a session (SDK link), the second fetches its result.
  in_identity_digilocker_lite: ['init', 'fetch'],
  in_identity_student_sdk: ['init', 'fetch', 'request-test', 'submit-test'],
  in_face_liveness_lite: ['init', 'fetch'],
  in_ocr_card_sdk: ['init', 'fetch'],
  in_contract_esign_aadhaar: ['init', 'fetch'],
  // Reports are prepared asynchronously and fetched with their report_id.
  in_merchant_report_advance: ['request', 'fetch'],
});

/** Whether `action` (as sent, possibly absent) may be given to the product. */
export function isActionAllowed(arn: string, action: unknown): boolean {
  if (action === undefined) return true;
  const allowed = PRODUCT_ACTIONS[arn];
  return typeof action === 'string' && allowed !== undefined && allowed.includes(action);
}
