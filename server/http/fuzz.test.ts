import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, startTestApp, type TestApp } from '../test/harness.ts';
import { type Cast, concreteUrl, createCast, PERSONAS, type Persona } from '../test/personas.ts';

/**
 * Random requests at every API route: random JSON (or not-JSON) bodies, content types, query strings
 * and path names, as random personas. Whatever arrives, the answer is never a 5xx.
 */
let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await startTestApp();
  cast = await createCast(t);
});
afterAll(() => t.close());

const contentTypes = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
];

/** Bodies shaped like our contracts as well as anything at all. */
const likelyFields = [
  'email',
  'username',
  'password',
  'name',
  'id',
  'title',
  'question',
  'type',
  'candidates',
  'answer',
  'explanation',
  'hint',
  'topics',
  'students',
  'generatedDate',
  'questionIds',
  'names',
  'targetDate',
  'questionId',
  'studentAnswer',
  'studentName',
  'answers',
];
const shapedBody = fc.dictionary(
  fc.constantFrom(...likelyFields),
  fc.oneof(
    fc.string(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string()),
    fc.array(fc.integer()),
    fc.constantFrom('m', 'M', 's', '2026-11-24T10:00', '2020-01-01', '["a"]'),
    fc.jsonValue(),
  ),
);
const body = fc.oneof(
  shapedBody.map((value) => JSON.stringify(value)),
  // Batch routes take arrays of such objects.
  fc.array(shapedBody, { maxLength: 4 }).map((value) => JSON.stringify(value)),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string(),
  fc.constant(''),
  fc.string({ unit: 'binary' }),
);
const queryValue = fc.oneof(
  fc.string(),
  fc.integer().map(String),
  fc.constantFrom('-1', '1e9', 'NaN', '2026-13-45'),
);
const query = fc.dictionary(
  fc.constantFrom('page', 'size', 'sort', 'date', 'name', 'students', 'title', 'x'),
  queryValue,
);

describe('random requests', () => {
  it('never get a 5xx answer from any route', async () => {
    const routes = t.app.apiRoutes;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: routes.length - 1 }),
        fc.constantFrom<Persona>(...PERSONAS),
        body,
        fc.constantFrom(...contentTypes),
        query,
        fc.boolean(),
        fc.string({ minLength: 1, maxLength: 60 }),
        async (index, persona, payload, contentType, params, randomName, name) => {
          const route = routes[index]!;
          let url = concreteUrl(route, cast);
          if (randomName)
            url = url.replace(encodeURIComponent(cast.student.user.username), encodeURIComponent(name));
          const search = new URLSearchParams(params).toString();
          if (search) url += `${url.includes('?') ? '&' : '?'}${search}`;
          const cookie = await cast.cookieFor(persona);
          const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
          const response = await t.app.inject({
            method: route.method as 'GET',
            url,
            headers: {
              ...(cookie ? { cookie, origin: ORIGIN } : {}),
              ...(hasBody ? { 'content-type': contentType } : {}),
            },
            ...(hasBody ? { payload } : {}),
          });
          if (response.statusCode >= 500) {
            throw new Error(
              `${route.method} ${url} as ${persona} → ${response.statusCode}: ${response.body}`,
            );
          }
          // Every API error is our JSON shape (the provider sign-in routes answer pages), except
          // sign-up's, which are the message as text, as the original client shows them.
          if (response.statusCode >= 400 && route.url === '/api/v1/users/signup')
            expect(response.headers['content-type']).toMatch(/^text\/plain/);
          else if (response.statusCode >= 400 && route.url.startsWith('/api/'))
            expect(response.json()).toMatchObject({ status: response.statusCode });
        },
      ),
      { numRuns: 800 },
    );
  });
});
