import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoleText } from '../../common/contracts/admin.ts';
import { pageQuery } from '../../common/contracts/paging.ts';
import { WallPostRequest } from '../../common/contracts/portfolio.ts';
import { validationTexts as ko } from '../../common/i18n/ko/validationTexts.ts';
import type { Language } from '../../common/i18n/translation.ts';
import { MAX_ID, MAX_PAGE_SIZE, questionLimits } from '../../common/limits.ts';
import { ROLES } from '../../common/roles.ts';
import { idField, says, text } from '../../common/validation.ts';
import { validationTexts as en } from '../../common/validationTexts.ts';
import { z } from '../../common/zod.ts';
import type { AppError } from '../errors.ts';
import { parseWith } from '../http/parse.ts';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { createQuestion, questionBody } from '../test/tutoring.ts';
import { inLanguage } from './texts.ts';

/**
 * A refused request's field-level problems (`details`) and the one line made of them come
 * in the request's language, like the other answers; the wire shape stays the same.
 */
let t: TestApp;
let student: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  student = await t.createUser({ roles: ['STUDENT'] });
});
afterAll(() => t.close());

const KOREAN = { 'accept-language': 'ko-KR,ko;q=0.9,en-US;q=0.8,en;q=0.7' };
type Body = { status: number; error: string; message: string; details?: { path: string; message: string }[] };

describe('field-level problems in the request language', () => {
  const max = questionLimits.studentAnswerMax;
  const submit = (payload: object, headers: Record<string, string> = {}) =>
    t.request({ method: 'POST', url: '/api/v1/submissions/multiples', as: student, headers, payload });
  const refused = () => [
    { questionId: 'x', studentAnswer: 'a'.repeat(max + 1), studentName: student.user.username },
    5,
  ];

  it('a schema refusal: each detail and the one line in Korean with Accept-Language: ko', async () => {
    const english = await submit(refused());
    expect(english.statusCode).toBe(400);
    const enBody = english.json() as Body;
    expect(enBody.details!.slice(0, 2)).toEqual([
      { path: '0.questionId', message: en.number },
      { path: '0.studentAnswer', message: en.atMostCharacters(max) },
    ]);
    expect(enBody.details![2]!.path).toBe('1');
    expect(enBody.message).toBe(
      `0.questionId: must be a number; 0.studentAnswer: must be at most ${max} characters; 1: ${enBody.details![2]!.message}`,
    );

    const korean = await submit(refused(), KOREAN);
    expect(korean.statusCode).toBe(400);
    expect(korean.headers['content-language']).toBe('ko');
    const koBody = korean.json() as Body;
    expect(Object.keys(koBody).sort()).toEqual(['details', 'error', 'message', 'status']);
    expect(koBody.error).toBe('Bad Request');
    expect(koBody.details!.slice(0, 2)).toEqual([
      { path: '0.questionId', message: '숫자여야 합니다' },
      { path: '0.studentAnswer', message: `${max}자 이하여야 합니다` },
    ]);
    // zod's own words (an item that is not an object) from zod's Korean locale.
    const zodWords = koBody.details![2]!;
    expect(zodWords.path).toBe('1');
    expect(zodWords.message).toMatch(/[가-힣]/);
    expect(zodWords.message).not.toBe(enBody.details![2]!.message);
    expect(koBody.message).toBe(
      `0.questionId: ${ko.number}; 0.studentAnswer: ${ko.atMostCharacters(max)}; 1: ${zodWords.message}`,
    );
  });

  it("a service's problems with answers of a batch, in Korean, the same paths", async () => {
    const payload = [{ questionId: 2_000_000, studentAnswer: '4', studentName: student.user.username }];
    const english = (await submit(payload)).json() as Body;
    expect(english.details).toEqual([{ path: '[0].questionId', message: en.noQuestion(2_000_000) }]);
    expect(english.message).toBe('Answer 1 (questionId): no question with id 2000000');
    const korean = await submit(payload, KOREAN);
    expect(korean.statusCode).toBe(400);
    const body = korean.json() as Body;
    expect(body.details).toEqual([{ path: '[0].questionId', message: '번호가 2000000인 문제가 없습니다' }]);
    expect(body.message).toBe('답 1 (questionId): 번호가 2000000인 문제가 없습니다');
  });

  it('an empty batch and a missing body: fixed texts in Korean, English without the header', async () => {
    const empty = (await submit([], KOREAN)).json() as Body;
    expect(empty.details).toEqual([{ path: '', message: ko.atLeastOneAnswer }]);
    expect(empty.message).toBe(ko.atLeastOneAnswer);
    expect(((await submit([])).json() as Body).message).toBe(en.atLeastOneAnswer);
  });
});

