import fs from 'node:fs';
import path from 'node:path';
import { and, eq, or, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DraftsPatchResponse,
  DraftsResponse,
  ModifyResult,
  SubmissionQuestion,
} from '../common/contracts/tutoring.ts';
import { apiMessages } from '../common/messages.ts';
import { autoMark, type QuestionType } from '../common/questions/rules.ts';
import { recountCalendar, storedCalendar } from './calendars/queries.ts';
import { assignments, questions, submissions, users } from './db/schema.ts';
import { recountTopicStats, storedTopicStats } from './stats/queries.ts';
import { startTestApp, type TestApp, type TestUser } from './test/harness.ts';
import { atOnce, noServerError, overSocket } from './test/sockets.ts';
import { createQuestion, dueIn } from './test/tutoring.ts';
import { passwordWork } from './users/passwords.ts';

/**
 * Races, through real sockets: N requests sent at once, as a double click, two tabs, or a student
 * answering while the teacher marks would send them. On PostgreSQL (`npm run test:pg`) they really
 * overlap under READ COMMITTED; PGlite runs one statement at a time but still interleaves the
 * requests between statements. After each burst: no 5xx, one stored answer per pending question,
 * and every stored calendar equals a recount from scratch.
 */
let t: TestApp;
let base: string;
let teacher: TestUser;
beforeAll(async () => {
  t = await startTestApp({ poolSize: 12 });
  base = await t.listen();
  teacher = await t.createUser({ roles: ['TEACHER'] });
});
afterAll(() => t.close());

const BURST = 20;

type Answer = { status: number; body: unknown };
const statuses: number[] = [];

async function send(as: TestUser, method: string, path: string, body?: unknown): Promise<Answer> {
  const answer = noServerError(
    await overSocket(base, method, path, { cookie: as.cookie, body }),
    `${method} ${path}`,
  );
  statuses.push(answer.status);
  return { status: answer.status, body: answer.body };
}

const burst = atOnce;

async function expectCalendarsRecounted(...students: TestUser[]): Promise<void> {
  for (const student of students) {
    const stored = (await storedCalendar(t.database.db, student.user.id)).map(
      ({ day, solved, unsolved, toMark }) => ({ day, solved, unsolved, toMark }),
    );
    expect(stored, student.user.username).toEqual(await recountCalendar(t.database.db, student.user.id));
  }
}

async function storedAnswers(student: TestUser, questionId: number) {
  return t.database.db
    .select()
    .from(submissions)
    .where(and(eq(submissions.studentId, student.user.id), eq(submissions.questionId, questionId)));
}

const submit = (student: TestUser, questionId: number, studentAnswer: string) =>
  send(student, 'POST', '/api/v1/submissions/multiples', [
    { questionId, studentAnswer, studentName: student.user.username },
  ]);

