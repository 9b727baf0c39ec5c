import type { ProductDefinition } from './product.js';
import { products } from './products.js';

export { CATEGORIES, type ProductCategory, type ProductDefinition } from './product.js';
export type * from './model.js';
export { PRODUCT_ACTION_NAMES } from './model.js';
export { products };

const byArn = new Map(products.map((product) => [product.arn, product]));

/** The registry entry for an arn, or undefined for an unknown one. */
export const productByArn = (arn: string): ProductDefinition | undefined => byArn.get(arn);

export interface ArnParts {
  region: string;
  category: string;
  service: string;
  type: string;
}

const ARN_PART = /^[a-z][a-z0-9]*$/;

/**
 * Splits an arn on '_' into the provider-API path parts (seed 001 §3, §7 trial call).
 * Throws unless it has exactly four non-empty lowercase parts.
 */
export function splitArn(arn: string): ArnParts {
  const parts = arn.split('_');
  const [region, category, service, type] = parts;
  if (parts.length !== 4 || !parts.every((part) => ARN_PART.test(part)) || !region || !category || !service || !type) {
    throw new Error(`Malformed product arn '${arn}': expected region_category_service_type in lowercase`);
  }
  return { region, category, service, type };
}

/** The key trial forms and the hidden lists use: the name lowercased, spaces removed (seed 001 §2). */
export const trialKey = (name: string): string => name.toLowerCase().replace(/ /g, '');

/** Products filtered out of the Trial Center list, by trial key (seed 001 §7). */
export const TRIAL_HIDDEN_NAMES = Object.freeze([
  'digilocker',
  'ocrsdk',
  'studentverificationsdk',
  'cinlite',
  'panmini',
  'rcfinder',
  'rcchassis',
  'rcreverseinvoice',
  'namematchapi',
  'rc-miniapi',
  'aadhaarpro',
  'merchantreports',
  'fastagadvance',
  'facesearchapi',
  'challanpayment',
  'vehiclehistoryapi',
  'bankstatementanalyser',
  'okyc',
  'rcmvtax',
] as const);

/** Products filtered out of an app's service_access (seed 000 §7, seed 001 §7 GET /app/{appId}). */
export const APP_HIDDEN_NAMES = Object.freeze(['merchantreports', 'okyc'] as const);

const trialHidden: ReadonlySet<string> = new Set(TRIAL_HIDDEN_NAMES);
const appHidden: ReadonlySet<string> = new Set(APP_HIDDEN_NAMES);

/** Accepts any object with a name, so a ProductView works as well as a definition. */
export const isHiddenFromTrial = (product: Pick<ProductDefinition, 'name'>): boolean => trialHidden.has(trialKey(product.name));

export const isHiddenFromApp = (product: Pick<ProductDefinition, 'name'>): boolean => appHidden.has(trialKey(product.name));

/** Distinct display categories, in registry order (the catalogue's tabs after 'All'). */
export const productCategories = (): string[] => [...new Set(products.map((product) => product.category))];

export * from './requests/index.js';
export * from './docs.js';
export * from './batch.js';
export * from './estamp.js';
export { acceptedExtensions, FILE_LIMIT_BYTES } from './requests/fields.js';
export { decodedSize, fileKind, isBase64, SAMPLE_JPEG, SAMPLE_PNG } from './documents/files.js';
export { SAMPLE_PDF } from './documents/pdf.js';
export * from './personal-data/index.js';
