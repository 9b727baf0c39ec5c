import { setFlagsFromString } from 'node:v8';

/**
 * V8 lets its old generation grow to about four times what survived the last full collection
 * before it collects again: under a batch (about 50 MB live) that is a 200 MB heap and an RSS
 * over 300 MB. Growing by at most this much (to three times) keeps the heap near 150 MB for a few
 * more full collections; tighter bounds cost the gateway's latency-bound calls more
 * (docs/decisions/0017-gateway-group-commit.md, "Memory").
 */
export const HEAP_GROWING_PERCENT = 200;

/** Sets the growth for this process. V8 reads it at each collection, so it holds from the next one on. */
export function boundHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
