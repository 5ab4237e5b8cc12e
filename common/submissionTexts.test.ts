import { describe, expect, it } from 'vitest';
import { submissionTexts as koSubmission } from './i18n/ko/submissionTexts.ts';
import { tutoringTexts as koTutoring } from './i18n/ko/tutoringTexts.ts';
import { submissionTexts } from './submissionTexts.ts';
import { tutoringTexts } from './tutoringTexts.ts';

/**
 * The text logic of a student's questions and answers in both languages: every English
 * and every Korean function, the English plurals one and several; the words written out by hand.
 */
describe('tutoring texts', () => {
  it('English: the question card and the side panel', () => {
    expect(tutoringTexts.heading('ann')).toBe('Questions for ann');
    expect(tutoringTexts.questionLabel(2)).toBe('Question 2');
    expect(tutoringTexts.progress(3, 10)).toBe('3/10 Questions Answered');
    expect(tutoringTexts.progress(0, 1)).toBe('0/1 Question Answered');
    expect(tutoringTexts.optionsOf(2)).toBe('Options of question 2');
    expect(tutoringTexts.answerTo(2)).toBe('Your answer to question 2');
    expect(tutoringTexts.characters(1234, 10000)).toBe('1,234 / 10,000 characters');
    expect(tutoringTexts.characters(1, 1)).toBe('1 / 1 character');
    expect(tutoringTexts.chooseEvery(2)).toBe('Choose every right answer to question 2');
    expect(tutoringTexts.chooseOne(2)).toBe('Choose one answer to question 2');
  });

  it('English: time left, one and several', () => {
    expect(tutoringTexts.daysLeft(1)).toBe('1 day left');
    expect(tutoringTexts.daysLeft(3)).toBe('3 days left');
    expect(tutoringTexts.hoursLeft(1)).toBe('1 hour left');
    expect(tutoringTexts.hoursLeft(0)).toBe('0 hours left');
    expect(tutoringTexts.minutesLeft(1)).toBe('1 min left');
    expect(tutoringTexts.minutesLeft(45)).toBe('45 mins left');
  });

  it('Korean', () => {
    expect(koTutoring.heading('ann')).toBe('ann의 문제');
    expect(koTutoring.questionLabel(2)).toBe('문제 2');
    expect(koTutoring.progress(3, 10)).toBe('10문제 중 3문제 답함');
    expect(koTutoring.optionsOf(2)).toBe('문제 2의 보기');
    expect(koTutoring.answerTo(2)).toBe('문제 2의 답');
    expect(koTutoring.characters(1234, 10000)).toBe('1,234 / 10,000자');
    expect(koTutoring.chooseEvery(2)).toBe('문제 2: 맞는 답을 모두 고르세요');
    expect(koTutoring.chooseOne(2)).toBe('문제 2: 답을 하나 고르세요');
    expect(koTutoring.daysLeft(3)).toBe('3일 남음');
    expect(koTutoring.hoursLeft(5)).toBe('5시간 남음');
    expect(koTutoring.minutesLeft(45)).toBe('45분 남음');
  });
});

