import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readApiDescription } from '../test/apiDescription.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';

/**
 * The answers of the calendar rebuild and the assignments' writes and counts as /api/openapi.json
 * describes them, written out by hand. The mutation runs of 25 November left these descriptions
 * (`{ response: … }` and their `.describe` texts) alive: no test read them.
 */
let t: TestApp;
let okSchema: (method: string, path: string) => unknown;
beforeAll(async () => {
  t = await startTestApp();
  ({ okSchema } = await readApiDescription(t));
});
afterAll(() => t.close());

/** `z.number().int()` as JSON schema: a safe integer. */
const integer = {
  type: 'integer',
  minimum: Number.MIN_SAFE_INTEGER,
  maximum: Number.MAX_SAFE_INTEGER,
};

describe('the calendars and assignments routes in the API description', () => {
  it('PATCH calendars/{name} answers the number of days recounted', () => {
    expect(okSchema('patch', '/api/v1/calendars/{name}')).toEqual({
      ...integer,
      description: 'The days recounted',
    });
  });

  it('POST assignments answers the number of assignments made pending', () => {
    expect(okSchema('post', '/api/v1/assignments')).toEqual({
      ...integer,
      description: 'Assignments made pending',
    });
  });

  it('GET assignments/latest/{name} answers a day or null', () => {
    expect(okSchema('get', '/api/v1/assignments/latest/{name}')).toEqual({
      type: ['string', 'null'],
      description: 'YYYY-MM-DD, or null when nothing is pending',
    });
  });

  it('GET assignments/count/{name} answers a whole number', () => {
    expect(okSchema('get', '/api/v1/assignments/count/{name}')).toEqual(integer);
  });
});
