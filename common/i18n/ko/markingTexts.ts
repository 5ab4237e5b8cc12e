import type * as en from '../../markingTexts.ts';
import type { Translation } from '../translation.ts';

/** The marking inbox's suggested marks in Korean (common/markingTexts.ts), for the teacher. */
export const markingTexts: Translation<typeof en.markingTexts> = {
  markName: { 1: '정답', [-1]: '오답' },
  suggested: '추천 채점:',
  reasons: {
    exact: () => '모범 답안과 정확히 일치합니다.',
    normalised: () => '대소문자, 띄어쓰기, 문장 부호를 빼면 모범 답안과 일치합니다.',
    code: () => '공백을 빼면 모범 코드와 일치합니다.',
    // `mark` is 정답 or 오답 (markName), so 으로.
    earlier: (mark: string, count: number) =>
      count === 1
        ? `같은 답을 전에 ${mark}으로 채점했습니다.`
        : `같은 답을 전에 ${count}번 ${mark}으로 채점했습니다.`,
  },
  accept: '적용',
  acceptName: (mark: string, student: string) => `${student} 학생의 답에 추천 채점(${mark}) 적용`,
  acceptKey: '추천 채점 적용',
};

/** The marking inbox's own words in Korean (common/markingTexts.ts). */
export const markingInboxTexts: Translation<typeof en.markingInboxTexts> = {
  title: (student: string | null) => (student ? `채점: ${student}` : '채점'),
  nav: '채점',
  everyStudentsAnswers: '← 모든 학생의 답',
  submissionsOf: (student: string) => `${student} 학생의 제출 내역`,
  teacherPage: '선생님 페이지',
  student: '학생',
  everyStudent: '모든 학생',
  dueDay: '마감일',
  anyDay: '날짜 전체',
  toMark: (count: number) => `채점할 답 ${count}개`,
  keysIntro: '답에서 쓰는 키:',
  keyCorrect: '정답',
  keyWrong: '오답',
  keyUnmarked: '미채점 (누르면 다음 답으로)',
  keyMove: '이동',
  noSuchStudent: (name: string) => `이름이 ${name}인 학생은 없습니다.`,
  seeEveryStudent: '모든 학생의 답 보기',
  nothingToMark: (student: string | null, date: string | null) =>
    `${student ? `${student} 학생의 ` : ''}${date ? `${date} 마감 ` : ''}채점할 답이 없습니다.`,
  modelAnswer: '모범 답안',
  explanation: '해설',
  answersTo: (title: string) => `${title}에 대한 답`,
  answerOf: (student: string, title: string) => `${student} 학생이 ${title}에 쓴 답`,
  redo: ' (다시 풀기)',
  markFor: (student: string) => `${student} 학생의 채점`,
  correct: '정답',
  wrong: '오답',
  unmarked: '미채점',
  marksToSubmit: (count: number) => `제출할 채점 ${count}개`,
  submit: '제출',
  confirmSubmit: '채점 결과를 제출할까요?',
  marked: (count: number) => `답 ${count}개를 채점했습니다.`,
};
