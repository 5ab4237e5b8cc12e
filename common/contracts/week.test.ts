import { describe, expect, it } from 'vitest';
import { describeIssues } from '../validation.ts';
import type { z } from '../zod.ts';
import { Week, WeekDrillDay, WeekItem, WeekQuery, WeekSummary } from './week.ts';

function refusal(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`accepted: ${JSON.stringify(value).slice(0, 200)}`);
  return describeIssues(result.error.issues).message;
}

const answered = {
  questionId: 11,
  title: 'Loops',
  type: 'M',
  dueDay: '2026-11-25',
  targetDate: '2026-11-25T18:00:00+09:00',
  status: 'wrong',
  answer: '["a","c"]',
  submitDate: '2026-11-24T20:00:00+09:00',
  modelAnswer: '["a","b"]',
  explanation: 'Both a and b.',
  pictures: [{ id: 'b'.repeat(64), part: 'explanation', alt: 'Both circled', width: 20, height: 10 }],
};
const todo = {
  ...answered,
  questionId: 12,
  type: 's',
  status: 'todo',
  answer: null,
  submitDate: null,
  modelAnswer: null,
  explanation: null,
  pictures: [],
};
const summary = {
  assigned: 2,
  answered: 1,
  correct: 0,
  wrong: 1,
  unmarked: 0,
  todo: 1,
  dueTomorrow: 1,
  drillCorrect: 8,
  drillWrong: 2,
};
const week = {
  name: 'ann',
  start: '2026-11-23',
  end: '2026-11-29',
  today: '2026-11-24',
  summary,
  items: [answered, todo],
  drill: [{ day: '2026-11-24', correct: 8, wrong: 2 }],
};

describe('WeekQuery', () => {
  it('takes any day of the week, or none (this week)', () => {
    expect(WeekQuery.parse({})).toEqual({});
    expect(WeekQuery.parse({ start: '2026-11-25' })).toEqual({ start: '2026-11-25' });
  });

  it('refuses anything but a date YYYY-MM-DD, word for word', () => {
    expect(refusal(WeekQuery, { start: '2026-11-5' })).toBe('start: must be a date YYYY-MM-DD');
    expect(refusal(WeekQuery, { start: '2026-02-30' })).toBe('start: must be a date YYYY-MM-DD');
    expect(refusal(WeekQuery, { start: 20261125 })).toBe('start: must be a date YYYY-MM-DD');
  });

  it('describes the field for the API description', () => {
    expect(WeekQuery.shape.start.description).toBe(
      'Any day of the week (Monday to Sunday in APP_TIME_ZONE); left out, this week',
    );
  });
});

describe('Week (the answer of GET week/{name})', () => {
  it('parses a week with an answered item, one still to do and a drill day to itself', () => {
    expect(Week.parse(week)).toEqual(week);
    expect(WeekItem.parse(todo)).toEqual(todo);
    expect(WeekSummary.parse(summary)).toEqual(summary);
    expect(WeekDrillDay.parse(week.drill[0])).toEqual(week.drill[0]);
  });

  it('every type and status of an item', () => {
    for (const type of ['m', 'M', 's']) expect(WeekItem.parse({ ...answered, type }).type).toBe(type);
    for (const status of ['correct', 'wrong', 'unmarked', 'todo']) {
      expect(WeekItem.parse({ ...answered, status }).status).toBe(status);
    }
    expect(WeekItem.safeParse({ ...answered, type: 'x' }).success).toBe(false);
    expect(WeekItem.safeParse({ ...answered, status: 'late' }).success).toBe(false);
  });

  it('refuses a field missing or of the wrong type', () => {
    for (const field of Object.keys(week)) {
      const { [field as keyof typeof week]: _left, ...rest } = week;
      expect(Week.safeParse(rest).success, field).toBe(false);
    }
    for (const field of Object.keys(answered)) {
      const { [field as keyof typeof answered]: _left, ...rest } = answered;
      expect(WeekItem.safeParse(rest).success, field).toBe(false);
    }
    for (const field of Object.keys(summary)) {
      expect(WeekSummary.safeParse({ ...summary, [field]: 1.5 }).success, field).toBe(false);
    }
    expect(WeekDrillDay.safeParse({ day: '2026-11-24', correct: 8 }).success).toBe(false);
    expect(WeekItem.safeParse({ ...answered, questionId: 1.5 }).success).toBe(false);
    expect(WeekItem.safeParse({ ...answered, title: null }).success).toBe(false);
  });

  it('describes its dates and the answer for the API description', () => {
    expect(WeekItem.shape.dueDay.description).toBe('YYYY-MM-DD in APP_TIME_ZONE');
    expect(WeekItem.shape.targetDate.description).toBe('ISO 8601 with the offset of APP_TIME_ZONE');
    expect(WeekItem.shape.answer.description).toBe("The child's first answer; null while still to do");
  });
});
