import pg from 'pg';
import { type Database, openDatabase } from '../db/open.ts';

/**
 * A database of its own for a test of statement plans on PostgreSQL (`*.pg.test.ts`): seeded by
 * the test big enough for the planner to choose as it would in a busy school, and dropped after.
 */
export type PlanDatabase = {
  database: Database;
  /** The plan PostgreSQL ran for the statement (EXPLAIN ANALYZE; a write rolled back), every node flattened. */
  explain(statement: { query: string; params: unknown[] }): Promise<PlanNode[]>;
  /** Runs SQL on a connection of its own (seeding, ANALYZE). */
  run(text: string): Promise<void>;
  drop(): Promise<void>;
};

export type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
};

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** Rows a plan's scans of `relation` returned, over all their loops. */
export const rowsRead = (nodes: PlanNode[], relation: string) =>
  nodes
    .filter((n) => n['Relation Name'] === relation)
    .reduce((sum, n) => sum + (n['Actual Rows'] ?? 0) * (n['Actual Loops'] ?? 1), 0);

export async function planDatabase(prefix: string): Promise<PlanDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('plan tests need TEST_DATABASE_URL (run them with npm run test:pg)');
  const name = `${prefix}_${process.pid}`;
  const url = new URL(base);
  url.pathname = `/${name}`;
  const on = async (target: string, text: string, params: unknown[] = []) => {
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    try {
      return await client.query(text, params);
    } finally {
      await client.end();
    }
  };
  await on(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await on(base, `CREATE DATABASE ${name}`);
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
  return {
    database,
    async explain(statement) {
      // EXPLAIN ANALYZE runs the statement: a write is undone.
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        await client.query('BEGIN');
        const { rows } = await client.query(
          `EXPLAIN (ANALYZE, FORMAT JSON) ${statement.query}`,
          statement.params,
        );
        return nodesOf((rows[0] as { 'QUERY PLAN': [{ Plan: PlanNode }] })['QUERY PLAN'][0].Plan);
      } finally {
        await client.query('ROLLBACK').catch(() => {});
        await client.end();
      }
    },
    async run(text) {
      await on(url.toString(), text);
    },
    async drop() {
      await database.close();
      await on(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
