import { describe, expect, it } from 'vitest';
import { wallClock } from '../dates.ts';
import { stopwatchTexts as ko } from '../i18n/ko/portfolioTexts.ts';
import { stopwatchTexts as en } from '../portfolioTexts.ts';
import {
  agoBetween,
  agoInWords,
  durationInWords,
  formatElapsedSeconds,
  formatStopwatch,
} from './stopwatch.ts';

const seoul = (iso: string) => wallClock(new Date(iso), 'Asia/Seoul');

describe('stopwatch formats', () => {
  it('shows hh:mm:ss.cc from hundredths, hours going past 99', () => {
    expect(formatStopwatch(0)).toBe('00:00:00.00');
    expect(formatStopwatch(6_123)).toBe('00:01:01.23');
    expect(formatStopwatch(360_000 * 123 + 59)).toBe('123:00:00.59');
    expect(formatElapsedSeconds(7_500)).toBe('00:01:15');
  });

  it('says durations in hours and minutes, nothing under a minute', () => {
    expect(durationInWords(5_999, en)).toBe('');
    expect(durationInWords(6_000, en)).toBe('1 minute');
    expect(durationInWords(360_000 + 12_000, en)).toBe('1 hour 2 minutes');
    expect(durationInWords(720_000, en)).toBe('2 hours');
    expect(durationInWords(5_999, ko)).toBe('');
    expect(durationInWords(360_000 + 12_000, ko)).toBe('1시간 2분');
    expect(durationInWords(720_000, ko)).toBe('2시간');
  });

  it('counts whole calendar months and elapsed days, hours and minutes, truncating', () => {
    expect(agoBetween(seoul('2026-01-31T10:00:00+09:00'), seoul('2026-02-28T10:00:00+09:00'))).toEqual({
      yearAgo: 0,
      monthAgo: 0,
      dayAgo: 28,
      hourAgo: 28 * 24,
      minAgo: 28 * 24 * 60,
    });
    expect(agoBetween(seoul('2026-01-15T10:00:00+09:00'), seoul('2027-02-15T10:00:00+09:00'))).toMatchObject({
      yearAgo: 1,
      monthAgo: 13,
    });
    expect(agoBetween(seoul('2026-03-10T10:00:00+09:00'), seoul('2026-03-10T10:00:59+09:00')).minAgo).toBe(0);
  });

  it('words an age by its largest non-zero unit', () => {
    const zero = { yearAgo: 0, monthAgo: 0, dayAgo: 0, hourAgo: 0, minAgo: 0 };
    expect(agoInWords(zero, en)).toBe('just now');
    expect(agoInWords({ ...zero, minAgo: 1 }, en)).toBe('1 minute ago');
    expect(agoInWords({ ...zero, hourAgo: 3, minAgo: 190 }, en)).toBe('3 hours ago');
    expect(agoInWords({ yearAgo: 2, monthAgo: 25, dayAgo: 800, hourAgo: 19_200, minAgo: 1 }, en)).toBe(
      '2 years ago',
    );
    expect(agoInWords(zero, ko)).toBe('방금 전');
    expect(agoInWords({ ...zero, dayAgo: 2, hourAgo: 50, minAgo: 3000 }, ko)).toBe('2일 전');
    expect(agoInWords({ ...zero, monthAgo: 3, dayAgo: 95 }, ko)).toBe('3개월 전');
  });
});

describe('agoBetween: calendar months and elapsed units', () => {
  const at = (year: number, month: number, day: number, hour = 0, minute = 0, second = 0) => ({
    year,
    month,
    day,
    hour,
    minute,
    second,
  });

  it('counts a month only when the day and time are reached', () => {
    expect(agoBetween(at(2026, 1, 31, 10), at(2026, 2, 28, 10))).toMatchObject({ monthAgo: 0, dayAgo: 28 });
    expect(agoBetween(at(2026, 1, 15, 10, 30), at(2026, 2, 15, 10, 29))).toMatchObject({ monthAgo: 0 });
    expect(agoBetween(at(2026, 1, 15, 10, 30), at(2026, 2, 15, 10, 30))).toMatchObject({ monthAgo: 1 });
    expect(agoBetween(at(2026, 1, 15, 10, 30, 5), at(2026, 2, 15, 10, 30, 4))).toMatchObject({ monthAgo: 0 });
    expect(agoBetween(at(2026, 1, 15, 10), at(2026, 2, 15, 9, 59))).toMatchObject({ monthAgo: 0 });
    expect(agoBetween(at(2026, 1, 15, 10), at(2026, 2, 14, 23))).toMatchObject({ monthAgo: 0 });
    expect(agoBetween(at(2025, 3, 1), at(2026, 3, 1))).toMatchObject({
      yearAgo: 1,
      monthAgo: 12,
      dayAgo: 365,
    });
  });

  it('counts backwards the same way', () => {
    expect(agoBetween(at(2026, 2, 15, 10, 30), at(2026, 1, 15, 10, 31))).toMatchObject({ monthAgo: 0 });
    expect(agoBetween(at(2026, 2, 15, 10, 30), at(2026, 1, 15, 10, 30))).toMatchObject({ monthAgo: -1 });
    expect(agoBetween(at(2026, 2, 15, 10, 30, 4), at(2026, 1, 15, 10, 30, 5))).toMatchObject({ monthAgo: 0 });
    expect(agoBetween(at(2026, 3, 15), at(2026, 1, 16))).toMatchObject({ monthAgo: -1, dayAgo: -58 });
    expect(agoBetween(at(2026, 3, 15, 10), at(2026, 1, 15, 11))).toMatchObject({ monthAgo: -1 });
  });

  it('counts days, hours and minutes by elapsed time across a month end', () => {
    expect(agoBetween(at(2026, 1, 31, 23, 59), at(2026, 2, 1, 0, 1))).toEqual({
      yearAgo: 0,
      monthAgo: 0,
      dayAgo: 0,
      hourAgo: 0,
      minAgo: 2,
    });
  });
});
