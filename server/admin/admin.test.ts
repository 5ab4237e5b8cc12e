import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AuditEntry,
  ParentResponse,
  StudentWithSubscriptions,
  UserCard,
} from '../../common/contracts/admin.ts';
import type { Page } from '../../common/contracts/paging.ts';
import type { UserResponse } from '../../common/contracts/users.ts';
import { adminMessages, apiMessages } from '../../common/messages.ts';
import { subscriptions, users } from '../db/schema.ts';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { call, createQuestion } from '../test/tutoring.ts';

/**
 * The admin console's API through HTTP: services, subscriptions, user cards, role
 * changes, parents, reloads and the audit log. Who may call each route is the access matrix's
 * (server/http/access.test.ts); this file checks what the routes do.
 */
let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createUser({ roles: ['ADMIN'] });
  teacher = await t.createUser({ roles: ['TEACHER'] });
});
afterAll(() => t.close());

const text = (as: TestUser, url: string, body: string) =>
  t.request({ method: 'POST', url, as, headers: { 'content-type': 'text/plain' }, payload: body });

const audit = async () => (await call(t, admin, 'GET', '/api/v1/audit')).json() as AuditEntry[];

const subscribedTo = async (student: TestUser) =>
  (await call(t, admin, 'GET', `/api/v1/subscriptions?name=${student.user.username}`)).json() as string[];

describe('services', () => {
  it('adds a service from a plain-text body or JSON {name}, lists the names, and refuses a duplicate in any case with 409', async () => {
    const made = await text(admin, '/api/v1/services', '  Chess Club  ');
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toEqual({ id: expect.any(Number), name: 'Chess Club' });
    const json = await call(t, admin, 'POST', '/api/v1/services', { name: 'Essay Writing' });
    expect(json.json()).toMatchObject({ name: 'Essay Writing' });

    const again = await text(admin, '/api/v1/services', 'chess club');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(adminMessages.serviceExists('chess club'));
    expect((await text(admin, '/api/v1/services', '   ')).statusCode).toBe(400);

    const names = (await call(t, teacher, 'GET', '/api/v1/services')).json() as string[];
    expect(names).toEqual(['Tutoring', 'Simple Math Question', 'Chess Club', 'Essay Writing']);
    expect(
      (await audit()).find((e) => e.action === 'service.create' && e.target === 'Chess Club'),
    ).toMatchObject({
      actor: admin.user.username,
    });
  });

  it('does not let a teacher add a service', async () => {
    expect((await text(teacher, '/api/v1/services', 'Teacher Service')).statusCode).toBe(403);
    expect((await call(t, admin, 'GET', '/api/v1/services')).json()).not.toContain('Teacher Service');
  });
});

