import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionLimits } from '../../common/limits.ts';
import { readApiDescription } from '../test/apiDescription.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';

/**
 * The questions routes as /api/openapi.json describes them, written out by hand: what the answers
 * hold and what a bulk upload's item looks like. The mutation run of 25 November left the
 * descriptions of server/questions/routes.ts and bulk.ts alive: no test read them.
 */
type Schema = Record<string, unknown> & { properties?: Record<string, Record<string, unknown>> };
type Operation = {
  requestBody?: { content: Record<string, { schema: Schema & { items?: Schema } }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
};

let t: TestApp;
let operation: (method: string, path: string) => Operation;
let okSchema: (method: string, path: string) => unknown;
beforeAll(async () => {
  t = await startTestApp();
  ({ operation, okSchema } = await readApiDescription<Operation>(t));
});
afterAll(() => t.close());

describe('the questions routes in the API description', () => {
  it("POST questions answers the new question's id", () => {
    expect(okSchema('post', '/api/v1/questions')).toMatchObject({
      type: 'integer',
      description: "The new question's id",
    });
  });

  it('POST questions/multiples: each item as the original client sends it, extra fields allowed', () => {
    const body = operation('post', '/api/v1/questions/multiples').requestBody!.content['application/json']!
      .schema;
    expect(body).toMatchObject({ type: 'array', minItems: 1, maxItems: questionLimits.bulkMax });
    const item = body.items!;
    expect(item.required).toEqual([
      'title',
      'question',
      'type',
      'candidates',
      'students',
      'answer',
      'explanation',
      'generatedDate',
      'targetDate',
    ]);
    // Described as input: the item's own fields may come with others (the original client's ids).
    expect(item).not.toHaveProperty('additionalProperties');
    expect(item.properties).toMatchObject({
      title: { type: 'string', maxLength: questionLimits.titleMax },
      answer: { type: 'string', maxLength: questionLimits.answerMax },
      explanation: { type: 'string', maxLength: questionLimits.explanationMax },
      generatedDate: {
        type: 'string',
        description: 'A date-time, in APP_TIME_ZONE unless it carries an offset',
      },
      targetDate: {
        type: 'string',
        description: 'The due date-time: not in the past, at most 14 days ahead',
      },
    });
    expect(item.properties!.explanation).not.toHaveProperty('minLength');
  });

  it('GET topics, student and teacher/{id}/students answer lists of their objects', () => {
    expect(okSchema('get', '/api/v1/topics')).toMatchObject({
      type: 'array',
      items: { type: 'object', required: ['id', 'title'] },
    });
    expect(okSchema('get', '/api/v1/student')).toMatchObject({
      type: 'array',
      items: { type: 'object', required: ['id', 'name', 'email', 'url', 'subscriptions'] },
    });
    expect(okSchema('get', '/api/v1/teacher/{id}/students')).toMatchObject({
      type: 'array',
      items: { type: 'object', required: ['id', 'name', 'email', 'url'] },
    });
  });
});
