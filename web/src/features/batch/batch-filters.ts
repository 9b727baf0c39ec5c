import { batchDateRangeError, type BatchState } from '@verigate/contracts';
import dayjs from 'dayjs';
import type { BatchFilters } from '@/lib/api/batch/get-batch-tasks';

/** The earliest day the duration picker offers (seed 001 §9). */
export const EARLIEST_FILTER_DAY = '2020-01-01';

/** What the filter panel holds: a product arn, the From and To days ('YYYY-MM-DD') and a state. */
export interface FilterDraft {
  product: string | null;
  range: [string | null, string | null];
  status: BatchState | null;
}

export const EMPTY_DRAFT: FilterDraft = { product: null, range: [null, null], status: null };

/**
 * The filters getTask takes for a draft, or the seed's message when its dates cannot be used:
 * 'Please Select Both Dates' for one date, 'Please Select A valid Date Range' for a reversed or
 * longer-than-90-days range. The range runs from the start of its first day to the end of its last.
 */
export function filtersOf(draft: FilterDraft): { filters: BatchFilters } | { error: string } {
  const [from, to] = draft.range;
  const start = from ? dayjs(from).startOf('day').valueOf() : undefined;
  const end = to ? dayjs(to).endOf('day').valueOf() : undefined;
  const error = batchDateRangeError(start, end);
  if (error) return { error };
  const filters: BatchFilters = {};
  if (draft.product) filters.product = draft.product;
  if (start !== undefined && end !== undefined) Object.assign(filters, { start_date: start, end_date: end });
  if (draft.status) filters.status = draft.status;
  return { filters };
}
