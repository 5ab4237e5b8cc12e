import { describe, expect, it } from 'vitest';
import { pageWindow } from './paging.ts';

describe('pageWindow', () => {
  it('shows every page below 7 and windows with ellipses above', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
    expect(pageWindow(6, 10)).toEqual([1, 'gap', 5, 6, 7, 'gap', 10]);
    expect(pageWindow(9, 10)).toEqual([1, 'gap', 6, 7, 8, 9, 10]);
  });
  it('always contains the current page, the first and the last', () => {
    for (let total = 1; total < 40; total++) {
      for (let current = 1; current <= total; current++) {
        const pages = pageWindow(current, total);
        expect(pages).toContain(current);
        expect(pages[0]).toBe(1);
        expect(pages.at(-1)).toBe(total);
      }
    }
  });
});
