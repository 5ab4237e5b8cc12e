import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readApiDescription } from '../test/apiDescription.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';

/**
 * The submissions routes as /api/openapi.json describes them, written out by hand: what each answers,
 * the errors it may give, and where it reads the student's name. server/apidocs/openapi.test.ts checks
 * every route against its own declaration, so a declaration that loses its response contract, its
 * declared errors or the query parameter its access rule reads would pass there (the mutation run of
 * 25 November left such mutants of server/submissions/routes.ts alive).
 */
type Operation = {
  'x-access': { from?: string; param?: string };
  parameters: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
};

let t: TestApp;
let operation: (method: string, path: string) => Operation;
let okSchema: (method: string, path: string) => unknown;
beforeAll(async () => {
  t = await startTestApp();
  ({ operation, okSchema } = await readApiDescription<Operation>(t));
});
afterAll(() => t.close());
const statuses = (method: string, path: string) => Object.keys(operation(method, path).responses).map(Number);

const DAY_COUNT_FIELDS = ['name', 'date', 'correctCounts', 'wrongCounts', 'unmarkedCounts'];

describe('the submissions routes in the API description', () => {
  it('POST submissions/multiples: anyone signed in, refused 403 for another student and 404 for an unknown one (staff)', () => {
    expect(statuses('post', '/api/v1/submissions/multiples')).toEqual([
      200, 400, 401, 403, 404, 413, 415, 500,
    ]);
    expect(okSchema('post', '/api/v1/submissions/multiples')).toMatchObject({ type: 'array' });
  });

  it('GET submissions/count/{name}: a whole number', () => {
    expect(okSchema('get', '/api/v1/submissions/count/{name}')).toMatchObject({ type: 'integer' });
  });

  it('GET submissions/day_counts: a list of day counts, the student named by the query parameter name', () => {
    const path = '/api/v1/submissions/day_counts';
    expect(okSchema('get', path)).toMatchObject({
      type: 'array',
      items: { type: 'object', required: DAY_COUNT_FIELDS },
    });
    expect(operation('get', path)['x-access']).toMatchObject({ from: 'query', param: 'name' });
    expect(operation('get', path).parameters).toEqual([
      { name: 'name', in: 'query', required: true, schema: { type: 'string' } },
    ]);
  });

  it('GET submissions/day_counts/latest: one day count or 404, the student named by the query parameter name', () => {
    const path = '/api/v1/submissions/day_counts/latest';
    expect(okSchema('get', path)).toMatchObject({ type: 'object', required: DAY_COUNT_FIELDS });
    expect(statuses('get', path)).toEqual([200, 401, 403, 404, 500]);
    expect(operation('get', path)['x-access']).toMatchObject({ from: 'query', param: 'name' });
    expect(operation('get', path).parameters).toEqual([
      { name: 'name', in: 'query', required: true, schema: { type: 'string' } },
    ]);
  });
});
