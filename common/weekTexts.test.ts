import { describe, expect, it } from 'vitest';
import type { WeekSummary } from './contracts/week.ts';
import { weekTexts as koWeek } from './i18n/ko/weekTexts.ts';
import { weekTexts } from './weekTexts.ts';

const summary: WeekSummary = {
  assigned: 22,
  answered: 18,
  correct: 15,
  wrong: 2,
  unmarked: 1,
  todo: 4,
  dueTomorrow: 3,
  drillCorrect: 40,
  drillWrong: 5,
};

/** A child's week in both languages: every text function, the words written out by hand. */
describe('week texts', () => {
  it('English (the summary line word for word)', () => {
    expect(weekTexts.title('ann')).toBe("ann's week");
    expect(weekTexts.range('Nov 23', 'Nov 29')).toBe('Nov 23 – Nov 29');
    expect(weekTexts.summary(summary)).toBe('18 of 22 answered, 15 correct; 3 due tomorrow');
    expect(weekTexts.summaryMore(summary)).toBe(
      '2 wrong, 1 waiting for a mark, 4 still to do. Drill: 40 right, 5 wrong.',
    );
    expect(weekTexts.status.unmarked).toBe('Waiting for a mark');
    expect(weekTexts.weekOf('ann')).toBe("ann's week");
  });

  it('Korean', () => {
    expect(koWeek.title('ann')).toBe('ann의 한 주');
    expect(koWeek.range('11월 23일', '11월 29일')).toBe('11월 23일 – 11월 29일');
    expect(koWeek.summary(summary)).toBe('22문제 중 18문제 제출, 정답 15문제 · 내일 마감 3문제');
    expect(koWeek.summaryMore(summary)).toBe(
      '오답 2문제, 채점 대기 1문제, 남은 문제 4문제. 수학 연습: 정답 40개, 오답 5개.',
    );
    expect(koWeek.status.unmarked).toBe('채점 대기');
    expect(koWeek.weekOf('ann')).toBe('ann의 한 주');
  });
});
