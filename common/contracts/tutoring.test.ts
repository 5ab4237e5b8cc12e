import { describe, expect, it } from 'vitest';
import { limits, MAX_ID, questionLimits as q } from '../limits.ts';
import { describeIssues } from '../validation.ts';
import type { z } from '../zod.ts';
import {
  AssignmentCreateRequest,
  DayQuery,
  DraftsPatchRequest,
  MarkingQuery,
  MarkRequest,
  QuestionCreateRequest,
  QuestionUpdateBatch,
  QuestionUpdateItem,
  RedoBatch,
  SubmissionBatch,
  TopicLinkRequest,
  TopicTitle,
  YearMonthParams,
} from './tutoring.ts';

/** The API's 400 message for a value (`field: problem; …`); fails when the value is accepted. */
function refusal(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`accepted: ${JSON.stringify(value).slice(0, 200)}`);
  return describeIssues(result.error.issues).message;
}

const x = (n: number) => 'x'.repeat(n);
const list = <T>(n: number, item: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => item(i));

const question = {
  title: 'T',
  question: 'Q',
  type: 'm',
  candidates: ['a', 'b'],
  answer: 'a',
  explanation: 'E',
  targetDate: '2026-03-11T10:00',
};

describe('QuestionCreateRequest', () => {
  it('fills what may be left out: no options, hint, students, topics or generated date', () => {
    expect(QuestionCreateRequest.parse({ ...question, candidates: null, hint: '  ' })).toEqual({
      ...question,
      candidates: [],
      hint: null,
      students: [],
      topics: [],
      pictures: [],
    });
    expect(
      QuestionCreateRequest.parse({
        ...question,
        candidates: ['a', { value: 'b' }],
        hint: 'h',
        students: ['ann'],
        topics: ['t'],
        generatedDate: null,
      }),
    ).toMatchObject({
      candidates: ['a', 'b'],
      hint: 'h',
      students: ['ann'],
      topics: ['t'],
      generatedDate: null,
    });
    expect(QuestionCreateRequest.parse({ ...question, answer: ' a ' }).answer).toBe(' a ');
  });

  it('says what is wrong with each field', () => {
    expect(refusal(QuestionCreateRequest, {})).toBe(
      'title: is required; question: is required; type: must be m, M or s; answer: is required; explanation: is required; targetDate: is required',
    );
    expect(refusal(QuestionCreateRequest, { ...question, targetDate: '' })).toBe('targetDate: is required');
    expect(refusal(QuestionCreateRequest, { ...question, answer: '   ' })).toBe('answer: must not be empty');
    expect(refusal(QuestionCreateRequest, { ...question, type: 'x' })).toBe('type: must be m, M or s');
    expect(refusal(QuestionCreateRequest, { ...question, generatedDate: 5 })).toBe(
      'generatedDate: must be a date-time text',
    );
    expect(refusal(QuestionCreateRequest, { ...question, hint: 5 })).toBe('hint: must be a text');
    expect(refusal(QuestionCreateRequest, { ...question, hint: x(q.hintMax + 1) })).toBe(
      `hint: must be at most ${q.hintMax} characters`,
    );
    expect(QuestionCreateRequest.parse({ ...question, hint: x(q.hintMax) }).hint).toHaveLength(q.hintMax);
    expect(refusal(QuestionCreateRequest, { ...question, candidates: 'a' })).toBe(
      'candidates: must be a list',
    );
    expect(refusal(QuestionCreateRequest, { ...question, candidates: list(21, String) })).toBe(
      'candidates: must have at most 20 items',
    );
    expect(
      QuestionCreateRequest.parse({ ...question, candidates: list(20, String) }).candidates,
    ).toHaveLength(20);
    expect(refusal(QuestionCreateRequest, { ...question, candidates: [x(q.candidateMax + 1)] })).toMatch(
      /^candidates\.0: /,
    );
    expect(QuestionCreateRequest.parse({ ...question, candidates: [x(q.candidateMax)] }).candidates).toEqual([
      x(q.candidateMax),
    ]);
    expect(
      QuestionCreateRequest.safeParse({ ...question, candidates: [{ value: x(q.candidateMax + 1) }] })
        .success,
    ).toBe(false);
  });

  it("names an option's problem in the form it was sent in: a text, or {value} for an object", () => {
    const tooLong = `must be at most ${q.candidateMax} characters`;
    const refusedOption = (option: unknown) =>
      refusal(QuestionCreateRequest, { ...question, candidates: ['a', option] });
    // Not a plain object: the text form's problem (the object form would say "expected object").
    expect(refusedOption(5)).toBe('candidates.1: must be a text');
    expect(refusedOption(null)).toBe('candidates.1: must be a text');
    expect(refusedOption(x(q.candidateMax + 1))).toBe(`candidates.1: ${tooLong}`);
    // An object: the {value} form's problem (the text form would say "must be a text").
    expect(refusedOption({ value: x(q.candidateMax + 1) })).toBe(`candidates.1: ${tooLong}`);
    expect(refusedOption({ value: 5 })).toBe('candidates.1: must be a text');
    // A list is no {value}: "expected object, received array" would be zod's words, not ours.
    expect(refusedOption(['a'])).toBe('candidates.1: must be a text');
  });

  it('bounds the lists of students and topics and their names', () => {
    expect(refusal(QuestionCreateRequest, { ...question, students: 'ann' })).toBe('students: must be a list');
    expect(refusal(QuestionCreateRequest, { ...question, students: [1] })).toBe('students.0: must be texts');
    expect(refusal(QuestionCreateRequest, { ...question, students: [x(41)] })).toBe(
      'students.0: items must be at most 40 characters',
    );
    expect(QuestionCreateRequest.parse({ ...question, students: [x(40)] }).students).toEqual([x(40)]);
    expect(refusal(QuestionCreateRequest, { ...question, students: list(q.studentsMax + 1, String) })).toBe(
      `students: must have at most ${q.studentsMax} items`,
    );
    expect(
      QuestionCreateRequest.parse({ ...question, students: list(q.studentsMax, String) }).students,
    ).toHaveLength(q.studentsMax);
    expect(refusal(QuestionCreateRequest, { ...question, topics: [x(q.topicMax + 1)] })).toBe(
      `topics.0: items must be at most ${q.topicMax} characters`,
    );
    expect(refusal(QuestionCreateRequest, { ...question, topics: list(q.topicsMax + 1, String) })).toBe(
      `topics: must have at most ${q.topicsMax} items`,
    );
  });
});

