import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubmissionQuestion } from '../../common/contracts/tutoring.ts';
import type { ChildResponse, UserResponse } from '../../common/contracts/users.ts';
import { apiMessages, profileMessages } from '../../common/messages.ts';
import { rowsOf } from '../db/open.ts';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { call, createQuestion } from '../test/tutoring.ts';
import { linkChild } from './queries.ts';

let t: TestApp;
let teacher: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  teacher = await t.createUser({ roles: ['TEACHER'] });
});
afterAll(() => t.close());

const profile = async (as: TestUser, name: string) =>
  (await call(t, as, 'GET', `/api/v1/users/${encodeURIComponent(name)}`)).json() as UserResponse;

/** The card's figures counted from the tables by hand, the way docs/api.md defines them. */
async function recount(studentId: number) {
  const [row] = rowsOf<{
    pending: number;
    first: number;
    all: number;
    correct: number;
    marked: number;
  }>(
    await t.database.db.execute(sql`
      SELECT
        (SELECT count(*) FROM assignments WHERE student_id = ${studentId})::int AS pending,
        (SELECT count(*) FROM submissions WHERE student_id = ${studentId} AND NOT redo)::int AS first,
        (SELECT count(*) FROM submissions WHERE student_id = ${studentId})::int AS "all",
        (SELECT count(*) FROM submissions WHERE student_id = ${studentId} AND NOT redo AND marked = 1)::int AS correct,
        (SELECT count(*) FROM submissions WHERE student_id = ${studentId} AND NOT redo AND marked <> 0)::int AS marked`),
  );
  return row!;
}

describe('GET /api/v1/users/{name}: the profile card', () => {
  it('counts questions, submissions, the score and what is left to solve by SQL aggregates, equal to a recount', async () => {
    const student = await t.createUser();
    const name = student.user.username;
    const ids: number[] = [];
    for (const type of ['m', 'm', 'm', 'M', 's', 's', 'm'] as const)
      ids.push(await createQuestion(t, teacher, { type, students: [name] }));
    const answer = (id: number, studentAnswer: string) =>
      call(t, student, 'POST', '/api/v1/submissions/multiples', [
        { questionId: id, studentAnswer, studentName: name },
      ]);
    expect((await answer(ids[0]!, '01')).statusCode).toBe(200); // right
    expect((await answer(ids[1]!, '12')).statusCode).toBe(200); // wrong
    expect((await answer(ids[2]!, '12')).statusCode).toBe(200); // wrong, then redone right
    expect((await answer(ids[3]!, '["01","012"]')).statusCode).toBe(200); // right
    const short = (await answer(ids[4]!, 'an answer')).json() as SubmissionQuestion[];
    expect((await answer(ids[5]!, 'another')).statusCode).toBe(200); // waits for marking
    const redo = await call(t, student, 'POST', `/api/v1/submissions/review/${name}`, [
      { questionId: ids[2], studentAnswer: '01' },
    ]);
    expect(redo.statusCode).toBe(200);
    expect(
      (await call(t, teacher, 'PUT', `/api/v1/submissions/mark/${name}`, { [short[0]!.id]: 1 })).statusCode,
    ).toBe(200);

    const card = await profile(student, name);
    // 7 questions: 1 pending, 6 answered once; 7 answers with the redo; 3 of 5 marked first answers right.
    expect(card).toMatchObject({ totalQuestions: 7, totalSubmissions: 7, toSolve: 1, averageScore: 60 });
    const counted = await recount(student.user.id);
    expect(card).toMatchObject({
      totalQuestions: counted.pending + counted.first,
      totalSubmissions: counted.all,
      toSolve: counted.pending,
      averageScore: Math.round((10_000 * counted.correct) / counted.marked) / 100,
    });
  });

  it('gives two decimals, null before any answer is marked, and zeros to a teacher or parent', async () => {
    const student = await t.createUser();
    const name = student.user.username;
    const ids = [
      await createQuestion(t, teacher, { students: [name] }),
      await createQuestion(t, teacher, { students: [name] }),
      await createQuestion(t, teacher, { students: [name] }),
      await createQuestion(t, teacher, { type: 's', students: [name] }),
    ];
    await call(t, student, 'POST', '/api/v1/submissions/multiples', [
      { questionId: ids[3], studentAnswer: 'not yet marked', studentName: name },
    ]);
    expect((await profile(student, name)).averageScore).toBeNull();
    await call(
      t,
      student,
      'POST',
      '/api/v1/submissions/multiples',
      ids
        .slice(0, 3)
        .map((questionId, i) => ({ questionId, studentAnswer: i ? '01' : '12', studentName: name })),
    );
    expect((await profile(student, name)).averageScore).toBe(66.67);
    expect(await profile(teacher, teacher.user.username)).toMatchObject({
      role: 'TEACHER',
      services: [],
      totalQuestions: 0,
      totalSubmissions: 0,
      averageScore: null,
      toSolve: 0,
    });
  });
});

