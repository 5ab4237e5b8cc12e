import { describe, expect, it } from 'vitest';
import { API_DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../limits.ts';
import { describeIssues } from '../validation.ts';
import { z } from '../zod.ts';
import { pageOf, pageQuery, toPage } from './paging.ts';

const query = pageQuery(['id', 'title']);

function refusal(value: unknown): string {
  const result = query.safeParse(value);
  if (result.success) throw new Error(`parsed: ${JSON.stringify(value)}`);
  return describeIssues(result.error.issues).message;
}

describe('pageQuery', () => {
  it('defaults to the first page of the default size, unsorted', () => {
    expect(query.parse({})).toEqual({ page: 0, size: API_DEFAULT_PAGE_SIZE, sort: [] });
  });

  it('reads page and size as whole numbers within their bounds', () => {
    expect(query.parse({ page: '0', size: '1' })).toEqual({ page: 0, size: 1, sort: [] });
    expect(query.parse({ page: '1000000', size: String(MAX_PAGE_SIZE) })).toMatchObject({
      page: 1_000_000,
      size: MAX_PAGE_SIZE,
    });
    expect(refusal({ page: '1000001' })).toBe('page: page must be at most 1000000');
    expect(refusal({ size: '0' })).toBe('size: size must be at least 1');
    expect(refusal({ size: String(MAX_PAGE_SIZE + 1) })).toBe(`size: size must be at most ${MAX_PAGE_SIZE}`);
    expect(refusal({ page: '-1' })).toBe('page: page must be a whole number');
    expect(refusal({ page: '1.5' })).toBe('page: page must be a whole number');
    expect(refusal({ size: 'x5' })).toBe('size: size must be a whole number');
    expect(refusal({ size: '5x' })).toBe('size: size must be a whole number');
  });

  it('reads one or several sort orders, ascending by default, any case, spaces trimmed', () => {
    expect(query.parse({ sort: 'id' }).sort).toEqual([{ field: 'id', direction: 'asc' }]);
    expect(query.parse({ sort: ' title , DESC ' }).sort).toEqual([{ field: 'title', direction: 'desc' }]);
    expect(query.parse({ sort: ['title,desc', 'id,asc'] }).sort).toEqual([
      { field: 'title', direction: 'desc' },
      { field: 'id', direction: 'asc' },
    ]);
    expect(query.parse({ sort: ['id', 'id', 'id', 'id', 'id'] }).sort).toHaveLength(5);
  });

  it('refuses a field off the allow-list, another direction, extra parts and more than five orders', () => {
    const message = 'sort: must be field,asc|desc with field one of id, title';
    expect(refusal({ sort: 'name,asc' })).toBe(message);
    expect(refusal({ sort: 'id,up' })).toBe(message);
    expect(refusal({ sort: 'id,asc,x' })).toBe(message);
    expect(refusal({ sort: '' })).toBe(message);
    expect(refusal({ sort: ['id', 'id', 'id', 'id', 'id', 'id'] })).toBe('sort: at most 5 sort orders');
  });
});

describe('toPage', () => {
  it('describes a middle page of a sorted list', () => {
    const page = toPage(['c', 'd'], { page: 1, size: 2, sort: [{ field: 'id', direction: 'asc' }] }, 5);
    const sort = { empty: false, sorted: true, unsorted: false };
    expect(page).toEqual({
      content: ['c', 'd'],
      pageable: { pageNumber: 1, pageSize: 2, sort, offset: 2, paged: true, unpaged: false },
      totalPages: 3,
      totalElements: 5,
      size: 2,
      number: 1,
      numberOfElements: 2,
      first: false,
      last: false,
      empty: false,
      sort,
    });
    expect(pageOf(z.string()).parse(page)).toEqual(page);
  });

  it('marks the first, the last and an empty page', () => {
    const unsorted = { empty: true, sorted: false, unsorted: true };
    const first = toPage(['a'], { page: 0, size: 3, sort: [] }, 4);
    expect(first).toMatchObject({ first: true, last: false, totalPages: 2, sort: unsorted, empty: false });
    expect(first.pageable.offset).toBe(0);
    expect(toPage(['d'], { page: 1, size: 3, sort: [] }, 4)).toMatchObject({ first: false, last: true });
    expect(toPage([], { page: 0, size: 3, sort: [] }, 0)).toMatchObject({
      first: true,
      last: true,
      empty: true,
      totalPages: 0,
      numberOfElements: 0,
    });
    expect(toPage([], { page: 7, size: 3, sort: [] }, 4)).toMatchObject({ last: true, empty: true });
  });

  it('its contract refuses a page that is not one', () => {
    const page = toPage([1], { page: 0, size: 1, sort: [] }, 1);
    const contract = pageOf(z.number());
    expect(contract.safeParse({ ...page, first: 'yes' }).success).toBe(false);
    expect(contract.safeParse({ ...page, pageable: { ...page.pageable, paged: false } }).success).toBe(false);
    expect(contract.safeParse({ ...page, pageable: { ...page.pageable, unpaged: true } }).success).toBe(
      false,
    );
    expect(contract.safeParse({ ...page, totalPages: 1.5 }).success).toBe(false);
    expect(contract.safeParse({ ...page, sort: { empty: true, sorted: false } }).success).toBe(false);
    expect(contract.safeParse({ ...page, content: ['1'] }).success).toBe(false);
  });
});
