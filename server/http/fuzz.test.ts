import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MAX_ID } from '../../common/limits.ts';
import { MALFORMED_HOSTS, ORIGIN, startTestApp, type TestApp } from '../test/harness.ts';
import { type Cast, createCast, PARAM_FIXTURES, PERSONAS, type Persona } from '../test/personas.ts';
import { createQuestion, dueIn } from '../test/tutoring.ts';
import { isValidHost } from './edge.ts';
import type { ApiRoute } from './route.ts';

/**
 * Random requests at every route (API and provider sign-in), as random personas: bodies shaped like
 * each route's contract with hostile values in every field (NUL characters, ids past 2^31, numeric
 * keys in id-keyed maps, years 0000–9999), any other JSON or not-JSON, random content types, query
 * strings, path names, calendar years and months, and malformed Host headers on cookie-carrying
 * writes. Whatever arrives, the answer is never a 5xx, and the run must have sent each of those
 * hostile kinds in a set share of its requests.
 *
 * `TEST_FUZZ_RUNS` sets the number of requests: 1,500 by default on PGlite, 10,000 on PostgreSQL.
 */
const ON_POSTGRES = Boolean(inject('postgresTemplate'));
/**
 * The PostgreSQL run sends at least this many requests (docs/testing.md, "Fuzzing"). The floor lives
 * here, not in scripts/test-pg.ts, so a run that sends fewer fails instead of passing quietly.
 */
const POSTGRES_FLOOR = 10_000;
const RUNS = Number(process.env.TEST_FUZZ_RUNS ?? (ON_POSTGRES ? POSTGRES_FLOOR : 1500));
if (!Number.isSafeInteger(RUNS) || RUNS < 1)
  throw new Error(`TEST_FUZZ_RUNS must be a whole number of requests, not ${process.env.TEST_FUZZ_RUNS}`);
if (ON_POSTGRES && RUNS < POSTGRES_FLOOR)
  throw new Error(
    `TEST_FUZZ_RUNS=${RUNS} is below the PostgreSQL run's floor of ${POSTGRES_FLOOR} requests; ` +
      'unset it or raise it',
  );

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await startTestApp();
  cast = await createCast(t);
  // A few real questions, pending for the cast's student, so small random ids sometimes name rows.
  for (const type of ['m', 'M', 's'] as const) {
    await createQuestion(t, cast.teacher, { type, students: [cast.student.user.username] });
  }
});
afterAll(() => t.close());

// ---- values ----

/** Texts from harmless to hostile: any code point, NUL, percent signs, markup. */
const text = fc.oneof(
  { weight: 3, arbitrary: fc.string() },
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'binary-ascii' }),
  fc.constantFrom('\u0000', 'a\u0000b', '%00', '\u0000'.repeat(3), '<script>x</script>', "' OR 1=1 --", ''),
);

/** Numbers where ids go: real small ids, the integer column's edges and far past them, junk. */
const idLike = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 12 }) },
  fc.integer(),
  fc.constantFrom(
    MAX_ID,
    MAX_ID + 1,
    2 ** 32,
    9_999_999_999,
    2 ** 53,
    Number.MAX_SAFE_INTEGER + 2,
    1e20,
    0,
    -1,
  ),
  fc.double(),
  fc.integer({ min: MAX_ID - 3, max: Number.MAX_SAFE_INTEGER }),
);
/** Any of those as a JSON value, or something that is not a number at all. */
const idOrJunk = fc.oneof({ weight: 4, arbitrary: idLike }, idLike.map(String), text, fc.constant(null));

/** Keys of id-keyed maps (`{"<id>": …}`): digits of any length, and not-quite-ids. */
const idKey = fc.oneof(
  fc.integer({ min: 1, max: 12 }).map(String),
  idLike.map((n) => String(n)),
  fc.bigInt({ min: 0n, max: 10n ** 30n }).map(String),
  fc.constantFrom('0', '-1', '01', '1e3', ' 1', '1\u0000', ''),
  text,
);

const pad = (n: number, width: number) => String(n).padStart(width, '0');
/**
 * Calendar years as they appear in URLs. Years before 1000 once gave 500s (PostgreSQL has no year 0)
 * and are 1 in 10 of the four-digit ones, so they and the contract's other edges come often.
 */
