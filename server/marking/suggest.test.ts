import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../common/contracts/paging.ts';
import type { MarkingInboxItem, MarkSuggestion } from '../../common/contracts/tutoring.ts';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { call, createQuestion } from '../test/tutoring.ts';
import { earlierMarksByQuestion, suggestMark } from './suggest.ts';

/** The marks the marking inbox suggests for short answers, and why. */

describe('suggestMark', () => {
  const short = { type: 's' as const, answer: 'Paris' };
  const earlier = (rows: [string, number, number][]) =>
    earlierMarksByQuestion(
      rows.map(([studentAnswer, marked, count]) => ({ questionId: 1, studentAnswer, marked, count })),
      new Map([[1, short.answer]]),
    ).get(1);

  it('suggests correct for the model answer, exactly or apart from case, spacing and punctuation', () => {
    expect(suggestMark(short, 'Paris', undefined)).toEqual({ mark: 1, reason: 'exact', count: 0 });
    expect(suggestMark(short, ' paris. ', undefined)).toEqual({ mark: 1, reason: 'normalised', count: 0 });
    expect(suggestMark(short, 'Lyon', undefined)).toBeNull();
  });

  it('suggests the mark earlier answers with the same normalised text got, counted', () => {
    const marks = earlier([
      ['Lyon', -1, 2],
      ['lyon!', -1, 1],
      ['Nice', 1, 1],
    ]);
    expect(suggestMark(short, 'LYON', marks)).toEqual({ mark: -1, reason: 'earlier', count: 3 });
    expect(suggestMark(short, 'nice', marks)).toEqual({ mark: 1, reason: 'earlier', count: 1 });
    expect(suggestMark(short, 'Nice city', marks)).toBeNull();
  });

  it('suggests nothing when the same answer was marked both ways, even if it matches the model answer', () => {
    const marks = earlier([
      ['lyon', 1, 1],
      ['Lyon.', -1, 1],
      ['paris', 1, 1],
      ['PARIS', -1, 1],
    ]);
    expect(suggestMark(short, 'Lyon', marks)).toBeNull();
    expect(suggestMark(short, 'paris', marks)).toBeNull();
    // The model answer to the letter is always correct.
    expect(suggestMark(short, 'Paris', marks)).toEqual({ mark: 1, reason: 'exact', count: 0 });
  });

  it("puts the teacher's earlier mark of the same text before a normalised match", () => {
    expect(suggestMark(short, 'PARIS', earlier([['paris', -1, 1]]))).toEqual({
      mark: -1,
      reason: 'earlier',
      count: 1,
    });
  });

  it('ignores answers of only punctuation and unmarked rows; suggests nothing for multiple choice', () => {
    const marks = earlier([
      ['?', -1, 4],
      ['Lyon', 0, 3],
    ]);
    expect(suggestMark(short, '!', marks)).toBeNull();
    expect(suggestMark(short, 'lyon', marks)).toBeNull();
    expect(suggestMark({ type: 'm', answer: '01' }, '01', undefined)).toBeNull();
  });
});

let t: TestApp;
let teacher: TestUser;
const users = new Map<string, TestUser>();
let capital: number;
let korea: number;
let code: number;
let mixed: number;
const CODE_ANSWER = 'Add them&code:&type=java:int x = a + b;';

beforeAll(async () => {
  t = await startTestApp();
  teacher = await t.createUser({ roles: ['TEACHER'] });
  const names = Array.from({ length: 8 }, (_, i) => `sg${i}`);
  for (const username of names) users.set(username, await t.createUser({ roles: ['STUDENT'], username }));
  const question = (title: string, answer: string) =>
    createQuestion(t, teacher, { type: 's', title, answer, students: names });
  capital = await question('Capital', 'Paris');
  korea = await question('Korea', 'Seoul');
  code = await question('Code', CODE_ANSWER);
  mixed = await question('Mixed', 'Marseille');
});
afterAll(() => t.close());

async function answer(username: string, questionId: number, studentAnswer: string): Promise<void> {
  const response = await call(t, users.get(username)!, 'POST', '/api/v1/submissions/multiples', [
    { questionId, studentAnswer, studentName: username },
  ]);
  expect(response.statusCode, response.body).toBe(200);
}

async function inbox(): Promise<MarkingInboxItem[]> {
  const response = await call(t, teacher, 'GET', '/api/v1/marking?size=100');
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Page<MarkingInboxItem>).content;
}

async function mark(marks: Record<number, 1 | -1>): Promise<void> {
  const response = await call(t, teacher, 'PUT', '/api/v1/marking', marks);
  expect(response.statusCode, response.body).toBe(200);
}

const idOf = (items: MarkingInboxItem[], questionId: number, answerText: string) =>
  items.find((i) => i.question.id === questionId && i.studentAnswer === answerText)!.id;

const suggestions = (items: MarkingInboxItem[], questionId: number) =>
  Object.fromEntries(
    items.filter((i) => i.question.id === questionId).map((i) => [i.studentAnswer, i.suggestion]),
  ) as Record<string, MarkSuggestion | null>;

