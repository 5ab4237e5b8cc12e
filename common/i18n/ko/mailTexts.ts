import type * as en from '../../mailTexts.ts';
import type { Translation } from '../translation.ts';

/** Notification mails and the unsubscribe page in Korean (common/mailTexts.ts). */
export const unsubscribeTexts: Translation<typeof en.unsubscribeTexts> = {
  title: '수신 거부',
  question: (kind) => `“${kind}” 메일을 그만 받으시겠습니까?`,
  button: '수신 거부',
  done: (kind) => `완료: 이제 “${kind}” 메일을 보내지 않습니다. 프로필에서 다시 켤 수 있습니다.`,
  footer: (kind) => `프로필에서 “${kind}”을(를) 켜 두셔서 보내 드리는 메일입니다. 그만 받으려면:`,
  link: '수신 거부',
};

export const greetingTexts: Translation<typeof en.greetingTexts> = {
  hello: (name) => `${name}님, 안녕하세요.`,
};

export const teacherMarkingTexts: Translation<typeof en.teacherMarkingTexts> = {
  subject: (count) => `채점을 기다리는 답안이 ${count}개 있습니다`,
  open: '채점함 열기',
};
