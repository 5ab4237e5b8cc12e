import type { WeekSummary } from '../../contracts/week.ts';
import type * as en from '../../weekTexts.ts';
import type { Translation } from '../translation.ts';

/** A child's week (/week/{name}) in Korean (common/weekTexts.ts), read mostly by parents. */
export const weekTexts: Translation<typeof en.weekTexts> = {
  title: (name: string) => `${name}의 한 주`,
  range: (from: string, to: string) => `${from} – ${to}`,
  summary: (s: WeekSummary) =>
    `${s.assigned}문제 중 ${s.answered}문제 제출, 정답 ${s.correct}문제 · 내일 마감 ${s.dueTomorrow}문제`,
  summaryMore: (s: WeekSummary) =>
    `오답 ${s.wrong}문제, 채점 대기 ${s.unmarked}문제, 남은 문제 ${s.todo}문제. 수학 연습: 정답 ${s.drillCorrect}개, 오답 ${s.drillWrong}개.`,
  previous: '지난주',
  next: '다음 주',
  thisWeek: '이번 주',
  print: '인쇄',
  weekSteps: '주 이동',
  answered: '제출한 문제',
  toDo: '남은 문제',
  drill: '간단 수학 연습',
  nothingAnswered: '이번 주가 마감인 문제 중 제출한 문제가 없습니다.',
  nothingToDo: '이번 주에 남은 문제가 없습니다.',
  noDrill: '이번 주에는 수학 연습 기록이 없습니다.',
  due: '마감',
  answeredOn: '제출',
  theirAnswer: '학생 답',
  modelAnswer: '모범 답안',
  explanation: '풀이',
  status: {
    correct: '정답',
    wrong: '오답',
    unmarked: '채점 대기',
    todo: '미제출',
  },
  overdue: '기한 지남',
  day: '날짜',
  right: '정답',
  wrongCount: '오답',
  loading: '불러오는 중…',
  weekOf: (name: string) => `${name}의 한 주`,
  weekLink: '주간',
};
