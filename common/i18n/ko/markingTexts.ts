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