describe('a question\'s options: their own problems, not zod\'s "Invalid input"', () => {
  // An option is a text or `{value}` (a union): the problem of the form it was sent in is answered.
  it('in English without the header and in Korean with Accept-Language: ko', async () => {
    const teacher = await t.createUser({ roles: ['TEACHER'] });
    const max = questionLimits.candidateMax;
    const create = (headers: Record<string, string>) =>
      t.request({
        method: 'POST',
        url: '/api/v1/questions',
        as: teacher,
        headers,
        payload: {
          ...questionBody(t),
          candidates: ['01', 3, { value: 'b'.repeat(max + 1) }, { value: 3 }, 'c'.repeat(max + 1), null],
        },
      });
    const english = await create({});
    expect(english.statusCode).toBe(400);
    expect((english.json() as Body).details).toEqual([
      { path: 'candidates.1', message: en.text },
      { path: 'candidates.2', message: en.atMostCharacters(max) },
      { path: 'candidates.3', message: en.text },
      { path: 'candidates.4', message: en.atMostCharacters(max) },
      { path: 'candidates.5', message: en.text },
    ]);
    const korean = await create(KOREAN);
    expect(korean.statusCode).toBe(400);
    expect((korean.json() as Body).details).toEqual([
      { path: 'candidates.1', message: '글자로 입력해야 합니다' },
      { path: 'candidates.2', message: `${max}자 이하여야 합니다` },
      { path: 'candidates.3', message: ko.text },
      { path: 'candidates.4', message: ko.atMostCharacters(max) },
      { path: 'candidates.5', message: ko.text },
    ]);
  });
});

describe('refusals found by the Korean half of the fuzz test (server/http/fuzz.test.ts)', () => {
  it("a page query, a record's bad key and an admin's unknown names, in Korean", async () => {
    const teacher = await t.createUser({ roles: ['TEACHER'] });
    const admin = await t.createUser({ roles: ['ADMIN'] });
    const page = await t.request({
      method: 'GET',
      url: `/api/v1/questions/student/${student.user.username}?page=x`,
      as: student,
      headers: KOREAN,
    });
    expect(page.statusCode).toBe(400);
    expect((page.json() as Body).details).toEqual([{ path: 'page', message: ko.fieldWholeNumber('page') }]);
    const day = await t.request({
      method: 'GET',
      url: `/api/v1/questions/student/${student.user.username}?date=soon`,
      as: student,
      headers: KOREAN,
    });
    expect((day.json() as Body).details).toEqual([{ path: 'date', message: ko.dateFilter }]);
    const marking = await t.request({
      method: 'PUT',
      url: '/api/v1/marking',
      as: teacher,
      headers: KOREAN,
      payload: { first: 1 },
    });
    expect(marking.statusCode).toBe(400);
    expect((marking.json() as Body).details?.map((detail) => detail.message)).toContain(ko.submissionIdKeys);
    const names = await t.request({
      method: 'POST',
      url: '/api/v1/subscriptions/multiples',
      as: admin,
      headers: KOREAN,
      payload: [{ studentName: 'nobody-here', serviceName: 'no-such-service' }],
    });
    expect(names.statusCode).toBe(400);
    expect((names.json() as Body).details).toEqual([
      { path: 'studentName', message: ko.noStudentNamed('nobody-here') },
      { path: 'serviceName', message: ko.noServiceNamed('no-such-service') },
    ]);
  });
});