describe('parallel requests', () => {
  it('accept answers to ten questions due the same day sent at once (calendar upsert)', async () => {
    const student = await t.createUser({ roles: ['STUDENT'] });
    const due = dueIn(t, 48);
    const ids: number[] = [];
    for (let i = 0; i < 10; i++)
      ids.push(await createQuestion(t, teacher, { students: [student.user.username], targetDate: due }));
    const answers = await burst(10, (i) => submit(student, ids[i]!, i % 2 ? '01' : '12'));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const [day] = await storedCalendar(t.database.db, student.user.id);
    expect(day).toMatchObject({ solved: 10, unsolved: 0, toMark: 0 });
    await expectCalendarsRecounted(student);
  });

  it(`store one answer when ${BURST} first answers to one pending question arrive at once`, async () => {
    const student = await t.createUser({ roles: ['STUDENT'] });
    const id = await createQuestion(t, teacher, { students: [student.user.username] });
    const answers = await burst(BURST, (i) => submit(student, id, i % 2 ? '01' : '12'));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(BURST - 1);
    const stored = await storedAnswers(student, id);
    expect(stored).toHaveLength(1);
    // The one stored answer is the one acknowledged, with its mark.
    const accepted = answers.find((a) => a.status === 200)!.body as SubmissionQuestion[];
    expect(stored[0]).toMatchObject({ id: accepted[0]!.id, marked: accepted[0]!.marked });
    await expectCalendarsRecounted(student);
  });

  it(`store one redo when ${BURST} correct redos of one wrong answer arrive at once`, async () => {
    const student = await t.createUser({ roles: ['STUDENT'] });
    const name = student.user.username;
    const id = await createQuestion(t, teacher, { students: [name] });
    expect((await submit(student, id, '12')).status).toBe(200);
    const redos = await burst(BURST, () =>
      send(student, 'POST', `/api/v1/submissions/review/${name}`, [{ questionId: id, studentAnswer: '01' }]),
    );
    expect(redos.filter((a) => a.status === 200)).toHaveLength(1);
    const stored = await storedAnswers(student, id);
    expect(stored.filter((s) => s.redo)).toHaveLength(1);
    const review = await send(student, 'GET', `/api/v1/submissions/review/${name}`);
    expect((review.body as { totalElements: number }).totalElements).toBe(0);
    await expectCalendarsRecounted(student);
  });

  it('keep the calendar exact while a teacher marks and the student answers at once', async () => {
    const student = await t.createUser({ roles: ['STUDENT'] });
    const name = student.user.username;
    const due = dueIn(t, 30);
    const ids: number[] = [];
    for (let i = 0; i < 10; i++)
      ids.push(await createQuestion(t, teacher, { type: 's', students: [name], targetDate: due }));
    const first = (
      await send(
        student,
        'POST',
        '/api/v1/submissions/multiples',
        ids.slice(0, 5).map((questionId) => ({ questionId, studentAnswer: 'an answer', studentName: name })),
      )
    ).body as SubmissionQuestion[];
    const answers = await burst(10, (i) =>
      i < 5
        ? send(teacher, 'PUT', `/api/v1/submissions/mark/${name}`, { [first[i]!.id]: i % 2 ? 1 : -1 })
        : submit(student, ids[i]!, 'another answer'),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const [day] = await storedCalendar(t.database.db, student.user.id);
    expect(day).toMatchObject({ solved: 10, unsolved: 0, toMark: 5 });
    await expectCalendarsRecounted(student);
  });

  it("keep calendars and topic statistics exact while two teachers mark overlapping students' answers in the inbox and the students answer", async () => {
    const students = await t.createUsers(4);
    const names = students.map((s) => s.user.username);
    const due = dueIn(t, 30);
    const essays: number[] = [];
    for (let i = 0; i < 3; i++)
      essays.push(
        await createQuestion(t, teacher, {
          type: 's',
          students: names,
          targetDate: due,
          topics: ['inbox race'],
        }),
      );
    const later = await createQuestion(t, teacher, {
      students: names,
      targetDate: due,
      topics: ['inbox race'],
    });
    const answered: SubmissionQuestion[] = [];
    for (const student of students) {
      const body = essays.map((questionId) => ({
        questionId,
        studentAnswer: 'essay',
        studentName: student.user.username,
      }));
      answered.push(
        ...((await send(student, 'POST', '/api/v1/submissions/multiples', body))
          .body as SubmissionQuestion[]),
      );
    }
    const other = await t.createUser({ roles: ['TEACHER'] });
    // Each inbox submit marks answers of every student; the two overlap on every student.
    const results = await burst(2 + students.length, (i) => {
      if (i < 2) {
        const marks = Object.fromEntries(
          answered.filter((_, k) => k % 2 === i || k % 3 === 0).map((a) => [a.id, i ? 1 : -1]),
        );
        return send(i ? other : teacher, 'PUT', '/api/v1/marking', marks);
      }
      return submit(students[i - 2]!, later, '01');
    });
    expect(results.map((r) => r.status)).toEqual(Array(results.length).fill(200));
    for (const student of students)
      expect(await storedTopicStats(t.database.db, student.user.id), student.user.username).toEqual(
        await recountTopicStats(t.database.db, student.user.id),
      );
    await expectCalendarsRecounted(...students);
    const count = (await send(teacher, 'GET', '/api/v1/marking/count')).body as { count: number };
    const inbox = (await send(teacher, 'GET', '/api/v1/marking?size=1000')).body as { totalElements: number };
    expect(inbox.totalElements).toBe(count.count);
  });

  it('keep one pending assignment and an exact calendar while teachers reassign and the student answers', async () => {
    const student = await t.createUser({ roles: ['STUDENT'] });
    const other = await t.createUser({ roles: ['TEACHER'] });
    const name = student.user.username;
    const ids: number[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(await createQuestion(t, teacher, { students: [name], targetDate: dueIn(t, 24) }));
    // One answer per question; the other requests move the due dates (in both id orders).
    const answers = await burst(BURST, (i) => {
      if (i < ids.length) return submit(student, ids[i]!, '01');
      return send(i % 2 ? teacher : other, 'POST', '/api/v1/assignments', {
        questionIds: i % 2 ? ids : [...ids].reverse(),
        names: [name],
        targetDate: dueIn(t, 24 * (1 + (i % 5))),
      });
    });
    for (const answer of answers) expect([200, 400]).toContain(answer.status);
    for (const id of ids) {
      expect((await storedAnswers(student, id)).length).toBeLessThanOrEqual(1);
      const pending = await t.database.db
        .select()
        .from(assignments)
        .where(and(eq(assignments.studentId, student.user.id), eq(assignments.questionId, id)));
      expect(pending.length).toBeLessThanOrEqual(1);
    }
    await expectCalendarsRecounted(student);
  });

  it('mark every answer by the rules in force when a modify and answers race', async () => {
    const students = await burst(10, () => t.createUser({ roles: ['STUDENT'] }));
    const id = await createQuestion(t, teacher, { students: students.map((s) => s.user.username) });
    const results = await burst(students.length + 1, (i) =>
      i === students.length
        ? send(teacher, 'PATCH', '/api/v1/questions/multiples', [{ id, answer: '12' }])
        : submit(students[i]!, id, i % 2 ? '01' : '12'),
    );
    expect(results.map((r) => r.status)).toEqual(Array(students.length + 1).fill(200));
    const [question] = await t.database.db.select().from(questions).where(eq(questions.id, id));
    expect(question!.answer).toBe('12');
    const stored = await t.database.db.select().from(submissions).where(eq(submissions.questionId, id));
    expect(stored).toHaveLength(students.length);
    for (const s of stored)
      expect(s.marked, `answer ${s.studentAnswer}`).toBe(
        autoMark(question!.type as QuestionType, question!.answer, s.studentAnswer),
      );
    // The modify reported the marks it changed (answers stored before it), each by the two rules.
    const modify = results.at(-1)!.body as ModifyResult;
    for (const change of modify.remarked) {
      const answer = stored.find((s) => s.id === change.submissionId)!.studentAnswer;
      expect(change).toMatchObject({
        questionId: id,
        from: autoMark('m', '01', answer),
        to: autoMark('m', '12', answer),
      });
    }
    await expectCalendarsRecounted(...students);
  });

  it('save drafts typed over one version in several tabs at once: exactly one wins per question', async () => {
    const student = await t.createUser({ roles: ['STUDENT'] });
    const name = student.user.username;
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push(await createQuestion(t, teacher, { type: 's', students: [name] }));
    // Ten tabs, each saving every question over version 0 (none of them has seen a draft).
    const saves = await burst(10, (tab) =>
      send(student, 'PATCH', `/api/v1/drafts/${name}`, {
        changes: Object.fromEntries(ids.map((id) => [String(id), { answer: `tab ${tab}`, version: 0 }])),
      }),
    );
    expect(saves.map((s) => s.status)).toEqual(Array(10).fill(200));
    const bodies = saves.map((s) => s.body as DraftsPatchResponse);
    const final = (await send(student, 'GET', `/api/v1/drafts/${name}`)).body as DraftsResponse;
    for (const id of ids) {
      const winners = bodies.filter((b) => b.saved[String(id)] !== undefined);
      expect(winners, `question ${id}`).toHaveLength(1);
      // Every loser was sent the winner's answer, which is what is stored.
      for (const b of bodies.filter((body) => body !== winners[0]))
        expect(b.conflicts[String(id)]).toEqual({ answer: final.answers[String(id)], version: 1 });
      expect(final.versions[String(id)]).toBe(1);
    }
  });

  it('never keep a draft of a question answered while tabs are still saving drafts for it', async () => {
    const student = await t.createUser({ roles: ['STUDENT'] });
    const name = student.user.username;
    const id = await createQuestion(t, teacher, { students: [name] });
    const results = await burst(BURST, (i) =>
      i === BURST / 2
        ? submit(student, id, '01')
        : send(student, 'PATCH', `/api/v1/drafts/${name}`, {
            changes: { [id]: { answer: '12', version: i } },
          }),
    );
    expect(results.map((r) => r.status)).toEqual(Array(BURST).fill(200));
    const final = (await send(student, 'GET', `/api/v1/drafts/${name}`)).body as DraftsResponse;
    expect(final.versions).toEqual({});
    expect(await storedAnswers(student, id)).toHaveLength(1);
  });

  it('link topics and modify the same questions at once without a deadlock or a 5xx', async () => {
    const a = await createQuestion(t, teacher);
    const b = await createQuestion(t, teacher);
    const results = await burst(BURST, (i) =>
      i % 2
        ? send(teacher, 'PATCH', '/api/v1/questions/topics', {
            questionIds: i % 4 === 1 ? [a, b] : [b, a],
            topics: i % 4 === 1 ? ['race x', 'race y'] : ['race y', 'race x'],
          })
        : send(teacher, 'PATCH', '/api/v1/questions/multiples', [
            { id: i % 4 === 0 ? a : b, topics: ['race y', `race ${i}`] },
          ]),
    );
    expect(results.map((r) => r.status)).toEqual(Array(BURST).fill(200));
  });

  it('answer one 200 and the rest 409 to topics and sign-ups racing for one name', async () => {
    const topics = await burst(10, () => send(teacher, 'POST', '/api/v1/topics', 'one topic for all'));
    expect(topics.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);

    const person = { email: 'racer@example.com', username: 'Racer', password: 'a long enough secret' };
    // Room for all ten hashes on any machine (the app's bound is one per core), so none gets a 503.
    const saved = passwordWork.setBounds({ concurrency: 2, queue: 10 });
    try {
      const signups = await burst(10, async () => {
        const answer = noServerError(
          await overSocket(base, 'POST', '/api/v1/users/signup', { body: person }),
          'POST /api/v1/users/signup',
        );
        statuses.push(answer.status);
        return answer;
      });
      expect(signups.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
      for (const refused of signups.filter((r) => r.status === 409))
        expect([apiMessages.emailInUse, apiMessages.usernameTaken]).toContain(refused.text);
    } finally {
      passwordWork.setBounds(saved);
    }
    const stored = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(or(eq(users.email, person.email), sql`lower(${users.username}) = 'racer'`));
    expect(stored).toHaveLength(1);
  });

  it('check at most 5 of 40 password guesses sent at once at one account from one address', async () => {
    const victim = await t.createUser({ roles: ['STUDENT'] });
    const guess = (password: string) =>
      fetch(`${base}/api/v1/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: victim.email, password }),
      }).then((r) => {
        statuses.push(r.status);
        return r;
      });
    const answers = await burst(40, (i) => guess(`guess number ${i}`));
    const checked = answers.filter((a) => a.status === 401).length;
    expect(checked).toBe(5);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(35);
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    // The right password is refused too from this address until the delay passes (no account lock).
    expect((await guess(victim.password)).status).toBe(429);
  });

  it('keep topic statistics exact while a teacher links topics, modifies and marks as students answer', async () => {
    const students = await t.createUsers(8);
    const names = students.map((s) => s.user.username);
    const choice = await createQuestion(t, teacher, { students: names, topics: ['race a'] });
    const short = await createQuestion(t, teacher, { type: 's', students: names, topics: ['race b'] });
    // Short answers first, so the teacher has something to mark during the burst.
    const shortAnswers = await burst(students.length, (i) => submit(students[i]!, short, `essay ${i}`));
    const results = await burst(students.length + 6, (i) => {
      if (i < students.length) return submit(students[i]!, choice, i % 2 ? '01' : '12');
      const k = i - students.length;
      if (k < 2)
        return send(teacher, 'PATCH', '/api/v1/questions/topics', {
          questionIds: k ? [choice, short] : [short, choice],
          topics: [`race link ${k}`],
        });
      if (k === 2)
        return send(teacher, 'PATCH', '/api/v1/questions/multiples', [{ id: choice, answer: '12' }]);
      if (k === 3)
        return send(teacher, 'PATCH', '/api/v1/questions/multiples', [{ id: short, topics: ['race c'] }]);
      const owner = students[k]!;
      const [answer] = shortAnswers[k]!.body as SubmissionQuestion[];
      return send(teacher, 'PUT', `/api/v1/submissions/mark/${owner.user.username}`, { [answer!.id]: 1 });
    });
    expect(results.map((r) => r.status)).toEqual(Array(results.length).fill(200));
    for (const student of students)
      expect(await storedTopicStats(t.database.db, student.user.id), student.user.username).toEqual(
        await recountTopicStats(t.database.db, student.user.id),
      );
    await expectCalendarsRecounted(...students);
  });

  it('count every answer under every topic linked while the answers arrive', async () => {
    const students = await t.createUsers(BURST);
    const id = await createQuestion(t, teacher, {
      students: students.map((s) => s.user.username),
      topics: [],
    });
    // Each answer races a link of a new topic: whichever commits first, the other must count it.
    const results = await burst(2 * BURST, (i) =>
      i % 2
        ? submit(students[(i - 1) / 2]!, id, '01')
        : send(teacher, 'PATCH', '/api/v1/questions/topics', { questionIds: [id], topics: [`linked ${i}`] }),
    );
    expect(results.map((r) => r.status)).toEqual(Array(2 * BURST).fill(200));
    for (const student of students) {
      const stored = await storedTopicStats(t.database.db, student.user.id);
      expect(stored, student.user.username).toEqual(await recountTopicStats(t.database.db, student.user.id));
      expect(stored).toHaveLength(BURST);
    }
  });

  it('answer one 200 and the rest 409 to ten people renaming themselves to one name at once', async () => {
    const people: TestUser[] = [];
    for (let i = 0; i < 10; i++) people.push(await t.createUser({ roles: ['STUDENT'] }));
    const renames = await burst(10, (i) =>
      send(people[i]!, 'PATCH', '/api/v1/users', { username: 'One Name' }),
    );
    expect(renames.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
  });

  it('leave exactly the last of five pictures uploaded at once, and no other file', async () => {
    const person = await t.createUser({ roles: ['STUDENT'] });
    const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const uploads = await burst(5, async () => {
      const form = new FormData();
      form.append('username', person.user.username);
      form.append('image', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'me.png');
      const response = await fetch(`${base}/api/v1/users/image`, {
        method: 'PATCH',
        headers: { cookie: person.cookie, origin: base },
        body: form,
      });
      statuses.push(response.status);
      return { status: response.status, body: (await response.json()) as { imageURL: string } };
    });
    expect(uploads.map((u) => u.status)).toEqual(Array(5).fill(200));
    const [row] = await t.database.db.select().from(users).where(eq(users.id, person.user.id));
    const kept = uploads.map((u) => u.body.imageURL).filter((url) => url === row!.imageUrl);
    expect(kept).toHaveLength(1);
    const files = fs.readdirSync(path.join(t.config.imagesDir, 'avatars'));
    const mine = uploads.map((u) => path.basename(u.body.imageURL)).filter((f) => files.includes(f));
    expect(mine).toEqual([path.basename(row!.imageUrl!)]);
    expect(files.filter((f) => f.endsWith('.part'))).toEqual([]);
  });

  it('never answered 5xx', () => {
    expect(statuses.length).toBeGreaterThan(100);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
  });
});
