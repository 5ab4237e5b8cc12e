import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from '../../common/zod.ts';
import { questions } from '../db/schema.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { access } from './access.ts';
import { declareRoutes, JsonText, PARSED_QUERIES_MAX, PARSED_QUERY_TEXT_MAX } from './route.ts';

/**
 * A route whose declaration cannot work stops the app at start-up (registration), instead of
 * answering 500 — or the wrong people — later.
 */
let t: TestApp;
const registrationErrors: Record<string, string> = {};
/** What the query route's handler was given, request by request. */
const seen: { query: unknown; page: unknown }[] = [];
/** What the path-parameter routes' handlers were given, request by request. */
const seenParams: unknown[] = [];
/** The app's error lines (an answer that differs from its contract is one), parsed. */
const errorLines: { msg?: string; err?: { message?: string } }[] = [];
beforeAll(async () => {
  t = await startTestApp({
    env: { LOG_LEVEL: 'error' },
    logOutput: { write: (line) => void errorLines.push(JSON.parse(line)), dropped: 0, flush: async () => {} },
    registerExtra: (app: FastifyInstance) => {
      const route = declareRoutes(app);
      const attempts: Record<string, () => void> = {
        plainWithAccess: () =>
          app.get('/api/v1/plain', { config: { access: access.public } }, async () => 'x'),
        undeclared: () => app.get('/api/v1/undeclared', async () => 'x'),
        twoMethods: () =>
          app.route({ method: ['GET', 'POST'], url: '/api/v1/both', handler: async () => 'x' }),
        noParam: () => route.get('/api/v1/unnamed', access.studentRead('', 'query'), async () => 'x'),
        missingParam: () => route.get('/api/v1/nameless', access.studentRead('name'), async () => 'x'),
        readOnWrite: () => route.post('/api/v1/redo/:name', access.studentRead('name'), async () => 'x'),
        teacherListOnWrite: () =>
          route.post('/api/v1/roster/:id', access.teacherOwnRead('id'), async () => 'x'),
        noRoles: () => route.get('/api/v1/nobody', access.roles(), async () => 'x'),
        fine: () =>
          route.post('/api/v1/fine/:name', access.studentWrite('name'), async (request) => ({
            subject: request.subject.username,
            caller: request.auth.username,
          })),
      };
      // Answers checked against a response contract (CHECK_RESPONSES is on in every test run).
      const Greeting = z.object({ text: z.string(), count: z.number().int() });
      const answers: Record<string, unknown> = {
        same: { text: 'hi', count: 1 },
        wrongType: { text: 'hi', count: '1' },
        missing: { text: 'hi' },
        extra: { text: 'hi', count: 1, passwordHash: 'x' },
        // The same fields, but not a plain object: it differs as a whole, at no one field.
        instance: new (class Greeting {
          text = 'hi';
          count = 1;
        })(),
        // JSON text sent as it is (JsonText): checked as any answer, and as JSON.stringify writes it.
        textSame: new JsonText('{"text":"h\\u0001i \\"é\\"","count":1}'),
        textSpaced: new JsonText('{"text": "hi", "count": 1}'),
        textEscaped: new JsonText('{"text":"\\u00e9","count":1}'),
        textExtra: new JsonText('{"text":"hi","count":1,"passwordHash":"x"}'),
        textBroken: new JsonText('{"text":"hi",'),
        // A bare string: Fastify would send it as text/plain without any preSerialization hook.
        bareString: '{"text":"hi","count":1}',
      };
      route.get(
        '/api/v1/answers/:kind',
        access.public,
        { params: z.object({ kind: z.string() }), response: Greeting },
        async (request, reply) => {
          if (request.params.kind === 'refused') return reply.code(409).send({ anything: true });
          if (request.params.kind === 'sent') return reply.send({ text: 'hi', count: 1 });
          return answers[request.params.kind];
        },
      );
      // A nested contract, to see where a difference is named.
      const Nested = z.object({ inner: z.object({ n: z.number() }) });
      const nested: Record<string, unknown> = {
        notObject: [1],
        deepWrong: { inner: { n: '1' } },
        deepExtra: { inner: { n: 1, secret: 'x' } },
      };
      route.get(
        '/api/v1/nested/:kind',
        access.public,
        { params: z.object({ kind: z.string() }), response: Nested },
        async (request, reply) => {
          // JSON text on a failure is sent as it is, never checked against the 200 contract.
          if (request.params.kind === 'refusedText') {
            reply.code(409);
            return new JsonText('{"no": 1}');
          }
          return nested[request.params.kind];
        },
      );
      // Any status the handler is told (?text=1: as JSON text, ?string=1: a bare string), with an answer
      // the contract refuses: only a 2xx answer is checked.
      route.get(
        '/api/v1/status/:code',
        access.public,
        { params: z.object({ code: z.string().transform(Number) }), response: Greeting },
        async (request, reply) => {
          reply.code(request.params.code);
          const { text, string } = request.query as { text?: string; string?: string };
          return text ? new JsonText('{"other":true}') : string ? 'other' : { other: true };
        },
      );
      // A contract that changes what it takes (a default, a fallback): where the answer differs is
      // between values of different kinds — nothing and a list, null and an object, an object and a
      // text, an object and null.
      const Changed = z.object({
        list: z.array(z.number()).default([]),
        box: z.object({ n: z.number() }).catch({ n: 0 }),
        label: z.string().catch('none'),
        maybe: z.object({ n: z.number() }).nullable().catch(null),
      });
      const whole = { list: [1], box: { n: 1 }, label: 'x', maybe: null };
      const changed: Record<string, unknown> = {
        listMissing: { box: { n: 1 }, label: 'x', maybe: null },
        boxNull: { ...whole, box: null },
        labelObject: { ...whole, label: { a: 1 } },
        maybeObject: { ...whole, maybe: { n: 'x' } },
      };
      route.get(
        '/api/v1/changed/:kind',
        access.public,
        { params: z.object({ kind: z.string() }), response: Changed },
        async (request) => changed[request.params.kind],
      );
      // Path parameters refused without a word of their own: the 400 names the part.
      route.get(
        '/api/v1/wordless/:id',
        access.public,
        { params: z.object({ id: z.string() }).refine(() => false, { message: '' }) },
        async () => 'x',
      );
      // A query and a page, parsed once per query string (parseDeclared).
      route.get(
        '/api/v1/query',
        access.public,
        {
          query: z.object({ n: z.string().regex(/^\d+$/).transform(Number).optional() }),
          page: { id: questions.id },
        },
        async (request) => {
          seen.push({ query: request.query, page: request.page });
          return { query: request.query, page: request.page };
        },
      );
      // Path parameters, parsed once per value of the parameters the schema reads (parseDeclared).
      const Month = z.object({
        year: z
          .string()
          .regex(/^\d{4}$/)
          .transform(Number),
        month: z
          .string()
          .regex(/^\d{1,2}$/)
          .transform(Number),
      });
      for (const [url, params] of [
        ['/api/v1/month/:name/:year/:month', Month],
        ['/api/v1/loose/:name/:year/:month', Month.loose()],
      ] as const) {
        route.get(url, access.public, { params }, async (request) => {
          seenParams.push(request.params);
          return request.params;
        });
      }
      // Parameters long enough together to pass PARSED_QUERY_TEXT_MAX (each one is at most
      // Fastify's maxParamLength, 100), and a parameter the path may leave out.
      route.get(
        '/api/v1/long/:a/:b/:c',
        access.public,
        { params: z.object({ a: z.string(), b: z.string(), c: z.string() }) },
        async (request) => {
          seenParams.push(request.params);
          return request.params;
        },
      );
      route.get(
        '/api/v1/maybe/:tag?',
        access.public,
        { params: z.object({ tag: z.string().default('none') }) },
        async (request) => {
          seenParams.push(request.params);
          return request.params;
        },
      );
      // A query alone (one of whose fields parses to null), and a page alone.
      route.get(
        '/api/v1/query-only',
        access.public,
        {
          query: z.object({
            n: z.string().transform(Number),
            q: z.string().nullable().default(null),
            on: z.iso
              .date()
              .transform((day) => new Date(day))
              .optional(),
          }),
        },
        async (request) => {
          seen.push({ query: request.query, page: request.page });
          return { query: request.query };
        },
      );
      route.get('/api/v1/page-only/:tag', access.public, { page: { id: questions.id } }, async (request) => {
        seen.push({ query: request.query, page: request.page });
        return { query: request.query, page: request.page };
      });
      for (const [name, attempt] of Object.entries(attempts)) {
        try {
          attempt();
        } catch (error) {
          registrationErrors[name] = (error as Error).message;
        }
      }
    },
  });
});
afterAll(() => t.close());

