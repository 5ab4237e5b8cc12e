import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SubmissionQuestion } from '../common/contracts/tutoring.ts';
import { services, stopwatchRecords, subscriptions, wallPosts } from './db/schema.ts';
import { enqueueMail } from './mail/service.ts';
import { startTestApp, type TestApp, type TestUser } from './test/harness.ts';
import { call, dueIn, questionBody } from './test/tutoring.ts';
import { linkChild } from './users/queries.ts';

/**
 * Every list and every batch write runs a fixed number of SQL statements, however many rows it reads
 * or changes: no statement per row, option, topic, student or day. Each case builds its data at two
 * sizes (SMALL and LARGE rows) and counts the statements of one request at each; they must be equal.
 * Every registered route is either a case here or named in SINGLE_ROW with the reason it reads or
 * writes one thing, so a new list or batch write must add its case (docs/testing.md).
 */
const SMALL = 3;
const LARGE = 30;

let t: TestApp;
let teacher: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  teacher = await t.createUser({ roles: ['TEACHER'] });
});
afterAll(() => t.close());

async function statementsOf(
  as: TestUser,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ statements: number; json: unknown }> {
  // Counted with the session looked up (a miss of the session cache): the same count for every case.
  t.app.sessionCache.clear();
  const before = t.database.queries.count;
  t.database.queries.log = [];
  const response = await call(t, as, method, url, body);
  lastStatements = t.database.queries.log;
  t.database.queries.log = null;
  const statements = t.database.queries.count - before;
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  // A CSV export lists its lines after the header (no cell of these cases holds a line break).
  const json = String(response.headers['content-type']).startsWith('text/csv')
    ? response.body.split('\r\n').slice(1, -1)
    : response.json();
  lastListed = listed(json);
  return { statements, json };
}

/** How many rows an answer lists (a page, an array, a drafts map, a week's items, a count). */
function listed(json: unknown): number {
  if (Array.isArray(json)) return json.length;
  if (typeof json === 'number') return json;
  const value = json as { content?: unknown[]; answers?: object; items?: unknown[] } | null;
  if (value?.content) return value.content.length;
  if (value?.items) return value.items.length;
  if (value?.answers) return Object.keys(value.answers).length;
  return 1;
}
let lastListed = 0;
/** The text of each statement of the last request measured. */
let lastStatements: { query: string }[] = [];
/** Reads that answer one thing however many rows lie behind it (no "more rows listed" check). */
const ONE_ANSWER = new Set([
  'GET /api/v1/assignments/latest/:name',
  'GET /api/v1/submissions/day_counts/latest',
  'GET /api/v1/users/:name',
  'GET /api/v1/simple_math/day_counts/latest',
  'GET /api/v1/review/count/:name',
  'GET /api/v1/mail/outbox',
]);

async function students(count: number): Promise<TestUser[]> {
  const made: TestUser[] = [];
  for (let i = 0; i < count; i++) made.push(await t.createUser({ roles: ['STUDENT'] }));
  return made;
}

/** `count` questions in one bulk upload (types m, M, s in turn), each assigned to `names`; answers their ids. */
async function questionsFor(names: string[], count: number, topicPrefix = 'topic'): Promise<number[]> {
  const types = ['m', 'M', 's'] as const;
  const items = Array.from({ length: count }, (_, i) => ({
    ...questionBody(t, {
      type: types[i % 3],
      title: `Statements ${i}`,
      students: names,
      topics: [`${topicPrefix} ${i}`, `${topicPrefix} shared`],
      targetDate: dueIn(t, 24 * (6 + (i % 5))),
    }),
    generatedDate: dueIn(t, -1),
  }));
  const pendingIds = async () =>
    (await call(t, teacher, 'GET', `/api/v1/assignments/ids/${names[0]}`)).json() as number[];
  const before = new Set(await pendingIds());
  const response = await call(t, teacher, 'POST', '/api/v1/questions/multiples', items);
  expect(response.statusCode, response.body).toBe(200);
  const created = (await pendingIds()).filter((id) => !before.has(id)).sort((a, b) => a - b);
  expect(created).toHaveLength(count);
  return created;
}

const wrongAnswer = (id: number, ids: number[]) => ['12', '["12"]', 'short answer'][ids.indexOf(id) % 3]!;

/**
 * A student with `rows` questions (types m, M, s in turn) on five due days: the m ones answered wrong
 * (review), the s ones answered (marking), in up to four batches a day apart (day counts); drafts for
 * the M ones, left pending — so every per-student list holds `rows / 3` rows or more.
 */
