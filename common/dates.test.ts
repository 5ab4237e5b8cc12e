import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dayOf,
  formatDateTime,
  isDay,
  parseDateTime,
  startOfDay,
  timeLeft,
  wallClock,
  wallClockFromIntl,
} from './dates.ts';

describe('dates in the app time zone', () => {
  it('formats with the zone offset and finds the local day', () => {
    const instant = new Date('2026-11-23T16:30:00Z');
    expect(formatDateTime(instant, 'Asia/Seoul')).toBe('2026-11-24T01:30:00+09:00');
    expect(dayOf(instant, 'Asia/Seoul')).toBe('2026-11-24');
    expect(formatDateTime(instant, 'America/New_York')).toBe('2026-11-23T11:30:00-05:00');
    expect(formatDateTime(new Date('2026-07-01T12:00:00Z'), 'Europe/London')).toBe(
      '2026-07-01T13:00:00+01:00',
    );
  });

  it('reads local times in the zone and keeps explicit offsets', () => {
    expect(parseDateTime('2026-11-24T01:30', 'Asia/Seoul')?.toISOString()).toBe('2026-11-23T16:30:00.000Z');
    expect(parseDateTime('2026-11-24T01:30:15.5', 'Asia/Seoul')?.toISOString()).toBe(
      '2026-11-23T16:30:15.500Z',
    );
    expect(parseDateTime('2026-11-24T01:30:00Z', 'Asia/Seoul')?.toISOString()).toBe(
      '2026-11-24T01:30:00.000Z',
    );
    expect(parseDateTime('2026-11-24T01:30:00+01:00', 'Asia/Seoul')?.toISOString()).toBe(
      '2026-11-24T00:30:00.000Z',
    );
    for (const bad of ['tomorrow', '2026-02-30T10:00', '2026-11-24T25:00', '2026-11-24', '']) {
      expect(parseDateTime(bad, 'Asia/Seoul'), bad).toBeNull();
    }
  });

  it('round-trips across a daylight-saving change', () => {
    const text = '2026-03-29T03:30:00+02:00';
    const instant = parseDateTime(text, 'Europe/Berlin')!;
    expect(formatDateTime(instant, 'Europe/Berlin')).toBe(text);
    expect(startOfDay('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
  });

  it('checks strict days and truncates time left', () => {
    expect(isDay('2026-11-23')).toBe(true);
    expect(isDay('2026-11-31')).toBe(false);
    expect(isDay('2026-1-3')).toBe(false);
    const now = new Date('2026-11-23T00:00:00Z');
    expect(timeLeft(new Date('2026-11-24T23:59:00Z'), now)).toEqual({
      minLeft: 2879,
      hourLeft: 47,
      dayLeft: 1,
    });
    expect(timeLeft(new Date('2026-11-22T23:00:30Z'), now)).toEqual({
      minLeft: -59,
      hourLeft: -0,
      dayLeft: -0,
    });
  });

  it('reads the same wall clock from the cached offsets as from Intl, across changes of offset', () => {
    // Half-hour and 45-minute zones, southern and northern daylight saving, a 30-minute DST change.
    const zones = [
      'Asia/Seoul',
      'Europe/London',
      'America/New_York',
      'America/St_Johns',
      'Asia/Kathmandu',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
      'Africa/Casablanca',
    ];
    const near = (iso: string) =>
      fc.integer({ min: -3 * 3_600_000, max: 3 * 3_600_000 }).map((ms) => Date.parse(iso) + ms);
    const instants = fc.oneof(
      fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }),
      // Around the 2026 changes: Europe and America in March, Lord Howe and Chatham in April.
      near('2026-03-29T01:00:00Z'),
      near('2026-03-08T07:00:00Z'),
      near('2026-04-04T15:00:00Z'),
      near('2026-04-04T14:00:00Z'),
    );
    fc.assert(
      fc.property(fc.constantFrom(...zones), instants, (zone, at) => {
        const instant = new Date(at);
        expect(wallClock(instant, zone)).toEqual(wallClockFromIntl(instant, zone));
      }),
      { numRuns: 5000 },
    );
  });
});
