import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../common/limits.ts';

export { DEFAULT_PAGE_SIZE, PAGE_SIZES };

/**
 * The numbered pager's window: with fewer than 7 pages, all of them; otherwise the first
 * and last page with the current neighbourhood between ellipses. Pages are 1-based here.
 */
export function pageWindow(current: number, total: number): (number | 'gap')[] {
  if (total < 7) return Array.from({ length: total }, (_, i) => i + 1);
  if (current < 4) return [1, 2, 3, 4, 5, 'gap', total];
  if (total - current < 4) return [1, 'gap', total - 4, total - 3, total - 2, total - 1, total];
  return [1, 'gap', current - 1, current, current + 1, 'gap', total];
}
