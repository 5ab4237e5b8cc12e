import { describe, expect, it } from 'vitest';
import { calendarTexts, chartTexts, dashboardTexts, statsTexts } from './insightTexts.ts';

/**
 * The English dashboard, statistics, calendar and chart texts: every function, a period
 * of one day and of several, and one word of each object; the words written out by hand.
 */
describe('insight texts (English)', () => {
  it('the dashboard and profile card', () => {
    expect(dashboardTexts.roleNames.TEACHER).toBe('teacher');
    expect(dashboardTexts.pictureOf('ann')).toBe("ann's picture");
    expect(dashboardTexts.latestDay('2026-11-25')).toBe('Latest day: 2026-11-25');
    expect(dashboardTexts.otherService('Art')).toBe(
      'You are subscribed to Art. Its lessons are arranged with your teacher; there is nothing to open here yet.',
    );
    expect(dashboardTexts.dashboardOf('ann')).toBe("ann's dashboard");
    expect(dashboardTexts.statsOf('ann')).toBe("ann's statistics");
  });

  it('a period of one day names it once, a longer one both ends', () => {
    expect(dashboardTexts.period('Nov 23', 'Nov 23')).toBe('Nov 23');
    expect(dashboardTexts.period('Nov 23', 'Nov 29')).toBe('Nov 23 – Nov 29');
  });

  it('statistics, the calendar and the charts', () => {
    expect(statsTexts.mostRecent).toBe('Most Recent Submission');
    expect(calendarTexts.title(2026, 'March')).toBe('2026 March');
    expect(calendarTexts.toMark(3, 'ann', '2026-11-25')).toBe('3 to mark for ann due on 2026-11-25');
    expect(calendarTexts.solved(2, 5, '2026-11-25')).toBe('2 of 5 solved on 2026-11-25');
    expect(chartTexts.share).toBe('Share');
  });
});
