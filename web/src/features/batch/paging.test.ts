import { describe, expect, it } from 'vitest';
import { pageCountOf, pageOf, pageWindow } from './paging';

describe('the batch list pages (page size 5, window 5)', () => {
  it('shows every page when there are no more than five', () => {
    expect(pageWindow(1, 3, 5)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the current page in the middle of five while the ends allow', () => {
    expect(pageWindow(1, 12, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 12, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(4, 12, 5)).toEqual([2, 3, 4, 5, 6]);
    expect(pageWindow(7, 12, 5)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(11, 12, 5)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(12, 12, 5)).toEqual([8, 9, 10, 11, 12]);
  });

  it('has no pages for no items', () => {
    expect(pageWindow(1, 0, 5)).toEqual([]);
    expect(pageCountOf(0, 5)).toBe(0);
  });

  it('cuts the list into pages of five', () => {
    const items = Array.from({ length: 12 }, (_, index) => index + 1);
    expect(pageCountOf(items.length, 5)).toBe(3);
    expect(pageOf(items, 1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageOf(items, 3, 5)).toEqual([11, 12]);
  });
});
