// The floor under the app's CPU per request: bare Fastify routes and a node-postgres pool answering
// the tutoring read (the JSON text PostgreSQL writes) and a student's calendar month (the same rows
// in the same JSON shape) with the same SQL, and nothing else — no session, access rule, parsing,
// security headers, compression or log line. `npm run bench:api` starts it as a checkout of its own
// (it answers only the read and the student's calendar):
//
//   npm run bench:api -- --cpu-only --db postgres --endpoints read,calendar --server floor=bench/floor --server app=.
//
// What the app spends per request above this floor is what its own work costs (docs/performance.md).
import Fastify from 'fastify';
import pg from 'pg';
import { calendarMonth } from '../../../server/calendars/queries.ts';
import { openDatabase } from '../../../server/db/open.ts';
import { parsePage } from '../../../server/http/paging.ts';
import { pendingQuestionsJson, pendingSortable } from '../../../server/questions/queries.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('the floor runs on PostgreSQL only (DATABASE_URL)');
const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });

// The page statement exactly as the app sends it for a student, recorded once through the app's own
// query (its SQL text and its parameters), then sent as a named statement as node-postgres does.
const recorder = await openDatabase({ kind: 'postgres', url, poolSize: 1, migrationsFolder: null });
type Statement = { name: string; text: string; values: unknown[] } | null;
const statements = new Map<string, Promise<Statement>>();
async function record(name: string): Promise<Statement> {
  const { rows } = await pool.query('select id from users where lower(username) = lower($1)', [name]);
  if (!rows[0]) return null;
  recorder.queries.log = [];
  await pendingQuestionsJson(
    recorder.db,
    rows[0].id,
    null,
    parsePage({ page: '0', size: '5' }, pendingSortable),
    {
      now: new Date(),
      timeZone: process.env.APP_TIME_ZONE ?? 'UTC',
    },
  );
  const [recorded] = recorder.queries.log;
  recorder.queries.log = null;
  return { name: `floor_${statements.size}`, text: recorded!.query, values: recorded!.params };
}
/** One recording per name, shared by the requests that arrive while it runs. */
function statementFor(name: string): Promise<Statement> {
  const key = name.toLowerCase();
  let statement = statements.get(key);
  if (!statement) {
    statement = record(key);
    statements.set(key, statement);
  }
  return statement;
}

// The calendar month's statement as the app sends it (calendars/queries.ts), recorded once per
// (student, year, month) the same way; its dates are read as text, as Drizzle reads them.
type Named = { name: string; text: string; values: unknown[] };
const months = new Map<string, Promise<Named | null>>();
async function recordMonth(name: string, year: number, month: number): Promise<Named | null> {
  const { rows } = await pool.query('select id from users where lower(username) = lower($1)', [name]);
  if (!rows[0]) return null;
  recorder.queries.log = [];
  await calendarMonth(recorder.db, [rows[0].id], year, month);
  const [recorded] = recorder.queries.log;
  recorder.queries.log = null;
  return { name: 'calendar_month', text: recorded!.query, values: recorded!.params };
}
function monthFor(name: string, year: number, month: number): Promise<Named | null> {
  const key = `${name.toLowerCase()}/${year}/${month}`;
  let statement = months.get(key);
  if (!statement) {
    statement = recordMonth(name, year, month);
    months.set(key, statement);
  }
  return statement;
}
const DATE = 1082;
const datesAsText = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === DATE ? (value: string) => value : pg.types.getTypeParser(oid, format),
};

const app = Fastify({ logger: false });
app.get('/api/v1/questions/student/:name', async (request, reply) => {
  const statement = await statementFor((request.params as { name: string }).name);
  if (!statement) return reply.code(404).send();
  // One row: the whole page as JSON text, sent as it is.
  const { rows } = await pool.query({ ...statement, rowMode: 'array' });
  return reply.type('application/json; charset=utf-8').send((rows[0] as [string])[0]);
});
app.get('/api/v1/calendars/:name/:year/:month', async (request, reply) => {
  const { name, year, month } = request.params as { name: string; year: string; month: string };
  const statement = await monthFor(name, Number(year), Number(month));
  if (!statement) return reply.code(404).send();
  const { rows } = await pool.query<[number, string, string, number, number, number]>({
    ...statement,
    rowMode: 'array',
    types: datesAsText,
  });
  // The app's answer: one item per day, in day order (one student), serialised by Fastify.
  return rows.map(([, student, day, solved, unsolved, toMark]) => {
    const [y, m, d] = day.split('-').map(Number);
    return { year: y, month: m, day: d, student: { name: student }, solved, unsolved, toMark };
  });
});
app.get('/readyz', async () => {
  await pool.query('select 1');
  return 'ready';
});
await app.listen({ port: Number(process.env.PORT ?? 8080), host: process.env.HOST ?? '127.0.0.1' });
console.log('Tutorfolio is serving (the floor: bare Fastify and node-postgres)');
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.on(signal, () => {
    void app
      .close()
      .then(() => Promise.all([pool.end(), recorder.close()]))
      .finally(() => process.exit(0));
  });
