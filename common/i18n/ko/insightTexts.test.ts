import { describe, expect, it } from 'vitest';
import { calendarTexts, chartTexts, dashboardTexts, statsTexts } from './insightTexts.ts';

/** The Korean dashboard and statistics texts' logic, the words written out by hand. */
describe('insight texts (Korean)', () => {
  it('dashboard and profile card', () => {
    expect(dashboardTexts.roleNames.PARENT).toBe('학부모');
    expect(dashboardTexts.pictureOf('ann')).toBe('ann님의 사진');
    expect(dashboardTexts.latestDay('11월 25일')).toBe('최근 날짜: 11월 25일');
    expect(dashboardTexts.period('11월 2일', '11월 25일')).toBe('11월 2일 – 11월 25일');
    expect(dashboardTexts.period('11월 25일', '11월 25일')).toBe('11월 25일');
    expect(dashboardTexts.otherService('피아노')).toBe(
      '피아노에 등록되어 있습니다. 수업은 선생님과 따로 정하며, 아직 여기에서 열 수 있는 내용은 없습니다.',
    );
    expect(dashboardTexts.dashboardOf('ann')).toBe('ann의 대시보드');
    expect(dashboardTexts.statsOf('ann')).toBe('ann의 학습 통계');
  });

  it('the statistics page and the charts (their objects, read by key)', () => {
    expect(statsTexts.mostRecent).toBe('최근 제출');
    expect(chartTexts.answers).toBe('답 수');
  });

  it('the calendar', () => {
    expect(calendarTexts.title(2026, '11월')).toBe('2026년 11월');
    expect(calendarTexts.toMark(2, 'ann', '11월 25일')).toBe('11월 25일 마감, ann 채점 대기 2개');
    expect(calendarTexts.solved(3, 4, '11월 25일')).toBe('11월 25일: 4문제 중 3문제 풂');
  });
});
