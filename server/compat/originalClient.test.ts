import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, sessionCookieFrom, startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { type Cast, createCast } from '../test/personas.ts';

/**
 * The original React client's calls, each as it makes them: the same path, the query it builds by
 * hand (`page=N&size=M&sort=<field>,<dir>&sort=id,asc`, or none at all), the same body and content
 * type. Each case checks what the client then reads, so a change that would break the original
 * client fails here. Who may call what is the access matrix's (server/http/access.test.ts).
 */
let t: TestApp;
let cast: Cast;
let student: TestUser;
let teacher: TestUser;
let admin: TestUser;
let name: string;
/** The questions the teacher's bulk upload made for the student, in the order it sent them. */
let uploaded: number[];

/** A call as the original client makes it: JSON unless `contentType` says otherwise. */
function send(as: TestUser | null, method: string, url: string, body?: unknown, contentType?: string) {
  const headers: Record<string, string> = { origin: ORIGIN };
  if (body !== undefined) headers['content-type'] = contentType ?? 'application/json';
  return t.request({
    method: method as 'GET',
    url: `/api/v1/${url}`,
    as,
    headers,
    ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
}

async function ok(as: TestUser | null, method: string, url: string, body?: unknown, contentType?: string) {
  const response = await send(as, method, url, body, contentType);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  return response;
}

/** A due date as the upload form's datetime-local sends it (`YYYY-MM-DDTHH:mm`, no zone). */
const due = (day: number, hour: number) =>
  `2026-03-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00`;

/** One question as the upload form sends it (its misspelt `topcisForString` included). */
const uploadBody = (title: string, targetDate: string, type: 'm' | 's' = 'm') => ({
  title,
  question: `${title}?&code:System.out.print(1);`,
  type,
  candidates: type === 'm' ? ['1', '2', '&code:3'] : [],
  hint: 'Read it twice.',
  students: [name],
  studentsForString: name,
  topics: ['Loops'],
  topcisForString: 'Loops',
  answer: type === 'm' ? '1' : 'one',
  explanation: 'It prints 1.',
  generatedDate: '2026-03-10T10:00:00',
  targetDate,
});

beforeAll(async () => {
  t = await startTestApp();
  cast = await createCast(t);
  ({ student, teacher, admin } = cast);
  name = student.user.username;
  // Bulk upload (`/upload/multiples`): 22 questions, due latest first, so due-date order and id
  // order differ and a page of 20 is not the whole list.
  const bodies = Array.from({ length: 22 }, (_, i) => uploadBody(`Bulk ${i}`, due(23, 0 + ((21 - i) % 24))));
  const bulk = await ok(teacher, 'POST', 'questions/multiples', bodies);
  expect(bulk.json()).toBe(22);
  const all = (await ok(teacher, 'GET', 'questions?page=0&size=100&sort=id,asc')).json();
  uploaded = all.content
    .filter((q: { title: string }) => q.title.startsWith('Bulk '))
    .map((q: { id: number }) => q.id);
  expect(uploaded).toHaveLength(22);
});
afterAll(() => t.close());

describe('sign-in (/login, /math, the header)', () => {
  it('POST users/login {email, password}: the body is the plain-text username, and a cookie is set', async () => {
    const response = await ok(null, 'POST', 'users/login', {
      email: student.email,
      password: student.password,
    });
    expect(response.body).toBe(name);
    expect(sessionCookieFrom(response)).not.toBeNull();
  });

  it('POST users/refresh: 200 with the plain-text username for a session, 401 without one', async () => {
    expect((await ok(student, 'POST', 'users/refresh')).body).toBe(name);
    expect((await send(null, 'POST', 'users/refresh')).statusCode).toBe(401);
  });

  it('GET users/auth-check: an object {username, roles} with ROLE_ authorities', async () => {
    const body = (await ok(admin, 'GET', 'users/auth-check')).json();
    expect(body.username).toBe(admin.user.username);
    expect(body.roles).toContain('ROLE_ADMIN');
    expect((await send(null, 'GET', 'users/auth-check')).statusCode).toBe(401);
  });

  it('POST users/signup {email, password, username}: 200, and a taken email is a 409', async () => {
    const body = {
      email: 'newcomer@example.com',
      password: 'a long enough passphrase',
      username: 'newcomer',
    };
    await ok(null, 'POST', 'users/signup', body);
    expect((await send(null, 'POST', 'users/signup', body)).statusCode).toBe(409);
  });

  it('POST /users/logout: 200 and the session ends', async () => {
    const signedIn = await ok(null, 'POST', 'users/login', {
      email: teacher.email,
      password: teacher.password,
    });
    const cookie = sessionCookieFrom(signedIn)!;
    const out = await t.request({ method: 'POST', url: '/api/v1/users/logout', as: cookie });
    expect(out.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/v1/users/auth-check', as: cookie })).statusCode).toBe(
      401,
    );
  });
});

describe('tutoring (/tutoring/{name})', () => {
  it('GET assignments/ids/{name} without a sort: every pending question id, ascending', async () => {
    const ids = (await ok(student, 'GET', `assignments/ids/${name}`)).json() as number[];
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids).toEqual(expect.arrayContaining(uploaded));
  });

  it('GET questions/student/{name}?page&size&sort=id,asc: box n of the jump grid is the nth question', async () => {
    const ids = (await ok(student, 'GET', `assignments/ids/${name}`)).json() as number[];
    const size = 5;
    for (const page of [0, 1]) {
      const body = (
        await ok(
          student,
          'GET',
          `questions/student/${name}?page=${page}&size=${size}&sort=id,asc&sort=id,asc`,
        )
      ).json();
      expect(body.content.map((q: { id: number }) => q.id)).toEqual(
        ids.slice(page * size, (page + 1) * size),
      );
      expect(body).toMatchObject({ pageable: { pageNumber: page }, size, totalElements: ids.length });
      expect(body.totalPages).toBe(Math.ceil(ids.length / size));
      for (const q of body.content) {
        expect(q.candidates[0]).toEqual({ id: expect.any(Number), value: expect.any(String) });
        expect(q).not.toHaveProperty('answer');
      }
    }
  });

  it('GET questions/student/{name}?date=…&page&size&sort=id,asc: only the questions due that day', async () => {
    const body = (
      await ok(student, 'GET', `questions/student/${name}?date=2026-03-23&page=0&size=5&sort=id,asc`)
    ).json();
    expect(body.totalElements).toBe(22);
    expect(body.content.map((q: { id: number }) => q.id)).toEqual(uploaded.slice(0, 5));
  });

  it('GET questions/student/{name} without a size: a page of 20', async () => {
    const body = (await ok(student, 'GET', `questions/student/${name}`)).json();
    expect(body.content).toHaveLength(20);
    expect(body).toMatchObject({ size: 20, totalPages: 2, numberOfElements: 20 });
  });

  it('POST submissions/multiples [{questionId, studentAnswer, studentName, submitDate}]: 200', async () => {
    const [right, wrong] = uploaded;
    const submitDate = '2026-03-10T10:05:00';
    await ok(student, 'POST', 'submissions/multiples', [
      { questionId: right, studentAnswer: '1', studentName: name, submitDate },
      { questionId: wrong, studentAnswer: '&code:3', studentName: name, submitDate },
    ]);
    const ids = (await ok(student, 'GET', `assignments/ids/${name}`)).json() as number[];
    expect(ids).not.toContain(right);
    expect(ids).not.toContain(wrong);
  });
});

describe('submissions and review (/submission/{name}, /review/{name})', () => {
  it('GET submissions/{name}?page&size&sort=question.generatedDate,desc&sort=id,asc: the answers with their marks', async () => {
    const body = (
      await ok(
        student,
        'GET',
        `submissions/${name}?page=0&size=5&sort=question.generatedDate,desc&sort=id,asc`,
      )
    ).json();
    expect(body.content.map((s: { marked: number }) => s.marked).sort()).toEqual([-1, 1]);
    for (const s of body.content) {
      expect(s).toMatchObject({ question: { answer: '1' }, studentAnswer: expect.any(String) });
      expect(typeof s.targetDate).toBe('string');
    }
    expect(body).toMatchObject({ totalElements: 2, totalPages: 1, numberOfElements: 2 });
  });

  it('GET submissions/{name}?date=…&page&size&sort: the answers due that day', async () => {
    const url = `submissions/${name}?date=2026-03-23&page=0&size=5&sort=question.generatedDate,desc&sort=id,asc`;
    expect((await ok(student, 'GET', url)).json().totalElements).toBe(2);
  });

  it('GET submissions/review/{name}?page=0&size=5&sort=id,asc: the wrong answers, with the right one', async () => {
    const body = (
      await ok(student, 'GET', `submissions/review/${name}?page=0&size=5&sort=id,asc&sort=id,asc`)
    ).json();
    expect(body.content).toHaveLength(1);
    expect(body.content[0]).toMatchObject({
      marked: -1,
      studentAnswer: '&code:3',
      question: { answer: '1' },
    });
  });
});

describe('marking (/marking/{name})', () => {
  it('GET submissions/mark/{name} then PUT {submissionId: mark} for every listed one', async () => {
    const id = (await ok(teacher, 'POST', 'questions', uploadBody('Say it', due(12, 10), 's'))).json();
    expect(typeof id).toBe('number');
    await ok(student, 'POST', 'submissions/multiples', [
      { questionId: id, studentAnswer: 'one', studentName: name, submitDate: '2026-03-10T10:06:00' },
    ]);
    const page = (await ok(admin, 'GET', `submissions/mark/${name}`)).json();
    expect(page.content.map((s: { marked: number }) => s.marked)).toEqual([0]);
    const marks = Object.fromEntries(page.content.map((s: { id: number }) => [String(s.id), 1]));
    await ok(admin, 'PUT', `submissions/mark/${name}`, marks);
    expect((await ok(admin, 'GET', `submissions/mark/${name}`)).json().content).toEqual([]);
  });
});

describe('upload and archive (/upload, /questions)', () => {
  it('GET teacher/{username}/students: [{name, email, url}]', async () => {
    const body = (await ok(teacher, 'GET', `teacher/${teacher.user.username}/students`)).json();
    expect(Array.isArray(body)).toBe(true);
    // The page shows each as a 40×40 image of `url` (null: no picture of their own) beside the name.
    for (const s of body) {
      expect(s).toMatchObject({ name: expect.any(String), email: expect.any(String) });
      expect(s).toHaveProperty('url');
    }
  });

  it('POST questions with the upload form body (datetime-local due date): the new id', async () => {
    const response = await ok(teacher, 'POST', 'questions', uploadBody('Uploaded', due(20, 18)));
    expect(typeof response.json()).toBe('number');
  });

  it('GET questions?page&size&sort=id,asc: the archive cards with answers', async () => {
    const body = (await ok(teacher, 'GET', 'questions?page=0&size=5&sort=id,asc&sort=id,asc')).json();
    expect(body.content).toHaveLength(5);
    expect(body.content[0]).toMatchObject({ id: uploaded[0], answer: '1', explanation: expect.any(String) });
    expect(body.totalElements).toBeGreaterThanOrEqual(22);
  });

  it('GET questions without a size: a page of 20', async () => {
    const body = (await ok(teacher, 'GET', 'questions')).json();
    expect(body.content).toHaveLength(20);
    expect(body.size).toBe(20);
  });

  it('POST assignments {questionIds, names, targetDate}: reassigns answered questions', async () => {
    const [right] = uploaded;
    await ok(admin, 'POST', 'assignments', { questionIds: [right], names: [name], targetDate: due(21, 9) });
    expect((await ok(student, 'GET', `assignments/ids/${name}`)).json()).toContain(right);
  });
});

describe('teacher and dashboard (/teacher, /user/{name}, /stats/{name})', () => {
  it('GET calendars/{year}/{month}?students=a,b: day rows with solved, unsolved and toMark', async () => {
    const rows = (
      await ok(teacher, 'GET', `calendars/2026/3?students=${name},${cast.otherStudent.user.username}`)
    ).json();
    const day = rows.find((r: { day: number }) => r.day === 23);
    expect(day).toMatchObject({
      year: 2026,
      month: 3,
      solved: expect.any(Number),
      unsolved: expect.any(Number),
    });
    expect(day.toMark).toEqual(expect.any(Number));
  });

  it('GET calendars/{name}/{year}/{month}: the student-mode calendar', async () => {
    const rows = (await ok(student, 'GET', `calendars/${name}/2026/3`)).json();
    expect(rows.some((r: { day: number }) => r.day === 23)).toBe(true);
  });

  it('GET subscriptions?name=: service names, Tutoring among them', async () => {
    expect((await ok(student, 'GET', `subscriptions?name=${name}`)).json()).toContain('Tutoring');
  });

  it('GET assignments/count/{name} and submissions/count/{name}: numbers', async () => {
    expect(typeof (await ok(student, 'GET', `assignments/count/${name}`)).json()).toBe('number');
    expect((await ok(student, 'GET', `submissions/count/${name}`)).json()).toBe(3);
  });

  it('GET users/{name}: {username, email, imageURL, ...}', async () => {
    const body = (await ok(student, 'GET', `users/${name}`)).json();
    expect(body).toMatchObject({ username: name, email: student.email, imageURL: expect.any(String) });
  });

  it('GET submissions/day_counts/latest?name= and day_counts?name=: {wrongCounts, correctCounts, date}', async () => {
    const latest = (await ok(student, 'GET', `submissions/day_counts/latest?name=${name}`)).json();
    expect(latest).toMatchObject({ wrongCounts: expect.any(Number), correctCounts: expect.any(Number) });
    expect(typeof latest.date).toBe('string');
    const days = (await ok(student, 'GET', `submissions/day_counts?name=${name}`)).json();
    expect(Array.isArray(days)).toBe(true);
    expect(days[0]).toMatchObject({ wrongCounts: expect.any(Number), correctCounts: expect.any(Number) });
  });

  it('GET stats/topics/page/{name}?page=0&size=6&sort=totalCount,desc: topic stats', async () => {
    const body = (
      await ok(student, 'GET', `stats/topics/page/${name}?page=0&size=6&sort=totalCount,desc`)
    ).json();
    expect(body.content.length).toBeLessThanOrEqual(6);
    for (const s of body.content)
      expect(s).toMatchObject({
        topic: expect.any(String),
        totalCount: expect.any(Number),
        correctCount: expect.any(Number),
      });
  });

  it('GET assignments/latest/{name}: the latest due day', async () => {
    expect((await ok(student, 'GET', `assignments/latest/${name}`)).json()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('admin console (/91b-admin)', () => {
  it('GET users with no paging parameters: an array of every user card, by id', async () => {
    const body = (await ok(admin, 'GET', 'users')).json();
    expect(Array.isArray(body)).toBe(true);
    const ids = body.map((u: { id: number }) => u.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids).toContain(student.user.id);
    expect(body[0]).toEqual({
      id: expect.any(Number),
      email: expect.any(String),
      username: expect.any(String),
      role: expect.any(String),
      imageURL: expect.any(String),
      services: expect.any(Array),
    });
  });

  it('GET users with paging parameters: still a page (our console)', async () => {
    const body = (await ok(admin, 'GET', 'users?page=0&size=2&sort=username,asc')).json();
    expect(body.content).toHaveLength(2);
    expect(body.size).toBe(2);
  });

  it('GET services and POST services (text/plain)', async () => {
    await ok(admin, 'POST', 'services', 'Chess', 'text/plain');
    expect((await ok(admin, 'GET', 'services')).json()).toContain('Chess');
  });

  it('GET student: every student with subscriptions', async () => {
    const body = (await ok(admin, 'GET', 'student')).json();
    expect(body.find((s: { name: string }) => s.name === name)).toMatchObject({ id: expect.any(Number) });
  });

  it('GET topics and POST topics (text/plain)', async () => {
    await ok(admin, 'POST', 'topics', 'Recursion', 'text/plain');
    const titles = (await ok(admin, 'GET', 'topics')).json().map((topic: { title: string }) => topic.title);
    // Topics are kept lower-cased; the console lists them as they come.
    expect(titles).toContain('recursion');
  });

  it('GET questions/topics?page&size&sort and questions/topics/search?title=: "<id>. <question>" cards', async () => {
    const page = (await ok(admin, 'GET', 'questions/topics?page=0&size=5&sort=id,asc')).json();
    expect(page.content[0]).toMatchObject({
      id: uploaded[0],
      question: expect.any(String),
      topics: expect.any(Array),
    });
    const found = (
      await ok(
        admin,
        'GET',
        `questions/topics/search?title=${encodeURIComponent('Bulk 1')}&page=0&size=5&sort=id,asc`,
      )
    ).json();
    expect(found.content.map((q: { title: string }) => q.title)).toContain('Bulk 1');
  });

  it('PATCH questions/topics {questionIds, topics}', async () => {
    await ok(admin, 'PATCH', 'questions/topics', { questionIds: [uploaded[2]], topics: ['Recursion'] });
    const page = (await ok(admin, 'GET', `questions/topics/search?title=Bulk%202&page=0&size=5`)).json();
    expect(page.content[0].topics).toContain('recursion');
  });

  it('POST users/children/{parent} ["student"] and GET users/parents', async () => {
    const parent = cast.unlinkedParent.user.username;
    await ok(admin, 'POST', `users/children/${parent}`, [name]);
    const parents = (await ok(admin, 'GET', 'users/parents')).json();
    const entry = parents.find((p: { username: string }) => p.username === parent);
    expect(entry.children.map((c: { name: string }) => c.name)).toContain(name);
  });

  it('PATCH calendars/{name} and PATCH stats/topics/reload/{name}: reloaded', async () => {
    await ok(admin, 'PATCH', `calendars/${name}`);
    await ok(admin, 'PATCH', `stats/topics/reload/${name}`);
  });
});

describe('modify (/questions/modify)', () => {
  it('PATCH questions/multiples [{...changed fields, id}]', async () => {
    await ok(teacher, 'PATCH', 'questions/multiples', [{ id: uploaded[3], hint: 'Look again.' }]);
    const page = (await ok(teacher, 'GET', 'questions?page=0&size=5&sort=id,asc&sort=id,asc')).json();
    expect(page.content[3]).toMatchObject({ id: uploaded[3], hint: 'Look again.' });
  });
});

describe('timed math (/math/start, /math/result/{name})', () => {
  it('POST simple_math {name, question, answer, submitDate} and GET simple_math/day_count', async () => {
    await ok(student, 'POST', 'simple_math', {
      name,
      question: '123 + 456',
      answer: '579',
      submitDate: '2026-03-10T10:10:00',
    });
    const count = (
      await ok(student, 'GET', `simple_math/day_count?name=${name}&submitDate=2026-03-10`)
    ).json();
    expect(typeof count).toBe('number');
  });

  it('GET simple_math/day_counts/page?name=&page=0&size=5&sort=submitDate,desc: day counts', async () => {
    const body = (
      await ok(student, 'GET', `simple_math/day_counts/page?name=${name}&page=0&size=5&sort=submitDate,desc`)
    ).json();
    expect(body.content[0]).toMatchObject({
      correctCounts: expect.any(Number),
      wrongCounts: expect.any(Number),
    });
    expect(body).toMatchObject({ size: 5, totalPages: expect.any(Number) });
  });

  it('GET simple_math/day_counts/latest?name=: {correctCounts, wrongCounts, date}', async () => {
    const body = (await ok(student, 'GET', `simple_math/day_counts/latest?name=${name}`)).json();
    expect(body).toMatchObject({ correctCounts: expect.any(Number), wrongCounts: expect.any(Number) });
  });
});

describe('stopwatch (/stopwatch)', () => {
  it('POST stopwatch {name, generatedDate, elapsedTime, type, relatedID} then GET stopwatch?page=0&size=10&sort=id,desc&sort=id,asc', async () => {
    const body = {
      name: 'Lim',
      generatedDate: '2026-03-10T10:00:00',
      elapsedTime: 0,
      type: 's',
      relatedID: null,
    };
    const id = (await ok(admin, 'POST', 'stopwatch', body)).json();
    expect(typeof id).toBe('number');
    const page = (await ok(admin, 'GET', 'stopwatch?page=0&size=10&sort=id,desc&sort=id,asc')).json();
    expect(page.content[0]).toMatchObject({ id, name: 'Lim', type: 's', elapsedTime: 0 });
    expect(page).toMatchObject({ size: 10, pageable: { pageNumber: 0 }, totalPages: 1 });
  });
});

describe('a paged call with no size', () => {
  // The original server's default page size was 20; every paged route it had keeps it.
  it.each([
    ['questions', 'teacher'],
    ['questions/topics', 'admin'],
    ['questions/topics/search?title=Bulk%201', 'admin'],
    ['questions/student/{name}', 'student'],
    ['submissions/{name}', 'student'],
    ['submissions/review/{name}', 'student'],
    ['submissions/mark/{name}', 'admin'],
    ['stats/topics/page/{name}', 'student'],
    ['simple_math/day_counts/page?name={name}', 'student'],
    ['stopwatch', 'admin'],
  ] as const)('GET %s answers a page of at most 20', async (path, who) => {
    const body = (await ok(cast[who], 'GET', path.replace('{name}', name))).json();
    expect(body).toMatchObject({ size: 20, pageable: { pageSize: 20, pageNumber: 0 } });
    expect(body.content.length).toBeLessThanOrEqual(20);
  });
});
