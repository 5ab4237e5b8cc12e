import { describe, expect, it } from 'vitest';
import { questionLimits } from '../limits.ts';
import { checkBulkItem, checkOptionsAndAnswer, dueDateProblem, dueDateReason } from './checks.ts';

const NOW = new Date('2026-03-10T01:00:00Z');
const ZONE = 'Asia/Seoul';
const DAY = 86_400_000;

describe('checkOptionsAndAnswer', () => {
  it('takes a short answer as it is, without options', () => {
    expect(checkOptionsAndAnswer('s', ['x', 'y'], ' any ')).toEqual({
      ok: true,
      options: [],
      answer: ' any ',
    });
  });

  it('needs 2 to 5 options, naming the type', () => {
    expect(checkOptionsAndAnswer('m', ['a'], 'a')).toEqual({
      ok: false,
      field: 'candidates',
      reason: 'optionCount',
      message: 'a multiple-choice question needs 2 to 5 options',
    });
    expect(checkOptionsAndAnswer('M', ['a', 'b', 'c', 'd', 'e', 'f'], '["a"]')).toEqual({
      ok: false,
      field: 'candidates',
      reason: 'optionCount',
      message: 'a multiple-answer question needs 2 to 5 options',
    });
    expect(checkOptionsAndAnswer('m', ['a', 'b'], 'a')).toEqual({
      ok: true,
      options: ['a', 'b'],
      answer: 'a',
    });
    expect(checkOptionsAndAnswer('m', ['a', 'b', 'c', 'd', 'e'], 'e').ok).toBe(true);
  });

  it('refuses blank and repeated options', () => {
    expect(checkOptionsAndAnswer('m', ['a', ' '], 'a')).toEqual({
      ok: false,
      field: 'candidates',
      reason: 'emptyOption',
      message: 'options must not be empty',
    });
    expect(checkOptionsAndAnswer('M', ['a', 'a'], '["a"]')).toEqual({
      ok: false,
      field: 'candidates',
      reason: 'sameOptions',
      message: 'options must differ from each other',
    });
  });

  it('wants a multiple-choice answer among the options', () => {
    expect(checkOptionsAndAnswer('m', ['a', 'b'], 'c')).toEqual({
      ok: false,
      field: 'answer',
      reason: 'notAnOption',
      message: 'must be one of the options',
    });
  });

  it('wants a multiple-answer answer as a JSON array of options, and answers it normalised', () => {
    const notArray = {
      ok: false,
      field: 'answer',
      reason: 'notAnArray',
      message: `a multiple-answer question's answer must be a JSON array of options, e.g. ["a","c"]`,
    };
    expect(checkOptionsAndAnswer('M', ['a', 'b'], 'a')).toEqual(notArray);
    expect(checkOptionsAndAnswer('M', ['a', 'b'], '[]')).toEqual(notArray);
    expect(checkOptionsAndAnswer('M', ['a', 'b'], '["a","z"]')).toEqual({
      ok: false,
      field: 'answer',
      reason: 'notAllOptions',
      message: 'every answer must be one of the options',
    });
    expect(checkOptionsAndAnswer('M', ['a', 'b', 'c'], '["c", "a", "c"]')).toEqual({
      ok: true,
      options: ['a', 'b', 'c'],
      answer: '["c","a"]',
    });
  });
});

describe('dueDateProblem', () => {
  it('allows from a minute in the past to 14 days and a minute ahead', () => {
    const at = (ms: number) => new Date(NOW.getTime() + ms);
    expect(dueDateProblem(at(-60_000), NOW)).toBeNull();
    expect(dueDateProblem(at(-60_001), NOW)).toBe('must not be in the past');
    expect(dueDateProblem(at(14 * DAY + 60_000), NOW)).toBeNull();
    expect(dueDateProblem(at(14 * DAY + 60_001), NOW)).toBe('must be at most 14 days ahead');
    expect(questionLimits.maxDueDays).toBe(14);
    expect(dueDateReason(at(-60_001), NOW)).toBe('duePast');
    expect(dueDateReason(at(14 * DAY + 60_001), NOW)).toBe('dueFar');
    expect(dueDateReason(at(0), NOW)).toBeNull();
  });
});