describe('GET /api/v1/marking: suggested marks', () => {
  it('suggests each kind of mark with its reason, and marks nothing itself', async () => {
    await answer('sg0', capital, 'Paris');
    await answer('sg1', capital, ' paris. ');
    await answer('sg2', capital, 'Lyon');
    await answer('sg0', code, 'int x=a+b;');
    await answer('sg1', code, 'Add them\n  int x = a+b;');
    await answer('sg2', code, 'Add them int x = a+b');
    await answer('sg3', code, 'Add them intx=a+b;');
    const items = await inbox();
    expect(suggestions(items, capital)).toEqual({
      Paris: { mark: 1, reason: 'exact', count: 0 },
      ' paris. ': { mark: 1, reason: 'normalised', count: 0 },
      Lyon: null,
    });
    // Code: white space does not count, anything else does (the prose too: sg0 left it out).
    expect(suggestions(items, code)).toEqual({
      'int x=a+b;': null,
      'Add them\n  int x = a+b;': { mark: 1, reason: 'code', count: 0 },
      'Add them int x = a+b': null,
      'Add them intx=a+b;': null,
    });
    // Reading the inbox applied none of them.
    expect(items.every((i) => i.marked === 0)).toBe(true);
    expect((await inbox()).map((i) => [i.id, i.marked])).toEqual(items.map((i) => [i.id, 0]));
  });

  it("suggests the teacher's earlier mark of the same normalised answer, counting them", async () => {
    let items = await inbox();
    await mark({ [idOf(items, capital, 'Lyon')]: -1 });
    await answer('sg3', capital, 'LYON!');
    await answer('sg4', capital, 'lyon');
    await answer('sg5', capital, 'Lyon, France');
    items = await inbox();
    expect(suggestions(items, capital)).toMatchObject({
      'LYON!': { mark: -1, reason: 'earlier', count: 1 },
      lyon: { mark: -1, reason: 'earlier', count: 1 },
      'Lyon, France': null,
    });
    await mark({ [idOf(items, capital, 'LYON!')]: -1 });
    expect(suggestions(await inbox(), capital).lyon).toEqual({ mark: -1, reason: 'earlier', count: 2 });

    // A teacher who marked `seoul` wrong for `Seoul` wants case to count: their mark comes first.
    await answer('sg0', korea, 'seoul');
    await mark({ [idOf(await inbox(), korea, 'seoul')]: -1 });
    await answer('sg1', korea, 'SEOUL');
    expect(suggestions(await inbox(), korea)).toEqual({
      SEOUL: { mark: -1, reason: 'earlier', count: 1 },
    });

    // Earlier code answers compare as code (white space only), never as text.
    await mark({ [idOf(await inbox(), code, 'int x=a+b;')]: 1 });
    await answer('sg4', code, 'int  x = a + b ;');
    await answer('sg5', code, 'INT x=a+b;');
    expect(suggestions(await inbox(), code)).toMatchObject({
      'int  x = a + b ;': { mark: 1, reason: 'earlier', count: 1 },
      'INT x=a+b;': null,
    });
  });

  it('suggests nothing for an answer marked both ways before', async () => {
    await answer('sg0', mixed, 'marseille');
    await answer('sg1', mixed, 'Marseille!');
    let items = await inbox();
    await mark({ [idOf(items, mixed, 'marseille')]: 1, [idOf(items, mixed, 'Marseille!')]: -1 });
    await answer('sg2', mixed, 'MARSEILLE');
    await answer('sg3', mixed, 'Marseille');
    items = await inbox();
    expect(suggestions(items, mixed)).toEqual({
      MARSEILLE: null,
      Marseille: { mark: 1, reason: 'exact', count: 0 },
    });
  });

  it('reads the suggestions of a whole page in a fixed number of statements, however many answers were marked before', {
    timeout: 120_000,
  }, async () => {
    const statementsFor = async (students: number) => {
      const names: string[] = [];
      for (let i = 0; i < students; i++) {
        const user = await t.createUser({ roles: ['STUDENT'] });
        users.set(user.user.username, user);
        names.push(user.user.username);
      }
      const q = await createQuestion(t, teacher, {
        type: 's',
        title: 'Count',
        answer: 'four',
        students: names,
      });
      for (const [i, name] of names.entries())
        await answer(name, q, i % 2 ? `Four ${i % 3}` : `four ${i % 3}`);
      const marked = (await inbox()).filter((i) => i.question.id === q).slice(0, students / 2);
      await mark(Object.fromEntries(marked.map((i) => [i.id, i.studentAnswer.endsWith('0') ? -1 : 1])));
      const before = t.database.queries.count;
      const items = (await inbox()).filter((i) => i.question.id === q);
      const statements = t.database.queries.count - before;
      expect(
        items.some((i) => i.suggestion !== null),
        JSON.stringify(items.map((i) => [i.studentAnswer, i.suggestion])),
      ).toBe(true);
      return { statements, items: items.length };
    };
    const few = await statementsFor(4);
    const many = await statementsFor(16);
    expect(many.items).toBeGreaterThan(few.items);
    expect(many.statements).toBe(few.statements);
  });
});
