import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../common/messages.ts';
import { multipartBody, ORIGIN, startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { type Cast, createCast, PERSONAS } from '../test/personas.ts';
import { call, createQuestion } from '../test/tutoring.ts';

/**
 * The access matrix: every API route × seven callers, with the expected answers written here by
 * hand from the access rules (docs/product.md, "Access") — never derived from the routes' own
 * `config.access`, so a wrong declaration fails this test. A registered route with no row here, or
 * a row whose route is gone, fails it too: a new route must add its row (docs/testing.md).
 *
 * A cell is the status the caller must get: 401, 403, 404 (a question picture, to whoever may not
 * see it) — or OK, "let through": for a GET exactly 200;
 * for a write any answer that is neither 401/403 nor 5xx (the bodies are empty or name a question
 * that does not exist, so an allowed write ends in a 4xx validation answer and changes nothing).
 */
const OK = 'OK';
type Cell = typeof OK | 401 | 403 | 404;
type Cells = readonly [Cell, Cell, Cell, Cell, Cell, Cell, Cell];

// The columns, in the order of PERSONAS:
//   anonymous · the student · another student · linked parent · unlinked parent · teacher · admin
// Presets for the common rules; a row may also spell out its own seven cells.
/** Anyone, signed in or not (sign-in, sign-up, logout). */
const ANYONE: Cells = [OK, OK, OK, OK, OK, OK, OK];
/** Anyone with a live session. */
const SIGNED_IN: Cells = [401, OK, OK, OK, OK, OK, OK];
/** Authoring, assigning, rosters, topics: teachers and admins. */
const STAFF: Cells = [401, 403, 403, 403, 403, OK, OK];
/** The admin console and maintenance. */
const ADMIN: Cells = [401, 403, 403, 403, 403, 403, OK];
/** Reading the student's data: themself, a linked parent (read-only), teachers, admins. */
const STUDENT_READ: Cells = [401, OK, 403, OK, 403, OK, OK];
/** Changing the student's data: themself, teachers, admins — never a parent. */
const STUDENT_WRITE: Cells = [401, OK, 403, 403, 403, OK, OK];
/** Marking the student's answers: teachers and admins only, not the student. */
const MARKING: Cells = [401, 403, 403, 403, 403, OK, OK];

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Member = 'student' | 'otherStudent' | 'parent' | 'unlinkedParent' | 'teacher' | 'otherTeacher' | 'admin';
type Row = {
  route:
    | `${Method} /api/v1/${string}`
    | `GET /api/${'openapi.json' | 'docs' | 'docs/:file'}`
    | `GET /oauth2/${string}`
    | `GET /login/oauth2/${string}`;
  expect: Cells;
  /** What "let through" means for this GET when it is not 200 (the provider sign-in redirects). */
  okStatus?: number;
  /** Whose name fills a path parameter, when not the default below. */
  people?: Record<string, Member>;
  /** A query string; `{student}` becomes the student's name (`{teacher}`, `{parent}`: theirs). */
  query?: string;
  /** A JSON body (default `{}` for writes); `{student}` in a string becomes the student's name. */
  body?: unknown;
  why?: string;
};

/** Default values of path parameters: `:name` is the student every persona is measured against. */
const DEFAULT_PEOPLE: Record<string, Member> = { name: 'student', id: 'teacher' };
const PATH_VALUES: Record<string, string> = {
  year: '2026',
  month: '11',
  provider: 'google',
  postId: '999999',
  service: 'No such service',
  file: 'swagger-ui.css',
  // Set once uploaded (beforeAll): a picture of the student's pending question.
  picture: '',
};

const MATRIX: Row[] = [
  // the API's description: public, like the API's own sign-in routes
  { route: 'GET /api/openapi.json', expect: ANYONE },
  { route: 'GET /api/docs', expect: ANYONE, why: 'the page to browse it' },
  { route: 'GET /api/docs/:file', expect: ANYONE, why: "the page's styles and scripts" },
  // users
  { route: 'POST /api/v1/users/signup', expect: ANYONE },
  { route: 'POST /api/v1/users/login', expect: ANYONE },
  { route: 'POST /api/v1/users/logout', expect: ANYONE },
  { route: 'POST /api/v1/users/password-reset', expect: ANYONE, why: 'a forgotten password: no session' },
  { route: 'POST /api/v1/users/password-reset/check', expect: ANYONE, why: 'the link is the credential' },
  { route: 'POST /api/v1/users/password-reset/confirm', expect: ANYONE, why: 'the link is the credential' },
  {
    route: 'PUT /api/v1/users/password',
    expect: SIGNED_IN,
    why: "the caller's own password (whose is in the session, never the body)",
  },
  {
    route: 'POST /api/v1/users/password-reset/link',
    expect: ADMIN,
    body: { id: 999_999 },
    why: "a link for anyone's account is the console's; an unknown id is let through to a 404",
  },
  { route: 'POST /api/v1/users/refresh', expect: SIGNED_IN, why: 'refreshes a live session only' },
  { route: 'GET /api/v1/users/auth-check', expect: SIGNED_IN },
  {
    route: 'PUT /api/v1/users/language',
    expect: SIGNED_IN,
    body: { language: 'ko' },
    why: "the caller's own interface language",
  },
  { route: 'GET /api/v1/users/:name', expect: STUDENT_READ, why: "the student's profile card" },
  // mail: the profile's switches are the caller's own; the unsubscribe link needs no sign-in
  { route: 'GET /api/v1/mail/switches', expect: SIGNED_IN, why: "the caller's own switches" },
  {
    route: 'PUT /api/v1/mail/switches',
    expect: SIGNED_IN,
    body: { kind: 'student-digest', on: true },
    why: "the caller's own switch (on: nothing changes)",
  },
  {
    route: 'GET /api/v1/mail/unsubscribe',
    expect: ANYONE,
    query: 'token=1.student-digest.not-a-signature',
    okStatus: 400,
    why: 'the signed token is the access: anyone reaches the check, a forged one is 400',
  },
  {
    route: 'POST /api/v1/mail/unsubscribe',
    expect: ANYONE,
    query: 'token=1.student-digest.not-a-signature',
    why: 'the one-click POST of a mail client, signed in or not; a forged token is 400',
  },
  {
    route: 'PATCH /api/v1/users',
    expect: SIGNED_IN,
    why: 'everyone edits their own profile (whose is in the session, never the body)',
  },
  {
    route: 'PATCH /api/v1/users/image',
    expect: SIGNED_IN,
    why: 'everyone changes their own picture (a JSON body is a 415 here)',
  },
  { route: 'GET /api/v1/users/children/:name', expect: STUDENT_READ, why: "a student's children: none" },
  {
    route: 'GET /api/v1/users/children/:name',
    people: { name: 'parent' },
    expect: [401, 403, 403, OK, 403, 403, OK],
    why: "a parent's own children: that parent and an admin (a teacher reads students only)",
  },
  // the admin console
  { route: 'GET /api/v1/users', expect: ADMIN, why: "the console's user cards" },
  { route: 'GET /api/v1/users', expect: ADMIN, query: 'q={student}&page=0&size=10', why: 'searched' },
  {
    route: 'GET /api/v1/users/parents',
    expect: ADMIN,
    why: 'every parent with children: not taken for users/{name} (a student named "parents" would be 403 here)',
  },
  {
    route: 'POST /api/v1/users/children/:name',
    people: { name: 'parent' },
    body: ['{student}'],
    expect: ADMIN,
    why: 'linking (the link exists: nothing changes); never the parent themself',
  },
  {
    route: 'POST /api/v1/users/children/:name',
    body: ['{student}'],
    expect: ADMIN,
    why: 'a student named as the parent: 400 for the admin',
  },
  {
    route: 'DELETE /api/v1/users/children/:name/:child',
    people: { name: 'parent', child: 'otherStudent' },
    expect: ADMIN,
    why: 'unlinking (not linked: 404 for the admin, nothing changes)',
  },
  { route: 'GET /api/v1/services', expect: STAFF, why: 'names for the pickers' },
  { route: 'POST /api/v1/services', expect: ADMIN, body: '', why: 'an empty name: 400 for the admin' },
  {
    route: 'POST /api/v1/subscriptions/multiples',
    expect: ADMIN,
    body: [{ studentName: '{student}', serviceName: 'No such service' }],
    why: 'an unknown service: 400 for the admin, nothing saved',
  },
  {
    route: 'DELETE /api/v1/subscriptions/:name/:service',
    expect: ADMIN,
    why: 'an unknown service: 404 for the admin',
  },
  { route: 'GET /api/v1/audit', expect: ADMIN, why: 'the latest admin writes' },
  { route: 'GET /api/v1/mail/outbox', expect: ADMIN, why: 'the mail queue names recipients and failures' },
  // services
  { route: 'GET /api/v1/subscriptions', expect: STUDENT_READ, query: 'name={student}' },
  {
    route: 'GET /api/v1/subscriptions',
    expect: [401, 403, 403, 403, 403, OK, OK],
    query: 'name={teacher}',
    why: "a teacher's own dashboard asks for its services",
  },
  // learner statistics
  { route: 'GET /api/v1/stats/topics/page/:name', expect: STUDENT_READ },
  { route: 'GET /api/v1/week/:name', expect: STUDENT_READ, why: "a parent's week" },
  // CSV exports: a student's answers as their other reads; the overview, like the teacher calendar, staff's
  {
    route: 'GET /api/v1/export/submissions/:name',
    expect: STUDENT_READ,
    why: "a parent downloads a child's marks",
  },
  { route: 'GET /api/v1/export/overview', expect: STAFF, query: 'students={student}' },
  { route: 'PATCH /api/v1/stats/topics/reload/:name', expect: ADMIN, why: 'a recount is maintenance' },
  // provider sign-in: the start and the provider's redirect back are for anyone
  { route: 'GET /api/v1/users/oauth/providers', expect: ANYONE, why: 'which sign-in buttons to show' },
  { route: 'POST /api/v1/users/oauth/register', expect: ANYONE, why: 'the one-use code is the credential' },
  { route: 'GET /oauth2/authorization/:provider', expect: ANYONE, okStatus: 302, why: 'off to the provider' },
  {
    route: 'GET /login/oauth2/code/:provider',
    expect: ANYONE,
    okStatus: 302,
    why: 'back to /login: no state cookie',
  },
  // the owner's public pages: the stopwatch and the wall are anyone's; moderating is the owner's
  { route: 'GET /api/v1/stopwatch', expect: ANYONE, query: 'page=0&size=10&sort=id,desc' },
  {
    route: 'POST /api/v1/stopwatch',
    expect: ANYONE,
    why: 'any visitor records (anonymous ones at a limited rate)',
  },
  { route: 'GET /api/v1/wall', expect: ANYONE, why: 'the board: approved posts only' },
  { route: 'POST /api/v1/wall', expect: ANYONE, why: 'any visitor posts; the owner approves' },
  { route: 'GET /api/v1/wall/moderation', expect: ADMIN, why: 'every post with its state: the owner only' },
  { route: 'PATCH /api/v1/wall/moderation/:postId', expect: ADMIN, body: { state: 'approved' } },
  { route: 'DELETE /api/v1/wall/moderation/:postId', expect: ADMIN },
  // question pictures: uploaded by staff; read by whoever may read a question showing them
  {
    route: 'POST /api/v1/pictures',
    expect: STAFF,
    why: 'pictures for questions are written by staff (a JSON body is a 415 here)',
  },
  {
    route: 'GET /api/v1/pictures/:picture',
    expect: [401, OK, 404, OK, 404, OK, OK],
    why: "a picture of the student's question: the student, their parent and staff; to anyone else it does not exist",
  },
  // questions, topics, rosters
  { route: 'POST /api/v1/questions', expect: STAFF },
  { route: 'POST /api/v1/questions/multiples', expect: STAFF },
  { route: 'PATCH /api/v1/questions/multiples', expect: STAFF },
  { route: 'GET /api/v1/questions', expect: STAFF },
  { route: 'GET /api/v1/questions/topics', expect: STAFF },
  { route: 'GET /api/v1/questions/topics/search', expect: STAFF, query: 'title=Loops' },
  { route: 'PATCH /api/v1/questions/topics', expect: STAFF },
  { route: 'GET /api/v1/topics', expect: STAFF },
  { route: 'POST /api/v1/topics', expect: STAFF },
  { route: 'GET /api/v1/student', expect: STAFF },
  { route: 'GET /api/v1/teacher/:id/students', expect: STAFF, why: "the teacher's own list" },
  {
    route: 'GET /api/v1/teacher/:id/students',
    people: { id: 'otherTeacher' },
    expect: ADMIN,
    why: "another teacher's list: only an admin",
  },
  { route: 'GET /api/v1/questions/student/:name', expect: STUDENT_READ },
  // assignments
  { route: 'POST /api/v1/assignments', expect: STAFF },
  { route: 'GET /api/v1/assignments/latest/:name', expect: STUDENT_READ },
  { route: 'GET /api/v1/assignments/count/:name', expect: STUDENT_READ },
  {
    route: 'GET /api/v1/assignments/count/:name',
    people: { name: 'teacher' },
    expect: [401, 403, 403, 403, 403, OK, OK],
    why: "a teacher's own dashboard (0); another teacher's is not theirs",
  },
  {
    route: 'GET /api/v1/assignments/count/:name',
    people: { name: 'parent' },
    expect: [401, 403, 403, OK, 403, 403, OK],
    why: "a parent's own dashboard (0)",
  },
  { route: 'GET /api/v1/assignments/ids/:name', expect: STUDENT_READ },
  // submissions
  {
    route: 'POST /api/v1/submissions/multiples',
    expect: STUDENT_WRITE,
    body: [{ questionId: 999_999, studentAnswer: 'x', studentName: '{student}' }],
    why: 'answers name their student in the body',
  },
  { route: 'GET /api/v1/submissions/mark/:name', expect: MARKING },
  { route: 'PUT /api/v1/submissions/mark/:name', expect: MARKING },
  // the marking inbox: every student's answers, so staff only
  { route: 'GET /api/v1/marking', expect: STAFF, why: "every student's unmarked answers" },
  { route: 'GET /api/v1/marking', expect: STAFF, query: 'student={student}', why: 'one student' },
  { route: 'GET /api/v1/marking/count', expect: STAFF, why: "the header's count" },
  { route: 'PUT /api/v1/marking', expect: STAFF, why: "marks on any students' answers" },
  { route: 'GET /api/v1/submissions/review/:name', expect: STUDENT_READ },
  { route: 'POST /api/v1/submissions/review/:name', expect: STUDENT_WRITE, why: 'a redo is an answer' },
  { route: 'GET /api/v1/review/count/:name', expect: STUDENT_READ, why: "the header's due count" },
  {
    route: 'GET /api/v1/review/schedule/:name',
    expect: STUDENT_READ,
    why: 'a parent sees what comes back when',
  },
  {
    route: 'POST /api/v1/review/pin/:name',
    expect: MARKING,
    why: 'the tutor steers the schedule, not the student',
  },
  {
    route: 'POST /api/v1/review/retire/:name',
    expect: MARKING,
    why: 'the tutor steers the schedule, not the student',
  },
  {
    route: 'PUT /api/v1/review/settings/:name',
    expect: MARKING,
    why: 'the tutor steers the schedule, not the student',
  },
  {
    route: 'DELETE /api/v1/review/settings/:name',
    expect: MARKING,
    why: 'the tutor steers the schedule, not the student',
  },
  { route: 'GET /api/v1/submissions/count/:name', expect: STUDENT_READ },
  {
    route: 'GET /api/v1/submissions/count/:name',
    people: { name: 'teacher' },
    expect: [401, 403, 403, 403, 403, OK, OK],
    why: "a teacher's own dashboard (0)",
  },
  {
    route: 'GET /api/v1/submissions/count/:name',
    people: { name: 'parent' },
    expect: [401, 403, 403, OK, 403, 403, OK],
    why: "a parent's own dashboard (0)",
  },
  { route: 'GET /api/v1/submissions/day_counts', expect: STUDENT_READ, query: 'name={student}' },
  { route: 'GET /api/v1/submissions/day_counts/latest', expect: STUDENT_READ, query: 'name={student}' },
  { route: 'GET /api/v1/submissions/:name', expect: STUDENT_READ },
  // calendars
  { route: 'GET /api/v1/calendars/:year/:month', expect: STAFF, query: 'students={student}' },
  { route: 'GET /api/v1/calendars/:name/:year/:month', expect: STUDENT_READ },
  { route: 'PATCH /api/v1/calendars/:name', expect: ADMIN, why: 'rebuilding a calendar is maintenance' },
  // drafts
  { route: 'GET /api/v1/drafts/:name', expect: STUDENT_READ },
  { route: 'PATCH /api/v1/drafts/:name', expect: STUDENT_WRITE },
  // the timed addition drill
  {
    route: 'POST /api/v1/simple_math',
    expect: STUDENT_WRITE,
    body: { name: '{student}', questionId: 999_999, answer: 1 },
    why: 'an answer names its student in the body; a parent reads only',
  },
  {
    route: 'POST /api/v1/simple_math/next',
    expect: STUDENT_WRITE,
    query: 'name={student}',
    why: 'issuing a question starts an answer',
  },
  { route: 'GET /api/v1/simple_math/day_count', expect: STUDENT_READ, query: 'name={student}' },
  { route: 'GET /api/v1/simple_math/day_count/right', expect: STUDENT_READ, query: 'name={student}' },
  { route: 'GET /api/v1/simple_math/day_count/wrong', expect: STUDENT_READ, query: 'name={student}' },
  { route: 'GET /api/v1/simple_math/day_counts/page', expect: STUDENT_READ, query: 'name={student}' },
  { route: 'GET /api/v1/simple_math/day_counts/latest', expect: STUDENT_READ, query: 'name={student}' },
  { route: 'GET /api/v1/simple_math/count', expect: STUDENT_READ, query: 'name={student}' },
  { route: 'GET /api/v1/simple_math/count/right', expect: STUDENT_READ, query: 'name={student}' },
  { route: 'GET /api/v1/simple_math/count/wrong', expect: STUDENT_READ, query: 'name={student}' },
];

const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: 'teal' } })
    .png()
    .toBuffer();

