import { type Placeholder, type Query, type SQL, sql } from 'drizzle-orm';
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

/**
 * A value of a prepared statement that PostgreSQL does not look at when it plans the statement:
 * `(SELECT $n::type)`, a one-row subquery run once at the start of each execution. PostgreSQL plans a
 * named statement again at every execution ("custom plans") for as long as a plan made for the
 * given values looks cheaper than its plan for any values ("generic"): for a page of questions with
 * their options and topics that is always, since a generic plan must assume a larger page and a
 * heavier student, so the statement was planned on every read — more CPU than running it. A
 * statement whose every value is given through `unplanned` costs the same either way, so PostgreSQL
 * settles on its generic plan after five executions on a connection and never plans it again. Only
 * for statements whose best plan does not depend on the values (a key looked up through its index,
 * a page's size and offset), and only where every value of the statement is given so (a single
 * plain placeholder is enough to keep custom plans).
 */
export function unplanned(
  name: string,
  type: 'int' | 'bigint' | 'date' | 'text' | 'timestamptz' | 'int[]' | 'text[]' | 'smallint[]',
): SQL {
  return sql`(SELECT ${sql.placeholder(name)}::${sql.raw(type)})`;
}

/** `unplanned` for `.limit()` and `.offset()`, which Drizzle types as taking a number or a placeholder only (it builds any SQL given). */
export function unplannedCount(name: string): Placeholder {
  return unplanned(name, 'bigint') as unknown as Placeholder;
}

/** The SQL text and parameters of each `preparedStatement`, built once per process by name. */
const statementTexts = new Map<string, Query>();

/**
 * A hot statement written as SQL rather than with the query builders (a `WITH` of data-modifying
 * statements, which they cannot write), prepared under `name` as `prepared` does for built queries:
 * its text is built once per process (`prepared` keeps a built query per database object, and every
 * transaction is a new one), node-postgres parses it once per connection, and PostgreSQL
 * can keep one plan for it (give every value through `unplanned`). `build` writes the statement with
 * `sql.placeholder(…)` for every value and must give the same text every time; `values` fills them.
 * Answers the driver's result, as `db.execute` does (read its rows with `rowsOf`).
 */
export function preparedStatement(
  db: DbOrTx,
  name: string,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<unknown> {
  let query = statementTexts.get(name);
  if (query === undefined) {
    // `execute` only builds here: the statement runs when it is awaited, and it never is.
    query = db.execute(build()).getQuery();
    statementTexts.set(name, query);
  }
  return db._.session.prepareQuery(query, undefined, name, false).execute(values);
}
