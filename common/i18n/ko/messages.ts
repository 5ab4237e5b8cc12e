/**
 * The Korean texts of common/messages.ts: the same export names and keys (checked by their type and
 * by common/i18n/parity.test.ts), written for Korean parents and students rather than word for word.
 */
import type * as english from '../../messages.ts';
import type { Translation } from '../translation.ts';

export const authTexts: Translation<typeof english.authTexts> = {
  signInTitle: '로그인',
  signInSubtitle: '계속하려면 로그인 정보를 입력하세요',
  emailLabel: '이메일 주소',
  passwordLabel: '비밀번호',
  signInButton: '로그인',
  signUpLink: '회원가입하기',
  forgotPassword: '비밀번호를 잊으셨나요?',
  userEmailEmpty: '이메일을 입력하세요!',
  passwordEmpty: '비밀번호를 입력하세요!',
  signInFailed: '이메일이 올바르지 않거나 비밀번호가 틀렸습니다.',

  signUpTitle: '회원가입',
  signUpEmailLabel: '이메일',
  firstNameLabel: '이름',
  signUpPasswordLabel: '비밀번호',
  repeatPasswordLabel: '비밀번호 확인',
  signUpButton: '가입하기',
  signUpEmailEmpty: '이메일을 입력하세요!',
  firstNameEmpty: '이름을 입력하세요!',
  signUpPasswordEmpty: '비밀번호를 입력하세요!',
  passwordsDoNotMatch: '비밀번호가 서로 다릅니다!',

  signedInAsOther: (name) =>
    `${name} 계정으로 로그인되어 있어 그 화면은 열 수 없습니다. 열 수 있는 계정으로 로그인하거나, 다시`,
  yourPage: '내 화면',
  yourPageEnd: '으로 돌아가세요.',
  fillAllFour: '네 칸을 모두 채워야 가입할 수 있습니다.',
  nameHint: '선생님이 이 이름으로 학생을 찾습니다.',
  signingOut: '로그아웃하는 중…',
  showPassword: '보기',
  hidePassword: '숨기기',
  showPasswordName: '비밀번호 보기',
  hidePasswordName: '비밀번호 숨기기',
};

export const oauthTexts: Translation<typeof english.oauthTexts> = {
  continueWith: (provider) => `${provider}로 계속하기`,
  registerQuestion: '아직 가입하지 않은 계정입니다. 이 계정으로 가입할까요?',
  registerConfirm: '예',
  registerDecline: '아니요',
  welcomeTitle: '다시 오신 것을 환영합니다',
  welcomeSubtitle: '계정에 로그인하세요',
  orDivider: '또는',
  notConfigured: (provider) => `이 서버에는 ${provider} 로그인이 설정되어 있지 않습니다.`,
  unknownProvider: '지원하지 않는 로그인 방식입니다.',
  outcome: {
    cancelled: (provider) => `${provider} 로그인을 취소했습니다.`,
    expired: (provider) => `${provider} 로그인 시간이 지났거나 이미 사용된 요청입니다. 다시 시도해 주세요.`,
    failed: (provider) => `${provider}에서 로그인을 확인하지 못했습니다. 잠시 후 다시 시도해 주세요.`,
    unverified: (provider) =>
      `${provider} 계정에서 인증된 이메일 주소를 받지 못해 이 계정으로는 로그인할 수 없습니다. ` +
      `${provider}에서 이메일 인증과 이메일 제공 동의를 하거나, 비밀번호로 가입해 주세요.`,
    link: (provider) =>
      `${provider} 이메일로 가입된 계정이 이미 있습니다. 한 번만 그 계정의 비밀번호로 로그인하면 ` +
      `${provider} 계정이 연결되고, 다음부터는 ${provider}로 바로 로그인할 수 있습니다.`,
  },
};

export const headerTexts: Translation<typeof english.headerTexts> = {
  dashboard: '대시보드',
  archive: '문제 보관함',
  teacher: '선생님',
  upload: '문제 올리기',
  marking: '채점',
  questions: '문제 풀기',
  review: '복습',
  submissions: '제출 내역',
  menu: '메뉴',
  nav: '주 메뉴',
  admin: '관리',
  logout: '로그아웃',
  language: '언어',
  reviewDue: (count: number) => `복습, 오늘 ${count}개`,
  markingDue: (count) => `채점, ${count}개 채점 대기`,
};

