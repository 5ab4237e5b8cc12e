import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionLimits } from '../../common/limits.ts';
import { PICTURE_PARTS, pictureLimits } from '../../common/questions/pictures.ts';
import { readApiDescription } from '../test/apiDescription.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';

/**
 * The questions routes as /api/openapi.json describes them, written out by hand: what the answers
 * hold and what a bulk upload's item looks like. The mutation run of 25 November left the
 * descriptions of server/questions/routes.ts and bulk.ts alive: no test read them.
 */
type Schema = Record<string, unknown>;
type Operation = {
  requestBody?: { content: Record<string, { schema: Schema }> };
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
    const text = { type: 'string' };
    const texts = { type: 'array', items: text };
    // The whole item, every field: described as input, so the item's own fields may come with
    // others (the original client's ids: no `additionalProperties`), and an option is a text or an
    // object with its value.
    expect(body.items).toEqual({
      type: 'object',
      properties: {
        title: { ...text, maxLength: questionLimits.titleMax },
        question: { ...text, maxLength: questionLimits.questionMax },
        type: { type: 'string', enum: ['m', 'M', 's'] },
        candidates: {
          type: 'array',
          items: {
            anyOf: [text, { type: 'object', properties: { value: text }, required: ['value'] }],
          },
        },
        hint: { type: ['string', 'null'] },
        students: texts,
        topics: { anyOf: [texts, { type: 'null' }] },
        answer: { ...text, maxLength: questionLimits.answerMax },
        explanation: { ...text, maxLength: questionLimits.explanationMax },
        generatedDate: { ...text, description: 'A date-time, in APP_TIME_ZONE unless it carries an offset' },
        targetDate: { ...text, description: 'The due date-time: not in the past, at most 14 days ahead' },
        pictures: {
          anyOf: [
            {
              type: 'array',
              maxItems: pictureLimits.perQuestion,
              items: {
                type: 'object',
                properties: {
                  id: { ...text, description: 'An uploaded picture’s id (`POST pictures`)' },
                  part: { type: 'string', enum: [...PICTURE_PARTS], description: 'Default question' },
                  alt: { ...text, maxLength: pictureLimits.altMax },
                },
                required: ['id', 'alt'],
              },
            },
            { type: 'null' },
          ],
        },
      },
      required: [
        'title',
        'question',
        'type',
        'candidates',
        'students',
        'answer',
        'explanation',
        'generatedDate',
        'targetDate',
      ],
    });
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
