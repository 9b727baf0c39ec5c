import { describe, expect, it } from 'vitest';
import { pageWindow } from './paging';

describe('the page-number window', () => {
  it('shows five pages with the current one in the middle', () => {
    expect(pageWindow(6, 40)).toEqual([4, 5, 6, 7, 8]);
  });

  it('stays inside the first and last pages', () => {
    expect(pageWindow(1, 40)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 40)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(40, 40)).toEqual([36, 37, 38, 39, 40]);
    expect(pageWindow(39, 40)).toEqual([36, 37, 38, 39, 40]);
  });

  it('shows fewer numbers when there are fewer pages, none without results', () => {
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});
