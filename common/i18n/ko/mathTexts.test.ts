import { describe, expect, it } from 'vitest';
import { mathTexts } from './mathTexts.ts';

/** The Korean addition drill's text functions, the words written out by hand. */
describe('math texts (Korean)', () => {
  it('the entry page, the game and the results', () => {
    expect(mathTexts.todayCount(40)).toBe('오늘 100문제 중 40문제를 풀었습니다.');
    expect(mathTexts.timeFor('3.5')).toBe('문제당 3.5초');
    expect(mathTexts.secondsLeft('2.1')).toBe('2.1초');
    expect(mathTexts.rewardAmount('10')).toBe('10코인');
    expect(mathTexts.feedbackWrong('3 + 4', 7)).toBe('아쉬워요: 3 + 4 = 7');
    expect(mathTexts.feedbackTimeout('3 + 4', 7)).toBe('시간 초과: 3 + 4 = 7');
    expect(mathTexts.resultsTitle('ann')).toBe('ann의 결과');
    expect(mathTexts.dayTotal(8, 2)).toBe('정답 8개, 오답 2개');
    expect(mathTexts.latestDay('11월 25일')).toBe('최근 날짜: 11월 25일');
  });
});
