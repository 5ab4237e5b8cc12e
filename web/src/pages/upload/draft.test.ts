import { describe, expect, it } from 'vitest';
import * as en from '../../../../common/authoringTexts.ts';
import * as ko from '../../../../common/i18n/ko/authoringTexts.ts';
import { answerOf, blankDraft, checkDraft, type Draft, keepLocked } from './draft.ts';

const now = new Date('2026-11-23T10:00:00Z');
const ZONE = 'Asia/Seoul';
function filled(overrides: Partial<Draft> = {}): Draft {
  const d = blankDraft();
  return {
    ...d,
    title: 'Loops',
    question: 'What prints?',
    code: 'System.out.print(1);',
    type: 'm',
    optionCount: 2,
    options: [{ value: '1', isCode: false }, { value: '2', isCode: false }, ...d.options.slice(2)],
    correct: [0],
    explanation: 'It prints 1.',
    dueDate: '2026-11-24T10:00',
    students: ['alice'],
    ...overrides,
  };
}

describe('upload drafts', () => {
  it('checks in a fixed order, each check with its alert', () => {
    const empty = blankDraft();
    expect(checkDraft(empty, now, ZONE, en)).toEqual({ problem: 'Answer is missing.' });
    expect(checkDraft(filled({ title: ' ' }), now, ZONE, en)).toEqual({ problem: 'Title is missing.' });
    // With no type chosen the page shows the written answer's field: an answer typed there is not
    // missing, the type is; with that field empty, the answer is missing first.
    expect(checkDraft(filled({ type: '', correct: [], answerText: 'x' }), now, ZONE, en)).toEqual({
      problem: 'Type is missing.',
    });
    expect(checkDraft(filled({ type: '', correct: [], answerText: '' }), now, ZONE, en)).toEqual({
      problem: 'Answer is missing.',
    });
    expect(checkDraft(filled({ explanation: '' }), now, ZONE, en)).toEqual({
      problem: 'Explanation is missing.',
    });
    expect(checkDraft(filled({ question: '' }), now, ZONE, en)).toEqual({ problem: 'Question is missing.' });
    expect(checkDraft(filled({ dueDate: '' }), now, ZONE, en)).toEqual({
      problem: 'Target Date is missing.',
    });
    expect(checkDraft(filled({ dueDate: '2026-12-20T10:00' }), now, ZONE, en)).toEqual({
      problem: 'Due Date must be at most 14 days ahead.',
    });
  });

  it('says the same problems in Korean, the rules of the options and due date too', () => {
    expect(checkDraft(blankDraft(), now, ZONE, ko)).toEqual({ problem: '정답을 입력하세요.' });
    expect(checkDraft(filled({ dueDate: '2026-12-20T10:00' }), now, ZONE, ko)).toEqual({
      problem: '마감일은 14일 이내여야 합니다.',
    });
    expect(checkDraft(filled({ dueDate: '2026-11-20T10:00' }), now, ZONE, ko)).toEqual({
      problem: '마감일은 지난 시각일 수 없습니다.',
    });
    expect(checkDraft(filled({ correct: [], type: 'm' }), now, ZONE, ko)).toEqual({
      problem: '정답을 입력하세요.',
    });
    const same = filled({
      options: [
        { value: '1', isCode: false },
        { value: '1', isCode: false },
      ],
    });
    expect(checkDraft(same, now, ZONE, ko)).toEqual({ problem: '보기: 보기끼리 서로 달라야 합니다.' });
    expect(checkDraft(same, now, ZONE, en)).toEqual({
      problem: 'Options: options must differ from each other.',
    });
  });

  it('builds the request: code after the marker, M answers as a JSON array, lists lower-cased', () => {
    const result = checkDraft(filled({ topics: ' Java, LOOPS ,java', language: 'sql' }), now, ZONE, en);
    expect('question' in result && result.question).toMatchObject({
      question: 'What prints?&code:&type=sql:System.out.print(1);',
      candidates: ['1', '2'],
      answer: '1',
      topics: ['java', 'loops'],
      students: ['alice'],
    });
    const multi = filled({
      type: 'M',
      optionCount: 3,
      correct: [2, 0],
      options: [
        { value: 'a', isCode: false },
        { value: 'b', isCode: false },
        { value: 'int c;', isCode: true },
        { value: '', isCode: false },
        { value: '', isCode: false },
      ],
    });
    expect(answerOf(multi)).toBe('["&code:int c;","a"]');
    expect(answerOf(filled({ type: 's', answerText: 'x = 1', answerIsCode: true }))).toBe('&code:x = 1');
  });

  it("reads the due date in the app's zone, whatever the browser's (one rule with the server)", () => {
    const seoul = checkDraft(filled({ dueDate: '2026-11-24T10:00' }), now, 'Asia/Seoul', en);
    expect('question' in seoul && seoul.question.targetDate).toBe('2026-11-24T01:00:00.000Z');
    const newYork = checkDraft(filled({ dueDate: '2026-11-24T10:00' }), now, 'America/New_York', en);
    expect('question' in newYork && newYork.question.targetDate).toBe('2026-11-24T15:00:00.000Z');
    // 19:00 on 23 November is already past in Seoul (10:00 UTC is 19:00 there) but not in New York.
    expect(checkDraft(filled({ dueDate: '2026-11-23T18:30' }), now, 'Asia/Seoul', en)).toEqual({
      problem: 'Due Date must not be in the past.',
    });
    expect(
      'question' in checkDraft(filled({ dueDate: '2026-11-23T18:30' }), now, 'America/New_York', en),
    ).toBe(true);
  });

  it('keeps only locked fields in a fresh draft', () => {
    const next = keepLocked(filled(), new Set(['dueDate', 'students'] as const));
    expect(next.dueDate).toBe('2026-11-24T10:00');
    expect(next.students).toEqual(['alice']);
    expect(next.title).toBe('');
    expect(next.type).toBe('');
  });
});
