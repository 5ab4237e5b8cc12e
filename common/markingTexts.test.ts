import { describe, expect, it } from 'vitest';
import { markingInboxTexts as koInbox, markingTexts as koMarking } from './i18n/ko/markingTexts.ts';
import { markingInboxTexts, markingTexts } from './markingTexts.ts';

/**
 * The marking inbox's text logic in both languages: each plural and condition, the words
 * written out by hand.
 */
describe('marking texts', () => {
  it('suggestions (English)', () => {
    expect(markingTexts.markName[-1]).toBe('Wrong');
    expect(markingTexts.reasons.exact()).toBe('Matches the model answer exactly.');
    expect(markingTexts.reasons.normalised()).toBe(
      'Matches the model answer apart from case, spacing and punctuation.',
    );
    expect(markingTexts.reasons.code()).toBe('Matches the model code apart from spacing.');
    expect(markingTexts.reasons.earlier('Correct', 1)).toBe('The same answer was marked Correct before.');
    expect(markingTexts.reasons.earlier('Wrong', 3)).toBe('The same answer was marked Wrong 3 times before.');
    expect(markingTexts.acceptName('Correct', 'ann')).toBe('Accept the suggested mark Correct for ann');
  });

  it('the inbox (English)', () => {
    expect(markingInboxTexts.title('ann')).toBe('Marking: ann');
    expect(markingInboxTexts.title(null)).toBe('Marking');
    expect(markingInboxTexts.submissionsOf('ann')).toBe("ann's submissions");
    expect(markingInboxTexts.toMark(1)).toBe('1 answer to mark');
    expect(markingInboxTexts.toMark(4)).toBe('4 answers to mark');
    expect(markingInboxTexts.noSuchStudent('zed')).toBe('There is no student named zed.');
    expect(markingInboxTexts.nothingToMark(null, null)).toBe('Nothing to mark.');
    expect(markingInboxTexts.nothingToMark('ann', null)).toBe('Nothing to mark for ann.');
    expect(markingInboxTexts.nothingToMark(null, '2026-11-25')).toBe('Nothing to mark due on 2026-11-25.');
    expect(markingInboxTexts.nothingToMark('ann', '2026-11-25')).toBe(
      'Nothing to mark for ann due on 2026-11-25.',
    );
    expect(markingInboxTexts.answersTo('Loops')).toBe('Answers to Loops');
    expect(markingInboxTexts.answerOf('ann', 'Loops')).toBe("ann's answer to Loops");
    expect(markingInboxTexts.markFor('ann')).toBe('Mark for ann');
    expect(markingInboxTexts.marksToSubmit(1)).toBe('1 mark to submit');
    expect(markingInboxTexts.marksToSubmit(2)).toBe('2 marks to submit');
    expect(markingInboxTexts.marked(1)).toBe('Marked 1 answer.');
    expect(markingInboxTexts.marked(5)).toBe('Marked 5 answers.');
  });

  it('suggestions and the inbox (Korean)', () => {
    expect(koMarking.markName[1]).toBe('정답');
    expect(koMarking.reasons.exact()).toBe('모범 답안과 정확히 일치합니다.');
    expect(koMarking.reasons.normalised()).toBe(
      '대소문자, 띄어쓰기, 문장 부호를 빼면 모범 답안과 일치합니다.',
    );
    expect(koMarking.reasons.code()).toBe('공백을 빼면 모범 코드와 일치합니다.');
    expect(koMarking.reasons.earlier('정답', 1)).toBe('같은 답을 전에 정답으로 채점했습니다.');
    expect(koMarking.reasons.earlier('오답', 3)).toBe('같은 답을 전에 3번 오답으로 채점했습니다.');
    expect(koMarking.acceptName('정답', 'ann')).toBe('ann 학생의 답에 추천 채점(정답) 적용');
    expect(koInbox.title('ann')).toBe('채점: ann');
    expect(koInbox.title(null)).toBe('채점');
    expect(koInbox.submissionsOf('ann')).toBe('ann 학생의 제출 내역');
    expect(koInbox.toMark(4)).toBe('채점할 답 4개');
    expect(koInbox.noSuchStudent('zed')).toBe('이름이 zed인 학생은 없습니다.');
    expect(koInbox.nothingToMark(null, null)).toBe('채점할 답이 없습니다.');
    expect(koInbox.nothingToMark('ann', '2026-11-25')).toBe(
      'ann 학생의 2026-11-25 마감 채점할 답이 없습니다.',
    );
    expect(koInbox.answersTo('Loops')).toBe('Loops에 대한 답');
    expect(koInbox.answerOf('ann', 'Loops')).toBe('ann 학생이 Loops에 쓴 답');
    expect(koInbox.markFor('ann')).toBe('ann 학생의 채점');
    expect(koInbox.marksToSubmit(2)).toBe('제출할 채점 2개');
    expect(koInbox.marked(5)).toBe('답 5개를 채점했습니다.');
  });
});