let t: TestApp;
let cast: Cast;
let people: Record<Member, string>;
beforeAll(async () => {
  // Google configured (its start route answers 302 without calling it), so the sign-in routes are live.
  t = await startTestApp({
    env: { GOOGLE_CLIENT_ID: 'matrix-client', GOOGLE_CLIENT_SECRET: 'matrix-secret' },
  });
  cast = await createCast(t);
  const otherTeacher = await t.createUser({ roles: ['TEACHER'] });
  people = {
    student: cast.student.user.username,
    otherStudent: cast.otherStudent.user.username,
    parent: cast.parent.user.username,
    unlinkedParent: cast.unlinkedParent.user.username,
    teacher: cast.teacher.user.username,
    otherTeacher: otherTeacher.user.username,
    admin: cast.admin.user.username,
  };
  // Something in every list, so an allowed read is a plain 200: one answered, one pending question.
  const answered = await createQuestion(t, cast.teacher, { students: [people.student] });
  const picture = await t.request({
    method: 'POST',
    url: '/api/v1/pictures',
    as: cast.teacher,
    ...multipartBody({}, { image: { name: 'a.png', type: 'image/png', data: await pngOf(40, 30) } }),
  });
  expect(picture.statusCode).toBe(200);
  PATH_VALUES.picture = (picture.json() as { id: string }).id;
  await createQuestion(t, cast.teacher, {
    students: [people.student],
    pictures: [{ id: PATH_VALUES.picture, part: 'question', alt: 'A square' }],
  });
  const submitted = await call(t, cast.student, 'POST', '/api/v1/submissions/multiples', [
    { questionId: answered, studentAnswer: '12', studentName: people.student },
  ]);
  expect(submitted.statusCode).toBe(200);
  const drill = await call(t, cast.student, 'POST', '/api/v1/simple_math', {
    name: people.student,
    question: '100 + 200',
    answer: '300',
  });
  expect(drill.statusCode).toBe(200);
});
afterAll(() => t.close());