export const failureTexts: Translation<typeof english.failureTexts> = {
  sessionExpired: '로그인이 만료되었습니다. 다시 로그인해 주세요',
  sessionExpiredOnSubmit: '로그인이 만료되었습니다. 먼저 다시 로그인해 주세요.',
  accessDenied: '접근 권한이 없습니다!',
  serverIssueBang: '서버에 문제가 생겼습니다...!',
  serverIssueDots: '서버에 문제가 생겼습니다...',
  issueDots: '문제가 생겼습니다...',
  listIssue: '목록을 불러오는 중에 문제가 생겼습니다.',
  serverIssue: '서버에 문제가 생겼습니다.',
  serverIssueExclaim: '서버에 문제가 생겼습니다!',
  error: '오류가 발생했습니다!',
  issue: '문제가 생겼습니다',
};

export const apiMessages: Translation<typeof english.apiMessages> = {
  emailInUse: '이미 사용 중인 이메일입니다!',
  usernameTaken: 'username: 이미 사용 중인 이름입니다. 다른 이름을 골라 주세요.',
  invalidCredentials: '이메일 또는 비밀번호가 올바르지 않습니다.',
  notSignedIn: '로그인되어 있지 않습니다.',
  sessionExpired: '로그인이 만료되었습니다. 다시 로그인해 주세요.',
  forbidden: '이 작업을 할 권한이 없습니다.',
  crossSiteWrite: '이 앱에서 보낸 요청이 아닙니다(Origin 확인 실패).',
  notFound: '없는 API 경로입니다.',
  studentNotFound: '학생을 찾을 수 없습니다.',
  userNotFound: '사용자를 찾을 수 없습니다.',
  teacherNotFound: '선생님을 찾을 수 없습니다.',
  noSubmissionsYet: '아직 제출한 답이 없습니다.',
  bodyTooLarge: '요청 내용이 너무 큽니다.',
  malformedJson: '요청 내용이 올바른 JSON이 아닙니다.',
  unsupportedMediaType: '지원하지 않는 콘텐츠 형식입니다. application/json으로 보내 주세요.',
  nulCharacter: '요청에 NUL 문자(\\u0000 또는 %00)가 들어 있습니다. 주소나 입력값에는 쓸 수 없는 문자입니다.',
  badHost: 'Host 헤더가 올바른 호스트 이름이 아닙니다.',
  oauthRegisterInvalid:
    '가입 링크의 유효 시간이 지났거나 이미 사용되었습니다. 로그인 화면에서 다시 시작해 주세요.',
  oauthNameUnavailable: '이 계정에 쓸 수 있는 사용자 이름을 찾지 못했습니다. 비밀번호로 가입해 주세요.',
  tooManySignInFailures: (seconds) =>
    `로그인 실패가 너무 많습니다. ${inWords(seconds)} 후에 다시 시도해 주세요.`,
  tooManySignUps: (seconds) =>
    `이 네트워크에서 가입 요청이 너무 많습니다. ${inWords(seconds)} 후에 다시 시도해 주세요.`,
  passwordChecksBusy: '서버가 비밀번호를 확인하느라 바쁩니다. 몇 초 후에 다시 시도해 주세요.',
  noApiDocFile: 'API 페이지에 그런 파일은 없습니다.',
  noSubmissions: (ids) => `${ids.join(', ')}번 제출 내역은 없습니다.`,
  noSubmissionsOf: (ids, student) => `${student} 학생의 제출 내역에 ${ids.join(', ')}번은 없습니다.`,
  notAnswered: (student, questionId) => `${student} 학생은 ${questionId}번 문제에 답한 적이 없습니다.`,
  assignedAgainInReview: (questionId, student) =>
    `${questionId}번 문제는 ${student} 학생에게 다시 배정되었습니다. 답하고 나면 복습 목록에 돌아옵니다.`,
  noTopic: (topic) => `"${topic}" 주제는 없습니다.`,
  noTopicSetting: (student, topic) => `${student} 학생에게는 "${topic}" 주제의 설정이 없습니다.`,
  internal: (requestId) =>
    `서버에서 문제가 생겼습니다. 계속 같은 문제가 생기면 이 참조 번호를 알려 주세요: ${requestId}.`,
};

export const layoutTexts: Translation<typeof english.layoutTexts> = {
  perPage: '페이지당 문제 수',
  pages: '페이지',
  previous: '이전',
  next: '다음',
  pageOf: (page, total) => `${total}쪽 중 ${page}쪽`,
  page: (page) => `${page}쪽`,
  top: '↑ 맨 위로',
  bottom: '↓ 맨 아래로',
  ok: '확인',
  cancel: '취소',
  notifications: '알림',
  dismiss: '닫기',
  movePanel: (title) => `${title} 창 옮기기 (끌거나 화살표 키 사용)`,
  characters: (length, max) => `${length.toLocaleString('ko-KR')} / ${max.toLocaleString('ko-KR')}자`,
  full: ' (더 쓸 수 없습니다)',
};

