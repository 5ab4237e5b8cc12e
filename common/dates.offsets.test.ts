import { describe, expect, it } from 'vitest';
import { isDay, parseDateTime, wallClock } from './dates.ts';

/**
 * wallClock's cached offsets where a zone's offset changes inside a quarter hour (the mutation run's
 * survivors of the slot check). Zones change offset on quarter hours since standard time, so only a
 * local mean time ends off the quarter hour: Seoul's 8:27:52 became 8:30 at 1908-03-31T15:32:08Z,
 * Shanghai's 8:05:43 became 8:00 at 1900-12-31T15:54:17Z. A quarter hour holding such a change must
 * never be cached with one offset; expected times written out from the tz database's offsets.
 *
 * The offsets are cached per zone name for the life of the module, and a mutation run keeps the
 * module between runs: each run reads the zone under a spelling not used before (Intl reads zone
 * names case-insensitively), so a quarter hour cached by an earlier run cannot decide this one.
 */
const runs = globalThis as { tutorfolioOffsetRuns?: number };
runs.tutorfolioOffsetRuns = (runs.tutorfolioOffsetRuns ?? 0) + 1;
const run = runs.tutorfolioOffsetRuns;
const spelled = (zone: string) =>
  [...zone].map((char, i) => ((run >> i) & 1 ? char.toUpperCase() : char.toLowerCase())).join('');

const clock = (iso: string, zone: string) => {
  const w = wallClock(new Date(iso), zone);
  return `${w.year}-${w.month}-${w.day} ${w.hour}:${w.minute}:${w.second}`;
};

describe('wallClock across a change of offset inside a quarter hour', () => {
  it('Seoul, 1908: before and after the change, and the quarter hours around it', () => {
    const zone = spelled('Asia/Seoul');
    expect(clock('1908-03-31T15:20:00Z', zone)).toBe('1908-3-31 23:47:52');
    expect(clock('1908-03-31T15:31:00Z', zone)).toBe('1908-3-31 23:58:52');
    expect(clock('1908-03-31T15:40:00Z', zone)).toBe('1908-4-1 0:10:0');
    expect(clock('1908-03-31T15:32:07Z', zone)).toBe('1908-3-31 23:59:59');
    expect(clock('1908-03-31T15:32:08Z', zone)).toBe('1908-4-1 0:2:8');
    expect(clock('1908-03-31T15:50:00Z', zone)).toBe('1908-4-1 0:20:0');
  });

  it('Shanghai, 1900: the first reading of the quarter hour decides nothing alone', () => {
    const zone = spelled('Asia/Shanghai');
    expect(clock('1900-12-31T15:50:00Z', zone)).toBe('1900-12-31 23:55:43');
    expect(clock('1900-12-31T15:55:00Z', zone)).toBe('1900-12-31 23:55:0');
    expect(clock('1900-12-31T15:52:00Z', zone)).toBe('1900-12-31 23:57:43');
  });

  // Off the quarter hour *away from* the offset the zone had on 1 January 1970 (the two zones of
  // Intl.supportedValuesOf('timeZone') whose 1970 offset is no whole quarter hour): the slot's first
  // second still has the 1970 offset, so the end of the slot must be read where it is.
  it('Monrovia, 1972 (-0:44:30 to 0:00), and Kiritimati, 1979 (-10:40 to -10:00)', () => {
    const monrovia = spelled('Africa/Monrovia');
    expect(clock('1972-01-07T00:44:40Z', monrovia)).toBe('1972-1-7 0:44:40');
    expect(clock('1972-01-07T00:44:00Z', monrovia)).toBe('1972-1-6 23:59:30');
    const kiritimati = spelled('Pacific/Kiritimati');
    expect(clock('1979-10-01T10:41:00Z', kiritimati)).toBe('1979-10-1 0:41:0');
    expect(clock('1979-10-01T10:39:00Z', kiritimati)).toBe('1979-9-30 23:59:0');
  });
});

describe('strict days and date-times (survivors)', () => {
  it('refuses a year below 100, which Date.UTC would read as 19xx', () => {
    expect(isDay('0050-01-01')).toBe(false);
    expect(isDay('1950-01-01')).toBe(true);
  });

  it('reads an offset date-time without seconds, and refuses an expanded year', () => {
    expect(parseDateTime('2026-11-23T10:00Z', 'Asia/Seoul')?.toISOString()).toBe('2026-11-23T10:00:00.000Z');
    expect(parseDateTime('2026-11-23T10:00+09:00', 'Asia/Seoul')?.toISOString()).toBe(
      '2026-11-23T01:00:00.000Z',
    );
    expect(parseDateTime('+002026-11-23T10:00:00Z', 'Asia/Seoul')).toBeNull();
  });
});
