import { describe, expect, it } from 'vitest';
import { validationTexts as t } from './validationTexts.ts';

/** The Korean refusals' text functions, the words written out by hand. */
describe('validation texts (Korean)', () => {
  it('limits', () => {
    expect(t.required).toBe('꼭 입력해야 합니다');
    expect(t.atMostLines(5)).toBe('5줄 이하여야 합니다');
    expect(t.atMostDays(30)).toBe('30일 이하여야 합니다');
    expect(t.atMostCharacters(40)).toBe('40자 이하여야 합니다');
    expect(t.atLeastCharacters(8)).toBe('8자 이상이어야 합니다');
    expect(t.atMost(9)).toBe('9 이하여야 합니다');
    expect(t.atMostItems(10)).toBe('항목은 10개까지입니다');
    expect(t.itemsAtMostCharacters(100)).toBe('각 항목은 100자 이하여야 합니다');
    expect(t.atMostAnswers(50)).toBe('답은 50개까지 보낼 수 있습니다');
    expect(t.atMostChanges(50)).toBe('변경 사항은 50개까지입니다');
    expect(t.atMostMarks(200)).toBe('한 번에 200개까지 채점할 수 있습니다');
    expect(t.atMostDigits(4)).toBe('4자리 이하여야 합니다');
    expect(t.atMostDaysAhead(365)).toBe('365일 뒤까지만 정할 수 있습니다');
    expect(t.steps(1, 10)).toBe('간격은 1개에서 10개까지입니다');
    expect(t.stepDays(1, 365)).toBe('각 간격은 1일에서 365일 사이의 정수여야 합니다');
    expect(t.operands(99, 998)).toBe('두 수는 99부터 998 사이의 정수여야 합니다');
    expect(t.atMostStudents(500)).toBe('학생은 500명까지입니다');
  });

  it('roles, orders, searches and the request', () => {
    expect(t.roles('ADMIN, TEACHER')).toBe(
      '쉼표로 구분한 대문자 역할이어야 하고, 각각 ADMIN, TEACHER 중 하나여야 합니다',
    );
    expect(t.rolesNot('ADMIN, TEACHER', 'BOSS')).toBe(
      '쉼표로 구분한 대문자 역할이어야 하고, 각각 ADMIN, TEACHER 중 하나여야 합니다 (BOSS은(는) 아님)',
    );
    expect(t.sort('id, title')).toBe('field,asc|desc 형식이어야 하고 field는 id, title 중 하나여야 합니다');
    expect(t.requestPart('query')).toBe('요청의 query 값이 올바르지 않습니다.');
    expect(t.bulkTooMany(100, 120)).toBe('한 번에 문제를 100개까지 올릴 수 있습니다 (이번에는 120개).');
    expect(t.searchField('title, question')).toBe('field는 title, question 중 하나여야 합니다');
    expect(t.searchTooLong(100)).toBe('q는 100자 이하여야 합니다');
    expect(t.titleTooLong(200)).toBe('title은 200자 이하여야 합니다');
    expect(t.fieldWholeNumber('page')).toBe('page은(는) 정수여야 합니다');
    expect(t.fieldAtLeast('size', 1)).toBe('size은(는) 1 이상이어야 합니다');
    expect(t.fieldAtMost('size', 100)).toBe('size은(는) 100 이하여야 합니다');
    expect(t.atMostStudentsAtOnce(50)).toBe('한 번에 학생 50명까지입니다');
    expect(t.atMostPairsAtOnce(500)).toBe('한 번에 500쌍까지입니다');
    expect(t.atMostSortOrders(5)).toBe('정렬 기준은 5개까지입니다');
    expect(t.noStudentNamed('zed')).toBe('zed(이)라는 학생이 없습니다');
    expect(t.notAStudent).toBe('학생 계정이 아닙니다');
    expect(t.noServiceNamed('피아노')).toBe('피아노(이)라는 서비스가 없습니다');
  });

  it('answers in a batch', () => {
    expect(t.answeredTwice(4)).toBe('문제 4의 답이 한 번에 두 번 들어 있습니다');
    expect(t.noQuestion(4)).toBe('번호가 4인 문제가 없습니다');
    expect(t.notPending(4, 'ann')).toBe('문제 4은(는) ann이(가) 풀 차례인 문제가 아닙니다');
    expect(t.assignedAgain(4, 'ann')).toBe(
      '문제 4은(는) ann에게 다시 배정되었습니다. 문제 풀기 화면에서 답하세요',
    );
    expect(t.notInReview(4, 'ann')).toBe('문제 4은(는) ann의 복습 목록에 없습니다');
    expect(t.notDueYet(4, '2026-11-27')).toBe('문제 4은(는) 2026-11-27에 복습할 문제입니다');
    expect(t.staleDraft(4)).toBe('문제 4의 답을 입력한 뒤에 다른 탭이나 다른 기기에서 답이 바뀌었습니다');
    expect(t.answerItem(2, 'answer', '너무 깁니다')).toBe('답 2 (answer): 너무 깁니다');
  });
});
