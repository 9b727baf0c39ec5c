import { REPORT_PAGE_WINDOW } from '@verigate/contracts';

/**
 * The page numbers to offer around `current`: at most REPORT_PAGE_WINDOW (seed 001 §9), the
 * current page as central as the first and last pages allow (1 2 [3] 4 5, 4 5 [6] 7 8, 6 7 8 9 [10]).
 */
export function pageWindow(current: number, lastPage: number): number[] {
  if (lastPage < 1) return [];
  const size = Math.min(REPORT_PAGE_WINDOW, lastPage);
  const first = Math.min(Math.max(1, current - Math.floor(REPORT_PAGE_WINDOW / 2)), lastPage - size + 1);
  return Array.from({ length: size }, (_, index) => first + index);
}
