import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from '../../common/zod.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { access } from './access.ts';
import { declareRoutes, JsonText } from './route.ts';

/**
 * A route whose declaration cannot work stops the app at start-up (registration), instead of
 * answering 500 — or the wrong people — later.
 */
let t: TestApp;
const registrationErrors: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp({
    registerExtra: (app: FastifyInstance) => {
      const route = declareRoutes(app);
      const attempts: Record<string, () => void> = {
        plainWithAccess: () =>
          app.get('/api/v1/plain', { config: { access: access.public } }, async () => 'x'),
        undeclared: () => app.get('/api/v1/undeclared', async () => 'x'),
        missingParam: () => route.get('/api/v1/nameless', access.studentRead('name'), async () => 'x'),
        readOnWrite: () => route.post('/api/v1/redo/:name', access.studentRead('name'), async () => 'x'),
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
        // JSON text sent as it is (JsonText): checked as any answer, and as JSON.stringify writes it.
        textSame: new JsonText('{"text":"h\\u0001i \\"é\\"","count":1}'),
        textSpaced: new JsonText('{"text": "hi", "count": 1}'),
        textEscaped: new JsonText('{"text":"\\u00e9","count":1}'),
        textExtra: new JsonText('{"text":"hi","count":1,"passwordHash":"x"}'),
        textBroken: new JsonText('{"text":"hi",'),
      };
      route.get(
        '/api/v1/answers/:kind',
        access.public,
        { params: z.object({ kind: z.string() }), response: Greeting },
        async (request, reply) => {
          if (request.params.kind === 'refused') return reply.code(409).send({ anything: true });
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
    expect(registrationErrors.plainWithAccess).toMatch(/not declared with declareRoutes/);
    expect(registrationErrors.undeclared).toMatch(/declares no access rule/);
  });

  it('refuses a named-person rule whose parameter is not in the path', () => {
    expect(registrationErrors.missingParam).toMatch(
      /reads the person from :name, which its path does not have/,
    );
  });

  it('refuses a read-only (parent-allowed) rule on a method that writes', () => {
    expect(registrationErrors.readOnWrite).toMatch(/read-only access .* on a method that writes/);
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
      textSpaced: 'its JSON text is not what JSON.stringify writes of it',
      textEscaped: 'its JSON text is not what JSON.stringify writes of it',
      textExtra: 'it holds fields or values the contract does not (passwordHash)',
      textBroken: expect.stringMatching(/^it is not JSON \(/),
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
          async (request) =>
            (request.query as { text?: string }).text ? new JsonText('{"text": 1}') : { text: 1 },
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
    } finally {
      await unchecked.close();
    }
  });
});
