import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ko from '../../common/i18n/ko/authoringTexts.ts';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { createQuestion, dueIn, questionBody } from '../test/tutoring.ts';

/**
 * Saving questions (POST questions, the bulk upload, modify) answers the rules' words and
 * the bulk upload's problems in the request's language (Accept-Language); without it, the same
 * English as always, word for word.
 */
let t: TestApp;
let teacher: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  teacher = await t.createUser({ roles: ['TEACHER'] });
  await t.createUser({ roles: ['STUDENT'], username: 'pupil' });
});
afterAll(() => t.close());

const KOREAN = { 'accept-language': 'ko-KR,ko;q=0.9,en-US;q=0.8,en;q=0.7' };
type Body = { status: number; error: string; message: string; details?: { path: string; message: string }[] };

const send = async (method: 'POST' | 'PATCH', url: string, body: unknown, korean: boolean) => {
  const response = await t.request({
    method,
    url,
    as: teacher,
    headers: { 'content-type': 'application/json', ...(korean ? KOREAN : {}) },
    payload: JSON.stringify(body),
  });
  return {
    status: response.statusCode,
    language: response.headers['content-language'],
    body: response.json() as Body,
  };
};

describe('POST /api/v1/questions: a broken rule in the request language', () => {
  it.each([
    [
      { answer: 'not an option' },
      'answer: must be one of the options',
      `answer: ${ko.questionRuleTexts.notAnOption}`,
    ],
    [
      { candidates: ['only one'], answer: 'only one' },
      'candidates: a multiple-choice question needs 2 to 5 options',
      `candidates: ${ko.questionRuleTexts.optionCount(false, 2, 5)}`,
    ],
    [
      { type: 'M', answer: '01' },
      `answer: a multiple-answer question's answer must be a JSON array of options, e.g. ["a","c"]`,
      `answer: ${ko.questionRuleTexts.notAnArray}`,
    ],
    [
      { students: ['nobody', 'ghost'] },
      'students: unknown students "nobody", "ghost"',
      'students: 등록되지 않은 학생입니다: "nobody", "ghost"',
    ],
    [
      { targetDate: 'soon' },
      'targetDate: must be a date-time such as 2026-11-30T18:00',
      'targetDate: 2026-11-30T18:00처럼 날짜와 시각이어야 합니다',
    ],
    [
      { generatedDate: 'yesterday' },
      'generatedDate: must be a date-time such as 2026-11-23T09:00',
      'generatedDate: 2026-11-23T09:00처럼 날짜와 시각이어야 합니다',
    ],
  ] as const)('%o', async (patch, english, korean) => {
    const body = { ...questionBody(t), ...patch };
    const inEnglish = await send('POST', '/api/v1/questions', body, false);
    expect(inEnglish.status).toBe(400);
    expect(inEnglish.body).toEqual({ status: 400, error: 'Bad Request', message: english });
    const inKorean = await send('POST', '/api/v1/questions', body, true);
    expect(inKorean.status).toBe(400);
    expect(inKorean.language).toBe('ko');
    expect(inKorean.body).toEqual({ status: 400, error: 'Bad Request', message: korean });
  });

  it('a due date in the past', async () => {
    const body = questionBody(t, { targetDate: dueIn(t, -2) });
    expect((await send('POST', '/api/v1/questions', body, false)).body.message).toBe(
      'targetDate: must not be in the past',
    );
    expect((await send('POST', '/api/v1/questions', body, true)).body.message).toBe(
      `targetDate: ${ko.questionRuleTexts.duePast}`,
    );
  });
});