const withStudent = (text: string) =>
  text.replace(/\{(student|teacher|parent)\}/g, (_, member: Member) => people[member]);

function urlOf(row: Row): string {
  const path = row.route.slice(row.route.indexOf(' ') + 1);
  const url = path.replace(/:([A-Za-z_]+)/g, (_, param: string) => {
    const member = row.people?.[param] ?? DEFAULT_PEOPLE[param];
    const value = member ? people[member] : PATH_VALUES[param];
    if (value === undefined) throw new Error(`${row.route}: no value for :${param} (add it to PATH_VALUES)`);
    return encodeURIComponent(value);
  });
  return row.query ? `${url}?${withStudent(row.query)}` : url;
}

describe('access matrix', () => {
  it('has a row for every registered API route, and a registered route for every row', () => {
    const registered = new Set(t.app.apiRoutes.map((r) => `${r.method} ${r.url}`));
    const inTable = new Set(MATRIX.map((row) => row.route as string));
    expect(
      [...registered].filter((key) => !inTable.has(key)),
      'routes missing from MATRIX',
    ).toEqual([]);
    expect(
      [...inTable].filter((key) => !registered.has(key)),
      'rows for routes that do not exist',
    ).toEqual([]);
  });

  it('answers each of the seven personas on each route as the table says', async () => {
    const failures: string[] = [];
    for (const row of MATRIX) {
      const method = row.route.slice(0, row.route.indexOf(' ')) as Method;
      const url = urlOf(row);
      const payload = method === 'GET' ? undefined : withStudent(JSON.stringify(row.body ?? {}));
      for (const [index, persona] of PERSONAS.entries()) {
        const cookie = await cast.cookieFor(persona);
        const response = await t.app.inject({
          method,
          url,
          headers: {
            ...(cookie ? { cookie, origin: ORIGIN } : {}),
            ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(payload === undefined ? {} : { payload }),
        });
        const expected = row.expect[index]!;
        const status = response.statusCode;
        const ok =
          expected !== OK
            ? status === expected
            : method === 'GET'
              ? status === (row.okStatus ?? 200)
              : status < 500 && status !== 401 && status !== 403;
        if (!ok) failures.push(`${method} ${url} as ${persona}: expected ${expected}, got ${status}`);
      }
    }
    console.log(
      `access matrix: ${MATRIX.length} rows × ${PERSONAS.length} personas = ${MATRIX.length * PERSONAS.length} requests`,
    );
    expect(failures).toEqual([]);
  });

  it("keeps a teacher's own list theirs even when that teacher is also a student", async () => {
    const both = await t.createUser({ roles: ['TEACHER', 'STUDENT'] });
    const url = `/api/v1/teacher/${both.user.username}/students`;
    expect((await call(t, cast.teacher, 'GET', url)).statusCode).toBe(403);
    expect((await call(t, both, 'GET', url)).statusCode).toBe(200);
    expect((await call(t, cast.admin, 'GET', url)).statusCode).toBe(200);
  });
});

describe('whom a named-person route may name', () => {
  it("tells staff a student's route naming a teacher is not found, whichever rule it declares", async () => {
    // One route per kind of student rule: read, write, marking (staff only), a rebuild (admin only).
    const routes = [
      ['GET', '/api/v1/drafts/:name'],
      ['PATCH', '/api/v1/drafts/:name'],
      ['GET', '/api/v1/submissions/mark/:name'],
      ['PATCH', '/api/v1/calendars/:name'],
    ] as const;
    for (const [method, path] of routes) {
      const body = method === 'GET' ? undefined : {};
      const response = await call(t, cast.admin, method, path.replace(':name', people.teacher), body);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
      expect(response.json().message, `${method} ${path}`).toBe(apiMessages.studentNotFound);
    }
  });

  it('tells staff an unknown account is not found on the routes about any account', async () => {
    for (const url of ['/api/v1/users/nobody-at-all', '/api/v1/subscriptions?name=nobody-at-all']) {
      const response = await call(t, cast.admin, 'GET', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message, url).toBe(apiMessages.userNotFound);
    }
  });

  it("keeps a teacher's own list from a parent who teaches, even when that teacher is their linked child", async () => {
    const child = await t.createUser({ roles: ['STUDENT', 'TEACHER'] });
    const parentWhoTeaches = await t.createUser({ roles: ['PARENT', 'TEACHER'] });
    const linked = await call(
      t,
      cast.admin,
      'POST',
      `/api/v1/users/children/${parentWhoTeaches.user.username}`,
      [child.user.username],
    );
    expect(linked.statusCode).toBe(200);
    const url = `/api/v1/teacher/${child.user.username}/students`;
    expect((await call(t, parentWhoTeaches, 'GET', url)).statusCode).toBe(403);
    expect((await call(t, child, 'GET', url)).statusCode).toBe(200);
  });

  /** Statements of one request, with the session looked up again (as server/statements.test.ts counts). */
  async function counted(as: TestUser, url: string) {
    t.app.sessionCache.clear();
    const before = t.database.queries.count;
    const response = await call(t, as, 'GET', url);
    return {
      status: response.statusCode,
      message: response.json().message,
      statements: t.database.queries.count - before,
    };
  }

  it('refuses a name missing from the query, or given twice, without looking anyone up', async () => {
    // What a refusal by role alone costs: the session's look-up.
    const teacherRefused = await counted(cast.teacher, '/api/v1/audit');
    expect(teacherRefused.status).toBe(403);
    const studentRefused = await counted(cast.student, '/api/v1/student');
    expect(studentRefused.status).toBe(403);
    // A name that is no single string names nobody: refused as an unknown name, never a 500.
    const twice = `name=${people.student}&name=${people.student}`;
    for (const query of ['', `?${twice}`, '?name=']) {
      const url = `/api/v1/simple_math/count${query}`;
      expect(await counted(cast.teacher, url), url).toEqual({
        status: 404,
        message: apiMessages.studentNotFound,
        statements: teacherRefused.statements,
      });
      expect(await counted(cast.student, url), url).toEqual({
        status: 403,
        message: apiMessages.forbidden,
        statements: studentRefused.statements,
      });
    }
  });

  it("refuses a teacher's own list to anyone but staff before looking anyone up", async () => {
    const refused = await counted(cast.student, '/api/v1/student');
    expect(refused.status).toBe(403);
    for (const persona of [cast.student, cast.parent]) {
      expect(await counted(persona, `/api/v1/teacher/${people.teacher}/students`)).toEqual(refused);
    }
  });
});