describe('AssignmentCreateRequest', () => {
  const good = { questionIds: [1, '2'], names: ['ann'], targetDate: '2026-03-11T10:00' };
  it('reads ids and names', () => {
    expect(AssignmentCreateRequest.parse(good)).toEqual({ ...good, questionIds: [1, 2] });
    expect(
      AssignmentCreateRequest.parse({ ...good, questionIds: list(1000, (i) => i + 1) }).questionIds,
    ).toHaveLength(1000);
  });
  it('refuses empty or too long lists and a missing date', () => {
    expect(refusal(AssignmentCreateRequest, { ...good, questionIds: [] })).toBe(
      'questionIds: must not be empty',
    );
    expect(refusal(AssignmentCreateRequest, { ...good, questionIds: 1 })).toBe('questionIds: must be a list');
    expect(refusal(AssignmentCreateRequest, { ...good, questionIds: list(1001, (i) => i + 1) })).toBe(
      'questionIds: must have at most 1000 items',
    );
    expect(refusal(AssignmentCreateRequest, { ...good, names: [] })).toBe('names: must not be empty');
    expect(refusal(AssignmentCreateRequest, { ...good, targetDate: '' })).toBe('targetDate: is required');
    expect(refusal(AssignmentCreateRequest, { ...good, targetDate: undefined })).toBe(
      'targetDate: is required',
    );
  });
});

