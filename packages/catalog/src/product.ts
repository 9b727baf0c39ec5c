/**
 * One verification product of the provider API (architecture page, `packages/catalog`).
 * Trial forms, API docs, batch CSV columns and the gateway's validation derive from it.
 */
export interface ProductDefinition {
  /** region_category_service_type, e.g. 'in_identity_pan_lite'; also the provider-API path. */
  arn: string;
  /** Display name; the trial form is chosen by `trialKey(name)` (seed 001 §2). */
  name: string;
  /** Display category: the catalogue's tabs and the onboarding accordions. */
  category: string;
  /** One sentence for cards. */
  short_description: string;
  /** Two or three sentences: what it returns, typical use (the plan comparison's expanded row). */
  additional_info: string;
  /** Test credits granted on subscription. */
  default_free_transactions: number;
  /** false: an operator must approve the subscription (PENDING_APPROVAL until then). */
  auto_approval: boolean;
  /** Offered on the onboarding select-service screen (GET /product?show_while_onboarding=1). */
  show_while_onboarding: boolean;
  /** Anchors of /doc#tag/{tag}/operation/{operation}. */
  docs: { tag: string; operation: string };
}

/** The display categories, in the order the catalogue shows them. */
export const CATEGORIES = {
  identity: 'Identity Verification',
  business: 'Business Verification',
  financial: 'Financial Verification',
  vehicle: 'Vehicle Verification',
  contact: 'Contact Verification',
  employment: 'Employment Verification',
  face: 'Face Verification',
  ocr: 'OCR',
  sign: 'eSign and eStamp',
} as const;
export type ProductCategory = (typeof CATEGORIES)[keyof typeof CATEGORIES];
