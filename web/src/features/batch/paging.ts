/**
 * The page buttons shown for `page` of `pageCount` (both 1-based): at most `size` consecutive
 * pages, the current one as central as the ends allow (seed 001 §9: the batch list's window of 5).
 */
export function pageWindow(page: number, pageCount: number, size: number): number[] {
  if (pageCount <= 0) return [];
  const width = Math.min(size, pageCount);
  const first = Math.min(Math.max(1, page - Math.floor((width - 1) / 2)), pageCount - width + 1);
  return Array.from({ length: width }, (_, index) => first + index);
}

/** The items of `page` (1-based) when `pageSize` items make a page. */
export const pageOf = <T>(items: readonly T[], page: number, pageSize: number): T[] => items.slice((page - 1) * pageSize, page * pageSize);

export const pageCountOf = (itemCount: number, pageSize: number): number => Math.ceil(itemCount / pageSize);