describe('POST /api/v1/questions/multiples: every failing item in the request language', () => {
  const item = (extra: Record<string, unknown> = {}) => ({
    ...questionBody(t, { students: ['pupil'] }),
    generatedDate: '2026-11-01T09:00:00',
    ...extra,
  });
  const upload = () => [
    item(),
    item({ title: '', answer: 'not an option' }),
    item({ students: ['ghost'] }),
    item({ targetDate: dueIn(t, 24 * 20), type: 'x' }),
  ];

  it('the same English as before without the header, Korean with Accept-Language: ko, the same paths', async () => {
    const english = await send('POST', '/api/v1/questions/multiples', upload(), false);
    expect(english.status).toBe(400);
    expect(english.language).toBe('en');
    expect(english.body.details).toEqual([
      { path: '[1]', message: 'Title is missing' },
      { path: '[1]', message: 'Answer: must be one of the options' },
      { path: '[2]', message: 'Unknown student "ghost"' },
      { path: '[3]', message: 'Type is missing or incorrect' },
      { path: '[3]', message: 'Target date must be at most 14 days ahead' },
    ]);
    expect(english.body.message).toBe(
      '3 of 4 questions cannot be saved; nothing was saved. Item 2: Title is missing, Answer: must be one of the options; ' +
        'Item 3: Unknown student "ghost"; Item 4: Type is missing or incorrect, Target date must be at most 14 days ahead',
    );

    const korean = await send('POST', '/api/v1/questions/multiples', upload(), true);
    expect(korean.status).toBe(400);
    expect(korean.language).toBe('ko');
    expect(Object.keys(korean.body).sort()).toEqual(['details', 'error', 'message', 'status']);
    expect(korean.body.details).toEqual([
      { path: '[1]', message: ko.bulkRuleTexts.titleMissing },
      { path: '[1]', message: `정답: ${ko.questionRuleTexts.notAnOption}` },
      { path: '[2]', message: '등록되지 않은 학생 "ghost"' },
      { path: '[3]', message: ko.bulkRuleTexts.typeWrong },
      { path: '[3]', message: `마감일(targetDate)은 ${ko.questionRuleTexts.dueFar(14)}` },
    ]);
    expect(korean.body.message).toBe(
      `문제 4개 중 3개를 저장할 수 없어 아무것도 저장하지 않았습니다. 2번 항목: ${ko.bulkRuleTexts.titleMissing}, 정답: ${ko.questionRuleTexts.notAnOption}; ` +
        `3번 항목: 등록되지 않은 학생 "ghost"; 4번 항목: ${ko.bulkRuleTexts.typeWrong}, 마감일(targetDate)은 ${ko.questionRuleTexts.dueFar(14)}`,
    );
  });

  it('names the first question Item 1 (1번 항목) in the message, as the page does; its JSON path stays [0]', async () => {
    const upload = [item({ title: '' }), item()];
    const english = await send('POST', '/api/v1/questions/multiples', upload, false);
    expect(english.status).toBe(400);
    expect(english.body.details).toEqual([{ path: '[0]', message: 'Title is missing' }]);
    expect(english.body.message).toBe(
      '1 of 2 questions cannot be saved; nothing was saved. Item 1: Title is missing',
    );
    const korean = await send('POST', '/api/v1/questions/multiples', upload, true);
    expect(korean.body.details).toEqual([{ path: '[0]', message: ko.bulkRuleTexts.titleMissing }]);
    expect(korean.body.message).toBe(
      `문제 2개 중 1개를 저장할 수 없어 아무것도 저장하지 않았습니다. 1번 항목: ${ko.bulkRuleTexts.titleMissing}`,
    );
  });

  it('more than 20 failing items: the first 20 in the message and how many more, in Korean', async () => {
    const items = Array.from({ length: 22 }, () => item({ title: '' }));
    const english = await send('POST', '/api/v1/questions/multiples', items, false);
    expect(english.body.message).toMatch(/ \(and 2 more items\)$/);
    expect(english.body.details).toHaveLength(22);
    const korean = await send('POST', '/api/v1/questions/multiples', items, true);
    expect(korean.body.message).toMatch(/^문제 22개 중 22개를 저장할 수 없어 /);
    expect(korean.body.message).toMatch(/; 20번 항목: 제목\(title\)이 없습니다 \(그 밖에 2개 항목\)$/);
    expect(korean.body.details!.every((d) => d.message === ko.bulkRuleTexts.titleMissing)).toBe(true);
  });
});

describe('PATCH /api/v1/questions/multiples: the rules in the request language', () => {
  it('each problem and the one line made of them; an unknown id and a repeated one', async () => {
    const q = await createQuestion(t, teacher);
    const changes = [
      { id: q, answer: 'zzz' },
      { id: await createQuestion(t, teacher), generatedDate: 'yesterday' },
    ];
    const english = await send('PATCH', '/api/v1/questions/multiples', changes, false);
    expect(english.body.details).toEqual([
      { path: '[0].answer', message: 'must be one of the options' },
      { path: '[1].generatedDate', message: 'must be a date-time such as 2026-11-23T09:00' },
    ]);
    expect(english.body.message).toBe(
      '[0].answer: must be one of the options; [1].generatedDate: must be a date-time such as 2026-11-23T09:00',
    );
    const korean = await send('PATCH', '/api/v1/questions/multiples', changes, true);
    expect(korean.status).toBe(400);
    expect(korean.body.details).toEqual([
      { path: '[0].answer', message: ko.questionRuleTexts.notAnOption },
      { path: '[1].generatedDate', message: ko.questionSaveTexts.notDateTime('2026-11-23T09:00') },
    ]);
    expect(korean.body.message).toBe(
      `[0].answer: ${ko.questionRuleTexts.notAnOption}; [1].generatedDate: 2026-11-23T09:00처럼 날짜와 시각이어야 합니다`,
    );

    const missing = [{ id: 987_654, title: 'x' }];
    expect((await send('PATCH', '/api/v1/questions/multiples', missing, false)).body.message).toBe(
      'No question with id 987654.',
    );
    const koMissing = await send('PATCH', '/api/v1/questions/multiples', missing, true);
    expect(koMissing.status).toBe(404);
    expect(koMissing.body.message).toBe('번호가 987654인 문제가 없습니다.');
    const twice = [
      { id: q, title: 'a' },
      { id: q, title: 'b' },
    ];
    expect((await send('PATCH', '/api/v1/questions/multiples', twice, false)).body.message).toBe(
      'Each question may appear once in a modify request.',
    );
    expect((await send('PATCH', '/api/v1/questions/multiples', twice, true)).body.message).toBe(
      ko.questionSaveTexts.onceEach,
    );
  });
});

