import type * as en from '../../mathTexts.ts';
import type { Translation } from '../translation.ts';

/** The timed addition drill in Korean (common/mathTexts.ts): its pages and the server's refusals. */
export const mathTexts: Translation<typeof en.mathTexts> = {
  title: '간단 수학 문제',
  // the server's refusals
  dailyCapReached: '오늘의 100문제를 모두 풀었습니다. 내일 다시 도전하세요.',
  alreadyAnswered: '이미 답한 문제입니다.',
  noSuchQuestion: '이 학생에게 그런 문제가 없습니다.',
  notIssuedQuestion: '서버가 낸 문제여야 합니다',
  noDays: '아직 푼 문제가 없습니다.',
  // the entry page (/math)
  today: '오늘',
  todayCount: (count: number) => `오늘 100문제 중 ${count}문제를 풀었습니다.`,
  intro: '막대가 다 줄어들기 전에 덧셈 문제를 최대한 많이 풀어 보세요. 하루에 100문제까지 풀 수 있습니다.',
  start: '시작',
  results: '결과',
  studentsOnly: '이 연습은 학생용입니다. 학생의 결과는 그 학생의 대시보드에서 볼 수 있습니다.',
  dashboard: '대시보드',
  // the game (/math/start)
  gameTitle: '간단 수학 문제',
  getReady: '준비하세요',
  answerLabel: '내 답',
  answerHint: '두 수의 합을 입력하고 Enter를 누르세요.',
  send: '확인',
  timeLeft: '남은 시간',
  timeFor: (seconds: string) => `문제당 ${seconds}초`,
  secondsLeft: (seconds: string) => `${seconds}초`,
  correctTally: '정답',
  wrongTally: '오답',
  reward: '모은 코인',
  rewardAmount: (amount: string) => `${amount}코인`,
  feedbackCorrect: '잘했어요!',
  feedbackWrong: (question: string, sum: number) => `아쉬워요: ${question} = ${sum}`,
  feedbackTimeout: (question: string, sum: number) => `시간 초과: ${question} = ${sum}`,
  loadingQuestion: '문제를 가져오는 중…',
  sending: '답을 저장하는 중…',
  doneTitle: '오늘은 끝!',
  doneText: '오늘의 100문제를 모두 풀었습니다. 내일 다시 도전하세요.',
  stuckSend:
    '마지막 답이 서버에 전달되지 않았습니다. 인터넷 연결이 끊긴 것 같습니다. 답은 저장해 두었으니 다시 시도를 누르면 보냅니다.',
  stuckAsk: '다음 문제를 가져오지 못했습니다. 인터넷 연결이 끊긴 것 같습니다.',
  stuckLoad: '오늘 푼 문제 수를 불러오지 못했습니다. 인터넷 연결이 끊긴 것 같습니다.',
  retry: '다시 시도',
  // the results (/math/result/{name})
  resultsTitle: (name: string) => `${name}의 결과`,
  daysPerPage: '페이지당 일수',
  allDays: '전체 기간',
  dayTotal: (correct: number, wrong: number) => `정답 ${correct}개, 오답 ${wrong}개`,
  noResults: '아직 푼 문제가 없습니다. 첫 게임을 하고 나면 결과가 여기에 나옵니다.',
  loading: '불러오는 중…',
  // the dashboard section
  latestDay: (date: string) => `최근 날짜: ${date}`,
  latestDayNone: '최근 날짜',
  recentDays: '최근 기록',
};