describe('answers: SubmissionBatch and RedoBatch', () => {
  const answer = { questionId: 1, studentAnswer: 'a', studentName: 'ann' };
  it('reads answers, ignoring a sent submit date, with an optional draft version', () => {
    expect(SubmissionBatch.parse([{ ...answer, submitDate: 'whenever', draftVersion: 0 }])).toEqual([
      { ...answer, submitDate: 'whenever', draftVersion: 0 },
    ]);
    expect(RedoBatch.parse([{ questionId: '3', studentAnswer: '' }])).toEqual([
      { questionId: 3, studentAnswer: '' },
    ]);
    expect(SubmissionBatch.parse(list(q.submissionBatchMax, () => answer))).toHaveLength(
      q.submissionBatchMax,
    );
    expect(RedoBatch.parse(list(q.submissionBatchMax, () => answer))).toHaveLength(q.submissionBatchMax);
  });
  it('refuses empty, too long and malformed batches', () => {
    for (const batch of [SubmissionBatch, RedoBatch]) {
      expect(refusal(batch, {})).toBe('must be a list of answers');
      expect(refusal(batch, [])).toBe('must hold at least one answer');
      expect(
        refusal(
          batch,
          list(q.submissionBatchMax + 1, () => answer),
        ),
      ).toBe(`must hold at most ${q.submissionBatchMax} answers`);
      expect(refusal(batch, [{ ...answer, studentAnswer: 1 }])).toBe('0.studentAnswer: must be a text');
      expect(refusal(batch, [{ ...answer, studentAnswer: x(q.studentAnswerMax + 1) }])).toBe(
        `0.studentAnswer: must be at most ${q.studentAnswerMax} characters`,
      );
      expect(refusal(batch, [{ ...answer, draftVersion: -1 }])).toBe('0.draftVersion: must not be negative');
      expect(refusal(batch, [{ ...answer, draftVersion: 0.5 }])).toBe(
        '0.draftVersion: must be a whole number',
      );
      expect(refusal(batch, [{ ...answer, draftVersion: '1' }])).toBe('0.draftVersion: must be a number');
      expect(refusal(batch, [{ ...answer, draftVersion: MAX_ID + 1 }])).toBe(
        `0.draftVersion: must be at most ${MAX_ID}`,
      );
    }
    expect(
      SubmissionBatch.parse([{ ...answer, studentAnswer: x(q.studentAnswerMax), draftVersion: MAX_ID }]),
    ).toHaveLength(1);
    expect(refusal(SubmissionBatch, [{ ...answer, studentName: ' ' }])).toBe(
      '0.studentName: must not be empty',
    );
    expect(refusal(SubmissionBatch, [{ ...answer, studentName: x(41) }])).toBe(
      '0.studentName: must be at most 40 characters',
    );
  });
});

describe('MarkRequest', () => {
  it('maps submission ids to 0, 1 or -1, at most 1000', () => {
    expect(MarkRequest.parse({})).toEqual({});
    expect(MarkRequest.parse({ 1: 1, 22: -1, [MAX_ID]: 0 })).toEqual({ 1: 1, 22: -1, [MAX_ID]: 0 });
    const many = Object.fromEntries(list(1000, (i) => [String(i + 1), 1]));
    expect(Object.keys(MarkRequest.parse(many))).toHaveLength(1000);
    expect(refusal(MarkRequest, { ...many, 1001: 1 })).toBe('must mark at most 1000 submissions');
  });
  it('refuses other keys and marks', () => {
    for (const key of ['0', '01', 'x', String(MAX_ID + 1), '12345678901'])
      expect(refusal(MarkRequest, { [key]: 1 }), key).toMatch(/keys must be submission ids$/);
    expect(refusal(MarkRequest, { 1: 2 })).toBe('1: marks must be 0, 1 or -1');
  });
});

