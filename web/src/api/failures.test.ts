import { afterEach, describe, expect, it } from 'vitest';
import { failureTexts } from '../../../common/messages.ts';
import { showLanguage } from '../i18n/language.ts';
import { ApiError } from './client.ts';
import { describeDetail, failureMessage } from './failures.ts';

const fallback = failureTexts.serverIssue;
const failed = (status: number, message: string, details?: { path: string; message: string }[]) =>
  new ApiError(status, message, { status, error: '', message, ...(details ? { details } : {}) });

describe('describeDetail', () => {
  it('names a request position through the page labeller, and the field in words', () => {
    const item = (index: number) => `Question ${[8, 9][index]}`;
    expect(describeDetail({ path: '0.title', message: 'must not be empty' }, { item })).toBe(
      'Question 8: Title must not be empty',
    );
    expect(
      describeDetail({ path: '[1].studentAnswer', message: 'must be at most 10000 characters' }, { item }),
    ).toBe('Question 9: Answer must be at most 10000 characters');
    expect(describeDetail({ path: '[1]', message: 'Title is missing' }, { item })).toBe(
      'Question 9: Title is missing',
    );
  });

  it('says "Item n" when the page gave no labeller, never a raw index: people count from 1', () => {
    expect(describeDetail({ path: '2.candidates.1', message: 'must not be empty' })).toBe(
      'Item 3: Options must not be empty',
    );
    expect(describeDetail({ path: '[0]', message: 'Title is missing' })).toBe('Item 1: Title is missing');
  });

  it('names a keyed draft change by the question, and a plain field by its label', () => {
    expect(
      describeDetail(
        { path: 'changes.123.answer', message: 'must be a text' },
        { keyed: (id) => `Question #${id}` },
      ),
    ).toBe('Question #123: Answer must be a text');
    expect(describeDetail({ path: 'targetDate', message: 'must be at most 14 days ahead' })).toBe(
      'Due date must be at most 14 days ahead',
    );
    expect(describeDetail({ path: 'q', message: 'must be at most 200 characters' })).toBe(
      'Search text must be at most 200 characters',
    );
    // A message that is a sentence of its own is not glued to the field name.
    expect(describeDetail({ path: '', message: 'answer it on the tutoring page' })).toBe(
      'Answer it on the tutoring page',
    );
  });
});

describe('failureMessage: the one rule for every page', () => {
  it('turns a 400 with details into words, one line per problem, never the raw path', () => {
    const error = failed(400, '0.title: must not be empty; 1.answer: must not be empty', [
      { path: '0.title', message: 'must not be empty' },
      { path: '1.answer', message: 'must not be empty' },
    ]);
    const words = failureMessage(error, { fallback, item: (i) => `Question ${i + 41}` });
    expect(words).toBe('Question 41: Title must not be empty\nQuestion 42: Answer must not be empty');
    expect(words).not.toMatch(/\d\.title|title:/);
    const field = failed(400, 'title: must not be empty', [{ path: 'title', message: 'must not be empty' }]);
    expect(failureMessage(field, { fallback })).toBe('Title must not be empty');
  });

  it('shows the message of any 4xx without details (409, 404, 413, 429), whatever the status', () => {
    for (const status of [400, 404, 409, 413, 429]) {
      expect(failureMessage(failed(status, 'Email is already in use!'), { fallback })).toBe(
        'Email is already in use!',
      );
    }
  });

  it("uses the page's words for a 404 when it has them", () => {
    expect(
      failureMessage(failed(404, 'Student not found.'), {
        fallback,
        notFound: 'There is no student named bob.',
      }),
    ).toBe('There is no student named bob.');
  });

  it("shows the page's generic text for a 5xx, the server's for a 503 (busy, retry), the client's for no answer", () => {
    expect(failureMessage(failed(500, 'Something went wrong on our side. ref abc'), { fallback })).toBe(
      fallback,
    );
    expect(failureMessage(failed(502, 'Bad gateway'), { fallback })).toBe(fallback);
    expect(failureMessage(failed(503, 'The server is busy. Try again in a few seconds.'), { fallback })).toBe(
      'The server is busy. Try again in a few seconds.',
    );
    expect(failureMessage(new ApiError(0, 'The server could not be reached.', null), { fallback })).toBe(
      'The server could not be reached.',
    );
    expect(failureMessage(new TypeError('boom'), { fallback })).toBe(fallback);
  });
});

describe('every page', () => {
  it('leaves the wording of a failed call to this rule (no page reads statuses or server messages itself)', () => {
    const sources = import.meta.glob<string>(['../pages/**/*.{ts,tsx}', '!../pages/**/*.test.*'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    expect(Object.keys(sources).length).toBeGreaterThan(10);
    const offenders = Object.entries(sources)
      .filter(([, source]) =>
        /error\.message|error\.status\s*(===?\s*4\d\d|<\s*500)|isApiError\(error, 400\)/.test(source),
      )
      .map(([file]) => file);
    expect(offenders).toEqual([]);
  });
});

describe('in Korean', () => {
  afterEach(() => showLanguage('en'));

  it("names fields and positions in Korean, the server's Korean problem after the field's name", async () => {
    await showLanguage('ko');
    expect(describeDetail({ path: '0.title', message: '비어 있으면 안 됩니다' })).toBe(
      '1번 항목: 제목은 비어 있으면 안 됩니다',
    );
    expect(
      describeDetail(
        { path: '[1].studentAnswer', message: '10000자 이하여야 합니다' },
        { item: (index) => `문제 ${index + 1}` },
      ),
    ).toBe('문제 2: 답은 10000자 이하여야 합니다');
    expect(describeDetail({ path: 'q', message: '200자 이하여야 합니다' })).toBe(
      '검색어는 200자 이하여야 합니다',
    );
    // A problem that names its question reads on its own.
    expect(describeDetail({ path: '[0].questionId', message: '번호가 9인 문제가 없습니다' })).toBe(
      '1번 항목: 번호가 9인 문제가 없습니다',
    );
  });
});
