import type { BatchSpec, DocsSpec, Flow, Operation, ProductForm } from './model.js';

/**
 * One verification product of the provider API (architecture page, `packages/catalog`): what
 * the catalogue shows, and what its calls take and answer. Trial forms, API docs, batch CSV
 * columns, the gateway's validation and the sandbox all derive from it.
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
  /**
   * The calls of the product: one for a single-step product (no `action`), or the steps of its
   * flow in order, each with its `action`.
   */
  operations: readonly Operation[];
  /** Multi-step products: how their steps hang together. */
  flow?: Flow;
  /** Bank-account products: the answer carries a reason code (TXN, DLC, …) chosen by the IFSC in the sandbox. */
  bankReasons: boolean;
  form: ProductForm;
  batch: BatchSpec;
  docs: DocsSpec;
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
