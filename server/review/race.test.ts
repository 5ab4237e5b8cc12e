import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewCounts, ReviewSchedule } from '../../common/contracts/review.ts';
import { addDays } from '../../common/week.ts';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { call, createQuestion, dueIn } from '../test/tutoring.ts';

/**
 * Spaced review under racing requests, through real sockets. On PostgreSQL (`npm run
 * test:pg`) they really overlap under READ COMMITTED: redos, pins and settings changes of one
 * student each decide under the student's row lock, so none decides on what another is changing.
 */
let t: TestApp;
let base: string;
let teacher: TestUser;
let n = 0;
beforeAll(async () => {
  t = await startTestApp({ poolSize: 12 });
  base = await t.listen();
  teacher = await t.createUser({ roles: ['TEACHER'] });
});
afterAll(() => t.close());

async function send(as: TestUser, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}/api/v1/${path}`, {
    method,
    headers: { cookie: as.cookie, origin: base, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function studentWithWrong(questions: number, scheduling: boolean) {
  const student = await t.createUser({ roles: ['STUDENT'], username: `racer${++n}` });
  const name = student.user.username;
  if (scheduling) await call(t, teacher, 'PUT', `/api/v1/review/settings/${name}`, { enabled: true });
  const ids: number[] = [];
  for (let i = 0; i < questions; i++) {
    const id = await createQuestion(t, teacher, { students: [name], targetDate: dueIn(t, 48) });
    await call(t, student, 'POST', '/api/v1/submissions/multiples', [
      { studentName: name, questionId: id, studentAnswer: '12' },
    ]);
    ids.push(id);
  }
  return { student, name, ids };
}

const redoRight = (student: TestUser, questionId: number) =>
  send(student, 'POST', `submissions/review/${student.user.username}`, [{ questionId, studentAnswer: '01' }]);

async function redosStored(name: string, questionId: number): Promise<number> {
  const page = await send(teacher, 'GET', `submissions/${name}?size=100`);
  return (page.body.content as { redo: boolean; question: { id: number } }[]).filter(
    (s) => s.redo && s.question.id === questionId,
  ).length;
}

describe('spaced review under racing requests', () => {
  it.each([true, false])(
    'moves a question one step when ten right redos race (scheduling %s)',
    async (scheduling) => {
      const { student, name, ids } = await studentWithWrong(1, scheduling);
      const answers = await Promise.all(Array.from({ length: 10 }, () => redoRight(student, ids[0]!)));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 400)).toHaveLength(9);
      expect(await redosStored(name, ids[0]!)).toBe(1);
      const schedule = (await send(teacher, 'GET', `review/schedule/${name}`)).body as ReviewSchedule;
      expect(schedule.items[0]).toMatchObject(
        scheduling
          ? { status: 'later', step: 1, dueDay: addDays(schedule.today, 1) }
          : { status: 'done', dueDay: null },
      );
    },
  );

  it('a pin and a redo racing: the redo counts only if it came first, and the pin always holds', async () => {
    for (let round = 0; round < 8; round++) {
      const { student, name, ids } = await studentWithWrong(1, true);
      const [pin, redo] = await Promise.all([
        send(teacher, 'POST', `review/pin/${name}`, { questionId: ids[0] }),
        redoRight(student, ids[0]!),
      ]);
      expect(pin.status).toBe(200);
      expect([200, 400]).toContain(redo.status);
      const accepted = redo.status === 200;
      expect(await redosStored(name, ids[0]!)).toBe(accepted ? 1 : 0);
      const schedule = (await send(teacher, 'GET', `review/schedule/${name}`)).body as ReviewSchedule;
      expect(schedule.items[0]).toMatchObject({
        status: 'later',
        pinned: true,
        step: accepted ? 1 : 0,
        dueDay: addDays(schedule.today, 1),
      });
    }
  });

  it('turning scheduling off while right redos arrive leaves none of them scheduled', async () => {
    for (let round = 0; round < 4; round++) {
      const { student, name, ids } = await studentWithWrong(4, true);
      const results = await Promise.all([
        ...ids.map((id) => redoRight(student, id)),
        send(teacher, 'PUT', `review/settings/${name}`, { enabled: false }),
      ]);
      expect(results.map((r) => r.status)).toEqual(Array(5).fill(200));
      const counts = (await send(teacher, 'GET', `review/count/${name}`)).body as ReviewCounts;
      expect(counts).toEqual({ due: 0, later: 0, stuck: 0, retired: 0 });
    }
  });
});
