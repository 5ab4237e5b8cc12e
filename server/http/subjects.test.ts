import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../common/messages.ts';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { linkChild } from '../users/queries.ts';
import { type Auth, ownSubject, resolveSubjectAccess, resolveSubjectsAccess } from './access.ts';

/**
 * The ownership rule behind every named-person route (server/http/access.ts), called directly with
 * several names at once, each kind of person and caller: the access matrix tries one name per route.
 */
let t: TestApp;
let kid: TestUser;
let sibling: TestUser;
let stranger: TestUser;
let parent: TestUser;
let teacher: TestUser;
let otherTeacher: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  kid = await t.createUser({ roles: ['STUDENT'] });
  sibling = await t.createUser({ roles: ['STUDENT'] });
  stranger = await t.createUser({ roles: ['STUDENT'] });
  parent = await t.createUser({ roles: ['PARENT'] });
  teacher = await t.createUser({ roles: ['TEACHER'] });
  otherTeacher = await t.createUser({ roles: ['TEACHER'] });
  admin = await t.createUser({ roles: ['ADMIN'] });
  await linkChild(t.database.db, parent.user.id, kid.user.id);
  await linkChild(t.database.db, parent.user.id, sibling.user.id);
});
afterAll(() => t.close());

const authOf = (person: TestUser, withRow = false): Auth => ({
  userId: person.user.id,
  username: person.user.username,
  email: person.email,
  roles: person.user.roles,
  sessionId: 0,
  ...(withRow ? { user: person.user } : {}),
});
const names = (...people: TestUser[]) => people.map((p) => p.user.username);
const read = { subject: 'student', write: false } as const;
const write = { subject: 'student', write: true } as const;

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string } | 'allowed'> {
  try {
    await promise;
    return 'allowed';
  } catch (error) {
    const { status, message } = error as { status: number; message: string };
    return { status, message };
  }
}
const forbidden = { status: 403, message: apiMessages.forbidden };