const year = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('0000', '0001', '0099', '0999') },
  {
    weight: 2,
    arbitrary: fc.constantFrom('1000', '9999', '10000', '99999', '-1', '+2026', '2026.0', ' 2026'),
  },
  { weight: 2, arbitrary: fc.constant('2026') },
  fc.integer({ min: 0, max: 9999 }).map((y) => pad(y, 4)),
  fc.integer({ min: -99_999, max: 99_999 }).map(String),
  text,
);
const month = fc.oneof(
  fc.integer({ min: 1, max: 12 }).map(String),
  fc.integer({ min: 0, max: 99 }).map((m) => pad(m, 2)),
  fc.integer().map(String),
  text,
);
/** Years inside dates: the edges as often as all the others together. */
const dateYear = fc.oneof(fc.constantFrom(0, 1, 99, 999, 1000, 9999), fc.integer({ min: 0, max: 9999 }));
/** Date-times and days: near the test clock, any year/month/day/hour, other shapes, junk. */
const dateLike = fc.oneof(
  fc.integer({ min: -48, max: 24 * 20 }).map((hours) => dueIn(t, hours)),
  fc
    .tuple(
      dateYear,
      fc.integer({ min: 0, max: 13 }),
      fc.integer({ min: 0, max: 32 }),
      fc.integer({ min: 0, max: 25 }),
    )
    .map(([y, m, d, h]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}T${pad(h, 2)}:00`),
  fc
    .tuple(dateYear, fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
    .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`),
  fc.constantFrom('2026-03-11T10:00:00Z', '2026-03-11T10:00+09:00', '+275760-09-13', '2026-02-30', 'now'),
  text,
);

const nameLike = fc.oneof(
  fc.constant(null).map(() => cast.student.user.username),
  fc.constant(null).map(() => cast.otherStudent.user.username),
  text,
);
const names = fc.array(nameLike, { maxLength: 4 });
const questionType = fc.oneof(fc.constantFrom('m', 'M', 's'), text);
const mark = fc.oneof(fc.constantFrom(0, 1, -1), idOrJunk);

// ---- bodies shaped like each route's contract ----

const question = fc.record(
  {
    title: text,
    question: text,
    type: questionType,
    candidates: fc.array(fc.oneof(text, fc.record({ id: idOrJunk, value: text })), { maxLength: 4 }),
    answer: fc.oneof(text, fc.constantFrom('1', '["1","2"]', '[]')),
    explanation: text,
    hint: fc.oneof(text, fc.constant(null)),
    topics: fc.array(text, { maxLength: 3 }),
    students: names,
    generatedDate: dateLike,
    targetDate: dateLike,
  },
  { requiredKeys: [] },
);
const answer = fc.record(
  { questionId: idOrJunk, studentAnswer: text, studentName: nameLike, draftVersion: idOrJunk },
  { requiredKeys: [] },
);

/**
 * Profile edits that can never succeed (names taken by the cast, or not names at all), so the cast
 * keeps its names for the rest of the run.
 */
const profileEdit = fc.record(
  {
    id: idOrJunk,
    username: fc.oneof(
      fc.constant(null).map(() => cast.otherStudent.user.username),
      text.map((value) => `${value}\u0000`),
      fc.constant('x'.repeat(41)),
    ),
    email: fc.oneof(
      fc.constant(null).map(() => cast.teacher.email),
      text.map((value) => `${value}\u0000`),
    ),
    currentPassword: text,
    role: fc.oneof(fc.constantFrom('ADMIN', 'STUDENT,ADMIN'), text),
  },
  { requiredKeys: [] },
);