export const fieldTexts: Translation<typeof english.fieldTexts> = {
  labels: {
    title: '제목',
    question: '문제',
    type: '유형',
    candidates: '보기',
    answer: '답',
    studentAnswer: '답',
    explanation: '풀이',
    hint: '힌트',
    topics: '주제',
    students: '학생',
    names: '학생',
    targetDate: '마감일',
    generatedDate: '만든 날짜',
    questionId: '문제',
    questionIds: '문제',
    draftVersion: '답',
    q: '검색어',
  },
  item: (number) => `${number}번 항목`,
  // "제목은 비어 있으면 안 됩니다": the field's name with its topic particle, then the server's words.
  problem: (field, problem) => `${field}${topicParticle(field)} ${problem}`,
};

/** 은 after a final consonant, 는 after a vowel; 은(는) after a word that does not end in Hangul. */
function topicParticle(word: string): string {
  const last = word.charCodeAt(word.length - 1) - 0xac00;
  if (last < 0 || last > 11_171) return '은(는)';
  return last % 28 === 0 ? '는' : '은';
}

export const appLoadTexts: Translation<typeof english.appLoadTexts> = {
  chunkFailed: (chunkId, failureType, address) =>
    `화면 일부(${chunkId})를 불러오지 못했습니다.\n(${failureType}: ${address})`,
  retry: '다시 시도',
  unexpectedError: '예상하지 못한 오류가 발생했습니다!',
  unexpectedErrorHint: '이 화면에 문제가 생겼습니다. 이전 화면으로 돌아가면 대개 해결됩니다.',
  goBack: '뒤로 가기',
  goHome: '첫 화면으로 가기',
  loading: '불러오는 중…',
  timedOut: '서버가 제때 응답하지 않았습니다.',
  unreachable: '서버에 연결할 수 없습니다.',
};

/** `15초`, `1분`, `12분`: how long to wait, rounded up to whole minutes past a minute. */
function inWords(seconds: number): string {
  if (seconds < 60) return `${seconds}초`;
  return `${Math.ceil(seconds / 60)}분`;
}

export const profileMessages: Translation<typeof english.profileMessages> = {
  ownProfileOnly: '여기서는 내 프로필만 바꿀 수 있습니다.',
  rolesByAdmin: '역할은 관리자가 바꿉니다.',
  currentPasswordNeeded: 'currentPassword: 이메일 주소를 바꾸려면 현재 비밀번호를 입력하세요.',
  currentPasswordWrong: 'currentPassword: 현재 비밀번호가 아닙니다.',
  providerEmailFixed:
    'email: Google, 네이버 또는 카카오로 로그인하는 계정이라 여기서 이메일 주소를 바꿀 수 없습니다.',
  pictureMissing: 'image: 올릴 사진 파일을 고르세요.',
  pictureTooLarge: '사진이 5MB보다 큽니다. 더 작은 사진을 골라 주세요.',
  pictureNotImage: '사진은 PNG, JPEG, WebP 또는 GIF 이미지여야 합니다.',
  pictureSvg: 'SVG 사진은 받지 않습니다. PNG, JPEG, WebP 또는 GIF 이미지를 골라 주세요.',
  pictureTruncated: '사진 파일이 온전하지 않습니다(중간에 잘림). 파일을 다시 골라 주세요.',
  pictureHidesData:
    '사진 파일에 사진 말고 다른 데이터가 들어 있어(사진 끝 뒤에 붙은 데이터) 받지 않았습니다. 일반 PNG, JPEG, WebP 또는 GIF로 다시 저장해 주세요.',
  pictureTooManyPixels: '사진의 픽셀 수가 너무 많습니다(최대 4,000만 화소). 더 작은 사진을 골라 주세요.',
  pictureUnreadable: '사진을 이미지로 읽을 수 없습니다.',
  pictureFormTooBig: '사진 한 장과 사용자 이름만 보내 주세요.',
  pictureFormBroken: '올바른 multipart/form-data 형식의 업로드가 아닙니다.',
  pictureNotMultipart: '사진은 username과 image 필드가 있는 multipart/form-data로 보내 주세요.',
  picturesBusy: '서버가 다른 사진을 처리하느라 바쁩니다. 몇 초 후에 다시 시도해 주세요.',
};

