import { describe, expect, it } from 'vitest';
import { MAX_ID } from './limits.ts';
import { describeIssues, idField, text } from './validation.ts';
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