describe('route declarations', () => {
  it('refuses an /api/ route registered without declareRoutes, with or without config.access', () => {
    expect(registrationErrors.plainWithAccess).toBe(
      'Route GET /api/v1/plain is not declared with declareRoutes (server/http/route.ts).',
    );
    expect(registrationErrors.undeclared).toBe(
      'Route GET /api/v1/undeclared declares no access rule (config.access).',
    );
    // The message names every method of the route, so the one to fix is found at once.
    expect(registrationErrors.twoMethods).toBe(
      'Route GET,POST /api/v1/both declares no access rule (config.access).',
    );
  });

  it('refuses a named-person rule whose parameter is not in the path, or that names no parameter', () => {
    expect(registrationErrors.missingParam).toBe(
      'Route GET /api/v1/nameless: its access rule reads the person from :name, which its path does not have.',
    );
    expect(registrationErrors.noParam).toBe(
      'Route GET /api/v1/unnamed: its access rule names no parameter for the person.',
    );
  });

  it("refuses a read-only (parent-allowed) rule on a method that writes, a teacher's own list's too", () => {
    expect(registrationErrors.readOnWrite).toMatch(/read-only access .* on a method that writes/);
    expect(registrationErrors.teacherListOnWrite).toMatch(/read-only access .* on a method that writes/);
  });

  it('catalogues each route with the contracts it declared (what /api/openapi.json describes)', () => {
    const declared = (url: string) => t.app.apiRoutes.find((route) => route.url === url);
    const query = declared('/api/v1/query')?.schemas;
    expect(Object.keys(query ?? {}).sort()).toEqual(['page', 'query']);
    expect(query?.page).toEqual({ id: questions.id });
    expect(declared('/api/v1/fine/:name')).toMatchObject({ method: 'POST', schemas: undefined });
  });

  it("names the part of the request a wordless refusal is about (the path's parameters)", async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/wordless/1' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'The request params is not valid.' });
  });

  it('refuses a roles rule naming no role', () => {
    expect(registrationErrors.noRoles).toMatch(/names no role/);
  });

  it('accepts a sound declaration and hands its handler the resolved person and caller', async () => {
    expect(registrationErrors.fine).toBeUndefined();
    const student = await t.createUser({ roles: ['STUDENT'] });
    const response = await t.request({
      method: 'POST',
      url: `/api/v1/fine/${student.user.username.toUpperCase()}`,
      as: student,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ subject: student.user.username, caller: student.user.username });
  });
});

