import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  fromWallClock,
  isDay,
  parseDateTime,
  wallClockFromIntl,
  zoneOffsetMinutes,
} from './dates.ts';

/** Edges of the date rules, written against the survivors of the mutation run of common/. */
describe('dates: edges', () => {
  it('wallClockFromIntl reads every field, seconds included', () => {
    expect(wallClockFromIntl(new Date('2026-03-10T01:02:07Z'), 'Asia/Seoul')).toEqual({
      year: 2026,
      month: 3,
      day: 10,
      hour: 10,
      minute: 2,
      second: 7,
    });
  });

  it('isDay wants exactly YYYY-MM-DD naming a real day', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2024-02-29')).toBe(true);
    for (const text of ['2026-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '2026-01-00', '2026-01-32'])
      expect(isDay(text), text).toBe(false);
    expect(isDay('x2026-02-28')).toBe(false);
    expect(isDay('2026-02-28x')).toBe(false);
    expect(isDay(' 2026-02-28')).toBe(false);
  });

  it('parseDateTime reads the last second of a day and refuses past it', () => {
    const zone = 'Asia/Seoul';
    expect(parseDateTime('2026-03-10T23:59:59', zone)?.toISOString()).toBe('2026-03-10T14:59:59.000Z');
    expect(parseDateTime('2026-03-10 23:59', zone)?.toISOString()).toBe('2026-03-10T14:59:00.000Z');
    expect(parseDateTime('2026-03-10T24:00', zone)).toBeNull();
    expect(parseDateTime('2026-03-10T10:60', zone)).toBeNull();
    expect(parseDateTime('2026-03-10T10:00:60', zone)).toBeNull();
    expect(parseDateTime('2026-02-30T10:00', zone)).toBeNull();
  });

  it('parseDateTime trims, reads fractions to the millisecond and wants the whole text', () => {
    const zone = 'Asia/Seoul';
    expect(parseDateTime('  2026-03-10T10:00  ', zone)?.toISOString()).toBe('2026-03-10T01:00:00.000Z');
    expect(parseDateTime(' 2026-03-10T10:00:00+09:00 ', zone)?.toISOString()).toBe(
      '2026-03-10T01:00:00.000Z',
    );
    expect(parseDateTime('2026-03-10T10:00:00.05', zone)?.toISOString()).toBe('2026-03-10T01:00:00.050Z');
    expect(parseDateTime('2026-03-10T10:00:00.123456789', zone)?.toISOString()).toBe(
      '2026-03-10T01:00:00.123Z',
    );
    expect(parseDateTime('2026-03-10T10:00:00.5Z', zone)?.toISOString()).toBe('2026-03-10T10:00:00.500Z');
    expect(parseDateTime('2026-03-10T10:00:00.123456789Z', zone)?.toISOString()).toBe(
      '2026-03-10T10:00:00.123Z',
    );
    for (const text of [
      'x2026-03-10T10:00',
      '2026-03-10T10:00x',
      'x2026-03-10T10:00Z',
      '2026-03-10T10:00Zx',
      '2026-03-10T10:00:00.Z',
      '2026-03-10T10:00:00.1234567890Z',
      '2026-03-10T10:00:00.aZ',
      '2026-03-10T10:00:00+0900',
      '2026-03-10',
    ])
      expect(parseDateTime(text, zone), text).toBeNull();
  });

  it('formats a zone at UTC with "+00:00" and one behind UTC with "-"', () => {
    const instant = new Date('2026-03-10T01:00:00Z');
    expect(formatDateTime(instant, 'UTC')).toBe('2026-03-10T01:00:00+00:00');
    expect(formatDateTime(new Date('2026-01-10T01:00:00Z'), 'America/St_Johns')).toBe(
      '2026-01-09T21:30:00-03:30',
    );
    expect(formatDateTime(instant, 'Asia/Kathmandu')).toBe('2026-03-10T06:45:00+05:45');
    expect(zoneOffsetMinutes(instant, 'Asia/Kathmandu')).toBe(345);
  });

  it('fromWallClock takes a wall-clock time across a change of offset', () => {
    // New York moves from -05:00 to -04:00 at 02:00 on 8 March 2026: 03:30 is already -04:00.
    const zone = 'America/New_York';
    const at = fromWallClock({ year: 2026, month: 3, day: 8, hour: 3, minute: 30, second: 0 }, zone);
    expect(at.toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(formatDateTime(at, zone)).toBe('2026-03-08T03:30:00-04:00');
    const before = fromWallClock(
      { year: 2026, month: 3, day: 8, hour: 1, minute: 30, second: 0, ms: 250 },
      zone,
    );
    expect(before.toISOString()).toBe('2026-03-08T06:30:00.250Z');
  });
});
