import { describe, expect, it } from 'vitest';
import { portfolioLimits as p } from '../limits.ts';
import { describeIssues } from '../validation.ts';
import type { z } from '../zod.ts';
import { StopwatchRecordRequest, WallModerationRequest, WallPostRequest } from './portfolio.ts';

function refusal(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`accepted: ${JSON.stringify(value).slice(0, 200)}`);
  return describeIssues(result.error.issues).message;
}

describe('StopwatchRecordRequest', () => {
  const start = { name: 'Run', elapsedTime: 0, type: 's' };
  it('reads a start without a related record and the other records with one', () => {
    expect(StopwatchRecordRequest.parse(start)).toEqual(start);
    expect(StopwatchRecordRequest.parse({ ...start, type: 'p', elapsedTime: 150, relatedID: '3' })).toEqual({
      ...start,
      type: 'p',
      elapsedTime: 150,
      relatedID: 3,
    });
    expect(
      StopwatchRecordRequest.parse({ ...start, type: 'd', elapsedTime: p.stopwatchElapsedMax, relatedID: 3 }),
    ).toMatchObject({ elapsedTime: p.stopwatchElapsedMax });
  });
  it('says what is wrong', () => {
    expect(refusal(StopwatchRecordRequest, { ...start, relatedID: 2 })).toBe(
      'relatedID: must be null for a start (s)',
    );
    expect(refusal(StopwatchRecordRequest, { ...start, elapsedTime: 1 })).toBe(
      'elapsedTime: must be 0 for a start (s)',
    );
    expect(refusal(StopwatchRecordRequest, { ...start, type: 'r', elapsedTime: 5 })).toBe(
      'relatedID: must be the id of the run’s start record for r, p and d',
    );
    expect(refusal(StopwatchRecordRequest, { ...start, type: 'x' })).toBe('type: must be s, r, p or d');
    expect(refusal(StopwatchRecordRequest, { ...start, type: 'r', relatedID: 1, elapsedTime: -1 })).toBe(
      'elapsedTime: must not be negative',
    );
    expect(refusal(StopwatchRecordRequest, { ...start, type: 'r', relatedID: 1, elapsedTime: 1.5 })).toBe(
      'elapsedTime: must be a whole number of hundredths of a second',
    );
    expect(
      refusal(StopwatchRecordRequest, {
        ...start,
        type: 'r',
        relatedID: 1,
        elapsedTime: p.stopwatchElapsedMax + 1,
      }),
    ).toBe('elapsedTime: must be at most 30 days');
    expect(refusal(StopwatchRecordRequest, { ...start, elapsedTime: '0' })).toBe(
      'elapsedTime: must be a number',
    );
    expect(refusal(StopwatchRecordRequest, { ...start, name: 'a\tb' })).toBe(
      'name: must not contain control characters',
    );
    expect(refusal(StopwatchRecordRequest, { ...start, name: 'a\u202eb' })).toBe(
      'name: must not contain control characters',
    );
    expect(refusal(StopwatchRecordRequest, { ...start, generatedDate: 'x'.repeat(41) })).toBe(
      'generatedDate: must be at most 40 characters',
    );
    expect(
      StopwatchRecordRequest.parse({ ...start, generatedDate: 'x'.repeat(40) }).generatedDate,
    ).toHaveLength(40);
  });
});

describe('the wall', () => {
  it('WallPostRequest signs an empty author Anonymous and keeps line breaks as \\n', () => {
    expect(WallPostRequest.parse({ message: ' Hi\r\nthere\rall ' })).toEqual({
      author: 'Anonymous',
      message: 'Hi\nthere\nall',
    });
    expect(WallPostRequest.parse({ author: '  ', message: 'x' }).author).toBe('Anonymous');
    expect(WallPostRequest.parse({ author: ' Ann ', message: 'x' }).author).toBe('Ann');
    expect(
      WallPostRequest.parse({ message: Array(10).fill('l').join('\n') }).message.split('\n'),
    ).toHaveLength(10);
  });
  it('WallPostRequest refuses hidden characters, long texts and more than 10 lines', () => {
    expect(refusal(WallPostRequest, { message: Array(11).fill('l').join('\n') })).toBe(
      'message: must be at most 10 lines',
    );
    expect(refusal(WallPostRequest, { message: 'a\u0007b' })).toBe(
      'message: must not contain control characters other than line breaks',
    );
    expect(refusal(WallPostRequest, { message: 'a\u2066b' })).toBe(
      'message: must not contain control characters other than line breaks',
    );
    expect(refusal(WallPostRequest, { author: 'a\nb', message: 'x' })).toBe(
      'author: must not contain control characters',
    );
    expect(refusal(WallPostRequest, { author: 1, message: 'x' })).toBe('author: must be a text');
    expect(refusal(WallPostRequest, { author: 'x'.repeat(p.wallAuthorMax + 1), message: 'x' })).toBe(
      `author: must be at most ${p.wallAuthorMax} characters`,
    );
    expect(WallPostRequest.parse({ author: 'x'.repeat(p.wallAuthorMax), message: 'x' }).author).toHaveLength(
      p.wallAuthorMax,
    );
    expect(refusal(WallPostRequest, { message: 'x'.repeat(p.wallMessageMax + 1) })).toBe(
      `message: must be at most ${p.wallMessageMax} characters`,
    );
  });
  it('WallModerationRequest approves or hides', () => {
    expect(WallModerationRequest.parse({ state: 'hidden' })).toEqual({ state: 'hidden' });
    expect(refusal(WallModerationRequest, { state: 'pending' })).toBe('state: must be approved or hidden');
  });
});
