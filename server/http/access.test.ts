import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, startTestApp, type TestApp } from '../test/harness.ts';
import { type Cast, concreteUrl, createCast, expectedAccess, PERSONAS } from '../test/personas.ts';

/**
 * The access matrix (DESIGN §5): every API route × every persona, generated from the routes' own
 * `config.access` declarations. "allowed" means neither 401 nor 403 and never a 5xx; the request
 * bodies are empty objects, so allowed writes end in a 4xx validation answer, not a change.
 */
let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await startTestApp();
  cast = await createCast(t);
});
afterAll(() => t.close());

describe('access matrix', () => {
  it('covers every registered API route, each with a declaration', () => {
    expect(t.app.apiRoutes.length).toBeGreaterThanOrEqual(6);
    for (const route of t.app.apiRoutes) expect(route.access, `${route.method} ${route.url}`).toBeDefined();
  });

  it('answers each persona on each route as the declaration says', async () => {
    const failures: string[] = [];
    for (const route of t.app.apiRoutes) {
      for (const persona of PERSONAS) {
        const cookie = await cast.cookieFor(persona);
        const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: concreteUrl(route, cast),
          headers: {
            ...(cookie ? { cookie, origin: ORIGIN } : {}),
            ...(hasBody ? { 'content-type': 'application/json' } : {}),
          },
          ...(hasBody ? { payload: '{}' } : {}),
        });
        const expected = expectedAccess(route, persona);
        const status = response.statusCode;
        const ok =
          status < 500 &&
          (expected === 'allowed'
            ? status !== 403 && !(status === 401 && route.access.kind !== 'public')
            : status === expected);
        if (!ok)
          failures.push(`${route.method} ${route.url} as ${persona}: expected ${expected}, got ${status}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
