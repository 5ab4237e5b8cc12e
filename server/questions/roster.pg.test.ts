import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDerived, generateYear, studentName } from '../../bench/scale/generate.ts';
import { dayOf } from '../../common/dates.ts';
import { type Database, openDatabase } from '../db/open.ts';
import { studentsOfTeacher } from './search.ts';

/**
 * A teacher's roster on a school big enough for the planner to choose as it would in a real one
 * (bench:scale's generator: 200 students of 10 teachers, 100,000 answers): it reads the class's rows
 * of the class table through its key, never an answer or an assignment.
 */
const base = process.env.TEST_DATABASE_URL;
if (!base) throw new Error('roster.pg.test.ts needs TEST_DATABASE_URL (run it with npm run test:pg)');

const name = `tf_roster_plan_${process.pid}`;
const admin = (statement: string) => {
  const client = new pg.Client({ connectionString: base });
  return client
    .connect()
    .then(() => client.query(statement))
    .finally(() => client.end());
};
const urlOf = (database: string) => {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
};

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
};
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

let database: Database;
const TEACHERS = 10;
const ANSWERS = 100_000;
const STUDENTS = 200;
beforeAll(async () => {
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  database = await openDatabase({ kind: 'postgres', url: urlOf(name), poolSize: 4 });
  const timeZone = 'Asia/Seoul';
  const now = new Date();
  await generateYear(
    database.db,
    {
      students: STUDENTS,
      submissions: ANSWERS,
      teachers: TEACHERS,
      questions: 4000,
      drill: 2000,
      wall: 10,
      seed: 3,
      until: dayOf(now, timeZone),
      timeZone,
    },
    'no password',
    now,
    () => {},
  );
  expect(await checkDerived(database.db)).toEqual([]);
}, 300_000);
afterAll(async () => {
  await database?.close();
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

describe("a teacher's roster at scale", () => {
  it('lists the students of their class, reading only its rows of the class table', async () => {
    const teacherId = 2; // the generator's first teacher: after the administrator
    const roster = await studentsOfTeacher(database.db, teacherId);
    // The generator gives teacher t the students whose number is t modulo the number of teachers.
    const expected = Array.from({ length: STUDENTS }, (_, s) => s)
      .filter((s) => s % TEACHERS === 0)
      .map(studentName);
    expect(roster.map((r) => r.name)).toEqual(expected);

    database.queries.log = [];
    await studentsOfTeacher(database.db, teacherId);
    const [statement] = database.queries.log;
    database.queries.log = null;
    const client = new pg.Client({ connectionString: urlOf(name) });
    await client.connect();
    try {
      const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `EXPLAIN (ANALYZE, FORMAT JSON) ${statement!.query}`,
        statement!.params,
      );
      const nodes = nodesOf(rows[0]!['QUERY PLAN'][0].Plan);
      const relations = nodes.map((n) => n['Relation Name']).filter(Boolean);
      expect(relations).not.toContain('submissions');
      expect(relations).not.toContain('assignments');
      // The class table: one row per (teacher, student), here one per student — small enough that
      // the planner may read it whole; at 1,000 students, 1,000 rows, against 100,000 answers.
      const onClasses = nodes.filter((n) => n['Relation Name'] === 'teacher_students');
      expect(onClasses).toHaveLength(1);
      expect(onClasses[0]!['Actual Rows']).toBe(expected.length);
      const [{ pairs }] = (
        await client.query<{ pairs: number }>('SELECT count(*)::int AS pairs FROM teacher_students')
      ).rows as [{ pairs: number }];
      expect(pairs).toBe(STUDENTS);
    } finally {
      await client.end();
    }
  });
});