describe('response contracts', () => {
  it('lets an answer through that is exactly what the contract says', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/answers/same' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ text: 'hi', count: 1 });
  });

  it('turns an answer of another shape into a 500, a wrong type, a missing field or an extra one alike', async () => {
    const expected = {
      wrongType: 'count: Invalid input: expected number, received string',
      missing: 'count: Invalid input: expected number, received undefined',
      extra: 'it holds fields or values the contract does not (passwordHash)',
      instance: 'it holds fields or values the contract does not ((body))',
      textSpaced: 'its JSON text is not what JSON.stringify writes of it',
      textEscaped: 'its JSON text is not what JSON.stringify writes of it',
      textExtra: 'it holds fields or values the contract does not (passwordHash)',
      textBroken: expect.stringMatching(/^it is not JSON \(/),
      bareString: '(body): Invalid input: expected object, received string',
    };
    for (const [kind, problem] of Object.entries(expected)) {
      const response = await t.request({ method: 'GET', url: `/api/v1/answers/${kind}` });
      expect(response.statusCode, kind).toBe(500);
      // The reference the user sees, and (only tests and development check answers) what differs.
      expect(response.json(), kind).toMatchObject({
        status: 500,
        message: expect.stringContaining(response.headers['x-request-id'] as string),
        details: [{ path: '', message: problem }],
      });
    }
  });

  it('sends JSON text as it is, as JSON, when it is what JSON.stringify writes of an answer the contract takes', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/answers/textSame' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.body).toBe('{"text":"h\\u0001i \\"é\\"","count":1}');
    expect(response.json()).toEqual({ text: 'h\u0001i "é"', count: 1 });
  });

  it('names where a nested answer differs, and the body itself when the answer is no object', async () => {
    const expected = {
      notObject: '(body): Invalid input: expected object, received array',
      deepWrong: 'inner.n: Invalid input: expected number, received string',
      deepExtra: 'it holds fields or values the contract does not (inner.secret)',
    };
    for (const [kind, problem] of Object.entries(expected)) {
      const response = await t.request({ method: 'GET', url: `/api/v1/nested/${kind}` });
      expect(response.statusCode, kind).toBe(500);
      expect(response.json().details, kind).toEqual([{ path: '', message: problem }]);
    }
  });

  it('names where an answer differs when the contract changed a value into another kind', async () => {
    const expected = { listMissing: 'list', boxNull: 'box', labelObject: 'label', maybeObject: 'maybe' };
    for (const [kind, field] of Object.entries(expected)) {
      const response = await t.request({ method: 'GET', url: `/api/v1/changed/${kind}` });
      expect(response.statusCode, kind).toBe(500);
      expect(response.json().details, kind).toEqual([
        { path: '', message: `it holds fields or values the contract does not (${field})` },
      ]);
    }
  });

  it('names the route in the logged error, for an object, JSON text and a bare string alike', async () => {
    errorLines.length = 0;
    for (const kind of ['extra', 'textExtra', 'bareString']) {
      expect((await t.request({ method: 'GET', url: `/api/v1/answers/${kind}` })).statusCode).toBe(500);
    }
    const logged = errorLines.filter((line) => line.msg === 'answer differs from its contract');
    const differs = 'it holds fields or values the contract does not (passwordHash)';
    expect(logged.map((line) => line.err?.message)).toEqual(
      [differs, differs, '(body): Invalid input: expected object, received string'].map(
        (problem) =>
          `The answer of GET /api/v1/answers/:kind does not match its response contract: ${problem}`,
      ),
    );
  });

  it('checks the answers of 200 to 299 only: not 1xx, 3xx (300 included) or 4xx, JSON text and strings alike', async () => {
    for (const text of ['', '?text=1', '?string=1']) {
      for (const code of [200, 299]) {
        const response = await t.request({ method: 'GET', url: `/api/v1/status/${code}${text}` });
        expect(response.statusCode, `${code}${text}`).toBe(500);
      }
      for (const code of [102, 199, 300, 301, 404]) {
        const response = await t.request({ method: 'GET', url: `/api/v1/status/${code}${text}` });
        expect(response.statusCode, `${code}${text}`).toBe(code);
      }
      // A 1xx answer carries no body; a 300 is sent as the handler gave it.
      const multiple = await t.request({ method: 'GET', url: `/api/v1/status/300${text}` });
      expect(multiple.body).toBe(text === '?string=1' ? 'other' : '{"other":true}');
    }
  });

  it('checks an answer sent through reply.send once, as it is sent (the handler answers the reply)', async () => {
    errorLines.length = 0;
    const response = await t.request({ method: 'GET', url: '/api/v1/answers/sent' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ text: 'hi', count: 1 });
    expect(errorLines).toEqual([]);
  });

  it('checks only successful answers (an error is in the error shape, not the contract)', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/answers/refused' });
    expect(response.statusCode).toBe(409);
    const text = await t.request({ method: 'GET', url: '/api/v1/nested/refusedText' });
    expect(text.statusCode).toBe(409);
    expect(text.body).toBe('{"no": 1}');
  });

  it('is off unless CHECK_RESPONSES is set (production by default)', async () => {
    const unchecked = await startTestApp({
      env: { CHECK_RESPONSES: '0' },
      registerExtra: (app: FastifyInstance) =>
        declareRoutes(app).get(
          '/api/v1/unchecked',
          access.public,
          { response: z.object({ text: z.string() }) },
          async (request) => {
            const { text, string } = request.query as { text?: string; string?: string };
            return text ? new JsonText('{"text": 1}') : string ? 'plain' : { text: 1 };
          },
        ),
    });
    try {
      const response = await unchecked.request({ method: 'GET', url: '/api/v1/unchecked' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ text: 1 });
      // JSON text too is sent as it is, unchecked.
      const text = await unchecked.request({ method: 'GET', url: '/api/v1/unchecked?text=1' });
      expect(text.statusCode).toBe(200);
      expect(text.body).toBe('{"text": 1}');
      // A bare string too.
      const string = await unchecked.request({ method: 'GET', url: '/api/v1/unchecked?string=1' });
      expect(string.statusCode).toBe(200);
      expect(string.body).toBe('plain');
    } finally {
      await unchecked.close();
    }
  });
});