describe("each problem's words, in the language of the parse (server/http/parse.ts)", () => {
  /** The words of each problem of a refused value, as a Korean or an English request is answered. */
  const wordsOf = (schema: z.ZodType, value: unknown, language: Language = 'ko') => {
    try {
      parseWith(schema, value, 'body');
    } catch (error) {
      return (error as AppError).details!.map((detail) => inLanguage(detail.message, language));
    }
    throw new Error(`parsed: ${JSON.stringify(value)}`);
  };

  it("says a schema's own text with its values in Korean, and zod's own words from zod's Korean", () => {
    expect(wordsOf(text({ max: 200 }), 'a'.repeat(201))).toEqual([ko.atMostCharacters(200)]);
    expect(wordsOf(idField, MAX_ID + 1)).toEqual([ko.atMost(2147483647)]);
    expect(wordsOf(text({ max: 5 }), '')).toEqual([ko.notEmpty]);
    expect(wordsOf(WallPostRequest.shape.message, 'a\n'.repeat(11))).toEqual([ko.atMostLines(10)]);
    expect(wordsOf(z.number().max(14, says('atMostDaysAhead', 14)), 15)).toEqual([ko.atMostDaysAhead(14)]);
    expect(wordsOf(RoleText, 'ADMIN,BOSS')).toEqual([ko.rolesNot(ROLES.join(', '), 'BOSS')]);
    expect(wordsOf(pageQuery([]), { size: '1001' })).toEqual([ko.fieldAtMost('size', MAX_PAGE_SIZE)]);
    // A value may be empty (a list of no sortable fields).
    expect(wordsOf(pageQuery([]), { sort: 'id,asc' })).toEqual([ko.sort('')]);
    const zodOwn = wordsOf(z.object({ a: z.number() }), 'x');
    expect(zodOwn).toHaveLength(1);
    expect(zodOwn[0]).toMatch(/[가-힣]/);
    expect(wordsOf(text({ max: 5 }), '', 'en')).toEqual(['must not be empty']);
  });

  it("a service's problems with the answers of a redo, in Korean, and the one line naming each answer", async () => {
    const teacher = await t.createUser({ roles: ['TEACHER'] });
    const pending = await createQuestion(t, teacher, { students: [student.user.username] });
    const other = await createQuestion(t, teacher, { students: [] });
    const response = await t.request({
      method: 'POST',
      url: `/api/v1/submissions/review/${student.user.username}`,
      as: student,
      headers: KOREAN,
      payload: [
        { questionId: pending, studentAnswer: '4' },
        { questionId: other, studentAnswer: '4' },
      ],
    });
    expect(response.statusCode).toBe(400);
    const name = student.user.username;
    const body = response.json() as Body;
    expect(body.details).toEqual([
      { path: '[0].questionId', message: ko.assignedAgain(pending, name) },
      { path: '[1].questionId', message: ko.notInReview(other, name) },
    ]);
    expect(body.message).toBe(
      `${ko.answerItem(1, 'questionId', ko.assignedAgain(pending, name))}; ${ko.answerItem(2, 'questionId', ko.notInReview(other, name))}`,
    );
  });
});

describe('answers of the HTTP layer about the body', () => {
  it('an empty JSON body, in Korean with Accept-Language: ko', async () => {
    const empty = await t.request({
      method: 'POST',
      url: '/api/v1/submissions/multiples',
      as: student,
      headers: { ...KOREAN, 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    expect((empty.json() as Body).message).toBe(ko.emptyBody);
  });
});