const SHAPED: Record<string, fc.Arbitrary<unknown>> = {
  'PATCH /api/v1/users': profileEdit,
  'POST /api/v1/users/signup': fc.record(
    { email: text, username: text, password: text },
    { requiredKeys: [] },
  ),
  'POST /api/v1/users/login': fc.record({
    email: fc.oneof(text, fc.constantFrom('a@example.com')),
    password: text,
  }),
  'POST /api/v1/users/oauth/register': fc.record({ token: text }),
  'POST /api/v1/users/password-reset': fc.record({ email: fc.oneof(text, fc.constantFrom('a@example.com')) }),
  'POST /api/v1/users/password-reset/check': fc.record({ token: text }),
  'POST /api/v1/users/password-reset/confirm': fc.record({ token: text, password: text }),
  'PUT /api/v1/users/password': fc.record({ currentPassword: text, newPassword: text }),
  'POST /api/v1/users/password-reset/link': fc.record({ id: idOrJunk }),
  'POST /api/v1/questions': question,
  'POST /api/v1/questions/multiples': fc.array(question, { maxLength: 3 }),
  'PATCH /api/v1/questions/multiples': fc.array(
    fc.record({ id: idOrJunk, title: text, type: questionType, answer: text }, { requiredKeys: ['id'] }),
    { maxLength: 3 },
  ),
  'PATCH /api/v1/questions/topics': fc.record({
    questionIds: fc.array(idOrJunk, { maxLength: 4 }),
    topics: names,
  }),
  'POST /api/v1/topics': text,
  'POST /api/v1/services': fc.oneof(text, fc.record({ name: text }, { requiredKeys: [] })),
  'POST /api/v1/subscriptions/multiples': fc.array(
    fc.record(
      {
        studentName: nameLike,
        serviceName: fc.oneof(fc.constantFrom('Tutoring', 'Simple Math Question'), text),
      },
      { requiredKeys: [] },
    ),
    { maxLength: 4 },
  ),
  'POST /api/v1/users/children/:name': names,
  'POST /api/v1/assignments': fc.record({
    questionIds: fc.array(idOrJunk, { maxLength: 4 }),
    names,
    targetDate: dateLike,
  }),
  'POST /api/v1/submissions/multiples': fc.array(answer, { maxLength: 3 }),
  'POST /api/v1/submissions/review/:name': fc.array(answer, { maxLength: 3 }),
  'POST /api/v1/simple_math': fc.record(
    {
      name: nameLike,
      questionId: idOrJunk,
      question: fc.oneof(fc.constantFrom('100 + 200', '98 + 200', '100 + 999', '1e3 + 1', ' 99+998 '), text),
      answer: fc.oneof(fc.constantFrom(-1, 300, '300', '-1', '-2', 99999, 1.5), idOrJunk, text),
      submitDate: dateLike,
    },
    { requiredKeys: [] },
  ),
  'PUT /api/v1/submissions/mark/:name': fc.dictionary(idKey, mark, { maxKeys: 4 }),
  'PUT /api/v1/marking': fc.dictionary(idKey, mark, { maxKeys: 4 }),
  'POST /api/v1/stopwatch': fc.record(
    {
      name: fc.oneof(text, fc.constant('Anonymous')),
      generatedDate: fc.oneof(dateLike, fc.constant(null)),
      elapsedTime: fc.oneof(idOrJunk, fc.constant(0)),
      type: fc.oneof(fc.constantFrom('s', 'r', 'p', 'd'), text),
      relatedID: fc.oneof(idOrJunk, fc.constant(null)),
    },
    { requiredKeys: [] },
  ),
  'POST /api/v1/wall': fc.record({ author: text, message: text }, { requiredKeys: [] }),
  'PATCH /api/v1/wall/moderation/:postId': fc.record({
    state: fc.oneof(fc.constantFrom('approved', 'hidden', 'pending'), text),
  }),
  'PATCH /api/v1/drafts/:name': fc.record({
    changes: fc.dictionary(
      idKey,
      fc.oneof(fc.record({ answer: text, version: idOrJunk }, { requiredKeys: [] }), idOrJunk),
      { maxKeys: 4 },
    ),
  }),
};

/** Anything at all, for every route. */
const anyBody = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constant(''),
);

const contentTypes = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
];

const queryValue = fc.oneof(
  text,
  idLike.map(String),
  dateLike,
  nameLike,
  fc.constantFrom('-1', '1e9', 'NaN', 'title,asc', 'id,desc,x'),
);
const query = fc.dictionary(
  fc.constantFrom(
    'page',
    'size',
    'sort',
    'date',
    'name',
    'students',
    'title',
    'field',
    'q',
    'from',
    'submitDate',
    'x',
  ),
  queryValue,
  { maxKeys: 4 },
);

/** Host headers: mostly the real one; sometimes not a host at all. */
const host = fc.option(
  fc.oneof(
    fc.constantFrom(...MALFORMED_HOSTS),
    fc.constantFrom('localhost', '127.0.0.1:8080', '[::1]:80', 'tutor.example.com'),
    fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 30 }),
  ),
  { freq: 3 },
);

