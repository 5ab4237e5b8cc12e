import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { overSocket } from '../test/sockets.ts';
import { createQuestion, dueIn } from '../test/tutoring.ts';
import { recountCalendar, storedCalendar } from './queries.ts';

/**
 * An admin's calendar rebuild (`PATCH calendars/{name}`) racing the writes that move a student's
 * due days, through real sockets. The rebuild deletes the student's days and inserts a recount in
 * two statements; a reassignment moving a pending question's due date upserts the day it enters and
 * deletes the day it empties. On PostgreSQL (`npm run test:pg`) the requests really overlap under
 * READ COMMITTED: without the student's row lock in the rebuild, a rebuild inserts a day a
 * reassignment has just created (a unique violation, 500) or restores a day the reassignment
 * emptied (a stored calendar that no longer equals a recount). Without the lock it failed in its
 * first round in each of four runs (rebuilds answering 500: duplicate key on calendar_days). PGlite
 * runs one transaction at a time, so there one round checks the sequential result.
 */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await startTestApp({ poolSize: 12 });
  base = await t.listen();
});
afterAll(() => t.close());

async function send(as: TestUser, method: string, path: string, body?: unknown): Promise<number> {
  const answer = await overSocket(base, method, `/api/v1/${path}`, { cookie: as.cookie, body });
  if (answer.status !== 200) throw new Error(`${method} ${path} → ${answer.status}: ${answer.text}`);
  return answer.status;
}

describe('the calendar rebuild under racing reassignments', () => {
  it('leaves every stored day equal to a recount, and answers no 5xx, round after round', async () => {
    const admin = await t.createUser({ roles: ['ADMIN'] });
    const teacher = await t.createUser({ roles: ['TEACHER'] });
    const student = await t.createUser({ roles: ['STUDENT'] });
    const name = student.user.username;
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(await createQuestion(t, teacher, { students: [name], targetDate: dueIn(t, 24) }));

    // PGlite cannot overlap the requests: one round checks the sequential result there.
    const ROUNDS = process.env.TEST_DATABASE_URL ? 8 : 1;
    const BURST = 12;
    for (let round = 0; round < ROUNDS; round++) {
      // Half rebuilds, half reassignments each moving every question to another day (so each
      // empties the day the previous one filled).
      const requests = Array.from({ length: BURST }, (_, i) =>
        i % 2 === 0
          ? send(admin, 'PATCH', `calendars/${name}`)
          : send(teacher, 'POST', 'assignments', {
              questionIds: ids,
              names: [name],
              targetDate: dueIn(t, 24 * (1 + ((round * BURST + i) % 7))),
            }),
      );
      const settled = await Promise.allSettled(requests);
      const failures = settled.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
      expect(failures, `round ${round}`).toEqual([]);
      const stored = (await storedCalendar(t.database.db, student.user.id)).map(
        ({ day, solved, unsolved, toMark }) => ({ day, solved, unsolved, toMark }),
      );
      expect(stored, `round ${round}`).toEqual(await recountCalendar(t.database.db, student.user.id));
    }
  });
});
