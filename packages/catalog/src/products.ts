import type { ProductDefinition } from './product.js';
import { business } from './definitions/business.js';
import { contact } from './definitions/contact.js';
import { define } from './definitions/define.js';
import { employment } from './definitions/employment.js';
import { face } from './definitions/face.js';
import { financial } from './definitions/financial.js';
import { identity } from './definitions/identity.js';
import { ocr } from './definitions/ocr.js';
import { sign } from './definitions/sign.js';
import { vehicle } from './definitions/vehicle.js';

/** THE product registry: one definition per product, grouped by category in display order. */
export const products: readonly ProductDefinition[] = Object.freeze(
  [...identity, ...business, ...financial, ...vehicle, ...contact, ...employment, ...face, ...ocr, ...sign].map(define),
);
