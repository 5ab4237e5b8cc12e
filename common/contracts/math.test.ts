import { describe, expect, it } from 'vitest';
import { describeIssues } from '../validation.ts';
import type { z } from '../zod.ts';
import { MathAnswerRequest, MathCount, MathDayCount, MathDayQuery, MathIssued } from './math.ts';

function refusal(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`accepted: ${JSON.stringify(value).slice(0, 200)}`);
  return describeIssues(result.error.issues).message;
}

const answer = { name: 'ann', question: '120 + 300', answer: 420 };

describe('MathAnswerRequest', () => {
  it('reads an answer to a question given by id or by text, digits sent as text too', () => {
    expect(MathAnswerRequest.parse(answer)).toEqual(answer);
    expect(MathAnswerRequest.parse({ name: 'ann', questionId: '4', answer: ' 1996 ' })).toEqual({
      name: 'ann',
      questionId: 4,
      answer: 1996,
    });
    expect(MathAnswerRequest.parse({ ...answer, answer: '-1' }).answer).toBe(-1);
    expect(MathAnswerRequest.parse({ ...answer, answer: 9999 }).answer).toBe(9999);
    expect(
      MathAnswerRequest.parse({ ...answer, question: `${' '.repeat(31)}100 + 100` }).question,
    ).toHaveLength(40);
  });

  it('says what is wrong with the question and the answer', () => {
    expect(refusal(MathAnswerRequest, { name: 'ann', answer: 1 })).toBe('question: is required');
    expect(refusal(MathAnswerRequest, { ...answer, question: '120 - 300' })).toBe(
      'question: must be of the form a + b',
    );
    expect(refusal(MathAnswerRequest, { ...answer, question: '12 + 300' })).toBe(
      'question: operands must be whole numbers from 99 to 998',
    );
    expect(refusal(MathAnswerRequest, { ...answer, question: 5 })).toBe(
      'question: must be a text of the form a + b',
    );
    expect(refusal(MathAnswerRequest, { ...answer, question: `${' '.repeat(32)}100 + 100` })).toBe(
      'question: must be at most 40 characters',
    );
    const whole = 'answer: must be a whole number (or -1 for a timeout)';
    expect(refusal(MathAnswerRequest, { ...answer, answer: -2 })).toBe(whole);
    expect(refusal(MathAnswerRequest, { ...answer, answer: 1.5 })).toBe(whole);
    // Only a text of digits is read as a number: null and true are not 0 and 1.
    expect(refusal(MathAnswerRequest, { ...answer, answer: null })).toBe(whole);
    expect(refusal(MathAnswerRequest, { ...answer, answer: true })).toBe(whole);
    expect(refusal(MathAnswerRequest, { ...answer, answer: 'x1' })).toBe(whole);
    expect(refusal(MathAnswerRequest, { ...answer, answer: '1x' })).toBe(whole);
    expect(refusal(MathAnswerRequest, { ...answer, answer: 10_000 })).toBe(
      'answer: must have at most 4 digits',
    );
    expect(refusal(MathAnswerRequest, { ...answer, answer: '1234567890' })).toBe(whole);
    expect(refusal(MathAnswerRequest, { ...answer, name: ' ' })).toBe('name: must not be empty');
  });
});

describe('MathDayQuery', () => {
  it('takes a day or none', () => {
    expect(MathDayQuery.parse({})).toEqual({});
    expect(MathDayQuery.parse({ submitDate: '2026-03-10' })).toEqual({ submitDate: '2026-03-10' });
    expect(refusal(MathDayQuery, { submitDate: '2026-3-10' })).toBe('submitDate: must be a date YYYY-MM-DD');
    expect(refusal(MathDayQuery, { submitDate: 3 })).toBe('submitDate: must be a date YYYY-MM-DD');
  });
});

describe("the drill's answers (response contracts)", () => {
  const issued = { id: 3, question: '120 + 300', dayCount: 4, issuedAt: '2026-03-10T10:00:00+09:00' };
  const dayCount = { name: 'ann', date: '2026-03-10', correctCounts: 8, wrongCounts: 2 };

  it('an issued question and a day count parse to themselves; a field missing or not whole is refused', () => {
    expect(MathIssued.parse(issued)).toEqual(issued);
    expect(MathDayCount.parse(dayCount)).toEqual(dayCount);
    for (const field of Object.keys(issued)) {
      const { [field as keyof typeof issued]: _left, ...rest } = issued;
      expect(MathIssued.safeParse(rest).success, field).toBe(false);
    }
    for (const field of Object.keys(dayCount)) {
      const { [field as keyof typeof dayCount]: _left, ...rest } = dayCount;
      expect(MathDayCount.safeParse(rest).success, field).toBe(false);
    }
    expect(MathIssued.safeParse({ ...issued, dayCount: 1.5 }).success).toBe(false);
    expect(MathDayCount.safeParse({ ...dayCount, wrongCounts: '2' }).success).toBe(false);
  });

  it('a count is a bare whole number from 0', () => {
    expect(MathCount.parse(0)).toBe(0);
    expect(MathCount.parse(57)).toBe(57);
    expect(MathCount.safeParse(-1).success).toBe(false);
    expect(MathCount.safeParse(2.5).success).toBe(false);
    expect(MathCount.safeParse({ count: 2 }).success).toBe(false);
  });
});