describe('resolveSubjectsAccess', () => {
  it('refuses a caller who is not signed in', async () => {
    expect(await refusal(resolveSubjectsAccess(t.database.db, null, names(kid), read))).toEqual({
      status: 401,
      message: apiMessages.notSignedIn,
    });
  });

  it('answers each person by lower-cased name, once however often or however spelt it is named', async () => {
    const people = await resolveSubjectsAccess(
      t.database.db,
      authOf(teacher),
      [kid.user.username.toUpperCase(), kid.user.username, sibling.user.username],
      read,
    );
    expect([...people.entries()].map(([name, person]) => [name, person.id])).toEqual([
      [kid.user.username.toLowerCase(), kid.user.id],
      [sibling.user.username.toLowerCase(), sibling.user.id],
    ]);
    const one = await resolveSubjectAccess(
      t.database.db,
      authOf(kid, true),
      kid.user.username.toUpperCase(),
      write,
    );
    expect(one.id).toBe(kid.user.id);
  });

  it('lets a student name only themself, with or without their row at hand', async () => {
    for (const withRow of [false, true]) {
      const own = await resolveSubjectsAccess(t.database.db, authOf(kid, withRow), names(kid), write);
      expect([...own.values()].map((p) => p.id)).toEqual([kid.user.id]);
      expect(
        await refusal(resolveSubjectsAccess(t.database.db, authOf(kid, withRow), names(kid, stranger), read)),
      ).toEqual(forbidden);
    }
  });

  it('tells staff an unknown name or a person of the wrong kind is not found, and everyone else 403', async () => {
    const cases = [
      { names: ['nobody-at-all'], subject: 'student', message: apiMessages.studentNotFound },
      { names: [''], subject: 'student', message: apiMessages.studentNotFound },
      { names: names(otherTeacher), subject: 'student', message: apiMessages.studentNotFound },
      {
        names: [kid.user.username, 'nobody-at-all'],
        subject: 'student',
        message: apiMessages.studentNotFound,
      },
      { names: ['nobody-at-all'], subject: 'user', message: apiMessages.userNotFound },
      { names: ['nobody-at-all'], subject: 'teacher', message: apiMessages.teacherNotFound },
      { names: names(kid), subject: 'teacher', message: apiMessages.teacherNotFound },
    ] as const;
    for (const { names: named, subject, message } of cases) {
      for (const caller of [teacher, admin]) {
        expect(
          await refusal(
            resolveSubjectsAccess(t.database.db, authOf(caller), named, { subject, write: false }),
          ),
          `${subject} ${named.join(',')}`,
        ).toEqual({ status: 404, message });
      }
      for (const caller of [kid, parent]) {
        expect(
          await refusal(
            resolveSubjectsAccess(t.database.db, authOf(caller), named, { subject, write: false }),
          ),
        ).toEqual(forbidden);
      }
    }
  });

  it("lets a teacher at students only, an admin at anyone, and keeps a teacher's own data theirs", async () => {
    expect(
      await refusal(resolveSubjectsAccess(t.database.db, authOf(teacher), names(kid, stranger), write)),
    ).toBe('allowed');
    const user = { subject: 'user', write: false } as const;
    expect(
      await refusal(resolveSubjectsAccess(t.database.db, authOf(teacher), names(otherTeacher), user)),
    ).toEqual(forbidden);
    expect(
      await refusal(resolveSubjectsAccess(t.database.db, authOf(admin), names(otherTeacher, kid), user)),
    ).toBe('allowed');
    const own = { subject: 'teacher', write: false } as const;
    expect(await refusal(resolveSubjectsAccess(t.database.db, authOf(teacher), names(teacher), own))).toBe(
      'allowed',
    );
    expect(
      await refusal(resolveSubjectsAccess(t.database.db, authOf(teacher), names(otherTeacher), own)),
    ).toEqual(forbidden);
    expect(await refusal(resolveSubjectsAccess(t.database.db, authOf(admin), names(otherTeacher), own))).toBe(
      'allowed',
    );
  });

  it('lets a parent read all of their children at once, but not write, and not with anyone else among them', async () => {
    expect(
      await refusal(resolveSubjectsAccess(t.database.db, authOf(parent), names(kid, sibling), read)),
    ).toBe('allowed');
    for (const named of [names(kid, stranger), names(stranger, kid), names(stranger)]) {
      expect(await refusal(resolveSubjectsAccess(t.database.db, authOf(parent), named, read))).toEqual(
        forbidden,
      );
    }
    expect(await refusal(resolveSubjectsAccess(t.database.db, authOf(parent), names(kid), write))).toEqual(
      forbidden,
    );
    // A parent reads their child's profile card too, and nobody else's.
    const user = { subject: 'user', write: false } as const;
    expect(await refusal(resolveSubjectsAccess(t.database.db, authOf(parent), names(kid), user))).toBe(
      'allowed',
    );
    expect(await refusal(resolveSubjectsAccess(t.database.db, authOf(parent), names(teacher), user))).toEqual(
      forbidden,
    );
  });

  it('lets a caller at their own row without a look-up exactly where the rule would, with the same row', async () => {
    const callers = [kid, parent, teacher, admin];
    let taken = 0;
    for (const caller of callers) {
      for (const subject of ['student', 'user', 'teacher'] as const) {
        for (const person of callers) {
          for (const spelt of [person.user.username, person.user.username.toUpperCase()]) {
            const where = `${caller.user.username} → ${spelt} (${subject})`;
            const rule = await refusal(
              resolveSubjectAccess(t.database.db, authOf(caller, true), spelt, { subject, write: true }),
            );
            const fast = ownSubject(authOf(caller, true), spelt, subject);
            // Taken for every caller naming themself whom the rule lets through, and only then.
            const ownAllowed = person === caller && rule === 'allowed';
            expect(fast?.id ?? null, where).toBe(ownAllowed ? caller.user.id : null);
            if (fast) taken++;
          }
        }
      }
    }
    expect(taken).toBeGreaterThan(0);
    // Never without the caller's row at hand, nor with a row that is not the caller's.
    expect(ownSubject(authOf(kid), kid.user.username, 'student')).toBeNull();
    expect(
      ownSubject({ ...authOf(kid, true), userId: sibling.user.id }, kid.user.username, 'student'),
    ).toBeNull();
    expect(ownSubject(null, kid.user.username, 'student')).toBeNull();
  });
});
