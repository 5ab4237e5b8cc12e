import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type PageRequest, pageQuery } from '../../common/contracts/paging.ts';
import { parseWith } from './parse.ts';

/** Reads `page`, `size`, `sort` from a query against a route's allow-list of sortable fields. */
export function parsePage(query: unknown, sortable: Record<string, AnyPgColumn | SQL>): PageRequest {
  const source = (query ?? {}) as Record<string, unknown>;
  return parseWith(
    pageQuery(Object.keys(sortable)),
    { page: source.page, size: source.size, sort: source.sort },
    'query',
  );
}

/**
 * ORDER BY for a page request: the requested orders, then the route's default, then the id as a
 * tie-breaker so pages never overlap (spec 1 §4: "then ascending by id").
 */
export function orderBy(
  request: PageRequest,
  sortable: Record<string, AnyPgColumn | SQL>,
  fallback: SQL[],
  id: AnyPgColumn,
): SQL[] {
  const requested = request.sort.map((s) => {
    const column = sortable[s.field]!;
    return s.direction === 'desc' ? desc(column) : asc(column);
  });
  return [...(requested.length ? requested : fallback), asc(id)];
}
