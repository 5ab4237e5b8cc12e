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

export const studentDigestTexts: Translation<typeof en.studentDigestTexts> = {
  subject: (work, marks) =>
    [work > 0 ? `새 문제 ${work}개` : '', marks > 0 ? `채점된 답안 ${marks}개` : '']
      .filter(Boolean)
      .join(', '),
  newWork: (count) => `새 과제 (${count}):`,
  marks: (count) => `선생님이 채점한 답안 (${count}):`,
  due: (day) => `마감 ${day}`,
  correct: '정답',
  wrong: '오답',
  more: (count) => `… 외 ${count}개`,
  openWork: '문제 풀기',
  openMarks: '제출 기록 보기',
};

export const parentWeeklyTexts: Translation<typeof en.parentWeeklyTexts> = {
  subject: (from, to) => `자녀의 한 주, ${from} – ${to}`,
  open: '한 주 전체 보기',
};