describe('query parsing', () => {
  const get = (query: string) => t.request({ method: 'GET', url: `/api/v1/query?${query}` });

  it('parses a query string once and gives every request with it the same frozen parse', async () => {
    seen.length = 0;
    for (const query of ['n=7&size=3&sort=id,desc', 'n=7&size=3&sort=id,desc', 'size=3&sort=id,desc&n=7']) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(200);
      expect(response.json()).toEqual({
        query: { n: 7 },
        page: { page: 0, size: 3, sort: [{ field: 'id', direction: 'desc' }] },
      });
    }
    const [first, again, reordered] = seen;
    expect(again!.query).toBe(first!.query);
    expect(again!.page).toBe(first!.page);
    // Another spelling of the same query is parsed on its own, to the same values.
    expect(reordered!.page).not.toBe(first!.page);
    expect(reordered!.page).toEqual(first!.page);
    const page = first!.page as { sort: { field: string }[] };
    expect(Object.isFrozen(first!.query) && Object.isFrozen(page)).toBe(true);
    expect(Object.isFrozen(page.sort) && Object.isFrozen(page.sort[0])).toBe(true);
  });

  it('refuses a bad query every time it comes, and keeps at most PARSED_QUERIES_MAX query strings', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await get('n=x')).statusCode).toBe(400);
      expect((await get('sort=secret,asc')).statusCode).toBe(400);
    }
    seen.length = 0;
    await get('n=1');
    await get('n=1');
    const kept = seen[0]!.query;
    expect(seen[1]!.query).toBe(kept);
    for (let i = 2; i <= PARSED_QUERIES_MAX + 1; i++) expect((await get(`n=${i}`)).statusCode).toBe(200);
    const newest = seen.at(-1)!.query;
    seen.length = 0;
    await get('n=1');
    await get(`n=${PARSED_QUERIES_MAX + 1}`);
    // The oldest went (n=1 is parsed again, to the same values); the newest is still kept.
    expect(seen[0]!.query).not.toBe(kept);
    expect(seen[0]!.query).toEqual({ n: 1 });
    expect(seen[1]!.query).toBe(newest);
  });

  it('keeps no parse of a query string longer than PARSED_QUERY_TEXT_MAX', async () => {
    const at = (length: number) => `n=5&x=${'a'.repeat(length - 'n=5&x='.length)}`;
    seen.length = 0;
    for (const query of [at(PARSED_QUERY_TEXT_MAX), at(PARSED_QUERY_TEXT_MAX)]) await get(query);
    for (const query of [at(PARSED_QUERY_TEXT_MAX + 1), at(PARSED_QUERY_TEXT_MAX + 1)]) await get(query);
    expect(seen.map((s) => s.query)).toEqual([{ n: 5 }, { n: 5 }, { n: 5 }, { n: 5 }]);
    expect(seen[1]!.query).toBe(seen[0]!.query);
    expect(seen[3]!.query).not.toBe(seen[2]!.query);
  });

  it('parses only the part a route declares: a query alone (null in it too), a page alone', async () => {
    seen.length = 0;
    for (let i = 0; i < 2; i++) {
      const query = await t.request({ method: 'GET', url: '/api/v1/query-only?n=7' });
      expect(query.statusCode).toBe(200);
      expect(query.json()).toEqual({ query: { n: 7, q: null } });
      // The parse is the query string's: another path with the same query shares it.
      const url = `/api/v1/page-only/${i === 0 ? 'a' : 'b'}?size=3&sort=id,desc&x=y`;
      const page = await t.request({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      // Without a query schema the handler sees the query as sent.
      expect(page.json()).toEqual({
        query: { size: '3', sort: 'id,desc', x: 'y' },
        page: { page: 0, size: 3, sort: [{ field: 'id', direction: 'desc' }] },
      });
    }
    const [query, page, queryAgain, pageAgain] = seen;
    expect(query!.page).toBeUndefined();
    expect(queryAgain!.query).toBe(query!.query);
    expect(Object.isFrozen(query!.query)).toBe(true);
    expect(pageAgain!.page).toBe(page!.page);
    expect(Object.isFrozen(page!.page)).toBe(true);
    // No query string at all is the empty one, whatever the path.
    seen.length = 0;
    for (const tag of ['a', 'b']) {
      const response = await t.request({ method: 'GET', url: `/api/v1/page-only/${tag}` });
      expect(response.json()).toEqual({ query: {}, page: { page: 0, size: 20, sort: [] } });
    }
    expect(seen[1]!.page).toBe(seen[0]!.page);
    // Plain objects and arrays are frozen, a value of a class (a Date) is left as it is.
    const dated = await t.request({ method: 'GET', url: '/api/v1/query-only?n=1&on=2026-11-25' });
    expect(dated.json()).toEqual({ query: { n: 1, q: null, on: '2026-11-25T00:00:00.000Z' } });
    const { on } = seen.at(-1)!.query as { on: Date };
    expect(Object.isFrozen(seen.at(-1)!.query)).toBe(true);
    expect(Object.isFrozen(on)).toBe(false);
  });
});

