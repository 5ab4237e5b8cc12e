import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBody } from '../../common/contracts/users.ts';
import { z } from '../../common/zod.ts';
import { access } from '../http/access.ts';
import { declareRoutes } from '../http/route.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { accessInWords, openApiPath } from './openapi.ts';

type Operation = {
  'x-access': unknown;
  description: string;
  security: unknown[];
  parameters: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Record<string, unknown>> };
};

// A route declared after the app's own (as another domain's would be): it must appear by itself.
const LaterQuery = z.object({ colour: z.enum(['red', 'blue']), count: z.coerce.number().int().optional() });

/** Routes that declare no response contract, and why. Every other route declares one. */
const plainText = 'answers plain text (the username, or "Logged out"), as the original client reads it';
const WITHOUT_RESPONSE_CONTRACT: Record<string, string> = {
  'POST /api/v1/users/signup': plainText,
  'POST /api/v1/users/login': plainText,
  'POST /api/v1/users/logout': plainText,
  'POST /api/v1/users/refresh': plainText,
  'POST /api/v1/users/oauth/register': plainText,
  'POST /api/v1/users/password-reset/confirm': 'answers the username as plain text, as sign-in does',
  'PUT /api/v1/users/password': 'answers 204, no body',
  'GET /oauth2/authorization/:provider': "a redirect to the provider's sign-in page",
  'GET /login/oauth2/code/:provider': 'a redirect back into the app',
  'GET /api/openapi.json': 'is this description itself',
  'GET /api/v1/pictures/:picture': 'a WebP picture',
  'GET /api/v1/mail/unsubscribe': 'an HTML page for a person who followed a mail link',
  'POST /api/v1/mail/unsubscribe': 'an HTML page saying it is done (RFC 8058 reads only the status)',
  'GET /api/docs': 'an HTML page',
  'GET /api/docs/:file': "the page's scripts and styles",
  'DELETE /api/v1/wall/moderation/:postId': 'answers 204, no body',
  'GET /api/v1/export/submissions/:name': 'a CSV file, streamed',
  'GET /api/v1/export/overview': 'a CSV file, streamed',
};

