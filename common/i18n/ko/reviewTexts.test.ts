import { describe, expect, it } from 'vitest';
import { reviewTexts } from './reviewTexts.ts';

/** Spaced review's Korean text functions, the words written out by hand. */
describe('review texts (Korean)', () => {
  it('the review page and its links', () => {
    expect(reviewTexts.dueToday(3)).toBe('오늘 복습할 문제 3개');
    expect(reviewTexts.comesBackOn('11월 27일')).toBe('11월 27일에 다시 나옴');
    expect(reviewTexts.stepNote(2)).toBe('2번 연속 정답');
    expect(reviewTexts.scheduleLinkOf('ann')).toBe('ann의 복습 일정');
    expect(reviewTexts.reviewLink('ann')).toBe('ann의 복습');
    expect(reviewTexts.statsLink('ann')).toBe('ann의 통계');
  });

  it("the tutor's schedule page", () => {
    expect(reviewTexts.title('ann')).toBe('ann의 복습 일정');
    expect(reviewTexts.today('2026-11-25')).toBe('오늘: 2026-11-25');
    expect(reviewTexts.saveTopic('반복문')).toBe('반복문 설정 저장');
    expect(reviewTexts.removeTopic('반복문')).toBe('반복문 설정 삭제');
    expect(reviewTexts.filters.stuck).toBe('익힌 문제');
    expect(reviewTexts.status.assigned).toBe('다시 배정됨');
    expect(reviewTexts.dueOn('11월 27일')).toBe('11월 27일 복습');
    expect(reviewTexts.step(2, 5)).toBe('5단계 중 2단계');
    expect(reviewTexts.pinLabel('반복문 1')).toBe('반복문 1: 내일 다시 보기');
    expect(reviewTexts.retireLabel('반복문 1')).toBe('반복문 1: 복습에서 빼기');
    expect(reviewTexts.pinned('반복문 1')).toBe('반복문 1: 내일 다시 나옵니다.');
    expect(reviewTexts.retired('반복문 1')).toBe('반복문 1: 복습에서 뺐습니다.');
    expect(reviewTexts.confirmRetire('반복문 1')).toBe(
      '"반복문 1"을(를) 복습에서 뺄까요? 다시 지정하기 전까지 복습에 나오지 않습니다.',
    );
  });
});
