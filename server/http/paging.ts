import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type PageRequest, pageQuery, type SortOrder } from '../../common/contracts/paging.ts';
import { parseWith } from './parse.ts';

/** A route's allow-list of sortable fields and the column (or expression) each sorts by. */
export type Sortable = Record<string, AnyPgColumn | SQL>;

/** The page schema of each allow-list, built on first use: never a zod schema per request. */
const pageSchemas = new WeakMap<Sortable, ReturnType<typeof pageQuery>>();

/** The page schema of an allow-list (also what /api/openapi.json describes). */
export function pageSchemaFor(sortable: Sortable): ReturnType<typeof pageQuery> {
  let schema = pageSchemas.get(sortable);
  if (!schema) {
    schema = pageQuery(Object.keys(sortable));
    pageSchemas.set(sortable, schema);
  }
  return schema;
}

/**
 * Reads `page`, `size`, `sort` from a query against a route's allow-list of sortable fields (a
 * module constant: its schema is built once and kept).
 */
export function parsePage(query: unknown, sortable: Sortable): PageRequest {
  const schema = pageSchemaFor(sortable);
  const source = (query ?? {}) as Record<string, unknown>;
  return parseWith(schema, { page: source.page, size: source.size, sort: source.sort }, 'query');
}

/**
 * Whether a request's query string names any of `names`, with or without a value: what tells the
 * original client's unpaged calls (no paging parameters at all) from a paged one.
 */
export function queryNamesAny(url: string, names: readonly string[]): boolean {
  const at = url.indexOf('?');
  if (at < 0) return false;
  const sent = new URLSearchParams(url.slice(at + 1));
  return names.some((name) => sent.has(name));
}

/**
 * The part of a prepared query's name that its ORDER BY depends on: `''` for the route's default,
 * `field.dir[,field.dir]` for one or two orders, null (not worth a named statement) past that.
 */
export function sortVariant(sort: readonly SortOrder[]): string | null {
  if (sort.length > 2) return null;
  if (sort.length === 0) return '';
  return sort.map((s) => `${s.field}.${s.direction}`).join(',');
}

/**
 * ORDER BY for a page request: the requested orders, then the route's default, then the id ascending
 * as a tie-breaker so pages never overlap.
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