let t: TestApp;
let document: Document;
beforeAll(async () => {
  t = await startTestApp({
    registerExtra: (app: FastifyInstance) =>
      declareRoutes(app).get(
        '/api/v1/test-only/later/:name',
        access.studentRead('name'),
        { query: LaterQuery, response: z.object({ colour: z.string() }), summary: 'Added last' },
        async (request) => ({ colour: request.query.colour }),
      ),
  });
  const response = await t.request({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json() as Document;
});
afterAll(() => t.close());

const operationOf = (method: string, url: string) => document.paths[openApiPath(url)]?.[method.toLowerCase()];

describe('the OpenAPI description', () => {
  it('is OpenAPI 3.1 with one operation for every declared route, and no other', () => {
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.values(document.paths).flatMap((methods) => Object.keys(methods));
    expect(operations).toHaveLength(t.app.apiRoutes.length);
    const missing = t.app.apiRoutes.filter((route) => !operationOf(route.method, route.url));
    expect(missing.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it('gives every route its access rule, in words too, and the session it needs', () => {
    for (const route of t.app.apiRoutes) {
      const operation = operationOf(route.method, route.url)!;
      const where = `${route.method} ${route.url}`;
      expect(operation['x-access'], where).toEqual(route.access);
      expect(operation.description, where).toContain(accessInWords(route.access));
      expect(operation.security, where).toEqual(route.access.kind === 'public' ? [] : [{ session: [] }]);
    }
  });

  it('gives every route the error answers its rule implies, each in the one error shape', () => {
    const errorShape = document.components.schemas.ApiError!;
    expect(errorShape.required).toEqual(['status', 'error', 'message']);
    for (const route of t.app.apiRoutes) {
      const { responses } = operationOf(route.method, route.url)!;
      const where = `${route.method} ${route.url}`;
      const statuses = Object.keys(responses).map(Number);
      expect(statuses.includes(401), where).toBe(route.access.kind !== 'public');
      // 403 from the rule, or declared by a public route that refuses some callers itself (the
      // stopwatch: a run started in another browser).
      expect(statuses.includes(403), where).toBe(
        route.access.kind === 'roles' ||
          route.access.kind === 'subject' ||
          Boolean(route.schemas?.errors?.includes(403)),
      );
      expect(statuses.includes(404), where).toBe(
        route.access.kind === 'subject' || Boolean(route.schemas?.errors?.includes(404)),
      );
      expect(statuses, where).toContain(500);
      for (const status of statuses.filter((s) => s >= 400)) {
        const content = responses[status]!.content!;
        if (route.schemas?.errorsAsText) expect(content['text/plain'], `${where} ${status}`).toBeDefined();
        else
          expect(content['application/json']!.schema, `${where} ${status}`).toEqual({
            $ref: '#/components/schemas/ApiError',
          });
      }
    }
  });

  it('describes what each route takes: path parameters, declared query and body contracts, paging', () => {
    for (const route of t.app.apiRoutes) {
      const operation = operationOf(route.method, route.url)!;
      const where = `${route.method} ${route.url}`;
      for (const [, name] of route.url.matchAll(/:([A-Za-z_]+)/g)) {
        expect(
          operation.parameters.find((p) => p.in === 'path' && p.name === name)?.required,
          `${where} :${name}`,
        ).toBe(true);
      }
      if (route.schemas?.body)
        expect(operation.requestBody?.content['application/json'], where).toBeDefined();
      if (route.schemas?.page) {
        expect(
          operation.parameters.filter((p) => p.in === 'query').map((p) => p.name),
          where,
        ).toEqual(expect.arrayContaining(['page', 'size', 'sort']));
      }
    }
    const later = operationOf('GET', '/api/v1/test-only/later/:name')!;
    expect(later).toMatchObject({ summary: 'Added last' });
    expect(later.parameters).toEqual([
      { name: 'name', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'colour', in: 'query', required: true, schema: { type: 'string', enum: ['red', 'blue'] } },
      { name: 'count', in: 'query', required: false, schema: expect.any(Object) },
    ]);
    const drafts = operationOf('PATCH', '/api/v1/drafts/:name')!;
    expect(drafts.requestBody!.content['application/json']!.schema).toMatchObject({
      type: 'object',
      required: ['changes'],
    });
  });

  it('shows the body of every 200 whose route declares its response contract, and every route declares one or says why not', () => {
    const undeclared: string[] = [];
    for (const route of t.app.apiRoutes) {
      const where = `${route.method} ${route.url}`;
      const ok = operationOf(route.method, route.url)!.responses['200']!;
      if (route.schemas?.response) {
        expect(ok.content?.['application/json']?.schema, where).toEqual(expect.any(Object));
        expect(
          WITHOUT_RESPONSE_CONTRACT[where],
          `${where} is listed but declares its response`,
        ).toBeUndefined();
      } else if (!WITHOUT_RESPONSE_CONTRACT[where]) undeclared.push(where);
    }
    expect(
      undeclared,
      'declare `response` (common/contracts/responses.ts) or list the route with why',
    ).toEqual([]);
    const listed = Object.keys(WITHOUT_RESPONSE_CONTRACT).filter(
      (where) => !t.app.apiRoutes.some((route) => `${route.method} ${route.url}` === where),
    );
    expect(listed, 'listed routes that do not exist').toEqual([]);
    expect(
      operationOf('GET', '/api/v1/users/:name')!.responses['200']!.content!['application/json']!.schema,
    ).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['username', 'imageURL', 'averageScore']),
    });
  });

  it('answers in the documented shape: every route refuses a caller who may not call it with a documented status', async () => {
    const anonymous = await Promise.all(
      t.app.apiRoutes
        .filter((route) => route.access.kind !== 'public')
        .map(async (route) => {
          const url = route.url.replace(/:([A-Za-z_]+)/g, 'someone');
          const response = await t.request({ method: route.method as 'GET', url });
          return { route, response };
        }),
    );
    for (const { route, response } of anonymous) {
      const where = `${route.method} ${route.url}`;
      expect(response.statusCode, where).toBe(401);
      expect(ApiErrorBody.safeParse(response.json()).success, where).toBe(true);
    }
    const refused = await t.request({
      method: 'PATCH',
      url: `/api/v1/drafts/${(await t.createUser()).user.username}`,
      as: (await t.createUser({ roles: ['ADMIN'] })).cookie,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ changes: { 1: { answer: 7 } } }),
    });
    expect(refused.statusCode).toBe(400);
    const body = ApiErrorBody.parse(refused.json());
    expect(body.details?.length).toBeGreaterThan(0);
    expect(Object.keys(operationOf('PATCH', '/api/v1/drafts/:name')!.responses)).toContain('400');
  });
});

describe('the page at /api/docs', () => {
  it('loads only files of its own, under the strict CSP, and reads the description', async () => {
    const page = await t.request({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(page.body).not.toMatch(/<script>|<script [^>]*>[^<]/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.sort()).toEqual([
      '/api/docs/start.js',
      '/api/docs/swagger-ui-bundle.js',
      '/api/docs/swagger-ui.css',
    ]);
    for (const asset of assets) {
      const file = await t.request({ method: 'GET', url: asset });
      expect(file.statusCode, asset).toBe(200);
      expect(file.headers['content-type'], asset).toMatch(
        asset.endsWith('.css') ? /^text\/css/ : /^text\/javascript/,
      );
    }
    const start = await t.request({ method: 'GET', url: '/api/docs/start.js' });
    expect(start.body).toContain("url: '/api/openapi.json'");
    const unknown = await t.request({ method: 'GET', url: '/api/docs/..%2Fpackage.json' });
    expect(unknown.statusCode).toBe(404);
    expect(ApiErrorBody.safeParse(unknown.json()).success).toBe(true);
  });
});
