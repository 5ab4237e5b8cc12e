import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { isDay } from '../../../common/dates.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './paging.ts';

/**
 * Paging and filters live in the address (`?page=3&size=10&date=YYYY-MM-DD&…`), so Back,
 * Forward and reload keep the place. `page` is 1-based in the address, as the pager shows it, and
 * 0-based here, as the API takes it; defaults (page 1, size 5) are left out of the address. Every
 * change is a new history entry; a filter change goes back to the first page.
 */
export function usePageParams<F extends string = never>(
  filters: readonly F[] = [],
  /** A page whose own default size is not 5 (the math results' 6); it is then offered too. */
  options: { defaultSize?: number } = {},
) {
  const defaultSize = options.defaultSize ?? DEFAULT_PAGE_SIZE;
  const [search, setSearch] = useSearchParams();
  const page = Math.max(0, (Number.parseInt(search.get('page') ?? '', 10) || 1) - 1);
  const rawSize = Number(search.get('size'));
  const size =
    (PAGE_SIZES as readonly number[]).includes(rawSize) || rawSize === defaultSize ? rawSize : defaultSize;
  const rawDate = search.get('date');
  const date = rawDate && isDay(rawDate) ? rawDate : null;
  const filterKey = filters.map((f) => search.get(f) ?? '').join('\u0000');
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the filter values' content
  const values = useMemo(
    () => Object.fromEntries(filters.map((f) => [f, search.get(f) ?? ''])) as Record<F, string>,
    [filterKey],
  );

  const update = useCallback(
    (changes: Record<string, string | number | null>) =>
      setSearch((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          const text = value === null ? '' : String(value);
          const isDefault =
            (key === 'page' && text === '1') || (key === 'size' && text === String(defaultSize));
          if (text === '' || isDefault) next.delete(key);
          else next.set(key, text);
        }
        return next;
      }),
    [setSearch, defaultSize],
  );

  return {
    page,
    size,
    /** The `date=YYYY-MM-DD` filter, when it is a real day. */
    date,
    /** The page's own filters (search text, student, …) as written in the address. */
    filters: values,
    setPage: useCallback((next: number) => update({ page: next + 1 }), [update]),
    setSize: useCallback((next: number) => update({ size: next, page: null }), [update]),
    /** Changes filters and goes back to the first page. */
    setFilters: useCallback(
      (next: Partial<Record<F | 'date', string | null>>) => update({ ...next, page: null }),
      [update],
    ),
  };
}
