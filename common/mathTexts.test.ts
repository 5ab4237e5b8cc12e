import { describe, expect, it } from 'vitest';
import { mathTexts } from './mathTexts.ts';

/** The English drill's text functions, the words written out by hand. */
describe('math texts (English)', () => {
  it('the entry page, the game and the results', () => {
    expect(mathTexts.todayCount(12)).toBe('12 of 100 questions answered today.');
    expect(mathTexts.timeFor('3.5')).toBe('3.5 s for each question');
    expect(mathTexts.secondsLeft('2.0')).toBe('2.0 s');
    expect(mathTexts.rewardAmount('40')).toBe('40 coins');
    expect(mathTexts.feedbackWrong('3 + 4', 7)).toBe('Not quite: 3 + 4 = 7');
    expect(mathTexts.feedbackTimeout('3 + 4', 7)).toBe('Time is up: 3 + 4 = 7');
    expect(mathTexts.resultsTitle('ann')).toBe("ann's results");
    expect(mathTexts.dayTotal(15, 2)).toBe('15 correct, 2 wrong');
    expect(mathTexts.latestDay('2026-11-25')).toBe('Latest day: 2026-11-25');
  });
});