/** Path parameters: the cast's real ones (PARAM_FIXTURES) or hostile ones. */
function pathValue(
  route: ApiRoute,
  param: string,
  choice: { name: string; year: string; month: string },
): string {
  const isSubject = route.access.kind === 'subject' && route.access.param === param;
  if (isSubject) return choice.name;
  if (param === 'year') return choice.year;
  if (param === 'month') return choice.month;
  const fixture = PARAM_FIXTURES[param];
  if (!fixture) throw new Error(`No fixture for path parameter :${param} of ${route.method} ${route.url}`);
  return fixture(cast);
}

function urlFor(route: ApiRoute, choice: { name: string; year: string; month: string }): string {
  let url = route.url.replace(/:([A-Za-z_]+)/g, (_, param: string) =>
    encodeURIComponent(pathValue(route, param, choice)),
  );
  if (route.access.kind === 'subject' && route.access.from === 'query') {
    url += `?${route.access.param}=${encodeURIComponent(choice.name)}`;
  }
  return url;
}

/**
 * Every string and number a request carries: its path segments, query keys and values, its raw body
 * and, when the body is JSON, each string, key and number in it (JSON writes a NUL as `\u0000`).
 */
function carried(url: string, payload: string | undefined): { strings: string[]; numbers: number[] } {
  const parsed = new URL(url, 'http://fuzz.invalid');
  const strings = parsed.pathname.split('/').map(decodeURIComponent);
  for (const [key, value] of parsed.searchParams) strings.push(key, value);
  const numbers: number[] = [];
  if (payload === undefined) return { strings, numbers };
  strings.push(payload);
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return { strings, numbers };
  }
  const pending = [body];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') strings.push(value);
    else if (typeof value === 'number') numbers.push(value);
    else if (Array.isArray(value)) pending.push(...value);
    else if (value !== null && typeof value === 'object') {
      strings.push(...Object.keys(value));
      pending.push(...Object.values(value));
    }
  }
  return { strings, numbers };
}

/**
 * An id a whole-number check lets through but the integer columns cannot hold (its answer must be a
 * 4xx, never a 500): above 2^31-1 and at most 2^53-1, as a number or a string of digits.
 */
function isBigId(value: string | number): boolean {
  const number = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(number) && number > MAX_ID;
}

const HANGUL = /[\uac00-\ud7a3]/;

/** The words of a refusal sent to a Korean request that are not Korean, named by route. */
function englishIn(key: string, response: { headers: Record<string, unknown>; body: string }): string[] {
  const type = String(response.headers['content-type'] ?? '');
  let messages: string[] = [];
  if (type.startsWith('text/plain')) messages = [response.body];
  else if (type.startsWith('application/json')) {
    const body = JSON.parse(response.body) as { message?: string; details?: { message?: string }[] };
    messages = [body.message ?? '', ...(body.details ?? []).map((detail) => detail.message ?? '')];
  }
  return messages.filter((message) => !HANGUL.test(message)).map((message) => `${key}: ${message}`);
}

