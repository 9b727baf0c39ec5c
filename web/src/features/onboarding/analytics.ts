/**
 * The analytics tracker (seed 000 §7: "An analytics tracker is used"): events go onto the
 * tag-manager data layer, `window.dataLayer`, created when missing. Whatever tag manager the
 * deployment loads reads them from there; without one they simply accumulate.
 */
declare global {
  interface Window {
    dataLayer?: Array<Record<string, unknown>>;
  }
}

export function track(event: string, props: Record<string, unknown> = {}): void {
  window.dataLayer ??= [];
  window.dataLayer.push({ event, ...props });
}