async function studentWith(rows: number): Promise<TestUser> {
  const start = t.clock.now();
  const [student] = await students(1);
  const name = student!.user.username;
  const ids = await questionsFor([name], rows);
  const answered = ids.filter((_, i) => i % 3 !== 1);
  const batches = Math.min(answered.length, 4);
  for (let b = 0; b < batches; b++) {
    const batch = answered.filter((_, i) => i % batches === b);
    const response = await call(
      t,
      student!,
      'POST',
      '/api/v1/submissions/multiples',
      batch.map((id) => ({ questionId: id, studentAnswer: wrongAnswer(id, ids), studentName: name })),
    );
    expect(response.statusCode, response.body).toBe(200);
    t.clock.advanceDays(1);
  }
  const pending = ids.filter((id) => !answered.includes(id));
  const drafts = await call(t, student!, 'PATCH', `/api/v1/drafts/${name}`, {
    changes: Object.fromEntries(pending.map((id) => [id, { answer: 'draft', version: 0 }])),
  });
  expect(drafts.statusCode).toBe(200);
  t.clock.set(start);
  return student!;
}

/** A student who answered the drill on `rows` days, one right and one wrong answer each day. */
async function mathStudentWith(rows: number): Promise<TestUser> {
  const start = t.clock.now();
  const [student] = await students(1);
  const name = student!.user.username;
  for (let day = 0; day < rows; day++) {
    for (const answer of [200, -1]) {
      const response = await call(t, student!, 'POST', '/api/v1/simple_math', {
        name,
        question: '100 + 100',
        answer,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    t.clock.advanceDays(1);
  }
  t.clock.set(start);
  return student!;
}

/** The drill's per-student reads, over a student built by `mathStudentWith`. */
const perMathStudent = (route: string, url: (name: string) => string): Case => ({
  route,
  measure: async (rows) => {
    const student = await mathStudentWith(rows);
    return (await statementsOf(teacher, 'GET', url(student.user.username))).statements;
  },
});

type Case = {
  route: string;
  /** Builds data of `rows` rows and answers the statements of one request over it. */
  measure: (rows: number) => Promise<number>;
};

/** The per-student reads, measured over a student built by `studentWith`. */
const perStudent = (route: string, url: (name: string) => string): Case => ({
  route,
  measure: async (rows) => {
    const student = await studentWith(rows);
    return (await statementsOf(teacher, 'GET', url(student.user.username))).statements;
  },
});

/**
 * A list over everything (the archive, topics, students): measured in a database of its own, so
 * the rows it lists are exactly the `rows` that `grow` adds (100 per page).
 */
const whole = (route: string, url: string, grow: (rows: number) => Promise<unknown>): Case => ({
  route,
  measure: async (rows) => {
    const shared = { t, teacher };
    t = await startTestApp();
    teacher = await t.createUser({ roles: ['TEACHER'] });
    try {
      await grow(rows);
      return (await statementsOf(teacher, 'GET', url)).statements;
    } finally {
      await t.close();
      ({ t, teacher } = shared);
    }
  },
});

/** A list over everything that only an admin reads, in a database of its own. */
const adminWhole = (route: string, url: string, grow: (rows: number) => Promise<unknown>): Case => ({
  route,
  measure: async (rows) => {
    const shared = { t, teacher };
    t = await startTestApp();
    teacher = await t.createUser({ roles: ['TEACHER'] });
    try {
      const admin = await t.createUser({ roles: ['ADMIN'] });
      await grow(rows);
      return (await statementsOf(admin, 'GET', url)).statements;
    } finally {
      await t.close();
      ({ t, teacher } = shared);
    }
  },
});

let topicBatch = 0;
const CASES: Case[] = [
  // Lists of one student.
  perStudent('GET /api/v1/questions/student/:name', (n) => `/api/v1/questions/student/${n}?size=100`),
  perStudent('GET /api/v1/assignments/ids/:name', (n) => `/api/v1/assignments/ids/${n}`),
  perStudent('GET /api/v1/assignments/count/:name', (n) => `/api/v1/assignments/count/${n}`),
  perStudent('GET /api/v1/assignments/latest/:name', (n) => `/api/v1/assignments/latest/${n}`),
  perStudent('GET /api/v1/submissions/:name', (n) => `/api/v1/submissions/${n}?size=100`),
  perStudent('GET /api/v1/submissions/review/:name', (n) => `/api/v1/submissions/review/${n}?size=100`),
  perStudent('GET /api/v1/submissions/mark/:name', (n) => `/api/v1/submissions/mark/${n}?size=100`),
  // Spaced review: the header's counts and the tutor's schedule page.
  perStudent('GET /api/v1/review/count/:name', (n) => `/api/v1/review/count/${n}`),
  perStudent('GET /api/v1/review/schedule/:name', (n) => `/api/v1/review/schedule/${n}`),
  perStudent('GET /api/v1/submissions/count/:name', (n) => `/api/v1/submissions/count/${n}`),
  perStudent('GET /api/v1/submissions/day_counts', (n) => `/api/v1/submissions/day_counts?name=${n}`),
  perStudent(
    'GET /api/v1/submissions/day_counts/latest',
    (n) => `/api/v1/submissions/day_counts/latest?name=${n}`,
  ),
  perStudent('GET /api/v1/drafts/:name', (n) => `/api/v1/drafts/${n}`),
  // The profile card's figures are aggregates: one statement however many answers lie behind them.
  perStudent('GET /api/v1/users/:name', (n) => `/api/v1/users/${n}`),
  perStudent('GET /api/v1/stats/topics/page/:name', (n) => `/api/v1/stats/topics/page/${n}?size=100`),
  // A parent's week: studentWith's questions are due six to ten days on, all in the week a week on.
  perStudent('GET /api/v1/week/:name', (n) => `/api/v1/week/${n}?start=${dueIn(t, 24 * 7).slice(0, 10)}`),
  // The CSV of answers: one statement per 1,000 rows, so one at 3 and at 30.
  perStudent('GET /api/v1/export/submissions/:name', (n) => `/api/v1/export/submissions/${n}`),
  // The drill's days and totals.
  perMathStudent(
    'GET /api/v1/simple_math/day_counts/page',
    (n) => `/api/v1/simple_math/day_counts/page?name=${n}&size=100`,
  ),
  perMathStudent(
    'GET /api/v1/simple_math/day_counts/latest',
    (n) => `/api/v1/simple_math/day_counts/latest?name=${n}`,
  ),
  perMathStudent('GET /api/v1/simple_math/count', (n) => `/api/v1/simple_math/count?name=${n}`),
  perMathStudent('GET /api/v1/simple_math/count/right', (n) => `/api/v1/simple_math/count/right?name=${n}`),
  perMathStudent('GET /api/v1/simple_math/count/wrong', (n) => `/api/v1/simple_math/count/wrong?name=${n}`),
  {
    route: 'GET /api/v1/subscriptions',
    measure: async (rows) => {
      const [student] = await students(1);
      const made = await t.database.db
        .insert(services)
        .values(Array.from({ length: rows }, () => ({ name: `service ${randomUUID()}` })))
        .returning({ id: services.id });
      await t.database.db
        .insert(subscriptions)
        .values(made.map((m) => ({ studentId: student!.user.id, serviceId: m.id })));
      return (await statementsOf(teacher, 'GET', `/api/v1/subscriptions?name=${student!.user.username}`))
        .statements;
    },
  },
  {
    route: 'GET /api/v1/users/children/:name',
    measure: async (rows) => {
      const parent = await t.createUser({ roles: ['PARENT'] });
      for (const child of await students(rows)) await linkChild(t.database.db, parent.user.id, child.user.id);
      return (await statementsOf(parent, 'GET', `/api/v1/users/children/${parent.user.username}`)).statements;
    },
  },
  perStudent('GET /api/v1/calendars/:name/:year/:month', (n) => {
    const [year, month] = dueIn(t, 24 * 6).split('-');
    return `/api/v1/calendars/${n}/${year}/${Number(month)}`;
  }),
  // Lists over everything.
  whole('GET /api/v1/questions', '/api/v1/questions?size=100', async (rows) => {
    const [s] = await students(1);
    await questionsFor([s!.user.username], rows);
  }),
  whole(
    'GET /api/v1/questions (search)',
    '/api/v1/questions?field=all&q=Statements&size=100',
    async (rows) => {
      const [s] = await students(1);
      await questionsFor([s!.user.username], rows);
    },
  ),
  whole('GET /api/v1/questions/topics', '/api/v1/questions/topics?size=100', async (rows) => {
    const [s] = await students(1);
    await questionsFor([s!.user.username], rows, `listed ${topicBatch++}`);
  }),
  whole(
    'GET /api/v1/questions/topics/search',
    '/api/v1/questions/topics/search?title=Statements&size=100',
    async (rows) => {
      const [s] = await students(1);
      await questionsFor([s!.user.username], rows, `found ${topicBatch++}`);
    },
  ),
  whole('GET /api/v1/topics', '/api/v1/topics', async (rows) => {
    for (let i = 0; i < rows; i++)
      expect(
        (await call(t, teacher, 'POST', '/api/v1/topics', `new topic ${topicBatch}-${i}`)).statusCode,
      ).toBe(200);
    topicBatch++;
  }),
  whole('GET /api/v1/student', '/api/v1/student', (rows) => students(rows)),
  // The marking inbox: every student's unmarked answers (a third of each student's rows).
  whole('GET /api/v1/marking', '/api/v1/marking?size=100', async (rows) => {
    await studentWith(rows);
    await studentWith(rows);
  }),
  // The portfolio's public lists.
  whole('GET /api/v1/stopwatch', '/api/v1/stopwatch?size=100&sort=id,desc', (rows) =>
    t.database.db.insert(stopwatchRecords).values(
      Array.from({ length: rows }, () => ({
        name: 'Anonymous',
        type: 's' as const,
        elapsed: 0,
        recordedAt: t.clock.now(),
      })),
    ),
  ),
  whole('GET /api/v1/wall', '/api/v1/wall?size=100', (rows) =>
    t.database.db.insert(wallPosts).values(
      Array.from({ length: rows }, (_, i) => ({
        author: 'Anonymous',
        message: `post ${i}`,
        state: 'approved' as const,
        createdAt: t.clock.now(),
      })),
    ),
  ),
  {
    route: 'GET /api/v1/wall/moderation',
    measure: async (rows) => {
      const admin = await t.createUser({ roles: ['ADMIN'] });
      await t.database.db.insert(wallPosts).values(
        Array.from({ length: rows }, (_, i) => ({
          author: 'Anonymous',
          message: `waiting ${i}`,
          createdAt: t.clock.now(),
        })),
      );
      return (await statementsOf(admin, 'GET', '/api/v1/wall/moderation?size=100')).statements;
    },
  },
  {
    route: 'GET /api/v1/teacher/:id/students',
    measure: async (rows) => {
      const own = await t.createUser({ roles: ['TEACHER'] });
      const names = (await students(rows)).map((s) => s.user.username);
      const response = await call(t, own, 'POST', '/api/v1/questions', questionBody(t, { students: names }));
      expect(response.statusCode).toBe(200);
      return (await statementsOf(own, 'GET', `/api/v1/teacher/${own.user.username}/students`)).statements;
    },
  },
  {
    route: 'GET /api/v1/calendars/:year/:month',
    measure: async (rows) => {
      const names = (await students(rows)).map((s) => s.user.username);
      await questionsFor(names, 3);
      const [year, month] = dueIn(t, 24 * 6).split('-');
      const url = `/api/v1/calendars/${year}/${Number(month)}?students=${names.join(',')}`;
      return (await statementsOf(teacher, 'GET', url)).statements;
    },
  },
  // The overview CSV: the names, then one statement per 50 students.
  {
    route: 'GET /api/v1/export/overview',
    measure: async (rows) => {
      const names = (await students(rows)).map((s) => s.user.username);
      await questionsFor(names, 3);
      const url = `/api/v1/export/overview?students=${names.join(',')}`;
      return (await statementsOf(teacher, 'GET', url)).statements;
    },
  },
  // The admin console's lists, each over a database of its own.
  adminWhole('GET /api/v1/services', '/api/v1/services', async (rows) => {
    await t.database.db
      .insert(services)
      .values(Array.from({ length: rows }, () => ({ name: `service ${randomUUID()}` })));
  }),
  adminWhole('GET /api/v1/users', '/api/v1/users?size=100', async (rows) => {
    const made = await students(rows);
    const [service] = await t.database.db
      .insert(services)
      .values({ name: `service ${randomUUID()}` })
      .returning({ id: services.id });
    await t.database.db
      .insert(subscriptions)
      .values(made.map((s) => ({ studentId: s.user.id, serviceId: service!.id })));
  }),
  adminWhole('GET /api/v1/users/parents', '/api/v1/users/parents', async (rows) => {
    const children = await students(2);
    for (let i = 0; i < rows; i++) {
      const parent = await t.createUser({ roles: ['PARENT'] });
      for (const child of children) await linkChild(t.database.db, parent.user.id, child.user.id);
    }
  }),
  adminWhole('GET /api/v1/mail/outbox', '/api/v1/mail/outbox', async (rows) => {
    for (let i = 0; i < rows; i++)
      await enqueueMail(t.database.db, {
        to: `s${i}@example.com`,
        subject: 'Digest',
        text: 'Hello',
        html: '<p>Hello</p>',
        kind: 'student-digest',
        userId: null,
      });
    // A third failed, a third sent: every part of the answer is read.
    await t.database.db.execute(
      sql`update mail_outbox set failures = 1, failed_at = now(), last_error = 'refused' where id % 3 = 0`,
    );
    await t.database.db.execute(sql`update mail_outbox set sent_at = now() where id % 3 = 1`);
  }),
  adminWhole('GET /api/v1/audit', '/api/v1/audit', async (rows) => {
    const admin = await t.createUser({ roles: ['ADMIN'] });
    for (let i = 0; i < rows; i++)
      expect((await call(t, admin, 'POST', '/api/v1/services', `audited ${i}`)).statusCode).toBe(200);
  }),
  // Batch writes.
  {
    route: 'POST /api/v1/subscriptions/multiples',
    measure: async (rows) => {
      const admin = await t.createUser({ roles: ['ADMIN'] });
      const made = await students(rows);
      const serviceNames = [`first ${randomUUID()}`, `second ${randomUUID()}`];
      await t.database.db.insert(services).values(serviceNames.map((name) => ({ name })));
      const pairs = made.flatMap((s) =>
        serviceNames.map((serviceName) => ({ studentName: s.user.username, serviceName })),
      );
      return (await statementsOf(admin, 'POST', '/api/v1/subscriptions/multiples', pairs)).statements;
    },
  },
  {
    route: 'POST /api/v1/users/children/:name',
    measure: async (rows) => {
      const admin = await t.createUser({ roles: ['ADMIN'] });
      const parent = await t.createUser({ roles: ['PARENT'] });
      const names = (await students(rows)).map((s) => s.user.username);
      const url = `/api/v1/users/children/${parent.user.username}`;
      return (await statementsOf(admin, 'POST', url, names)).statements;
    },
  },
  {
    route: 'POST /api/v1/questions',
    measure: async (rows) => {
      const names = (await students(rows)).map((s) => s.user.username);
      const body = questionBody(t, {
        students: names,
        topics: Array.from({ length: Math.min(rows, 20) }, (_, i) => `one question ${rows} ${i}`),
        candidates: ['a', 'b', 'c', 'd', 'e'].slice(0, Math.max(2, Math.min(rows, 5))),
        answer: 'a',
      });
      return (await statementsOf(teacher, 'POST', '/api/v1/questions', body)).statements;
    },
  },
  {
    route: 'POST /api/v1/questions/multiples',
    measure: async (rows) => {
      const names = (await students(2)).map((s) => s.user.username);
      const items = Array.from({ length: rows }, (_, i) => ({
        ...questionBody(t, { title: `Bulk ${i}`, students: names, topics: [`bulk ${rows} ${i}`] }),
        generatedDate: dueIn(t, -1),
      }));
      return (await statementsOf(teacher, 'POST', '/api/v1/questions/multiples', items)).statements;
    },
  },
  {
    route: 'PATCH /api/v1/questions/topics',
    measure: async (rows) => {
      const [s] = await students(1);
      const ids = await questionsFor([s!.user.username], rows);
      const topics = Array.from({ length: Math.min(rows, 20) }, (_, i) => `linked ${rows} ${i}`);
      return (await statementsOf(teacher, 'PATCH', '/api/v1/questions/topics', { questionIds: ids, topics }))
        .statements;
    },
  },
  {
    route: 'POST /api/v1/assignments',
    measure: async (rows) => {
      const names = (await students(Math.min(rows, 6))).map((s) => s.user.username);
      const ids = await questionsFor([names[0]!], rows);
      const body = { questionIds: ids, names, targetDate: dueIn(t, 24 * 3) };
      return (await statementsOf(teacher, 'POST', '/api/v1/assignments', body)).statements;
    },
  },
  {
    route: 'POST /api/v1/submissions/multiples',
    measure: async (rows) => {
      // A teacher answering for several students at once: rows answers over up to four students.
      const people = await students(Math.min(rows, 4));
      const names = people.map((s) => s.user.username);
      const ids = await questionsFor(names, Math.ceil(rows / people.length));
      const items = names
        .flatMap((name) =>
          ids.map((id) => ({ questionId: id, studentAnswer: wrongAnswer(id, ids), studentName: name })),
        )
        .slice(0, rows);
      return (await statementsOf(teacher, 'POST', '/api/v1/submissions/multiples', items)).statements;
    },
  },
  {
    route: 'PUT /api/v1/submissions/mark/:name',
    measure: async (rows) => {
      const student = await studentWith(rows * 3);
      const name = student.user.username;
      const all = (await call(t, teacher, 'GET', `/api/v1/submissions/${name}?size=1000`)).json()
        .content as SubmissionQuestion[];
      const marks = Object.fromEntries(all.slice(0, rows).map((s, i) => [s.id, i % 2 ? 1 : -1]));
      expect(Object.keys(marks)).toHaveLength(rows);
      return (await statementsOf(teacher, 'PUT', `/api/v1/submissions/mark/${name}`, marks)).statements;
    },
  },
  {
    // The inbox's one submit: rows marks over the answers of two students.
    route: 'PUT /api/v1/marking',
    measure: async (rows) => {
      const answers: SubmissionQuestion[] = [];
      for (const student of [await studentWith(rows * 3), await studentWith(rows * 3)]) {
        const url = `/api/v1/submissions/${student.user.username}?size=1000`;
        answers.push(...((await call(t, teacher, 'GET', url)).json().content as SubmissionQuestion[]));
      }
      const chosen = answers.filter((_, i) => i % 2 === 0).slice(0, rows);
      const marks = Object.fromEntries(chosen.map((s, i) => [s.id, i % 2 ? 1 : -1]));
      expect(Object.keys(marks)).toHaveLength(rows);
      return (await statementsOf(teacher, 'PUT', '/api/v1/marking', marks)).statements;
    },
  },
  {
    route: 'POST /api/v1/submissions/review/:name',
    measure: async (rows) => {
      const student = await studentWith(rows * 3);
      const name = student.user.username;
      const review = (await call(t, student, 'GET', `/api/v1/submissions/review/${name}?size=1000`)).json()
        .content as SubmissionQuestion[];
      const items = review
        .filter((s) => s.question.type !== 's')
        .slice(0, rows)
        .map((s) => ({ questionId: s.question.id, studentAnswer: s.question.answer }));
      expect(items.length).toBeGreaterThanOrEqual(Math.min(rows, 2));
      return (await statementsOf(student, 'POST', `/api/v1/submissions/review/${name}`, items)).statements;
    },
  },
  {
    // Spaced review: turning scheduling off drops the schedules of rows questions redone right.
    route: 'PUT /api/v1/review/settings/:name',
    measure: async (rows) => {
      const student = await studentWith(rows * 3);
      const name = student.user.username;
      await call(t, teacher, 'PUT', `/api/v1/review/settings/${name}`, { enabled: true });
      const review = (await call(t, student, 'GET', `/api/v1/submissions/review/${name}?size=1000`)).json()
        .content as SubmissionQuestion[];
      const items = review
        .filter((s) => s.question.type !== 's')
        .slice(0, rows)
        .map((s) => ({ questionId: s.question.id, studentAnswer: s.question.answer }));
      await call(t, student, 'POST', `/api/v1/submissions/review/${name}`, items);
      const scheduled = (await call(t, teacher, 'GET', `/api/v1/review/count/${name}`)).json().later;
      expect(scheduled).toBeGreaterThanOrEqual(Math.min(rows, 2));
      return (await statementsOf(teacher, 'PUT', `/api/v1/review/settings/${name}`, { enabled: false }))
        .statements;
    },
  },
  {
    // Drafts saved per question with versions: rows changes, half of them typed over a stale version.
    route: 'PATCH /api/v1/drafts/:name',
    measure: async (rows) => {
      const [student] = await students(1);
      const name = student!.user.username;
      const ids = await questionsFor([name], rows);
      const first = Object.fromEntries(ids.map((id) => [id, { answer: `draft ${id}`, version: 0 }]));
      await statementsOf(student!, 'PATCH', `/api/v1/drafts/${name}`, { changes: first });
      const changes = Object.fromEntries(
        ids.map((id, i) => [id, { answer: `again ${id}`, version: i % 2 ? 1 : 0 }]),
      );
      return (await statementsOf(student!, 'PATCH', `/api/v1/drafts/${name}`, { changes })).statements;
    },
  },
  {
    route: 'PATCH /api/v1/stats/topics/reload/:name',
    measure: async (rows) => {
      const student = await studentWith(rows);
      const admin = await t.createUser({ roles: ['ADMIN'] });
      return (await statementsOf(admin, 'PATCH', `/api/v1/stats/topics/reload/${student.user.username}`))
        .statements;
    },
  },
  {
    route: 'PATCH /api/v1/calendars/:name',
    measure: async (rows) => {
      const student = await studentWith(rows);
      const admin = await t.createUser({ roles: ['ADMIN'] });
      return (await statementsOf(admin, 'PATCH', `/api/v1/calendars/${student.user.username}`)).statements;
    },
  },
];

/**
 * The most statements the hot paths may run (bench:api loads them; docs/performance.md): each one
 * costs the server CPU and, on PGlite, a turn of its single statement stream. Lower these when a
 * change saves a statement; never raise them without a benchmark that says why. Counted as on
 * PGlite (a transaction's BEGIN and COMMIT not included).
 */
const HOT_PATH_BUDGET: Record<string, number> = {
  // Measured with a teacher calling; a student naming themself saves the second (the session's
  // look-up reads the caller's row). Session, named student, then the page (as JSON, with options and
  // topics) and the total, past the end too.
  'GET /api/v1/questions/student/:name': 3,
  // the page with options, topics and the total (a page past the end counts on its own), summary.
  'GET /api/v1/submissions/:name': 4,
  // the month.
  'GET /api/v1/calendars/:name/:year/:month': 3,
  // the questions' and students' locks (one statement: lockAnswerRows), then the questions read
  // with options and topics (in the next statement: one that waited for the lock would read a
  // concurrent modify's question with its old options — loadQuestions), then one statement: consume
  // + store + drop drafts + count the answers into their calendar days and topic statistics
  // (increments, not recounts).
  'POST /api/v1/submissions/multiples': 5,
};

/** Routes that read or write one thing (or are measured elsewhere), and why. */
const SINGLE_ROW: Record<string, string> = {
  'GET /api/openapi.json': 'no rows: the routes, described',
  'GET /api/docs': 'no rows: a page',
  'GET /api/docs/:file': 'no rows: a file',
  'POST /api/v1/users/signup': 'one account',
  'POST /api/v1/users/login': 'one session',
  'POST /api/v1/users/logout': 'one session',
  'POST /api/v1/users/password-reset': 'one account (its link and mail, or the same work for none)',
  'POST /api/v1/users/password-reset/check': 'one link',
  'POST /api/v1/users/password-reset/confirm': 'one link and its account',
  'POST /api/v1/users/password-reset/link': 'one link for one account',
  'PUT /api/v1/users/password': 'one account',
  'POST /api/v1/pictures': 'one picture',
  'GET /api/v1/pictures/:picture': 'one picture, checked in one statement',
  'POST /api/v1/users/refresh': 'one session',
  'GET /api/v1/users/auth-check': 'the caller',
  'PATCH /api/v1/users': 'one account',
  'PATCH /api/v1/users/image': "one account's picture",
  'PUT /api/v1/users/language': "one account's language",
  'GET /api/v1/mail/switches': "one account's few switches (at most one per notification kind)",
  'PUT /api/v1/mail/switches': "one account's switch",
  'GET /api/v1/mail/unsubscribe': 'one account, looked up',
  'POST /api/v1/mail/unsubscribe': "one account's switch",
  'GET /api/v1/users/oauth/providers': 'configuration, no rows',
  'POST /api/v1/users/oauth/register': 'one account',
  'GET /oauth2/authorization/:provider': 'a redirect',
  'GET /login/oauth2/code/:provider': 'one sign-in',
  'POST /api/v1/topics': 'one topic',
  'GET /api/v1/marking/count': 'one count (an aggregate over the partial index of unmarked answers)',
  'POST /api/v1/simple_math': 'one answer and its day',
  'POST /api/v1/simple_math/next': 'one question',
  'GET /api/v1/simple_math/day_count': "one day's counter row",
  'GET /api/v1/simple_math/day_count/right': "one day's counter row",
  'GET /api/v1/simple_math/day_count/wrong': "one day's counter row",
  'POST /api/v1/stopwatch': 'one record of one run',
  'POST /api/v1/wall': 'one post',
  'PATCH /api/v1/wall/moderation/:postId': 'one post',
  'DELETE /api/v1/wall/moderation/:postId': 'one post',
  'POST /api/v1/services': 'one service',
  'DELETE /api/v1/subscriptions/:name/:service': 'one subscription',
  'DELETE /api/v1/users/children/:name/:child': 'one link',
  'POST /api/v1/review/pin/:name': 'one question (then the schedule, as GET review/schedule)',
  'POST /api/v1/review/retire/:name': 'one question (then the schedule, as GET review/schedule)',
  'DELETE /api/v1/review/settings/:name': "one topic's setting (then as PUT review/settings)",
  'PATCH /api/v1/questions/multiples':
    'measured in server/questions/modify.test.ts (2 vs 30 changes × 6 students)',
};

/**
 * The tables that hold one student's rows, each with the student in `student_id`. Were the database
 * ever split by student (docs/performance.md, "Scale"), a statement on one of them that does not name
 * the student would have to ask every part: on a route about one student (`:name`), every such
 * statement names them.
 */
const PER_STUDENT_TABLES = [
  'assignments',
  'submissions',
  'calendar_days',
  'answer_drafts',
  'topic_stats',
  'math_answers',
  'math_days',
  'review_schedule',
  'review_settings',
];
const TOUCHES_A_STUDENT_TABLE = new RegExp(
  `\\b(from|join|into|update)\\s+"?(${PER_STUDENT_TABLES.join('|')})"?\\b`,
  'i',
);
const NAMES_THE_STUDENT = /\bstudent_id"?\s*(=|in\b)/i;
/** An insert names its rows' student among its columns (from values or from a list it unnests). */
const INSERT_OF_STUDENT_ROWS = /^\s*insert\s+into\s+"?\w+"?\s*\([^)]*\bstudent_id\b[^)]*\)/i;

function statementsMissingTheStudent(route: string, log: { query: string }[]): string[] {
  return log
    .filter(
      ({ query }) =>
        TOUCHES_A_STUDENT_TABLE.test(query) &&
        !NAMES_THE_STUDENT.test(query) &&
        !INSERT_OF_STUDENT_ROWS.test(query),
    )
    .map(({ query }) => `${route}: ${query.replace(/\s+/g, ' ').slice(0, 200)}`);
}

describe('SQL statements per request', () => {
  it('every registered route is a case here or named as single-row', () => {
    const measured = new Set(CASES.map((c) => c.route.replace(/ \(.*\)$/, '')));
    const registered = [...new Set(t.app.apiRoutes.map((r) => `${r.method} ${r.url}`))];
    const missing = registered.filter((key) => !measured.has(key) && !(key in SINGLE_ROW));
    expect(missing, 'routes with no statement-count case').toEqual([]);
    const stale = [...measured, ...Object.keys(SINGLE_ROW)].filter((key) => !registered.includes(key));
    expect(stale, 'cases for routes that do not exist').toEqual([]);
    const unbudgeted = Object.keys(HOT_PATH_BUDGET).filter((route) => !CASES.some((c) => c.route === route));
    expect(unbudgeted, 'budgets for routes that are not cases').toEqual([]);
  });

  it('look no one up for a student naming themself: the session look-up read their row', async () => {
    const student = await studentWith(SMALL);
    const url = `/api/v1/questions/student/${student.user.username.toUpperCase()}?size=5`;
    const asTeacher = await statementsOf(teacher, 'GET', url);
    const asThemself = await statementsOf(student, 'GET', url);
    expect(asThemself.json).toEqual(asTeacher.json);
    expect(asThemself.statements).toBe(asTeacher.statements - 1);
  });

  it('look no session up while it is cached (sessions/cache.ts): one statement fewer on the next request', async () => {
    const student = await studentWith(SMALL);
    const url = `/api/v1/questions/student/${student.user.username}?size=5`;
    // On PostgreSQL the cache keeps nothing for 2 s after this process revoked a session (here: the
    // sign-ins of the set-up, which drop dead sessions).
    await vi.waitFor(() => expect(t.app.sessionCache.quiet).toBe(false), { timeout: 5000, interval: 100 });
    const first = await statementsOf(student, 'GET', url);
    const before = t.database.queries.count;
    const again = await call(t, student, 'GET', url);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json);
    expect(t.database.queries.count - before).toBe(first.statements - 1);
  });

  it(`stay the same for ${SMALL} and for ${LARGE} rows, on every list and batch write; name the student on a student's route`, {
    timeout: 300_000,
  }, async () => {
    const lines: string[] = [];
    const grew: string[] = [];
    const unnamed: string[] = [];
    for (const c of CASES) {
      const few = await c.measure(SMALL);
      if (c.route.includes('/:name')) unnamed.push(...statementsMissingTheStudent(c.route, lastStatements));
      const listedFew = lastListed;
      const many = await c.measure(LARGE);
      // A read must really list more rows at the larger size, or the case proves nothing.
      if (c.route.startsWith('GET') && !ONE_ANSWER.has(c.route))
        expect(lastListed, `${c.route} lists more rows at ${LARGE} than at ${SMALL}`).toBeGreaterThan(
          listedFew,
        );
      lines.push(`  ${c.route.padEnd(50)} ${String(few).padStart(3)} → ${String(many).padStart(3)}`);
      if (many !== few) grew.push(`${c.route}: ${few} statements for ${SMALL} rows, ${many} for ${LARGE}`);
      const budget = HOT_PATH_BUDGET[c.route];
      // Through node-postgres, a transaction's BEGIN and COMMIT are counted too (PGlite runs them itself).
      const transactionControl = t.database.kind === 'postgres' ? 2 : 0;
      if (budget !== undefined)
        expect(few, `${c.route}: statements`).toBeLessThanOrEqual(budget + transactionControl);
    }
    console.log(`SQL statements, ${SMALL} → ${LARGE} rows (${t.database.kind}):\n${lines.join('\n')}`);
    expect(grew).toEqual([]);
    expect(
      unnamed,
      "statements of a student's route that read a student's rows without naming the student",
    ).toEqual([]);
  });
});