describe('random requests', () => {
  it('never get a 5xx answer from any route', { timeout: 30 * 60_000 }, async () => {
    const routes = t.app.apiRoutes;
    const hits = new Map<string, number>();
    let requests = 0;
    const reach = { bigIds: 0, earlyYears: 0, malformedHostWrites: 0, nul: 0 };
    const untranslated: string[] = [];
    // Only the two calendar pages take a year in their URL: 1 request in 10 goes to one of them, so
    // the years that once broke are sent often, not a few times a run.
    const yearRoutes = routes.flatMap((route, index) => (route.url.includes(':year') ? [index] : []));
    const request = fc.record({
      index: fc.oneof(
        { weight: 9, arbitrary: fc.integer({ min: 0, max: routes.length - 1 }) },
        fc.constantFrom(...yearRoutes),
      ),
      persona: fc.constantFrom<Persona>(...PERSONAS),
      shaped: fc.boolean(),
      anyBody,
      contentType: fc.constantFrom(...contentTypes),
      query,
      name: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, text),
      year,
      month,
      host,
      // Half the requests ask for Korean: every refusal must then come back in Korean.
      korean: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(request, fc.gen(), async (r, gen) => {
        const route = routes[r.index]!;
        const key = `${route.method} ${route.url}`;
        const name = r.name ?? cast.student.user.username;
        const url0 = urlFor(route, { name, year: r.year, month: r.month });
        const search = new URLSearchParams(r.query).toString();
        const url = search ? `${url0}${url0.includes('?') ? '&' : '?'}${search}` : url0;
        const cookie = await cast.cookieFor(r.persona);
        const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
        // Half the bodies follow the route's contract (when it has a body), the rest are anything.
        const contract = SHAPED[key];
        const payload = contract && r.shaped ? JSON.stringify(gen(() => contract)) : r.anyBody;
        if (cookie && hasBody && r.host != null && !isValidHost(r.host)) reach.malformedHostWrites++;
        if (route.url.includes(':year') && /^\d+$/.test(r.year) && Number(r.year) < 1000) reach.earlyYears++;
        const { strings, numbers } = carried(url, hasBody ? payload : undefined);
        if (strings.some(isBigId) || numbers.some(isBigId)) reach.bigIds++;
        if (strings.some((value) => value.includes('\u0000'))) reach.nul++;
        const response = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: {
            ...(cookie ? { cookie, origin: ORIGIN } : {}),
            ...(hasBody ? { 'content-type': contract && r.shaped ? 'application/json' : r.contentType } : {}),
            ...(r.host != null ? { host: r.host } : {}),
            ...(r.korean ? { 'accept-language': 'ko-KR,ko;q=0.9' } : {}),
          },
          ...(hasBody ? { payload } : {}),
        });
        requests++;
        hits.set(key, (hits.get(key) ?? 0) + 1);
        if (response.statusCode >= 500) {
          throw new Error(
            `${route.method} ${url} as ${r.persona} → ${response.statusCode}: ${response.body}`,
          );
        }
        // Every API error is our JSON shape (the provider sign-in routes answer pages), except
        // sign-up's, which are the message as text, as the original client shows them.
        if (response.statusCode >= 400 && route.url === '/api/v1/users/signup')
          expect(response.headers['content-type']).toMatch(/^text\/plain/);
        else if (response.statusCode >= 400 && route.url.startsWith('/api/'))
          expect(response.json()).toMatchObject({ status: response.statusCode });
        if (r.korean && response.statusCode >= 400) untranslated.push(...englishIn(key, response));
      }),
      { numRuns: RUNS },
    );

    // A refusal whose words are not one of the texts (a message written in place, zod's own words
    // without a locale) would go out in English, and this names it.
    expect([...new Set(untranslated)]).toEqual([]);
    const fewest = Math.min(...routes.map((route) => hits.get(`${route.method} ${route.url}`) ?? 0));
    console.log(
      `fuzz: ${requests} requests over ${routes.length} routes (each at least ${fewest}); ` +
        `${reach.bigIds} with an id past 2^31-1, ${reach.earlyYears} calendar URLs with a year before 1000, ` +
        `${reach.malformedHostWrites} cookie-carrying writes with a malformed Host, ${reach.nul} with a NUL; ` +
        '0 answered 5xx',
    );
    // On PostgreSQL RUNS is at least POSTGRES_FLOOR (checked where it is read).
    expect(requests).toBeGreaterThanOrEqual(RUNS);
    expect(fewest).toBeGreaterThan(0);
    // The reach is checked, not only printed: each kind of request that once gave a 500 must make up
    // about a third of its usual share in a run of 1,500 requests (ids 8 %, early years 4.5 %, malformed
    // Host writes 12 %, NUL 7 %), so a generator that stops making it fails here and chance does not.
    expect(reach.bigIds, 'requests with an id past 2^31-1').toBeGreaterThanOrEqual(Math.ceil(RUNS / 40));
    expect(reach.earlyYears, 'calendar URLs with a year before 1000').toBeGreaterThanOrEqual(
      Math.ceil(RUNS / 70),
    );
    expect(reach.malformedHostWrites, 'cookie-carrying writes with a malformed Host').toBeGreaterThanOrEqual(
      Math.ceil(RUNS / 25),
    );
    expect(reach.nul, 'requests with a NUL').toBeGreaterThanOrEqual(Math.ceil(RUNS / 40));
  });
});