describe('submission texts', () => {
  it('English: the tutoring page, saving and submitting', () => {
    expect(submissionTexts.nothingWaiting).toEqual([
      'Nothing is waiting for an answer. Redo wrong answers in ',
      ', or see the results in ',
      '.',
    ]);
    expect(submissionTexts.dueOn('Nov 25')).toBe('Due Nov 25');
    expect(submissionTexts.removeDate('Nov 25')).toBe('Remove the date filter Nov 25');
    expect(submissionTexts.savedOverwritten('Question 2')).toBe(
      'Answers saved. Question 2: changed in another tab or on another device; the newer answer is shown.',
    );
    expect(submissionTexts.refused('too long')).toBe('Not saved: too long');
    expect(submissionTexts.viewingQuestions('ann')).toBe(
      "You are viewing ann's questions. Only ann can answer them.",
    );
    // Both numbers with thousands separated, in the two halves of the text.
    expect(submissionTexts.tooLong('Question 2', 12345, 10000)).toBe(
      'Question 2: the answer is 12,345 characters long; an answer can hold at most 10,000.',
    );
    expect(submissionTexts.tooLong('Question 2', 1, 0)).toBe(
      'Question 2: the answer is 1 character long; an answer can hold at most 0.',
    );
    expect(submissionTexts.changedElsewhere('Question 2')).toBe(
      'Question 2: changed in another tab or on another device. The newer answer is shown now: check it and submit again.',
    );
    expect(submissionTexts.notSubmitted('offline')).toBe(
      'Nothing was submitted: your answers could not be saved. offline',
    );
  });

  it('English: a result, the Submissions page and the Review page', () => {
    expect(submissionTexts.check.redo).toBe(' (redo)');
    expect(submissionTexts.submissions.score(3, 4, '75.00')).toBe('Score 3 / 4 (75.00%)');
    expect(submissionTexts.submissions.unmarked(2, 5)).toBe('2 still to be marked (5 marked)');
    expect(submissionTexts.review.viewing('ann')).toBe(
      "You are viewing ann's wrong answers. Only ann can redo them.",
    );
  });

  it('English: answers submitted and redos, one and several', () => {
    expect(submissionTexts.submitted(1, 1)).toBe('Submitted 1 answer: 1 correct.');
    expect(submissionTexts.submitted(3, 2)).toBe('Submitted 3 answers: 2 correct.');
    expect(submissionTexts.submissions.redos(1, 1)).toBe(
      '1 corrected on review (1 redo, not counted in the score)',
    );
    expect(submissionTexts.submissions.redos(2, 4)).toBe(
      '2 corrected on review (4 redos, not counted in the score)',
    );
    expect(submissionTexts.review.redone(1, 1)).toBe('1 of 1 redo correct.');
    expect(submissionTexts.review.redone(2, 3)).toBe('2 of 3 redos correct.');
  });

  it('Korean', () => {
    expect(koSubmission.nothingWaiting).toEqual([
      '지금 답할 문제가 없습니다. 틀린 문제는 ',
      '에서 다시 풀고, 결과는 ',
      '에서 확인하세요.',
    ]);
    expect(koSubmission.dueOn('11월 25일')).toBe('11월 25일 마감');
    expect(koSubmission.removeDate('11월 25일')).toBe('날짜 필터 11월 25일 지우기');
    expect(koSubmission.savedOverwritten('문제 2')).toBe(
      '답을 저장했습니다. 문제 2: 다른 탭이나 다른 기기에서 답이 바뀌어 더 최근 답을 보여 줍니다.',
    );
    expect(koSubmission.refused('너무 깁니다')).toBe('저장하지 못했습니다: 너무 깁니다');
    expect(koSubmission.viewingQuestions('ann')).toBe(
      'ann의 문제를 보고 있습니다. 답은 ann만 할 수 있습니다.',
    );
    expect(koSubmission.tooLong('문제 2', 12345, 10000)).toBe(
      '문제 2: 답이 12,345자입니다. 답은 10,000자까지 쓸 수 있습니다.',
    );
    expect(koSubmission.changedElsewhere('문제 2')).toBe(
      '문제 2: 다른 탭이나 다른 기기에서 답이 바뀌었습니다. 지금은 더 최근 답이 보입니다. 확인한 뒤 다시 제출하세요.',
    );
    expect(koSubmission.notSubmitted('연결 없음')).toBe(
      '제출하지 못했습니다. 답을 저장할 수 없었습니다. 연결 없음',
    );
    expect(koSubmission.submitted(3, 2)).toBe('답 3개를 제출했습니다. 2개 정답.');
    expect(koSubmission.check.redo).toBe(' (다시 풀기)');
    expect(koSubmission.submissions.score(3, 4, '75.00')).toBe('점수 3 / 4 (75.00%)');
    expect(koSubmission.submissions.unmarked(2, 5)).toBe('2개 채점 전 (5개 채점함)');
    expect(koSubmission.submissions.redos(1, 3)).toBe(
      '복습에서 1개 바로잡음 (다시 푼 문제 3개, 점수에는 넣지 않음)',
    );
    expect(koSubmission.review.viewing('ann')).toBe(
      'ann의 틀린 문제를 보고 있습니다. 다시 풀기는 ann만 할 수 있습니다.',
    );
    expect(koSubmission.review.redone(2, 3)).toBe('다시 푼 3문제 중 2문제 정답.');
  });
});
