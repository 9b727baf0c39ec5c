import type { Field } from '../model.js';
import type { ProductDefinition } from '../product.js';

/** Bytes a field's files take in base64 (4 characters per 3 bytes), lists counted at their longest. */
function fileAllowance(field: Field): number {
  if (field.file) return Math.ceil(field.file.maxBytes / 3) * 4;
  if (field.fields) return field.fields.reduce((sum, inner) => sum + fileAllowance(inner), 0);
  if (field.items) return fileAllowance(field.items) * (field.maxItems ?? 1);
  return 0;
}

/**
 * The largest body a product's call may send: the server's JSON allowance, plus its files at
 * their limits for products that take files (OCR, face, eSign, …).
 */
export const requestBodyLimit = (product: ProductDefinition, jsonBytes: number): number =>
  jsonBytes + Math.max(...product.operations.map((operation) => operation.fields.reduce((sum, field) => sum + fileAllowance(field), 0)));
