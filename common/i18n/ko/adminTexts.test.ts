import { describe, expect, it } from 'vitest';
import { adminTexts } from './adminTexts.ts';

/** The Korean admin console's text functions, the words written out by hand. */
describe('admin texts (Korean)', () => {
  it('services, reloads and the services matrix', () => {
    expect(adminTexts.serviceAdded('수학')).toBe('수학 서비스가 추가되었습니다!');
    expect(adminTexts.reloaded('과제 캘린더')).toBe('과제 캘린더 - 다시 계산했습니다');
    expect(adminTexts.noSuchStudent('zed')).toBe('이름이 zed인 학생은 없습니다.');
    expect(adminTexts.selectStudent('ann')).toBe('ann 선택');
    expect(adminTexts.selectService('수학')).toBe('수학 선택');
    expect(adminTexts.subscribed('ann', '수학')).toBe('ann 학생: 수학 이용 중');
    expect(adminTexts.removeSubscription('ann', '수학')).toBe('ann 학생의 수학 이용 해지');
    expect(adminTexts.confirmRemoveSubscription('ann', '수학')).toBe('ann 학생의 수학 이용을 해지할까요?');
    expect(adminTexts.subscriptionRemoved('ann', '수학')).toBe('ann 학생의 수학 이용을 해지했습니다.');
    expect(adminTexts.assigned(4)).toBe('서비스를 배정했습니다. 새 등록 4건.');
    expect(adminTexts.selectedCount(3, 2)).toBe('학생 3명 × 서비스 2개 선택됨');
  });

  it('users and topics', () => {
    expect(adminTexts.editOf('ann')).toBe('ann 수정');
    expect(adminTexts.confirmRoles('ann', 'TEACHER, STUDENT')).toBe(
      'ann님의 역할을 바꿀까요? 새 역할: TEACHER, STUDENT. 이 사용자는 로그아웃되며, 다시 로그인하면 새 역할이 적용됩니다.',
    );
    expect(adminTexts.pictureOf('ann')).toBe('ann님의 사진');
    expect(adminTexts.uploadFor('ann')).toBe('ann님의 사진 업로드');
    expect(adminTexts.pictureSaved('ann')).toBe('ann님의 사진을 바꿨습니다.');
    expect(adminTexts.topicAdded('반복문')).toBe("'반복문' 주제를 추가했습니다.");
    expect(adminTexts.confirmTopics(['반복문', '배열'])).toBe(
      '선택한 문제에 반복문, 배열 주제를 추가할까요?',
    );
  });

  it('parents, the wall and the audit', () => {
    expect(adminTexts.childAssigned('ann', 'mom')).toBe('ann 학생을 mom 학부모님께 연결했습니다.');
    expect(adminTexts.removeChild('ann', 'mom')).toBe('ann 학생과 mom 학부모님 연결 해제');
    expect(adminTexts.confirmRemoveChild('ann', 'mom')).toBe(
      'ann 학생을 mom 학부모님의 자녀 목록에서 뺄까요?',
    );
    expect(adminTexts.childRemoved('ann', 'mom')).toBe('ann 학생과 mom 학부모님의 연결을 해제했습니다.');
    expect(adminTexts.wallStates.pending).toBe('대기 중');
    expect(adminTexts.confirmDeletePost('Jin')).toBe('Jin님의 메시지를 완전히 삭제할까요?');
    expect(adminTexts.postBy('Jin', '2026-11-25')).toBe('Jin, 2026-11-25');
    expect(adminTexts.actions['wall.delete']).toBe('방명록 글 삭제');
  });

  it('the mail queue', () => {
    expect(adminTexts.mailWaiting(0)).toBe('기다리는 메일이 없습니다.');
    expect(adminTexts.mailWaiting(3)).toBe('메일 3통이 발송을 기다립니다.');
    expect(adminTexts.mailOldest('3월 10일 10:00')).toBe(
      '가장 오래된 메일은 3월 10일 10:00에 작성되었습니다.',
    );
    expect(adminTexts.mailFailing(2)).toBe('그중 2통은 한 번 이상 실패했습니다.');
    expect(adminTexts.mailAbandoned(5)).toBe('최근 30일 동안 메일 5통의 발송을 포기했습니다.');
    expect(adminTexts.mailFailures(4)).toBe('실패 4회');
    expect(adminTexts.mailNextTry('10:30')).toBe('10:30에 다시 보냅니다.');
    expect(adminTexts.mailKinds['password-reset']).toBe('비밀번호 재설정');
  });
});
