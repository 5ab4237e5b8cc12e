import { describe, expect, it } from 'vitest';
import { ServiceRequest } from './contracts/admin.ts';
import { MathAnswerRequest } from './contracts/math.ts';
import { pageQuery } from './contracts/paging.ts';
import { ReviewSettingRequest } from './contracts/review.ts';
import {
  DayQuery,
  MarkRequest,
  QuestionCreateRequest,
  SubmissionBatch,
  YearMonthParams,
} from './contracts/tutoring.ts';
import { LanguageRequest, SignupRequest } from './contracts/users.ts';
import { validationTexts as ko } from './i18n/ko/validationTexts.ts';
import { MAX_ID } from './limits.ts';
import { describeIssues, idField, says, text, wordsIn } from './validation.ts';
import { validationTexts as en } from './validationTexts.ts';
import { z } from './zod.ts';

/** The issues of a failed parse (the test fails if it parsed). */
function issuesOf(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`parsed: ${JSON.stringify(value)}`);
  return result.error.issues;
}

/** The messages of a failed parse, `path: message` as the API answers them. */
function messagesOf(schema: z.ZodType, value: unknown): string {
  return describeIssues(issuesOf(schema, value)).message;
}

describe('describeIssues', () => {
  it('answers one sentence per field (its first problem), joined with "; ", and keeps every issue in details', () => {
    const schema = z.object({
      name: z
        .string()
        .min(3, 'too short')
        .regex(/^[a-z]+$/, 'letters only'),
      items: z.array(z.object({ id: z.number('must be a number') })),
    });
    const described = describeIssues(issuesOf(schema, { name: '1', items: [{ id: 'x' }] }));
    expect(described.message).toBe('name: too short; items.0.id: must be a number');
    expect(described.details).toEqual([
      { path: 'name', message: 'too short' },
      { path: 'name', message: 'letters only' },
      { path: 'items.0.id', message: 'must be a number' },
    ]);
  });

  it("says what a record's key must be instead of zod's 'Invalid key in record'", () => {
    const marks = z.record(z.string().regex(/^\d+$/, 'keys must be ids'), z.number());
    expect(describeIssues(issuesOf(z.object({ marks }), { marks: { x: 1 } }))).toEqual({
      message: 'marks.x: keys must be ids',
      details: [{ path: 'marks.x', message: 'keys must be ids' }],
    });
  });

  it('answers a problem of the whole value without a path prefix', () => {
    const described = describeIssues(issuesOf(z.array(z.number()).min(1, 'must not be empty'), []));
    expect(described).toEqual({
      message: 'must not be empty',
      details: [{ path: '', message: 'must not be empty' }],
    });
  });
});

describe('text()', () => {
  const field = z.object({ title: text({ max: 5 }) });

  it('says a missing field is required and a non-text must be a text', () => {
    expect(messagesOf(field, {})).toBe('title: is required');
    expect(messagesOf(field, { title: 3 })).toBe('title: must be a text');
    expect(messagesOf(field, { title: null })).toBe('title: must be a text');
  });

  it('trims by default: blank is empty, and the length counts without the spaces around', () => {
    expect(messagesOf(field, { title: '   ' })).toBe('title: must not be empty');
    expect(field.parse({ title: '  abcde  ' })).toEqual({ title: 'abcde' });
    expect(messagesOf(field, { title: 'abcdef' })).toBe('title: must be at most 5 characters');
  });

  it('keeps the spaces with trim: false', () => {
    const untrimmed = text({ max: 5, trim: false });
    expect(untrimmed.parse(' ab ')).toBe(' ab ');
    expect(untrimmed.parse(' ')).toBe(' ');
    expect(messagesOf(untrimmed, '  abcd')).toBe('must be at most 5 characters');
  });

  it('takes a minimum length with its own message', () => {
    const long = text({ min: 3, max: 10 });
    expect(messagesOf(long, 'ab')).toBe('must be at least 3 characters');
    expect(long.parse('abc')).toBe('abc');
    expect(text({ max: 10 }).parse('a')).toBe('a');
  });
});

describe('idField', () => {
  it('reads a positive whole number up to MAX_ID, as a number or as digits', () => {
    expect(idField.parse(1)).toBe(1);
    expect(idField.parse('42')).toBe(42);
    expect(idField.parse(MAX_ID)).toBe(MAX_ID);
    expect(idField.parse(String(MAX_ID))).toBe(MAX_ID);
  });

  it('refuses anything else with a message for each reason', () => {
    expect(messagesOf(idField, 0)).toBe('must be positive');
    expect(messagesOf(idField, 1.5)).toBe('must be a whole number');
    expect(messagesOf(idField, MAX_ID + 1)).toBe(`must be at most ${MAX_ID}`);
    expect(messagesOf(idField, 'x1')).toBe('must be a number');
    expect(messagesOf(idField, '1x')).toBe('must be a number');
    expect(messagesOf(idField, '-1')).toBe('must be a number');
    expect(messagesOf(idField, '')).toBe('must be a number');
    // Sixteen digits are not read as a number (past 15 they could lose precision).
    expect(messagesOf(idField, '1234567890123456')).toBe('must be a number');
    expect(messagesOf(idField, '123456789012345')).toBe(`must be at most ${MAX_ID}`);
  });
});

