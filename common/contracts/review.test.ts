import { describe, expect, it } from 'vitest';
import { questionLimits } from '../limits.ts';
import { describeIssues } from '../validation.ts';
import type { z } from '../zod.ts';
import { ReviewQuestionRequest, ReviewSettingRequest, ReviewTopicQuery } from './review.ts';
import { WeekQuery } from './week.ts';

function refusal(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`accepted: ${JSON.stringify(value).slice(0, 200)}`);
  return describeIssues(result.error.issues).message;
}

describe('spaced review requests', () => {
  it('ReviewSettingRequest reads a topic in lower case (none for the default) and a ladder', () => {
    expect(ReviewSettingRequest.parse({ topic: ' Sorting ', enabled: true, ladder: [1, 3, 3, 7] })).toEqual({
      topic: 'sorting',
      enabled: true,
      ladder: [1, 3, 3, 7],
    });
    expect(ReviewSettingRequest.parse({ enabled: false })).toEqual({ topic: null, enabled: false });
    expect(ReviewSettingRequest.parse({ topic: null, enabled: false }).topic).toBeNull();
    expect(ReviewSettingRequest.parse({ enabled: true, ladder: Array(10).fill(365) }).ladder).toHaveLength(
      10,
    );
  });

  it('ReviewSettingRequest says what is wrong with a ladder', () => {
    expect(refusal(ReviewSettingRequest, { enabled: 'yes' })).toBe('enabled: must be true or false');
    expect(refusal(ReviewSettingRequest, { enabled: true, ladder: 3 })).toBe(
      'ladder: must be a list of days',
    );
    expect(refusal(ReviewSettingRequest, { enabled: true, ladder: ['3'] })).toBe(
      'ladder.0: must be numbers of days',
    );
    expect(refusal(ReviewSettingRequest, { enabled: true, ladder: Array(11).fill(1) })).toBe(
      'ladder: must have 1 to 10 steps',
    );
    expect(refusal(ReviewSettingRequest, { enabled: true, ladder: [] })).toBe(
      'ladder: must have 1 to 10 steps',
    );
    expect(refusal(ReviewSettingRequest, { enabled: true, ladder: [0] })).toBe(
      'ladder: every step must be a whole number of days from 1 to 365',
    );
    expect(refusal(ReviewSettingRequest, { enabled: true, ladder: [3, 2] })).toBe(
      'ladder: each step must be at least as long as the one before',
    );
    expect(
      refusal(ReviewSettingRequest, { enabled: true, topic: 'x'.repeat(questionLimits.topicMax + 1) }),
    ).toBe(`topic: must be at most ${questionLimits.topicMax} characters`);
  });

  it('ReviewQuestionRequest and ReviewTopicQuery', () => {
    expect(ReviewQuestionRequest.parse({ questionId: '7' })).toEqual({ questionId: 7 });
    expect(ReviewTopicQuery.parse({ topic: ' Graphs ' })).toEqual({ topic: 'graphs' });
    expect(refusal(ReviewTopicQuery, {})).toBe('topic: is required');
  });
});

describe('WeekQuery', () => {
  it('takes any day or none', () => {
    expect(WeekQuery.parse({})).toEqual({});
    expect(WeekQuery.parse({ start: '2026-03-12' })).toEqual({ start: '2026-03-12' });
    expect(refusal(WeekQuery, { start: '2026-3-12' })).toBe('start: must be a date YYYY-MM-DD');
    expect(refusal(WeekQuery, { start: 12 })).toBe('start: must be a date YYYY-MM-DD');
  });
});
