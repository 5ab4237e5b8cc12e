import { describe, expect, it } from 'vitest';
import { addDays, daysOfWeek, mondayOf } from './week.ts';

describe('weeks (Monday to Sunday)', () => {
  it('finds the Monday of every day of a week, across a month and a year end', () => {
    for (const day of daysOfWeek('2026-03-09')) expect(mondayOf(day)).toBe('2026-03-09');
    expect(mondayOf('2026-03-08')).toBe('2026-03-02');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
    expect(daysOfWeek('2026-12-28').at(-1)).toBe('2027-01-03');
  });
  it('steps days across month ends and leap days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-02', -7)).toBe('2026-02-23');
    expect(addDays('2026-03-29', 7)).toBe('2026-04-05');
  });
});