describe('DraftsPatchRequest', () => {
  it('maps question ids to an answer and the version it was typed over', () => {
    expect(DraftsPatchRequest.parse({ changes: { 5: { answer: '', version: 0 } } })).toEqual({
      changes: { 5: { answer: '', version: 0 } },
    });
    const most = Object.fromEntries(list(q.draftsMax, (i) => [String(i + 1), { answer: 'a', version: 1 }]));
    expect(Object.keys(DraftsPatchRequest.parse({ changes: most }).changes)).toHaveLength(q.draftsMax);
    expect(
      refusal(DraftsPatchRequest, { changes: { ...most, [q.draftsMax + 1]: { answer: 'a', version: 1 } } }),
    ).toBe(`changes: must hold at most ${q.draftsMax} changes`);
  });
  it('refuses no change, other keys and bad answers', () => {
    expect(refusal(DraftsPatchRequest, { changes: {} })).toBe('changes: must hold at least one change');
    expect(refusal(DraftsPatchRequest, { changes: [] })).toBe(
      'changes: must map question ids to {answer, version}',
    );
    expect(refusal(DraftsPatchRequest, { changes: 'x' })).toBe(
      'changes: must map question ids to {answer, version}',
    );
    expect(refusal(DraftsPatchRequest, { changes: { q1: { answer: 'a', version: 0 } } })).toMatch(
      /keys must be question ids$/,
    );
    expect(refusal(DraftsPatchRequest, { changes: { 1: { answer: 1, version: 0 } } })).toBe(
      'changes.1.answer: must be a text',
    );
    expect(
      refusal(DraftsPatchRequest, { changes: { 1: { answer: x(q.studentAnswerMax + 1), version: 0 } } }),
    ).toBe(`changes.1.answer: must be at most ${q.studentAnswerMax} characters`);
  });
});

describe('days, months and the marking inbox', () => {
  it('DayQuery takes a YYYY-MM-DD day or none', () => {
    expect(DayQuery.parse({})).toEqual({});
    expect(DayQuery.parse({ date: '2026-02-28' })).toEqual({ date: '2026-02-28' });
    expect(refusal(DayQuery, { date: '2026-02-30' })).toBe('date: date must be YYYY-MM-DD');
  });
  it('YearMonthParams takes years 1000 to 9999 and months 1 to 12', () => {
    expect(YearMonthParams.parse({ year: '2026', month: '01' })).toEqual({ year: 2026, month: 1 });
    expect(YearMonthParams.parse({ year: '9999', month: '12' })).toEqual({ year: 9999, month: 12 });
    expect(refusal(YearMonthParams, { year: '0999', month: '1' })).toBe('year: must be 1000 to 9999');
    expect(refusal(YearMonthParams, { year: '12026', month: '1' })).toBe('year: must be 1000 to 9999');
    expect(refusal(YearMonthParams, { year: '2026x', month: '1' })).toBe('year: must be 1000 to 9999');
    expect(refusal(YearMonthParams, { year: '2026', month: '13' })).toBe('month: must be 1 to 12');
    expect(refusal(YearMonthParams, { year: '2026', month: '0' })).toBe('month: must be 1 to 12');
    expect(refusal(YearMonthParams, { year: '2026', month: '123' })).toBe('month: must be 1 to 12');
    expect(refusal(YearMonthParams, { year: '2026', month: 'x1' })).toBe('month: must be 1 to 12');
    // Number(' 1') is 1: the pattern, not the range check, refuses spaces around the month.
    expect(refusal(YearMonthParams, { year: '2026', month: ' 1' })).toBe('month: must be 1 to 12');
    expect(refusal(YearMonthParams, { year: '2026', month: '1 ' })).toBe('month: must be 1 to 12');
  });
  it('MarkingQuery trims the student and drops a blank one', () => {
    expect(MarkingQuery.parse({ student: ' Ann ', date: '2026-03-10' })).toEqual({
      student: 'Ann',
      date: '2026-03-10',
    });
    expect(MarkingQuery.parse({ student: '  ' })).toEqual({ student: undefined });
    expect(refusal(MarkingQuery, { student: x(limits.usernameMax + 1) })).toBe(
      `student: must be at most ${limits.usernameMax} characters`,
    );
    expect(MarkingQuery.parse({ student: x(limits.usernameMax) }).student).toHaveLength(limits.usernameMax);
    expect(refusal(MarkingQuery, { date: 'today' })).toBe('date: date must be YYYY-MM-DD');
  });
});