describe('subscriptions', () => {
  it('subscribes every student × service pair, leaves existing pairs alone and answers how many are new', async () => {
    await call(t, admin, 'POST', '/api/v1/services', { name: 'Violin' });
    const alice = await t.createUser();
    const bob = await t.createUser();
    const pairs = [alice, bob].flatMap((s) =>
      ['Violin', 'Tutoring'].map((serviceName) => ({
        studentName: s.user.username.toUpperCase(),
        serviceName,
      })),
    );
    const response = await call(t, admin, 'POST', '/api/v1/subscriptions/multiples', pairs);
    expect(response.statusCode, response.body).toBe(200);
    // New students already have Tutoring: only the two Violin pairs are new.
    expect(response.json()).toBe(2);
    expect(await subscribedTo(alice)).toEqual(['Tutoring', 'Simple Math Question', 'Violin']);
    expect((await call(t, admin, 'POST', '/api/v1/subscriptions/multiples', pairs)).json()).toBe(0);
    // The audit counts the pairs asked for, one in the singular.
    expect((await audit())[0]).toMatchObject({
      action: 'subscription.add',
      detail: 'Violin, Tutoring: 0 new of 4 pairs',
    });
    await call(t, admin, 'POST', '/api/v1/subscriptions/multiples', pairs.slice(0, 1));
    expect((await audit())[0]).toMatchObject({
      action: 'subscription.add',
      detail: 'Violin: 0 new of 1 pair',
    });
    const rows = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.studentId, bob.user.id));
    expect(rows).toHaveLength(3);
  });

  it('saves nothing when any name is unknown, and lists the unknown names', async () => {
    const carol = await t.createUser();
    const before = await subscribedTo(carol);
    await call(t, admin, 'POST', '/api/v1/services', { name: 'Drums' });
    const response = await call(t, admin, 'POST', '/api/v1/subscriptions/multiples', [
      { studentName: carol.user.username, serviceName: 'Drums' },
      { studentName: 'nobody-here', serviceName: 'Drums' },
      { studentName: carol.user.username, serviceName: 'Juggling' },
      { studentName: teacher.user.username, serviceName: 'Drums' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      adminMessages.unknownNames(['nobody-here', teacher.user.username].sort(), ['Juggling']),
    );
    expect(await subscribedTo(carol)).toEqual(before);
  });

  it('removes one subscription (404 when there is none) and GET student carries each student’s subscriptions', async () => {
    const dan = await t.createUser();
    const name = dan.user.username;
    const removed = await call(
      t,
      admin,
      'DELETE',
      `/api/v1/subscriptions/${name}/${encodeURIComponent('Simple Math Question')}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual(['Tutoring']);
    const again = await call(
      t,
      admin,
      'DELETE',
      `/api/v1/subscriptions/${name}/${encodeURIComponent('Simple Math Question')}`,
    );
    expect(again.statusCode).toBe(404);
    expect((await call(t, admin, 'DELETE', `/api/v1/subscriptions/${name}/Nothing`)).statusCode).toBe(404);

    const students = (await call(t, teacher, 'GET', '/api/v1/student')).json() as StudentWithSubscriptions[];
    const listed = students.find((s) => s.name === name)!;
    expect(listed.subscriptions).toEqual([
      { id: expect.any(Number), service: { id: expect.any(Number), name: 'Tutoring' } },
    ]);
    expect(students.every((s) => Array.isArray(s.subscriptions))).toBe(true);
    expect((await audit())[0]).toMatchObject({
      action: 'subscription.remove',
      target: name,
      detail: 'Simple Math Question',
    });
  });
});

describe('users', () => {
  it('lists user cards a page at a time and finds them by name or email', async () => {
    const erin = await t.createUser({ username: 'Erin_Search' });
    const page = (await call(t, admin, 'GET', '/api/v1/users?q=erin_s&size=10')).json() as Page<UserCard>;
    expect(page.totalElements).toBe(1);
    expect(page.content[0]).toEqual({
      id: erin.user.id,
      email: erin.email,
      username: 'Erin_Search',
      role: 'STUDENT',
      imageURL: '/images/avatars/default.svg',
      services: ['Tutoring', 'Simple Math Question'],
    });
    const byEmail = (await call(t, admin, 'GET', `/api/v1/users?q=${encodeURIComponent(erin.email)}`)).json();
    expect(byEmail.content.map((c: UserCard) => c.id)).toEqual([erin.user.id]);
    // `%` and `_` are taken literally.
    expect((await call(t, admin, 'GET', '/api/v1/users?q=%25')).json().totalElements).toBe(0);

    const first = (await call(t, admin, 'GET', '/api/v1/users?size=2&sort=id,asc')).json() as Page<UserCard>;
    expect(first.content).toHaveLength(2);
    expect(first.totalElements).toBeGreaterThan(4);
    const second = (
      await call(t, admin, 'GET', '/api/v1/users?size=2&page=1&sort=id,asc')
    ).json() as Page<UserCard>;
    expect(second.content[0]!.id).toBeGreaterThan(first.content[1]!.id);
    expect((await call(t, admin, 'GET', '/api/v1/users?sort=password,asc')).statusCode).toBe(400);
  });

  it('lets an admin change anyone’s username, email and roles; a role change ends that user’s sessions', async () => {
    const frank = await t.createUser();
    const otherSession = await t.createUser(); // a second account, untouched
    const response = await call(t, admin, 'PATCH', '/api/v1/users', {
      id: frank.user.id,
      username: 'Frank_Renamed',
      email: 'frank.renamed@example.com',
      role: 'STUDENT,PARENT',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: frank.user.id,
      username: 'Frank_Renamed',
      email: 'frank.renamed@example.com',
      role: 'STUDENT,PARENT',
    } satisfies Partial<UserResponse>);
    // Frank's session ended; the other account's did not.
    expect((await call(t, frank, 'GET', '/api/v1/users/auth-check')).statusCode).toBe(401);
    expect((await call(t, otherSession, 'GET', '/api/v1/users/auth-check')).statusCode).toBe(200);
    const log = await audit();
    expect(log.slice(0, 2).map((e) => [e.action, e.target, e.detail])).toEqual([
      [
        'user.update',
        'Frank_Renamed',
        `username: ${frank.user.username} → Frank_Renamed; email: ${frank.email} → frank.renamed@example.com`,
      ],
      ['user.roles', 'Frank_Renamed', 'STUDENT → STUDENT,PARENT'],
    ]);
  });

  it('keeps sessions when only the name or email changes, or the roles are the same set', async () => {
    const gina = await t.createUser();
    expect(
      (
        await call(t, admin, 'PATCH', '/api/v1/users', {
          id: gina.user.id,
          username: 'Gina_New',
          role: 'STUDENT',
        })
      ).statusCode,
    ).toBe(200);
    expect((await call(t, gina, 'GET', '/api/v1/users/auth-check')).json().username).toBe('Gina_New');
  });

  it('refuses roles that are not upper-case ADMIN, TEACHER, STUDENT or PARENT with 400, changing nothing', async () => {
    const hana = await t.createUser();
    for (const role of ['admin', 'STUDENT,SUPERUSER', '', ' , ', 'Student', 'ROLE_ADMIN']) {
      const response = await call(t, admin, 'PATCH', '/api/v1/users', { id: hana.user.id, role });
      expect(response.statusCode, role).toBe(400);
      expect(response.json().message, role).toMatch(/^role: must be upper-case roles/);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, hana.user.id));
    expect(row!.roles).toEqual(['STUDENT']);
    // Spaces around commas are fine; the order is the console's.
    const ok = await call(t, admin, 'PATCH', '/api/v1/users', { id: hana.user.id, role: 'PARENT , STUDENT' });
    expect(ok.json().role).toBe('STUDENT,PARENT');
  });

  it('answers 409 for a name or email someone else has, and 404 for an unknown id', async () => {
    const ivan = await t.createUser();
    const taken = await call(t, admin, 'PATCH', '/api/v1/users', {
      id: ivan.user.id,
      username: teacher.user.username.toUpperCase(),
    });
    expect(taken.statusCode).toBe(409);
    const email = await call(t, admin, 'PATCH', '/api/v1/users', { id: ivan.user.id, email: teacher.email });
    expect(email.statusCode).toBe(409);
    expect(
      (await call(t, admin, 'PATCH', '/api/v1/users', { id: 2_000_000, role: 'STUDENT' })).statusCode,
    ).toBe(404);
  });

  it('refuses look-alike names: mixed scripts with 400, a full-width copy of a taken name with 409; stores the rest NFKC-normalised', async () => {
    await t.createUser({ username: 'alice' });
    const rita = await t.createUser();
    const rename = (username: string) =>
      call(t, admin, 'PATCH', '/api/v1/users', { id: rita.user.id, username });
    const mixed = await rename('\u0430lice'); // аlice, a Cyrillic а
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toMatch(/^username: must be written in one script/);
    const fullWidth = await rename('\uff21lice'); // Ａlice
    expect(fullWidth.statusCode).toBe(409);
    expect(fullWidth.json().message).toBe(apiMessages.usernameTaken);
    const [before] = await t.database.db.select().from(users).where(eq(users.id, rita.user.id));
    expect(before!.username).toBe(rita.user.username);
    const free = await rename('\uff32osalind'); // Ｒosalind
    expect(free.statusCode).toBe(200);
    expect(free.json().username).toBe('Rosalind');
    const [after] = await t.database.db.select().from(users).where(eq(users.id, rita.user.id));
    expect(after!.username).toBe('Rosalind');
  });

  it('never lets a student make themselves (or anyone) ADMIN, by any route', async () => {
    const student = await t.createUser();
    const id = student.user.id;
    const attempts: [string, string, unknown][] = [
      ['PATCH', '/api/v1/users', { role: 'ADMIN' }],
      ['PATCH', '/api/v1/users', { role: 'STUDENT,ADMIN' }],
      ['PATCH', '/api/v1/users', { id, role: 'ADMIN,STUDENT' }],
      [
        'PATCH',
        '/api/v1/users',
        { id, email: student.email, username: student.user.username, role: 'ADMIN' },
      ],
      ['PATCH', '/api/v1/users', { id: admin.user.id, role: 'STUDENT' }],
      ['POST', `/api/v1/users/children/${student.user.username}`, [student.user.username]],
      [
        'POST',
        '/api/v1/subscriptions/multiples',
        [{ studentName: student.user.username, serviceName: 'Tutoring' }],
      ],
      ['POST', '/api/v1/services', { name: 'ADMIN' }],
    ];
    for (const [method, url, body] of attempts) {
      const response = await call(t, student, method, url, body);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(403);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row!.roles).toEqual(['STUDENT']);
    expect((await call(t, student, 'GET', '/api/v1/users/auth-check')).json().roles).toEqual([
      'ROLE_STUDENT',
    ]);
    // A teacher cannot either.
    expect((await call(t, teacher, 'PATCH', '/api/v1/users', { role: 'TEACHER,ADMIN' })).statusCode).toBe(
      403,
    );
  });

  it('keeps the last administrator: they cannot drop their own ADMIN, and another admin can', async () => {
    // A database of its own, where exactly one administrator exists.
    const own = await startTestApp();
    try {
      const only = await own.createUser({ roles: ['ADMIN', 'TEACHER'] });
      const patch = (as: TestUser, body: unknown) => call(own, as, 'PATCH', '/api/v1/users', body);
      const refused = await patch(only, { role: 'TEACHER' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(adminMessages.lastAdmin);
      expect((await call(own, only, 'GET', '/api/v1/users/auth-check')).json().role).toBe('ADMIN,TEACHER');

      const second = await own.createUser({ roles: ['ADMIN'] });
      const dropped = await patch(only, { role: 'TEACHER' });
      expect(dropped.statusCode, dropped.body).toBe(200);
      // Now `second` is the last one, and may not lose ADMIN by their own hand either.
      expect((await patch(second, { id: second.user.id, role: 'STUDENT' })).statusCode).toBe(409);
    } finally {
      await own.close();
    }
  });

  it('lets an admin upload someone else’s picture, audited', async () => {
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const { multipartBody } = await import('../test/harness.ts');
    const jo = await t.createUser();
    const body = multipartBody(
      { username: jo.user.username },
      { image: { name: 'a.png', type: 'image/png', data: png } },
    );
    const response = await t.request({ method: 'PATCH', url: '/api/v1/users/image', as: admin, ...body });
    expect(response.statusCode, response.body).toBe(200);
    expect((await audit())[0]).toMatchObject({ action: 'user.picture', target: jo.user.username });
  });
});

describe('parents', () => {
  it('lists parents with children at users/parents (not taken for users/{name}), links and unlinks children', async () => {
    const parent = await t.createUser({ roles: ['PARENT'] });
    const kim = await t.createUser({ username: 'Kim_Child' });
    const lee = await t.createUser({ username: 'lee_child' });
    // A student literally named "parents" does not capture the route.
    await t.createUser({ username: 'parents' });
    const linked = await call(t, admin, 'POST', `/api/v1/users/children/${parent.user.username}`, [
      'kim_child',
      'LEE_CHILD',
    ]);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toEqual({
      id: parent.user.id,
      username: parent.user.username,
      email: parent.email,
      children: [
        { id: kim.user.id, name: 'Kim_Child' },
        { id: lee.user.id, name: 'lee_child' },
      ],
    } satisfies ParentResponse);
    // Linking again changes nothing.
    expect(
      (await call(t, admin, 'POST', `/api/v1/users/children/${parent.user.username}`, ['kim_child'])).json()
        .children,
    ).toHaveLength(2);

    const parents = (await call(t, admin, 'GET', '/api/v1/users/parents')).json() as ParentResponse[];
    expect(parents.find((p) => p.id === parent.user.id)?.children.map((c) => c.name)).toEqual([
      'Kim_Child',
      'lee_child',
    ]);
    expect(parents.every((p) => 'children' in p)).toBe(true);

    const unlinked = await call(
      t,
      admin,
      'DELETE',
      `/api/v1/users/children/${parent.user.username}/Kim_Child`,
    );
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json().children).toEqual([{ id: lee.user.id, name: 'lee_child' }]);
    expect(
      (await call(t, admin, 'DELETE', `/api/v1/users/children/${parent.user.username}/Kim_Child`)).statusCode,
    ).toBe(404);
    const log = await audit();
    expect(log[0]).toMatchObject({
      action: 'parent.unlink',
      target: parent.user.username,
      detail: 'Kim_Child',
    });
  });

  it('links only STUDENT children to PARENT parents, all or nothing', async () => {
    const parent = await t.createUser({ roles: ['PARENT'] });
    const child = await t.createUser();
    const notParent = await call(t, admin, 'POST', `/api/v1/users/children/${child.user.username}`, [
      child.user.username,
    ]);
    expect(notParent.statusCode).toBe(400);
    expect(notParent.json().message).toBe(adminMessages.notAParent(child.user.username));
    const mixed = await call(t, admin, 'POST', `/api/v1/users/children/${parent.user.username}`, [
      child.user.username,
      teacher.user.username,
      'no-such-child',
    ]);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toBe(adminMessages.notStudents([teacher.user.username, 'no-such-child']));
    expect(mixed.json().details).toEqual([
      { path: teacher.user.username.toLowerCase(), message: 'not a student account' },
      { path: 'no-such-child', message: 'not a student account' },
    ]);
    const parents = (await call(t, admin, 'GET', '/api/v1/users/parents')).json() as ParentResponse[];
    expect(parents.find((p) => p.id === parent.user.id)?.children).toEqual([]);
    expect(
      (await call(t, admin, 'POST', '/api/v1/users/children/nobody-at-all', [child.user.username]))
        .statusCode,
    ).toBe(404);
  });

  it("lets a linked parent read the child's dashboard, stats, submissions and calendar, but not another child's, and no writes", async () => {
    const parent = await t.createUser({ roles: ['PARENT'] });
    const alice = await t.createUser();
    const bob = await t.createUser();
    await createQuestion(t, teacher, { students: [alice.user.username, bob.user.username] });
    expect(
      (await call(t, admin, 'POST', `/api/v1/users/children/${parent.user.username}`, [alice.user.username]))
        .statusCode,
    ).toBe(200);
    const reads = (name: string) => [
      `/api/v1/users/${name}`,
      `/api/v1/stats/topics/page/${name}?page=0&size=6&sort=totalCount,desc`,
      `/api/v1/submissions/${name}`,
      `/api/v1/submissions/day_counts?name=${name}`,
      `/api/v1/assignments/latest/${name}`,
      `/api/v1/calendars/${name}/2026/3`,
      `/api/v1/subscriptions?name=${name}`,
    ];
    for (const url of reads(alice.user.username))
      expect((await call(t, parent, 'GET', url)).statusCode, url).toBe(200);
    for (const url of reads(bob.user.username))
      expect((await call(t, parent, 'GET', url)).statusCode, url).toBe(403);
    const writes: [string, string, unknown][] = [
      ['POST', `/api/v1/submissions/review/${alice.user.username}`, []],
      ['PATCH', `/api/v1/drafts/${alice.user.username}`, { changes: {} }],
      ['PATCH', `/api/v1/calendars/${alice.user.username}`, undefined],
      ['PATCH', `/api/v1/stats/topics/reload/${alice.user.username}`, undefined],
      ['POST', `/api/v1/users/children/${parent.user.username}`, [bob.user.username]],
      ['DELETE', `/api/v1/users/children/${parent.user.username}/${alice.user.username}`, undefined],
      [
        'POST',
        '/api/v1/submissions/multiples',
        [{ questionId: 1, studentAnswer: 'x', studentName: alice.user.username }],
      ],
    ];
    for (const [method, url, body] of writes)
      expect((await call(t, parent, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
  });
});

describe('reloads and the audit log', () => {
  it('records every reload with who, what and when, and answers the latest 50 newest first', async () => {
    const student = await t.createUser();
    const name = student.user.username;
    expect((await call(t, admin, 'PATCH', `/api/v1/calendars/${name}`)).statusCode).toBe(200);
    expect((await call(t, admin, 'PATCH', `/api/v1/stats/topics/reload/${name}`)).statusCode).toBe(200);
    const [stats, calendar] = await audit();
    expect(calendar).toMatchObject({
      action: 'calendar.reload',
      target: name,
      actor: admin.user.username,
      detail: '0 days',
    });
    expect(stats).toMatchObject({ action: 'topicStats.reload', target: name, detail: '0 topics' });
    expect(stats!.at).toBe('2026-03-10T10:00:00+09:00');

    for (let i = 0; i < 55; i++) await call(t, admin, 'POST', '/api/v1/services', { name: `Many ${i}` });
    const log = await audit();
    expect(log).toHaveLength(50);
    expect(log[0]!.target).toBe('Many 54');
    expect(log.map((e) => e.id)).toEqual([...log.map((e) => e.id)].sort((a, b) => b - a));
  });

  it('records nothing for a refused write', async () => {
    const before = (await audit())[0]!.id;
    await call(t, admin, 'POST', '/api/v1/subscriptions/multiples', [
      { studentName: 'ghost', serviceName: 'Tutoring' },
    ]);
    await text(admin, '/api/v1/services', 'Tutoring');
    await call(t, admin, 'PATCH', '/api/v1/users', { id: teacher.user.id, role: 'nope' });
    expect((await audit())[0]!.id).toBe(before);
  });
});