const valid = {
  title: '  Sorting  ',
  question: 'Which is fastest?',
  type: 'm',
  candidates: ['a', { value: 'b' }],
  hint: 'think',
  students: [' Ann ', 'ann', 'Bob'],
  topics: ['Algo', ' algo '],
  answer: 'b',
  explanation: 'because',
  generatedDate: '2026-03-10T09:00:00',
  targetDate: '2026-03-11T10:00:00+09:00',
};

describe('checkBulkItem', () => {
  it('answers a good item ready to save: title trimmed, names normalised, options as texts', () => {
    expect(checkBulkItem(valid, NOW, ZONE)).toEqual({
      problems: [],
      question: {
        title: 'Sorting',
        question: 'Which is fastest?',
        type: 'm',
        candidates: ['a', 'b'],
        hint: 'think',
        students: ['ann', 'bob'],
        topics: ['algo'],
        answer: 'b',
        explanation: 'because',
        generatedDate: new Date('2026-03-10T00:00:00Z'),
        targetDate: new Date('2026-03-11T01:00:00Z'),
        pictures: [],
      },
    });
  });

  it('takes pictures by id on the server and by file name on the page, each with its alt text', () => {
    const id = 'd'.repeat(64);
    const byId = checkBulkItem(
      {
        ...valid,
        pictures: [
          { id, alt: ' A graph ' },
          { id, part: 'explanation', alt: 'x' },
        ],
      },
      NOW,
      ZONE,
    );
    expect(byId.problems).toEqual([]);
    expect(byId.question?.pictures).toEqual([
      { id, file: '', part: 'question', alt: 'A graph' },
      { id, file: '', part: 'explanation', alt: 'x' },
    ]);
    const byFile = { ...valid, pictures: [{ file: 'graph.png', alt: 'A graph' }] };
    expect(checkBulkItem(byFile, NOW, ZONE, undefined, 'file').problems).toEqual([]);
    expect(checkBulkItem(byFile, NOW, ZONE).problems).toEqual([
      "Picture 1: id is not an uploaded picture's id",
    ]);
    expect(
      checkBulkItem(
        { ...valid, pictures: [{ file: 'a.png', alt: ' ', part: 'hint' }, 'b.png', {}] },
        NOW,
        ZONE,
        undefined,
        'file',
      ).problems,
    ).toEqual([
      'Picture 1: part must be question or explanation',
      'Picture 1: alt text is missing (describe the picture in words)',
      'Picture 2 is not an object {file, alt, part}',
      "Picture 3: file (the picture's file name) is missing",
      'Picture 3: alt text is missing (describe the picture in words)',
    ]);
    expect(checkBulkItem({ ...valid, pictures: 'a.png' }, NOW, ZONE).problems).toEqual([
      "'pictures' must be a list of {file, alt, part}",
    ]);
  });

  it('reads a blank hint and missing topics as none, and normalises a multiple answer', () => {
    const { question } = checkBulkItem(
      { ...valid, type: 'M', answer: '["b","a","b"]', hint: '  ', topics: undefined },
      NOW,
      ZONE,
    );
    expect(question).toMatchObject({ hint: null, topics: [], answer: '["b","a"]', candidates: ['a', 'b'] });
    expect(checkBulkItem({ ...valid, hint: null, topics: null }, NOW, ZONE).question).toMatchObject({
      hint: null,
      topics: [],
    });
  });

  it('refuses what is not an object', () => {
    for (const item of [null, 3, 'x', [valid]])
      expect(checkBulkItem(item, NOW, ZONE)).toEqual({ problems: ['Item is not an object'], question: null });
  });

  it('lists every missing field in the fixed words and order', () => {
    expect(checkBulkItem({}, NOW, ZONE)).toEqual({
      problems: [
        'Title is missing',
        'Question is missing',
        'Type is missing or incorrect',
        "'candidates' are missing",
        "'students' header is missing",
        'Answer is missing',
        'Explanation is missing',
        'Generated date is missing',
        'Target date is missing',
      ],
      question: null,
    });
    expect(
      checkBulkItem(
        {
          ...valid,
          title: ' ',
          question: '',
          answer: ' ',
          explanation: '\t',
          generatedDate: ' ',
          targetDate: '',
        },
        NOW,
        ZONE,
      ).problems,
    ).toEqual([
      'Title is missing',
      'Question is missing',
      'Answer is missing',
      'Explanation is missing',
      'Generated date is missing',
      'Target date is missing',
    ]);
  });

  it('refuses texts past their limits, exactly at the limit they pass', () => {
    const long = (n: number) => 'x'.repeat(n);
    const limits = questionLimits;
    expect(
      checkBulkItem(
        {
          ...valid,
          type: 's',
          title: long(limits.titleMax + 1),
          question: long(limits.questionMax + 1),
          answer: long(limits.answerMax + 1),
          explanation: long(limits.explanationMax + 1),
        },
        NOW,
        ZONE,
      ).problems,
    ).toEqual([
      `Title is longer than ${limits.titleMax} characters`,
      `Question is longer than ${limits.questionMax} characters`,
      `Answer is longer than ${limits.answerMax} characters`,
      `Explanation is longer than ${limits.explanationMax} characters`,
    ]);
    expect(
      checkBulkItem(
        {
          ...valid,
          type: 's',
          title: long(limits.titleMax),
          question: long(limits.questionMax),
          answer: long(limits.answerMax),
          explanation: long(limits.explanationMax),
        },
        NOW,
        ZONE,
      ).problems,
    ).toEqual([]);
  });

  it('refuses a wrong type, non-text options, names, hint and topics, and bad dates', () => {
    expect(
      checkBulkItem(
        {
          ...valid,
          type: 'x',
          candidates: ['a', 3],
          students: ['ann', 4],
          hint: 5,
          topics: 'algo',
          generatedDate: 'yesterday',
          targetDate: '2026-02-30T10:00:00',
        },
        NOW,
        ZONE,
      ).problems,
    ).toEqual([
      'Type is missing or incorrect',
      "'candidates' must be texts",
      "'students' must be names",
      'Generated date is not a date-time',
      'Target date is not a date-time',
      'Hint must be a text',
      "'topics' must be a list of texts",
    ]);
    expect(checkBulkItem({ ...valid, topics: ['a', 1] }, NOW, ZONE).problems).toEqual([
      "'topics' must be a list of texts",
    ]);
    expect(checkBulkItem({ ...valid, candidates: [{ value: 1 }, 'b'] }, NOW, ZONE).problems).toEqual([
      "'candidates' must be texts",
    ]);
    expect(checkBulkItem({ ...valid, candidates: 'a,b' }, NOW, ZONE).problems).toEqual([
      "'candidates' are missing",
    ]);
    expect(checkBulkItem({ ...valid, candidates: [null, 'b'] }, NOW, ZONE).problems).toEqual([
      "'candidates' must be texts",
    ]);
  });

  it('checks the due date against the clock', () => {
    expect(checkBulkItem({ ...valid, targetDate: '2026-03-09T10:00:00+09:00' }, NOW, ZONE).problems).toEqual([
      'Target date must not be in the past',
    ]);
    expect(checkBulkItem({ ...valid, targetDate: '2026-03-30T10:00:00+09:00' }, NOW, ZONE).problems).toEqual([
      'Target date must be at most 14 days ahead',
    ]);
  });

  it('applies the option rules, naming the field', () => {
    expect(checkBulkItem({ ...valid, answer: 'z' }, NOW, ZONE).problems).toEqual([
      'Answer: must be one of the options',
    ]);
    expect(checkBulkItem({ ...valid, candidates: ['a'] }, NOW, ZONE).problems).toEqual([
      'Candidates: a multiple-choice question needs 2 to 5 options',
    ]);
    // No option rule when the options or the answer are already refused.
    expect(checkBulkItem({ ...valid, candidates: ['a', 3], answer: 'z' }, NOW, ZONE).problems).toEqual([
      "'candidates' must be texts",
    ]);
    expect(checkBulkItem({ ...valid, type: 'q', answer: 'z' }, NOW, ZONE).problems).toEqual([
      'Type is missing or incorrect',
    ]);
  });
});