describe('PATCH /api/v1/users: Edit Profile', () => {
  const patch = (as: TestUser, body: unknown) => call(t, as, 'PATCH', '/api/v1/users', body);

  it('renames the caller; the new name signs in, shows in auth-check and owns the same data', async () => {
    const student = await t.createUser();
    const id = await createQuestion(t, teacher, { students: [student.user.username] });
    const renamed = await patch(student, { username: '  Renamed Person ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: student.user.id, username: 'Renamed Person', toSolve: 1 });
    expect((await call(t, student, 'GET', '/api/v1/users/auth-check')).json().username).toBe(
      'Renamed Person',
    );
    expect((await call(t, student, 'GET', '/api/v1/assignments/ids/renamed person')).json()).toEqual([id]);
    expect((await call(t, student, 'GET', `/api/v1/users/${student.user.username}`)).statusCode).toBe(403);
  });

  it('answers 409 for a name or email someone else has (any case), and changes nothing', async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const taken = await patch(a, { username: b.user.username.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(apiMessages.usernameTaken);
    const email = await patch(a, { email: b.email.toUpperCase(), currentPassword: a.password });
    expect(email.statusCode).toBe(409);
    expect(email.json().message).toBe(apiMessages.emailInUse);
    expect(await profile(a, a.user.username)).toMatchObject({ username: a.user.username, email: a.email });
  });

  it('refuses look-alike names: mixed scripts with 400, a full-width copy of a taken name with 409; stores the rest NFKC-normalised', async () => {
    await t.createUser({ username: 'alice' });
    const person = await t.createUser();
    const mixed = await patch(person, { username: '\u0430lice' }); // аlice, a Cyrillic а
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toMatch(/^username: must be written in one script/);
    const fullWidth = await patch(person, { username: '\uff21lice' }); // Ａlice
    expect(fullWidth.statusCode).toBe(409);
    expect(fullWidth.json().message).toBe(apiMessages.usernameTaken);
    expect(await profile(person, person.user.username)).toMatchObject({ username: person.user.username });
    const free = await patch(person, { username: '\uff30enelope' }); // Ｐenelope
    expect(free.statusCode).toBe(200);
    expect(free.json().username).toBe('Penelope');
    expect((await call(t, person, 'GET', '/api/v1/users/auth-check')).json().username).toBe('Penelope');
  });

  it('changes the email only with the current password, and signs in with the new one', async () => {
    const person = await t.createUser();
    const none = await patch(person, { email: 'new.address@example.com' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(profileMessages.currentPasswordNeeded);
    const wrong = await patch(person, { email: 'new.address@example.com', currentPassword: 'not it at all' });
    // A 400, not a 401: a wrong password in a form must not look like an ended session.
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(profileMessages.currentPasswordWrong);
    const right = await patch(person, { email: 'New.Address@Example.com', currentPassword: person.password });
    expect(right.statusCode).toBe(200);
    expect(right.json().email).toBe('new.address@example.com');
    const login = await call(t, null, 'POST', '/api/v1/users/login', {
      email: 'new.address@example.com',
      password: person.password,
    });
    expect(login.statusCode).toBe(200);
  });

  it("never changes roles or someone else's profile, and accepts the original client's body", async () => {
    const student = await t.createUser();
    const other = await t.createUser();
    const admin = await t.createUser({ roles: ['ADMIN'] });
    const escalate = await patch(student, { role: 'ADMIN,STUDENT' });
    expect(escalate.statusCode).toBe(403);
    expect(escalate.json().message).toBe(profileMessages.rolesByAdmin);
    expect((await patch(student, { id: other.user.id, username: 'stolen' })).statusCode).toBe(403);
    // An administrator may edit anyone (the admin console's tests: server/admin/admin.test.ts).
    expect((await patch(admin, { id: other.user.id, username: 'by admin' })).statusCode).toBe(200);
    // The original client sends {id, email, username, role} back: its own id and role are fine.
    const echoed = await patch(student, {
      id: String(student.user.id),
      email: student.email,
      username: `${student.user.username}x`,
      role: 'student',
    });
    expect(echoed.statusCode).toBe(200);
    expect(echoed.json()).toMatchObject({ username: `${student.user.username}x`, role: 'STUDENT' });
    expect((await patch(student, { username: 'bad/name' })).statusCode).toBe(400);
    expect((await call(t, null, 'PATCH', '/api/v1/users', { username: 'x' })).statusCode).toBe(401);
  });

  it('keeps the email of an account that signs in only through a provider', async () => {
    const person = await t.createUser();
    await t.database.db.execute(sql`UPDATE users SET password_hash = NULL WHERE id = ${person.user.id}`);
    const response = await patch(person, { email: 'elsewhere@example.com', currentPassword: 'anything' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(profileMessages.providerEmailFixed);
  });
});

describe('GET /api/v1/subscriptions?name= and /api/v1/users/children/{name}', () => {
  it("lists a student's services (new students get Tutoring and Simple Math Question), [] for others", async () => {
    const student = await t.createUser();
    const services = await call(t, student, 'GET', `/api/v1/subscriptions?name=${student.user.username}`);
    expect(services.json()).toEqual(['Tutoring', 'Simple Math Question']);
    const own = await call(t, teacher, 'GET', `/api/v1/subscriptions?name=${teacher.user.username}`);
    expect(own.json()).toEqual([]);
  });

  it("lists a parent's children with their services; a parent reads a child's subscriptions", async () => {
    const parent = await t.createUser({ roles: ['PARENT'] });
    const kids = [await t.createUser({ username: 'Zoe Kid' }), await t.createUser({ username: 'adam kid' })];
    for (const kid of kids) await linkChild(t.database.db, parent.user.id, kid.user.id);
    const children = (
      await call(t, parent, 'GET', `/api/v1/users/children/${parent.user.username}`)
    ).json() as ChildResponse[];
    expect(children.map((c) => c.name)).toEqual(['adam kid', 'Zoe Kid']);
    expect(children[0]).toMatchObject({
      id: kids[1]!.user.id,
      imageURL: '/images/avatars/default.svg',
      subscriptions: [{ service: { name: 'Tutoring' } }, { service: { name: 'Simple Math Question' } }],
    });
    const childServices = await call(t, parent, 'GET', '/api/v1/subscriptions?name=zoe kid');
    expect(childServices.json()).toEqual(['Tutoring', 'Simple Math Question']);
  });
});
