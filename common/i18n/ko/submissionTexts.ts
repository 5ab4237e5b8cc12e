import type * as en from '../../submissionTexts.ts';
import type { Translation } from '../translation.ts';

const STALE_HINT = '지금은 더 최근 답이 보입니다. 확인한 뒤 다시 제출하세요.';

/** What a student's answers came to (common/submissionTexts.ts) in Korean: submissions, redos, check results. */
export const submissionTexts: Translation<typeof en.submissionTexts> = {
  noQuestions: '앗! 오늘은 풀 문제가 없네요.',
  nothingWaiting: ['지금 답할 문제가 없습니다. 틀린 문제는 ', '에서 다시 풀고, 결과는 ', '에서 확인하세요.'],
  panelEmpty: '지금 답할 문제가 없습니다. 선생님이 새 문제를 내면 여기에 나옵니다.',
  dueOn: (day) => `${day} 마감`,
  removeDate: (day) => `날짜 필터 ${day} 지우기`,

  saving: '답을 저장하는 중…',
  saved: '답을 저장했습니다',
  savedOverwritten: (labels) =>
    `답을 저장했습니다. ${labels}: 다른 탭이나 다른 기기에서 답이 바뀌어 더 최근 답을 보여 줍니다.`,
  offline:
    '아직 저장하지 못했습니다. 서버에 연결할 수 없습니다. 답은 이 기기에 보관했다가 연결되면 보냅니다.',
  refused: (why) => `저장하지 못했습니다: ${why}`,
  viewingQuestions: (name) => `${name}의 문제를 보고 있습니다. 답은 ${name}만 할 수 있습니다.`,

  tooLong: (label, length, max) =>
    `${label}: 답이 ${length.toLocaleString('ko-KR')}자입니다. 답은 ${max.toLocaleString('ko-KR')}자까지 쓸 수 있습니다.`,
  confirmSubmit: '제출할까요?',
  staleHint: STALE_HINT,
  changedElsewhere: (labels) => `${labels}: 다른 탭이나 다른 기기에서 답이 바뀌었습니다. ${STALE_HINT}`,
  notSubmitted: (why) => `제출하지 못했습니다. 답을 저장할 수 없었습니다. ${why}`,
  submitted: (count, right) => `답 ${count}개를 제출했습니다. ${right}개 정답.`,

  check: {
    yourAnswer: '내 답',
    correctAnswer: '정답',
    result: '결과',
    submitted: '제출 시각',
    explanation: '풀이',
    correct: '맞음',
    wrong: '틀림',
    notMarked: '아직 채점 전',
    redo: ' (다시 풀기)',
  },

  submissions: {
    heading: '제출 내역',
    results: '결과',
    score: (correct, total, percent) => `점수 ${correct} / ${total} (${percent}%)`,
    unmarked: (unmarked, marked) => `${unmarked}개 채점 전 (${marked}개 채점함)`,
    redos: (corrected, redos) =>
      `복습에서 ${corrected}개 바로잡음 (다시 푼 문제 ${redos}개, 점수에는 넣지 않음)`,
    empty: '아직 제출한 답이 없습니다.',
    calendar: '달력',
    changeMark: '채점 바꾸기',
    markCorrect: '맞음',
    markWrong: '틀림',
    markUnmarked: '채점 전',
    markChanged: '채점을 바꿨습니다.',
  },

  review: {
    heading: '복습',
    viewing: (name) => `${name}의 틀린 문제를 보고 있습니다. 다시 풀기는 ${name}만 할 수 있습니다.`,
    solveAll: '모든 문제를 풀어야 합니다',
    redone: (right, count) => `다시 푼 ${count}문제 중 ${right}문제 정답.`,
    yourRedos: '다시 푼 결과',
    redoCorrect: '정답',
    redoWrong: '오답, 계속 복습',
    redoWaiting: '채점 기다리는 중',
    nothing: '복습할 문제가 없습니다. 모두 맞혔어요.',
    lastAnswer: '지난번 내 답: ',
    submit: '제출',
  },
};

/** The CSV exports' header rows, cell words and download link in Korean. */
export const csvTexts: Translation<typeof en.csvTexts> = {
  submissionHeader: ['날짜', '문제 제목', '주제', '답', '채점', '다시 풀기'],
  overviewHeader: ['학생', '주', '낸 문제', '답한 문제', '맞힌 문제', '점수 %'],
  marks: { correct: '정답', wrong: '오답', unmarked: '채점 전' },
  yes: '예',
  no: '아니요',
  from: '시작일',
  to: '종료일',
  download: (from, to) => `CSV 내려받기 (${from || '처음'} – ${to || '오늘'})`,
};
