import type { Operation, ProductAction } from '../model.js';
import type { ProductDefinition } from '../product.js';
import { REFUSALS } from './refusals.js';

/** The refusal of an action the product does not take (seed 001 §8). */
export const ACTION_DISALLOWED = REFUSALS.actionDisallowed.message;

/**
 * The operation a body's `action` names (seed 001 §7 trial call: init, fetch, request, verify,
 * request-test, submit-test). A single-step product takes no action; a trial form's or batch
 * row's first step of a flow may omit it (the provider API may not: `actionRequired`). Anything
 * else is undefined: 'action disallowed for the product'.
 */
export function operationFor(product: Pick<ProductDefinition, 'operations'>, action: unknown): Operation | undefined {
  if (action === undefined) return product.operations[0];
  if (typeof action !== 'string') return undefined;
  return product.operations.find((operation) => operation.action === action);
}

/** The actions a product takes, in flow order; empty for a single-step product. */
export const productActions = (product: Pick<ProductDefinition, 'operations'>): ProductAction[] =>
  product.operations.flatMap((operation) => (operation.action ? [operation.action] : []));

/** Whether `action` (as sent, possibly absent) may be given to the product. */
export const isActionAllowed = (product: Pick<ProductDefinition, 'operations'>, action: unknown): boolean => operationFor(product, action) !== undefined;

/** 106 on `action`: a multi-step product's call to the provider API that names no step. */
export const actionRequired = (product: Pick<ProductDefinition, 'operations'>): string => `action must be one of: ${productActions(product).join(', ')}`;
