/** How many page numbers the pager shows at once (seed 001 §9). */
export const PAGE_WINDOW = 5;

/**
 * The page numbers to offer around `current`: at most PAGE_WINDOW, the current page as central as
 * the first and last pages allow (1 2 [3] 4 5, 4 5 [6] 7 8, 6 7 8 9 [10]).
 */
export function pageWindow(current: number, lastPage: number): number[] {
  if (lastPage < 1) return [];
  const size = Math.min(PAGE_WINDOW, lastPage);
  const first = Math.min(Math.max(1, current - Math.floor(PAGE_WINDOW / 2)), lastPage - size + 1);
  return Array.from({ length: size }, (_, index) => first + index);
}