describe('POST /api/v1/questions/multiples: the array itself in the request language', () => {
  it.each([
    ['no questions', [], 'The array holds no questions.', '배열에 문제가 없습니다.'],
    [
      'not an array',
      { title: 'x' },
      'The body must be a JSON array of questions.',
      '본문은 문제들의 JSON 배열이어야 합니다.',
    ],
    [
      'too many',
      Array.from({ length: 1001 }, () => ({})),
      'At most 1000 questions in one upload (this one has 1001).',
      '한 번에 문제를 1000개까지 올릴 수 있습니다 (이번에는 1001개).',
    ],
  ])('%s', async (_name, body, english, korean) => {
    const inEnglish = await send('POST', '/api/v1/questions/multiples', body, false);
    expect(inEnglish.status).toBe(400);
    expect(inEnglish.body).toEqual({
      status: 400,
      error: 'Bad Request',
      message: english,
      details: [{ path: '', message: english }],
    });
    const inKorean = await send('POST', '/api/v1/questions/multiples', body, true);
    expect(inKorean.status).toBe(400);
    expect(inKorean.body).toEqual({
      status: 400,
      error: 'Bad Request',
      message: korean,
      details: [{ path: '', message: korean }],
    });
  });
});

describe('assignments and topics in the request language', () => {
  it('POST assignments: unknown students, missing questions, the due date', async () => {
    const q = await createQuestion(t, teacher);
    for (const [body, english, korean] of [
      [
        { questionIds: [q], names: ['ghost', 'pupil'], targetDate: dueIn(t, 5) },
        'names: unknown student "ghost"',
        'names: 등록되지 않은 학생입니다: "ghost"',
      ],
      [
        { questionIds: [987_654, q, 987_655], names: ['pupil'], targetDate: dueIn(t, 5) },
        'questionIds: no question with id 987654, 987655',
        'questionIds: 번호가 987654, 987655인 문제가 없습니다',
      ],
      [
        { questionIds: [q], names: ['pupil'], targetDate: dueIn(t, 15 * 24) },
        'targetDate: must be at most 14 days ahead',
        `targetDate: ${ko.questionRuleTexts.dueFar(14)}`,
      ],
    ] as const) {
      expect((await send('POST', '/api/v1/assignments', body, false)).body.message).toBe(english);
      const answer = await send('POST', '/api/v1/assignments', body, true);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(korean);
    }
  });

  it('a topic that exists, and linking topics to a missing question', async () => {
    expect((await send('POST', '/api/v1/topics', 'Graphs', false)).status).toBe(200);
    const again = await send('POST', '/api/v1/topics', ' graphs ', true);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('"graphs" 주제는 이미 있습니다.');
    expect((await send('POST', '/api/v1/topics', 'Graphs', false)).body.message).toBe(
      'The topic "graphs" already exists.',
    );
    const link = { questionIds: [999_991], topics: ['x'] };
    expect((await send('PATCH', '/api/v1/questions/topics', link, false)).body.message).toBe(
      'No question with id 999991.',
    );
    const missing = await send('PATCH', '/api/v1/questions/topics', link, true);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('번호가 999991인 문제가 없습니다.');
  });
});

describe("the archive's searches in the request language", () => {
  const get = async (url: string, korean: boolean) => {
    const response = await t.request({ method: 'GET', url, as: teacher, headers: korean ? KOREAN : {} });
    return response.json() as Body;
  };

  it('a search field not known, a search too long, a topic search without or with a too long title', async () => {
    const url = `/api/v1/questions?field=zzz&q=${'a'.repeat(201)}`;
    expect((await get(url, false)).details).toEqual([
      {
        path: 'field',
        message: 'field must be one of all, question, answer, title, explanation, choice, hint',
      },
      { path: 'q', message: 'q must be at most 200 characters' },
    ]);
    expect((await get(url, true)).details).toEqual([
      {
        path: 'field',
        message: 'field는 all, question, answer, title, explanation, choice, hint 중 하나여야 합니다',
      },
      { path: 'q', message: 'q는 200자 이하여야 합니다' },
    ]);
    const topics = '/api/v1/questions/topics/search';
    expect((await get(topics, false)).message).toBe('title: title is required');
    expect((await get(topics, true)).message).toBe('title: title을 입력해야 합니다');
    const long = `${topics}?title=${'t'.repeat(201)}`;
    expect((await get(long, false)).message).toBe('title: title must be at most 200 characters');
    expect((await get(long, true)).message).toBe('title: title은 200자 이하여야 합니다');
  });
});
