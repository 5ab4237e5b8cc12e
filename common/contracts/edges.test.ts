import { describe, expect, it } from 'vitest';
import { describeIssues } from '../validation.ts';
import type { z } from '../zod.ts';
import { OAuthRegisterRequest } from './oauth.ts';
import { WallModerationQuery, WallModerationRequest, WallPostParams } from './portfolio.ts';
import { AssignmentCreateRequest, MarkingQuery, QuestionCreateRequest } from './tutoring.ts';

/** Survivors of common/'s mutation run in the request contracts: each refusal word for word. */
function refusal(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`accepted: ${JSON.stringify(value).slice(0, 200)}`);
  return describeIssues(result.error.issues).message;
}

describe('OAuthRegisterRequest', () => {
  it('takes the one-use code up to 200 characters', () => {
    expect(OAuthRegisterRequest.parse({ token: 'abc' })).toEqual({ token: 'abc' });
    expect(OAuthRegisterRequest.parse({ token: 'x'.repeat(200) }).token).toHaveLength(200);
  });

  it('refuses no code, an empty one and a longer one', () => {
    expect(refusal(OAuthRegisterRequest, {})).toBe('token: is required');
    expect(refusal(OAuthRegisterRequest, { token: 5 })).toBe('token: is required');
    expect(refusal(OAuthRegisterRequest, { token: '' })).toBe('token: is required');
    expect(refusal(OAuthRegisterRequest, { token: 'x'.repeat(201) })).toBe(
      'token: must be at most 200 characters',
    );
  });
});

describe('the wall moderation contracts', () => {
  it('a moderation sets approved or hidden, never pending', () => {
    expect(WallModerationRequest.parse({ state: 'hidden' })).toEqual({ state: 'hidden' });
    expect(WallModerationRequest.parse({ state: 'approved' })).toEqual({ state: 'approved' });
    expect(refusal(WallModerationRequest, { state: 'pending' })).toBe('state: must be approved or hidden');
  });

  it('the list narrows to one state, or shows every one', () => {
    expect(WallModerationQuery.parse({})).toEqual({});
    expect(WallModerationQuery.parse({ state: 'pending' })).toEqual({ state: 'pending' });
    expect(refusal(WallModerationQuery, { state: 'deleted' })).toBe(
      'state: must be pending, approved or hidden',
    );
  });

  it("a post's id in the address", () => {
    expect(WallPostParams.parse({ postId: '12' })).toEqual({ postId: 12 });
    expect(WallPostParams.safeParse({ postId: '0' }).success).toBe(false);
    expect(WallPostParams.safeParse({}).success).toBe(false);
  });
});

describe('tutoring requests', () => {
  it('an empty due date is refused as missing', () => {
    const question = {
      title: 'T',
      question: 'Q',
      type: 'm',
      candidates: ['a', 'b'],
      answer: 'a',
      explanation: 'E',
      targetDate: '',
    };
    expect(refusal(QuestionCreateRequest, question)).toBe('targetDate: is required');
    expect(refusal(AssignmentCreateRequest, { questionIds: [1], names: ['ann'], targetDate: '' })).toBe(
      'targetDate: is required',
    );
  });

  it("the marking inbox's student is one text", () => {
    expect(refusal(MarkingQuery, { student: ['ann', 'bo'] })).toBe('student: must be a text');
  });
});
