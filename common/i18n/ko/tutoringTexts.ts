import type * as en from '../../tutoringTexts.ts';
import type { Translation } from '../translation.ts';

/** The student's pages (common/tutoringTexts.ts) in Korean: tutoring, submissions, review. */
export const tutoringTexts: Translation<typeof en.tutoringTexts> = {
  heading: (name) => `${name}의 문제`,
  questionLabel: (number) => `문제 ${number}`,

  // The side panel.
  answerTitle: '내 답안',
  checkTitle: '답안 확인',
  jumpTo: '문제로 이동',
  legend: '범례',
  answered: '답함',
  unanswered: '답 안 함',
  correct: '정답',
  wrong: '오답',
  progress: (answered, total) => `${total}문제 중 ${answered}문제 답함`,
  submitAll: '모두 제출',
  panelNothing: '아직 보여 줄 내용이 없습니다.',
  /** A jump box's name: "Question 3, correct". */

  // One question card.
  topics: '주제',
  dueAt: '마감',
  hintLabel: '힌트',
  optionsOf: (number) => `문제 ${number}의 보기`,
  answerTo: (number) => `문제 ${number}의 답`,
  characters: (length, max) => `${length.toLocaleString('ko-KR')} / ${max.toLocaleString('ko-KR')}자`,
  atMost: ' (더 쓸 수 없습니다)',
  chooseEvery: (number) => `문제 ${number}: 맞는 답을 모두 고르세요`,
  chooseOne: (number) => `문제 ${number}: 답을 하나 고르세요`,
  daysLeft: (count) => `${count}일 남음`,
  hoursLeft: (count) => `${count}시간 남음`,
  minutesLeft: (count) => `${count}분 남음`,
  overdue: '마감 지남',
};
