import type * as en from '../../accountTexts.ts';
import type { Translation } from '../translation.ts';

/** The password recovery pages in Korean (common/accountTexts.ts). */
export const recoveryTexts: Translation<typeof en.recoveryTexts> = {
  forgotTitle: '비밀번호를 잊으셨나요?',
  forgotIntro: '계정의 이메일 주소를 입력하세요. 새 비밀번호를 정하는 링크를 보내 드립니다.',
  emailLabel: '이메일 주소',
  emailEmpty: '이메일을 입력하세요!',
  send: '링크 보내기',
  sending: '보내는 중…',
  backToSignIn: '로그인으로 돌아가기',
  resetTitle: '새 비밀번호 정하기',
  resetIntro: '새 비밀번호를 정하세요. 이 계정으로 로그인된 모든 브라우저는 로그아웃됩니다.',
  newPassword: '새 비밀번호',
  repeatPassword: '새 비밀번호 확인',
  passwordHint: '8~128자, 이름이나 이메일 주소와 달라야 합니다.',
  passwordEmpty: '비밀번호를 입력하세요!',
  passwordsDoNotMatch: '비밀번호가 서로 다릅니다!',
  save: '비밀번호 정하기',
  checking: '링크를 확인하는 중…',
  invalidTitle: '이 링크는 더 이상 쓸 수 없습니다',
  invalidText:
    '비밀번호 재설정 링크는 한 시간 안에 한 번만 쓸 수 있습니다. 이 링크는 만료되었거나 이미 사용되었습니다.',
  askAgain: '새 링크 요청하기',
};
