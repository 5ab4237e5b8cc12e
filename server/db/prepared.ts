import type { DbOrTx } from './open.ts';

const byDatabase = new WeakMap<object, Map<string, unknown>>();

/** Named queries kept per database at most (so per PostgreSQL connection); past it they are built each time. */
const MAX_NAMED = 512;

/**
 * A hot query built once per database (or transaction) and prepared: Drizzle assembles its SQL once
 * and, on PostgreSQL, node-postgres parses it once per connection as the named statement `name`
 * (PGlite reuses the built SQL). `build` makes the query with `sql.placeholder(…)` for every value
 * and calls `.prepare(name)`; the caller runs `.execute({ … })`. The SQL text under one name must
 * never change: put every variant (a filter present or not, a sort order) in the name. A name of
 * `null` (a variant not worth a named statement, such as a sort of three columns) builds the same
 * query unnamed (`''`: node-postgres then parses it each time), every time. See "Hot paths" in docs/architecture.md.
 */
export function prepared<T>(db: DbOrTx, name: string | null, build: (name: string) => T): T {
  if (name === null) return build('');
  let queries = byDatabase.get(db);
  if (!queries) {
    queries = new Map();
    byDatabase.set(db, queries);
  }
  let query = queries.get(name) as T | undefined;
  if (query === undefined) {
    if (queries.size >= MAX_NAMED) return build('');
    query = build(name);
    queries.set(name, query);
  }
  return query;
}
