import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../common/contracts/paging.ts';
import type { QuestionStudent, SubmissionQuestion } from '../common/contracts/tutoring.ts';
import { apiMessages } from '../common/messages.ts';
import { startTestApp, type TestApp, type TestUser } from './test/harness.ts';
import { call, createQuestion, dueIn } from './test/tutoring.ts';
import { linkChild } from './users/queries.ts';

/**
 * Calls shaped as the original client sends them, which the API must answer as the original server
 * did where the client depends on it.
 */
let t: TestApp;
let teacher: TestUser;
let student: TestUser;
let name: string;
beforeAll(async () => {
  t = await startTestApp();
  teacher = await t.createUser({ roles: ['TEACHER'] });
  student = await t.createUser();
  name = student.user.username;
});
afterAll(() => t.close());

describe('numeric ids sent as strings', () => {
  it('are accepted wherever an id is expected; other strings stay a 400', async () => {
    const a = await createQuestion(t, teacher);
    const b = await createQuestion(t, teacher);
    const assigned = await call(t, teacher, 'POST', '/api/v1/assignments', {
      questionIds: [String(a), String(b)],
      names: [name],
      targetDate: dueIn(t, 48),
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const answered = await call(t, student, 'POST', '/api/v1/submissions/multiples', [
      { questionId: String(a), studentAnswer: '12', studentName: name },
    ]);
    expect(answered.statusCode, answered.body).toBe(200);
    const redo = await call(t, student, 'POST', `/api/v1/submissions/review/${name}`, [
      { questionId: String(a), studentAnswer: '01' },
    ]);
    expect(redo.statusCode, redo.body).toBe(200);
    const linked = await call(t, teacher, 'PATCH', '/api/v1/questions/topics', {
      questionIds: [String(b)],
      topics: ['strings'],
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const modified = await call(t, teacher, 'PATCH', '/api/v1/questions/multiples', [
      { id: String(b), title: 'Renamed' },
    ]);
    expect(modified.statusCode, modified.body).toBe(200);

    for (const questionId of ['one', '1.5', '', '-1', '0x10']) {
      const refused = await call(t, student, 'POST', '/api/v1/submissions/multiples', [
        { questionId, studentAnswer: '12', studentName: name },
      ]);
      expect(refused.statusCode, questionId).toBe(400);
      expect(refused.json().message).toMatch(/^\[?0\]?\.?questionId: must be/);
    }
  });
});

describe('assignments/ids/{name}', () => {
  it('lists ids in the order questions/student/{name} pages them for the same sort, by id without one', async () => {
    const pupil = await t.createUser();
    const who = pupil.user.username;
    // Created in one order, due in another: the default (due date) and sort=id,asc differ.
    const ids: number[] = [];
    for (const hours of [72, 24, 48, 96])
      ids.push(await createQuestion(t, teacher, { students: [who], targetDate: dueIn(t, hours) }));
    for (const sort of [
      '&sort=targetDate,asc',
      '&sort=id,asc',
      '&sort=id,desc',
      '&sort=title,asc&sort=targetDate,desc',
    ]) {
      const page = (
        await call(t, pupil, 'GET', `/api/v1/questions/student/${who}?size=100${sort}`)
      ).json() as Page<QuestionStudent>;
      const listed = (await call(t, pupil, 'GET', `/api/v1/assignments/ids/${who}?x=1${sort}`)).json();
      expect(listed, sort).toEqual(page.content.map((q) => q.id));
    }
    // With sort=id,asc, box 1 is the first question created; without a sort too (the original
    // client sends none here and pairs the ids with its sort=id,asc page).
    expect((await call(t, pupil, 'GET', `/api/v1/assignments/ids/${who}?sort=id,asc`)).json()[0]).toBe(
      ids[0],
    );
    expect((await call(t, pupil, 'GET', `/api/v1/assignments/ids/${who}`)).json()).toEqual(
      [...ids].sort((a, b) => a - b),
    );
    expect((await call(t, pupil, 'GET', `/api/v1/assignments/ids/${who}?sort=answer,asc`)).statusCode).toBe(
      400,
    );
  });
});

describe('PUT submissions/mark/{name} with {}', () => {
  it('is a 200 that changes nothing (Submit pressed on an empty marking page)', async () => {
    const id = await createQuestion(t, teacher, { type: 's', students: [name] });
    await call(t, student, 'POST', '/api/v1/submissions/multiples', [
      { questionId: id, studentAnswer: 'waiting', studentName: name },
    ]);
    const before = (await call(t, teacher, 'GET', `/api/v1/submissions/mark/${name}`)).json();
    const empty = await call(t, teacher, 'PUT', `/api/v1/submissions/mark/${name}`, {});
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    const after = (await call(t, teacher, 'GET', `/api/v1/submissions/mark/${name}`)).json();
    expect(after.totalElements).toBe(before.totalElements);
    expect((after.content as SubmissionQuestion[]).map((s) => s.marked)).toEqual(
      (before.content as SubmissionQuestion[]).map((s) => s.marked),
    );
  });
});

describe('assignments/count and submissions/count for someone who is not a student', () => {
  it("answer 0 on a teacher's or parent's own dashboard; strangers still get 403", async () => {
    const parent = await t.createUser({ roles: ['PARENT'] });
    await linkChild(t.database.db, parent.user.id, student.user.id);
    for (const person of [teacher, parent]) {
      for (const route of ['assignments/count', 'submissions/count']) {
        const own = await call(t, person, 'GET', `/api/v1/${route}/${person.user.username}`);
        expect(own.statusCode, `${route} of ${person.user.username}`).toBe(200);
        expect(own.json()).toBe(0);
      }
    }
    expect(
      (await call(t, student, 'GET', `/api/v1/assignments/count/${teacher.user.username}`)).statusCode,
    ).toBe(403);
    expect(
      (await call(t, teacher, 'GET', `/api/v1/submissions/count/${parent.user.username}`)).statusCode,
    ).toBe(403);
  });
});

describe('users/signup refusals', () => {
  it('answer the message as the body text, as the original client shows it; other routes keep JSON', async () => {
    const taken = await call(t, null, 'POST', '/api/v1/users/signup', {
      email: student.email,
      username: 'someone new',
      password: 'a long enough secret',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.headers['content-type']).toMatch(/^text\/plain/);
    expect(taken.body).toBe('Email is already in use!');
    const weak = await call(t, null, 'POST', '/api/v1/users/signup', {
      email: 'weak@example.com',
      username: 'weak one',
      password: 'password',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.body).toMatch(/^password: /);
    const login = await call(t, null, 'POST', '/api/v1/users/login', {
      email: 'x@example.com',
      password: 'y',
    });
    expect(login.json()).toMatchObject({ status: 401, message: apiMessages.invalidCredentials });
  });
});