export const portfolioApiMessages: Translation<typeof english.portfolioApiMessages> = {
  stopwatchRunNotFound: 'relatedID: 이 ID로 시작한 스톱워치 기록이 없습니다.',
  stopwatchOtherBrowser:
    '다른 브라우저에서 시작한 스톱워치입니다. 시작한 브라우저에서만 이어서 쓸 수 있습니다.',
  stopwatchNameChanged: 'name: 처음 시작할 때의 이름을 그대로 써야 합니다.',
  stopwatchEnded: '이 스톱워치는 초기화되어 끝났습니다. 새로 시작해 주세요.',
  stopwatchAlreadyRunning: '이 스톱워치는 이미 돌아가고 있습니다.',
  stopwatchAlreadyPaused: '이 스톱워치는 이미 멈춰 있습니다.',
  tooManyStopwatchRecords: (seconds) =>
    `이 네트워크에서 스톱워치 기록이 너무 많습니다. ${inWords(seconds)} 후에 다시 시도해 주세요.`,
  tooManyWallPosts: (seconds) =>
    `이미 글을 여러 개 남기셨습니다. ${inWords(seconds)} 후에 다시 시도해 주세요.`,
  wallPostNotFound: '이 ID의 글이 없습니다.',
};

export const adminMessages: Translation<typeof english.adminMessages> = {
  serviceExists: (name) => `"${name}" 서비스가 이미 있습니다.`,
  unknownNames: (students, services) => {
    const parts = [
      students.length ? `없는 학생: ${students.join(', ')}` : '',
      services.length ? `없는 서비스: ${services.join(', ')}` : '',
    ];
    return `${parts.filter(Boolean).join('; ')}. 아무것도 저장하지 않았습니다.`;
  },
  serviceNotFound: '서비스를 찾을 수 없습니다.',
  notSubscribed: (student, service) => `${student} 학생은 ${service} 서비스를 구독하고 있지 않습니다.`,
  notAParent: (name) => `${name} 계정은 학부모 계정(PARENT 역할)이 아닙니다.`,
  notStudents: (names) =>
    `학부모에게는 학생 계정만 연결할 수 있습니다. ${names.join(', ')}: 학생 계정이 아닙니다. 아무것도 저장하지 않았습니다.`,
  notLinked: (parent, child) => `${child} 학생은 ${parent} 계정에 연결되어 있지 않습니다.`,
  lastAdmin: '마지막 관리자입니다. 내 관리자 역할을 없애기 전에 다른 계정에 ADMIN 역할을 주세요.',
  keepOneAdmin: '이렇게 바꾸면 학원에 관리자가 한 명도 남지 않습니다.',
  noLongerAdmin: '더 이상 관리자가 아닙니다.',
};

export const pictureMessages: Translation<typeof english.pictureMessages> = {
  pictureFormTooBig: 'image 필드에 그림 한 장만 보내 주세요.',
  pictureNotMultipart: '그림은 image 필드가 있는 multipart/form-data로 보내 주세요.',
  pictureNotFound: '그런 그림이 없습니다.',
  unknownPictures: (count) =>
    `올린 적 없는 그림이 ${count.toLocaleString('ko-KR')}장 있습니다. 다시 올려 주세요.`,
};

export const recoveryMessages: Translation<typeof english.recoveryMessages> = {
  requestAccepted:
    '이 이메일 주소를 쓰는 계정이 있으면 새 비밀번호를 정하는 링크를 담은 메일을 보냈습니다. 링크는 한 시간 안에 한 번만 쓸 수 있습니다.',
  tooManyResets: (seconds) =>
    `비밀번호 재설정 요청이 너무 많습니다. ${inWords(seconds)} 후에 다시 시도해 주세요.`,
  linkInvalid: '이 비밀번호 재설정 링크는 만료되었거나 이미 사용되었습니다. 새 링크를 요청하세요.',
  noPassword: '이 계정은 Google, 네이버 또는 카카오로 로그인하므로 바꿀 비밀번호가 없습니다.',
  mail: {
    subject: 'Tutorfolio 새 비밀번호 설정',
    greeting: (name) => `${name}님, 안녕하세요.`,
    asked: '누군가(본인이시길 바랍니다) Tutorfolio 계정의 새 비밀번호 설정을 요청했습니다.',
    follow: '아래 링크를 열어 새 비밀번호를 정하세요. 한 시간 안에 한 번만 쓸 수 있습니다:',
    button: '새 비밀번호 정하기',
    ignore: '요청한 적이 없다면 이 메일을 무시하세요. 비밀번호는 바뀌지 않습니다.',
    providerSubject: 'Tutorfolio 로그인 방법 안내',
    provider: (providers) =>
      `이 Tutorfolio 계정에는 비밀번호가 없고 ${providers}(으)로 로그인합니다. 로그인 화면에서 "${providers}로 계속하기"를 누르세요.`,
    signInLink: '로그인 화면 열기:',
    or: ' 또는 ',
  },
};

export const mailMessages: Translation<typeof english.mailMessages> = {
  badUnsubscribeToken:
    '올바르지 않은 수신 거부 링크입니다(잘렸거나 바뀌었습니다). 메일에서 다시 열거나 프로필에서 메일을 끄세요.',
  unsubscribeAccountGone: '이 수신 거부 링크의 계정이 더 이상 없습니다.',
};
