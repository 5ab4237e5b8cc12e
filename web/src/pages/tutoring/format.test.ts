import { describe, expect, it } from 'vitest';
import { formatDay, formatWhen } from './format.ts';

describe('dates on the cards: the interface language, in APP_TIME_ZONE', () => {
  // 16:30 UTC on 9 March is 01:30 on Tuesday 10 March in Seoul.
  const iso = '2026-03-09T16:30:00Z';

  it('reads the day and time in the app zone, not the machine zone', () => {
    expect(formatDay(iso, 'en-GB', 'Asia/Seoul')).toBe('10 March 2026');
    expect(formatDay(iso, 'en-GB', 'UTC')).toBe('9 March 2026');
    expect(formatWhen(iso, 'en-GB', 'Asia/Seoul')).toMatch(/^Tue,? 10 Mar 2026,? 01:30$/);
  });

  it('writes them in Korean for the Korean interface', () => {
    expect(formatDay(iso, 'ko-KR', 'Asia/Seoul')).toBe('2026년 3월 10일');
    const when = formatWhen(iso, 'ko-KR', 'Asia/Seoul');
    expect(when).toContain('2026년 3월 10일');
    expect(when).toContain('(화)');
    expect(when).toMatch(/오전 01:30/);
  });

  it('leaves a text that is not a date as it came', () => {
    expect(formatWhen('soon', 'ko-KR', 'Asia/Seoul')).toBe('soon');
  });
});