describe('path parameters parsing', () => {
  it('parses the parameters a route reads once, whoever else the path names, and gives every request the same frozen parse', async () => {
    seenParams.length = 0;
    for (const url of [
      '/api/v1/month/ann/2026/12',
      '/api/v1/month/bob/2026/12',
      '/api/v1/month/ann/2026/11',
    ]) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
    }
    const [december, again, november] = seenParams;
    expect(december).toEqual({ year: 2026, month: 12 });
    expect(again).toBe(december);
    expect(Object.isFrozen(december)).toBe(true);
    expect(november).toEqual({ year: 2026, month: 11 });
    expect(november).not.toBe(december);
  });

  it('keeps at most PARSED_QUERIES_MAX values of the parameters, the oldest going first', async () => {
    const month = (year: number) => t.request({ method: 'GET', url: `/api/v1/month/ann/${year}/1` });
    seenParams.length = 0;
    for (const year of [3000, 3000, 3001, 3000]) expect((await month(year)).statusCode).toBe(200);
    const [kept, again, , afterAnother] = seenParams;
    expect(again).toBe(kept);
    // Keeping a second value does not push the first out.
    expect(afterAnother).toBe(kept);
    // 3001 to 3064: PARSED_QUERIES_MAX values newer than 3000.
    for (let year = 3002; year <= 3000 + PARSED_QUERIES_MAX; year++)
      expect((await month(year)).statusCode).toBe(200);
    const newest = seenParams.at(-1);
    seenParams.length = 0;
    await month(3000);
    await month(3000 + PARSED_QUERIES_MAX);
    // The oldest went (3000 is parsed again, to the same values); the newest is still kept.
    expect(seenParams[0]).not.toBe(kept);
    expect(seenParams[0]).toEqual({ year: 3000, month: 1 });
    expect(seenParams[1]).toBe(newest);
  });

  it('keeps no parse of values longer than PARSED_QUERY_TEXT_MAX together', async () => {
    // The kept text is each value and a separator after it: 100 + 100 + c + 3 characters.
    const withLength = (length: number) => {
      const c = 'c'.repeat(length - 203);
      return t.request({ method: 'GET', url: `/api/v1/long/${'a'.repeat(100)}/${'b'.repeat(100)}/${c}` });
    };
    seenParams.length = 0;
    for (const length of [
      PARSED_QUERY_TEXT_MAX,
      PARSED_QUERY_TEXT_MAX,
      PARSED_QUERY_TEXT_MAX + 1,
      PARSED_QUERY_TEXT_MAX + 1,
    ]) {
      expect((await withLength(length)).statusCode, String(length)).toBe(200);
    }
    expect(seenParams.map((p) => (p as { c: string }).c.length)).toEqual([53, 53, 54, 54]);
    expect(seenParams[1]).toBe(seenParams[0]);
    expect(seenParams[3]).not.toBe(seenParams[2]);
  });

  it('parses a parameter the path leaves out every time, never as a value a path could hold', async () => {
    seenParams.length = 0;
    const answers = [];
    for (const url of ['/api/v1/maybe/undefined', '/api/v1/maybe', '/api/v1/maybe']) {
      const response = await t.request({ method: 'GET', url });
      answers.push({ url, status: response.statusCode, body: response.json() });
    }
    expect(answers).toEqual([
      { url: '/api/v1/maybe/undefined', status: 200, body: { tag: 'undefined' } },
      { url: '/api/v1/maybe', status: 200, body: { tag: 'none' } },
      { url: '/api/v1/maybe', status: 200, body: { tag: 'none' } },
    ]);
    expect(seenParams[2]).not.toBe(seenParams[1]);
  });

  it('refuses bad parameters every time they come, and keeps nothing for a schema that keeps other keys', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await t.request({ method: 'GET', url: '/api/v1/month/ann/2026/1x' })).statusCode).toBe(400);
    }
    seenParams.length = 0;
    for (const name of ['ann', 'bob']) {
      const response = await t.request({ method: 'GET', url: `/api/v1/loose/${name}/2026/12` });
      expect(response.json()).toEqual({ name, year: 2026, month: 12 });
    }
    expect(seenParams[1]).not.toBe(seenParams[0]);
  });
});
