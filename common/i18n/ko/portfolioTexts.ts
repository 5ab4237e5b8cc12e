import type { AgoUnit } from '../../portfolio/stopwatch.ts';
import type * as en from '../../portfolioTexts.ts';
import type { Translation } from '../translation.ts';

const AGO_UNITS: Record<AgoUnit, string> = {
  year: '년',
  month: '개월',
  day: '일',
  hour: '시간',
  minute: '분',
};

/**
 * The owner's public pages in Korean (common/portfolioTexts.ts): the pages' own words. What they say
 * about the owner (web/src/pages/portfolio/content/) stays as the owner wrote it.
 */
export const portfolioTexts: Translation<typeof en.portfolioTexts> = {
  // Landing
  contactMe: '연락하기',
  email: '이메일',
  phone: '전화',
  timeline: '타임라인',
  present: '현재',
  tldr: '요약',
  furtherInformation: '더 알아보기',
  endOfContents: '끝',
  backToTimeline: '전체 타임라인으로 돌아가기',
  timelineHint: '타임라인에서 기간을 고르면 자세한 내용을 볼 수 있습니다.',
  notYetOpened: '아직 열어 보지 않음',
  opensInNewTab: '(새 탭에서 열림)',
  headerPhotos: '사진',
  periodPhotos: (period: string) => `${period} 사진`,
  pauseSlides: '일시 정지',
  playSlides: '재생',
  showPhoto: (n: number, count: number) => `사진 ${count}장 중 ${n}번째 보기`,
  photoOf: (n: number, count: number, alt: string) => `사진 ${n}/${count}: ${alt}`,
  morePages: '이 사이트의 다른 페이지',
  logo: (name: string) => `${name} 로고`,
  pages: {
    stopwatch: '스톱워치',
    wall: '방명록',
    spinner: '돌림판',
    sandbox: '샌드박스',
    previous: '이전 메인 페이지',
    home: '메인 페이지',
    signIn: '학생·선생님 로그인',
  },
};

/**
 * The stopwatch. The commands stay the English words the visitor types (start, pause, reset), and
 * a nameless run is recorded as 'Anonymous' in every language: the history is shared by all visitors.
 */
export const stopwatchTexts: Translation<typeof en.stopwatchTexts> = {
  title: '스톱워치',
  name: '이름',
  anonymous: 'Anonymous',
  nameHint: '기록에 표시됩니다. 스톱워치가 돌아가는 동안에는 바꿀 수 없습니다.',
  commands: '명령어',
  commandsHint: '칸에 단어를 입력한 뒤 Enter를 누르세요.',
  start: 'start',
  pause: 'pause',
  reset: 'reset',
  commandLabel: (word: string) => `${word} 입력`,
  wrongWord: (word: string) => `'${word}'라고 입력한 뒤 Enter를 누르세요.`,
  alreadyRunning: '스톱워치가 이미 돌아가고 있습니다.',
  notRunning: '스톱워치가 멈춰 있습니다.',
  nothingToReset: '초기화할 것이 없습니다.',
  history: '기록',
  emptyHistory: '아직 기록이 없습니다. start를 입력해 시작하세요.',
  loading: '기록을 불러오는 중…',
  kinds: { s: '시작', r: '다시 시작', p: '일시 정지', d: '초기화' },
  leaveWarning: '스톱워치가 돌아가고 있습니다. 페이지를 떠날까요?',
  failure: '문제가 발생했습니다...',
  seoulTime: '서울 시간',
  running: '작동 중',
  paused: '일시 정지됨',
  stopped: '정지됨',
  justNow: '방금 전',
  ago: (n: number, unit: AgoUnit) => `${n}${AGO_UNITS[unit]} 전`,
  duration: (hours: number, minutes: number) =>
    [hours > 0 ? `${hours}시간` : '', minutes > 0 ? `${minutes}분` : ''].filter(Boolean).join(' '),
};

/** The wall: a guestbook (방명록). A nameless message is signed 'Anonymous' by the server. */
export const wallTexts: Translation<typeof en.wallTexts> = {
  title: '방명록',
  subtitle: (owner: string) => `이 페이지에서 ${owner}님께 메시지를 남길 수 있습니다`,
  yourName: '이름',
  yourNameHint: '선택 사항입니다. 비워 두면 Anonymous(익명)로 남겨집니다.',
  message: '메시지',
  messageHint: (owner: string) => `${owner}님이 모든 메시지를 읽고 방명록에 올릴 메시지를 고릅니다.`,
  post: '남기기',
  posting: '남기는 중…',
  posted: (owner: string) => `감사합니다! ${owner}님이 읽고 나면 메시지가 여기에 올라옵니다.`,
  emptyMessage: '먼저 메시지를 입력하세요.',
  board: '메시지',
  emptyBoard: '아직 올라온 메시지가 없습니다. 첫 메시지를 남겨 보세요!',
  loading: '메시지를 불러오는 중…',
  failure: '문제가 발생했습니다...',
};

/** The spinner. */
export const spinnerTexts: Translation<typeof en.spinnerTexts> = {
  title: '돌림판',
  intro: '항목 이름을 적고 시작을 누른 다음 멈춤을 누르세요. 돌림판이 그중 하나에 무작위로 멈춥니다.',
  count: '항목 수',
  countHint: '0부터 10까지.',
  element: (n: number) => `항목 ${n}`,
  start: '시작',
  stop: '멈춤',
  spinning: '돌아가는 중…',
  result: '결과',
  resultIs: (name: string) => `돌림판의 선택: ${name}`,
  noElements: '돌리려면 항목을 하나 이상 추가하세요.',
  wheel: (count: number) => `항목 ${count}개짜리 돌림판`,
};

/** The sandbox. */
export const sandboxTexts: Translation<typeof en.sandboxTexts> = {
  title: '샌드박스',
  intro: '이 사이트를 이루는 구성 요소를 직접 시험해 보는 곳입니다.',
  signIn: '소셜 로그인',
  notConfigured: '이 서버에는 설정되지 않음',
  charts: '차트',
  toasts: '알림 메시지',
  successButton: '성공 알림 보기',
  errorButton: '오류 알림 보기',
  successToast: '저장했습니다! 성공하면 이렇게 보입니다.',
  errorToast: '문제가 발생했습니다. 오류는 이렇게 보입니다.',
  scatterTitle: '연습 시간과 점수',
  scatterSeries: '학생',
  radarTitle: '주제별 실력 (예시)',
  radarSeries: '정답',
  lineTitle: '날짜별 답안 수 (예시)',
  noData: '데이터가 없습니다.',
  hoursAxis: '연습 시간',
  scoreAxis: '점수',
  dayAxis: '요일',
  answersAxis: '답안 수',
  correct: '정답',
  wrong: '오답',
  days: ['월', '화', '수', '목', '금', '토', '일'],
  topics: ['반복문', '배열', '재귀', '클래스', 'SQL', '정렬'],
};

/** The earlier main page, /prev. */
export const previousTexts: Translation<typeof en.previousTexts> = {
  mainSkills: '주요 기술',
  projects: '프로젝트',
  careers: '경력',
  careersText: '경력 타임라인은 메인 페이지에 있습니다.',
  seeTimeline: '타임라인 보기',
  showMore: (skill: string) => `${skill} 자세히 보기`,
};