describe('wordsIn: a parse in the words of one language', () => {
  const zodKorean = z.locales.ko().localeError;
  /** Each problem of a refused value, `path: words`, parsed with the Korean words. */
  const inKorean = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value, { error: wordsIn(ko, zodKorean) });
    if (result.success) throw new Error(`parsed: ${JSON.stringify(value)}`);
    return describeIssues(result.error.issues).details.map((d) =>
      d.path ? `${d.path}: ${d.message}` : d.message,
    );
  };

  it('invalid_type: a missing field, a text, a number, a whole number', () => {
    expect(inKorean(z.object({ title: text({ max: 5 }) }), {})).toEqual([`title: ${ko.required}`]);
    expect(inKorean(text({ max: 5 }), 3)).toEqual([ko.text]);
    expect(inKorean(idField, 'x')).toEqual([ko.number]);
    expect(inKorean(idField, 1.5)).toEqual([ko.wholeNumber]);
  });

  it('too_small and too_big, with their values', () => {
    expect(inKorean(text({ max: 5 }), ' ')).toEqual([ko.notEmpty]);
    expect(inKorean(text({ min: 3, max: 5 }), 'ab')).toEqual([ko.atLeastCharacters(3)]);
    expect(inKorean(idField, 0)).toEqual([ko.positive]);
    expect(inKorean(SubmissionBatch, [])).toEqual([ko.atLeastOneAnswer]);
    expect(inKorean(text({ max: 5 }), 'abcdef')).toEqual([ko.atMostCharacters(5)]);
    expect(inKorean(idField, MAX_ID + 1)).toEqual([ko.atMost(MAX_ID)]);
    expect(inKorean(pageQuery(['id']), { page: '-1' })).toEqual([`page: ${ko.fieldWholeNumber('page')}`]);
    expect(inKorean(pageQuery(['id']), { size: '0' })).toEqual([`size: ${ko.fieldAtLeast('size', 1)}`]);
  });

  it('invalid_format: a pattern, an email', () => {
    expect(inKorean(YearMonthParams, { year: '0999', month: '1' })).toEqual([`year: ${ko.year}`]);
    expect(inKorean(SignupRequest.shape.email, 'not-an-address')).toEqual([ko.email]);
  });

  it('invalid_value and invalid_union: an option not among those allowed', () => {
    expect(inKorean(LanguageRequest, { language: 'fr' })).toEqual([`language: ${ko.language}`]);
    expect(inKorean(ServiceRequest, 3)).toEqual([ko.serviceName]);
    // A union of a text and `{value}` answers the problem of the form sent, in the parse's words.
    expect(inKorean(QuestionCreateRequest.shape.candidates, [{ value: 3 }])).toEqual([`0: ${ko.text}`]);
  });

  it("custom: a refinement's words, one added by a transform, and one with a path of its own", () => {
    expect(inKorean(DayQuery, { date: 'soon' })).toEqual([`date: ${ko.dateFilter}`]);
    expect(inKorean(MarkRequest, tooManyMarks())).toEqual([ko.atMostMarks(1000)]);
    expect(inKorean(pageQuery(['id']), { sort: ['id', 'id', 'id', 'id', 'id', 'id'] })).toEqual([
      `sort: ${ko.atMostSortOrders(5)}`,
    ]);
    expect(inKorean(MathAnswerRequest, { name: 'ann', answer: 3 })).toEqual([`question: ${ko.required}`]);
    expect(
      inKorean(SignupRequest, { email: 'ann@example.com', username: 'ann', password: 'ann@example.com' }),
    ).toEqual([`password: ${ko.passwordIsIdentity}`]);
    expect(inKorean(ReviewSettingRequest, { enabled: true, ladder: [3, 1] })).toEqual([
      `ladder: ${ko.ladderOrder}`,
    ]);
  });

  it("invalid_key: what a record's key must be", () => {
    expect(inKorean(MarkRequest, { x: 1 })).toEqual([`x: ${ko.submissionIdKeys}`]);
  });

  it("a text of the value itself, and zod's own words from the locale given", () => {
    const list = z.array(z.number()).max(
      2,
      says((t, issue) => t.bulkTooMany(2, (issue.input as unknown[]).length)),
    );
    expect(inKorean(list, [1, 2, 3])).toEqual([ko.bulkTooMany(2, 3)]);
    const [zodOwn] = inKorean(z.object({ a: z.number() }), 'x');
    expect(zodOwn).toMatch(/[가-힣]/);
    // Without a locale, zod's own words are its English; ours are the texts given.
    const english = z
      .object({ a: z.number(), b: text({ max: 5 }) })
      .safeParse({ b: '' }, { error: wordsIn(en) });
    expect(english.error?.issues.map((issue) => issue.message)).toEqual([
      'Invalid input: expected number, received undefined',
      en.notEmpty,
    ]);
  });
});

/** More marks than one request may carry. */
function tooManyMarks(): Record<string, number> {
  return Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [String(i + 1), 1]));
}
