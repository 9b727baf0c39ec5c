/**
 * The all plans screen is /application/{id}/plans, and its back link goes to /application/{id}
 * (seed 000 §2, 001 §2): {id} names the screen it was opened from, 'dashboard' (the checklist's
 * plan step) or 'billing', so the back link returns there.
 */
export const plansPath = (from: string) => `/application/${from}/plans`;

/** What a link to the plans screen may pass in its navigation state: the product to highlight (an arn). */
export interface PlansScreenState {
  product?: string;
}

export const highlightedProductOf = (state: unknown): string | null =>
  typeof state === 'object' && state !== null && 'product' in state && typeof state.product === 'string' ? state.product : null;
