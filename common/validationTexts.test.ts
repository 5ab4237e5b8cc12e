import { describe, expect, it } from 'vitest';
import { validationTexts as t } from './validationTexts.ts';

/** The English refusals' text functions, the words written out by hand. */
describe('validation texts (English)', () => {
  it('limits', () => {
    expect(t.required).toBe('is required');
    expect(t.atMostLines(5)).toBe('must be at most 5 lines');
    expect(t.atMostDays(30)).toBe('must be at most 30 days');
    expect(t.atMostCharacters(40)).toBe('must be at most 40 characters');
    expect(t.atLeastCharacters(8)).toBe('must be at least 8 characters');
    expect(t.atMost(9)).toBe('must be at most 9');
    expect(t.atMostItems(10)).toBe('must have at most 10 items');
    expect(t.itemsAtMostCharacters(100)).toBe('items must be at most 100 characters');
    expect(t.atMostAnswers(50)).toBe('must hold at most 50 answers');
    expect(t.atMostChanges(50)).toBe('must hold at most 50 changes');
    expect(t.atMostMarks(200)).toBe('must mark at most 200 submissions');
    expect(t.atMostDigits(4)).toBe('must have at most 4 digits');
    expect(t.atMostDaysAhead(365)).toBe('must be at most 365 days ahead');
    expect(t.steps(1, 10)).toBe('must have 1 to 10 steps');
    expect(t.stepDays(1, 365)).toBe('every step must be a whole number of days from 1 to 365');
    expect(t.operands(99, 998)).toBe('operands must be whole numbers from 99 to 998');
    expect(t.atMostStudents(500)).toBe('at most 500 students');
    expect(t.atMostStudentsAtOnce(50)).toBe('at most 50 students at once');
    expect(t.atMostPairsAtOnce(500)).toBe('at most 500 pairs at once');
    expect(t.atMostSortOrders(5)).toBe('at most 5 sort orders');
  });

  it('roles, orders, searches, the request and the lists', () => {
    expect(t.roles('ADMIN, TEACHER')).toBe(
      'must be upper-case roles separated by commas, each one of ADMIN, TEACHER',
    );
    expect(t.rolesNot('ADMIN, TEACHER', 'BOSS')).toBe(
      'must be upper-case roles separated by commas, each one of ADMIN, TEACHER (not BOSS)',
    );
    expect(t.sort('title, id')).toBe('must be field,asc|desc with field one of title, id');
    expect(t.requestPart('query')).toBe('The request query is not valid.');
    expect(t.bulkTooMany(100, 120)).toBe('At most 100 questions in one upload (this one has 120).');
    expect(t.searchField('title, question')).toBe('field must be one of title, question');
    expect(t.searchTooLong(200)).toBe('q must be at most 200 characters');
    expect(t.titleTooLong(200)).toBe('title must be at most 200 characters');
    expect(t.fieldWholeNumber('page')).toBe('page must be a whole number');
    expect(t.fieldAtLeast('page', 0)).toBe('page must be at least 0');
    expect(t.fieldAtMost('size', 100)).toBe('size must be at most 100');
  });

  it('names and the answers of a batch', () => {
    expect(t.noStudentNamed('zed')).toBe('no student named zed');
    expect(t.notAStudent).toBe('not a student account');
    expect(t.noServiceNamed('Art')).toBe('no service named Art');
    expect(t.answeredTwice(7)).toBe('question 7 is answered twice in this batch');
    expect(t.noQuestion(7)).toBe('no question with id 7');
    expect(t.notPending(7, 'ann')).toBe('question 7 is not pending for ann');
    expect(t.assignedAgain(7, 'ann')).toBe(
      'question 7 is assigned to ann again: answer it on the tutoring page',
    );
    expect(t.notInReview(7, 'ann')).toBe("question 7 is not in ann's review list");
    expect(t.notDueYet(7, '2026-11-27')).toBe('question 7 is not due for review until 2026-11-27');
    expect(t.staleDraft(7)).toBe(
      "question 7's answer was changed in another tab or on another device since this answer was typed",
    );
    expect(t.answerItem(2, 'questionId', 'is required')).toBe('Answer 2 (questionId): is required');
  });
});