describe('QuestionUpdateBatch', () => {
  it('takes only the fields that change', () => {
    expect(QuestionUpdateBatch.parse([{ id: 1 }])).toEqual([{ id: 1 }]);
    expect(
      QuestionUpdateItem.parse({
        id: '2',
        title: 'T',
        hint: null,
        candidates: ['a', { value: 'b' }],
        topics: ['t'],
      }),
    ).toEqual({ id: 2, title: 'T', hint: null, candidates: ['a', 'b'], topics: ['t'] });
    expect(QuestionUpdateBatch.parse(list(200, (i) => ({ id: i + 1 })))).toHaveLength(200);
  });
  it('refuses blank texts, wrong types, reassignment and too many changes', () => {
    expect(refusal(QuestionUpdateBatch, {})).toBe('must be a list of changes');
    expect(refusal(QuestionUpdateBatch, [])).toBe('must hold at least one change');
    expect(
      refusal(
        QuestionUpdateBatch,
        list(201, (i) => ({ id: i + 1 })),
      ),
    ).toBe('must hold at most 200 changes');
    expect(refusal(QuestionUpdateItem, { id: 1, title: ' ' })).toBe('title: must not be empty');
    expect(refusal(QuestionUpdateItem, { id: 1, answer: 3 })).toBe('answer: must be a text');
    expect(refusal(QuestionUpdateItem, { id: 1, explanation: x(q.explanationMax + 1) })).toBe(
      `explanation: must be at most ${q.explanationMax} characters`,
    );
    expect(QuestionUpdateItem.parse({ id: 1, explanation: x(q.explanationMax) }).explanation).toHaveLength(
      q.explanationMax,
    );
    expect(refusal(QuestionUpdateItem, { id: 1, type: 'q' })).toBe('type: must be m, M or s');
    expect(refusal(QuestionUpdateItem, { id: 1, hint: x(q.hintMax + 1) })).toBe(
      `hint: must be at most ${q.hintMax} characters`,
    );
    expect(refusal(QuestionUpdateItem, { id: 1, hint: 1 })).toBe('hint: must be a text');
    expect(refusal(QuestionUpdateItem, { id: 1, generatedDate: 1 })).toBe(
      'generatedDate: must be a date-time text',
    );
    expect(refusal(QuestionUpdateItem, { id: 1, candidates: 'a' })).toBe('candidates: must be a list');
    expect(refusal(QuestionUpdateItem, { id: 1, candidates: list(21, String) })).toBe(
      'candidates: must have at most 20 items',
    );
    const reassign = 'students: cannot be changed here: reassign with POST assignments (the archive page)';
    expect(refusal(QuestionUpdateItem, { id: 1, students: ['ann'] })).toBe(reassign);
    expect(refusal(QuestionUpdateItem, { id: 1, targetDate: '2026-03-11' })).toBe(reassign);
  });
});

describe('topics', () => {
  it('TopicLinkRequest needs ids and topics', () => {
    expect(TopicLinkRequest.parse({ questionIds: [1], topics: ['t'] })).toEqual({
      questionIds: [1],
      topics: ['t'],
    });
    expect(refusal(TopicLinkRequest, { questionIds: [], topics: [] })).toBe(
      'questionIds: must not be empty; topics: must not be empty',
    );
    expect(refusal(TopicLinkRequest, { questionIds: 'x', topics: ['t'] })).toBe(
      'questionIds: must be a list',
    );
    expect(refusal(TopicLinkRequest, { questionIds: list(1001, (i) => i + 1), topics: ['t'] })).toBe(
      'questionIds: must have at most 1000 items',
    );
    expect(
      TopicLinkRequest.parse({ questionIds: list(1000, (i) => i + 1), topics: ['t'] }).questionIds,
    ).toHaveLength(1000);
  });
  it('TopicTitle is a trimmed text up to the topic limit', () => {
    expect(TopicTitle.parse(' Sorting ')).toBe('Sorting');
    expect(refusal(TopicTitle, x(q.topicMax + 1))).toBe(`must be at most ${q.topicMax} characters`);
  });
});
