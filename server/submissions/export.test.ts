import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { call, createQuestion } from '../test/tutoring.ts';
import { linkChild } from '../users/queries.ts';

let t: TestApp;
let teacher: TestUser;
let student: TestUser;
let parent: TestUser;
let otherParent: TestUser;
let otherStudent: TestUser;
/** A Korean name: it must survive the file and its download name. */
const NAME = '김하늘';

const BOM = '\uFEFF';

/** Parses a CSV answer as a spreadsheet would (papaparse, RFC 4180), checking BOM and line ends first. */
function parseCsv(body: string): string[][] {
  expect(body.startsWith(BOM)).toBe(true);
  // Every line ends CRLF: no bare LF outside a quoted cell (the seeded cells hold none of their own).
  const parsed = Papa.parse<string[]>(body.slice(1), { newline: '\r\n', skipEmptyLines: false });
  expect(parsed.errors).toEqual([]);
  expect(body.endsWith('\r\n')).toBe(true);
  // The file ends with a line end, which papaparse reads as a last empty row.
  expect(parsed.data.at(-1)).toEqual(['']);
  return parsed.data.slice(0, -1);
}

async function exportOf(as: TestUser | null, query = '', who = NAME, language?: string) {
  return t.request({
    method: 'GET',
    url: `/api/v1/export/submissions/${encodeURIComponent(who)}${query}`,
    as,
    ...(language ? { headers: { 'accept-language': language } } : {}),
  });
}

/** Inserts an answer directly, at a given instant, so the range bounds can be pinned to the millisecond. */
async function insertAnswer(questionId: number, answer: string, at: string, marked = 1, redo = false) {
  await t.database.db.execute(sql`
    INSERT INTO submissions (question_id, student_id, student_answer, submit_date, target_date, due_day, marked, auto_marked, redo, question_generated_date)
    VALUES (${questionId}, ${student.user.id}, ${answer}, ${at}::timestamptz, ${at}::timestamptz,
      (${at}::timestamptz AT TIME ZONE 'Asia/Seoul')::date, ${marked}, false, ${redo},
      (SELECT generated_date FROM questions WHERE id = ${questionId}))`);
}

/** Answers with a dangerous first character each, and cells that need quoting; all on 2026-03-11. */
const DANGEROUS = ['=1+1', '+82 10', '-3', '@SUM(A1:A2)', '\tTabbed', '\rReturned'];
const QUOTED = ['a, b', 'say "hi"', 'line one\nline two', 'crlf\r\ninside'];

beforeAll(async () => {
  t = await startTestApp();
  teacher = await t.createUser({ roles: ['TEACHER'] });
  student = await t.createUser({ username: NAME });
  otherStudent = await t.createUser();
  parent = await t.createUser({ roles: ['PARENT'] });
  otherParent = await t.createUser({ roles: ['PARENT'] });
  await linkChild(t.database.db, parent.user.id, student.user.id);
  await linkChild(t.database.db, otherParent.user.id, otherStudent.user.id);

  const question = await createQuestion(t, teacher, {
    title: '반복문, "for"',
    type: 's',
    topics: ['루프', 'java'],
  });
  // The bounds: just before the first day, its first instant, the last instant of the last day, the day after.
  await insertAnswer(question, 'before', '2026-03-09T23:59:59.999+09:00');
  await insertAnswer(question, 'first instant', '2026-03-10T00:00:00+09:00', -1);
  await insertAnswer(question, 'last instant', '2026-03-12T23:59:59.999+09:00', 0, true);
  await insertAnswer(question, 'after', '2026-03-13T00:00:00+09:00');
  let minute = 0;
  for (const answer of [...DANGEROUS, ...QUOTED, '한국어 답: 안녕하세요'])
    await insertAnswer(question, answer, `2026-03-11T10:${String(minute++).padStart(2, '0')}:00+09:00`);
});

afterAll(async () => {
  await t?.close();
});

describe('GET /export/submissions/{name}', () => {
  it('is a UTF-8 CSV with a BOM, CRLF line ends and the header in the requester’s language', async () => {
    const response = await exportOf(teacher, '?from=2026-03-11&to=2026-03-11');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const disposition = String(response.headers['content-disposition']);
    expect(disposition).toContain('attachment;');
    expect(disposition).toContain(
      `filename*=UTF-8''submissions-${encodeURIComponent(NAME)}-2026-03-11-2026-03-11.csv`,
    );
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual(['Date', 'Question title', 'Topics', 'Answer', 'Mark', 'Redo']);
    expect(rows).toHaveLength(1 + DANGEROUS.length + QUOTED.length + 1);

    const korean = parseCsv((await exportOf(teacher, '?from=2026-03-11&to=2026-03-11', NAME, 'ko')).body);
    expect(korean[0]).toEqual(['날짜', '문제 제목', '주제', '답', '채점', '다시 풀기']);
    // The page's language (the switch's cookie) wins over the browser's.
    const switched = await t.request({
      method: 'GET',
      url: `/api/v1/export/submissions/${encodeURIComponent(NAME)}?from=2026-03-11&to=2026-03-11`,
      as: `${teacher.cookie}; lang=ko`,
      headers: { 'accept-language': 'en' },
    });
    expect(parseCsv(switched.body)[0]).toEqual(korean[0]);
    expect(korean.at(-1)).toEqual([
      '2026-03-11T10:10:00+09:00',
      '반복문, "for"',
      'java, 루프',
      '한국어 답: 안녕하세요',
      '정답',
      '아니요',
    ]);
  });

  it('guards every cell that a spreadsheet would run as a formula, and quotes per RFC 4180', async () => {
    const response = await exportOf(student, '?from=2026-03-11&to=2026-03-11');
    const rows = parseCsv(response.body).slice(1);
    const answers = rows.map((row) => row[3]);
    expect(answers.slice(0, DANGEROUS.length)).toEqual(DANGEROUS.map((a) => `'${a}`));
    expect(answers.slice(DANGEROUS.length, DANGEROUS.length + QUOTED.length)).toEqual(QUOTED);
    // The raw text: quotes doubled, the comma and line breaks inside quotes, nothing else quoted.
    expect(response.body).toContain(',"say ""hi""",');
    expect(response.body).toContain(',"a, b",');
    expect(response.body).toContain(',"line one\nline two",');
    expect(response.body).toContain(",'=1+1,");
    expect(response.body).toContain(`,"'\rReturned",`);
    expect(rows[0]).toEqual([
      '2026-03-11T10:00:00+09:00',
      '반복문, "for"',
      'java, 루프',
      "'=1+1",
      'Correct',
      'No',
    ]);
  });

  it('includes from its first instant to the last instant of to (days in the app’s zone)', async () => {
    const answers = async (query: string) =>
      parseCsv((await exportOf(teacher, query)).body)
        .slice(1)
        .map((row) => row[3])
        .filter((a) => ['before', 'first instant', 'last instant', 'after'].includes(a!));
    expect(await answers('?from=2026-03-10&to=2026-03-12')).toEqual(['first instant', 'last instant']);
    expect(await answers('?from=2026-03-13')).toEqual(['after']);
    expect(await answers('?to=2026-03-09')).toEqual(['before']);
    expect(await answers('')).toEqual(['before', 'first instant', 'last instant', 'after']);
    const [, first, last] = parseCsv((await exportOf(teacher, '?from=2026-03-10&to=2026-03-10')).body);
    expect(first).toEqual([
      '2026-03-10T00:00:00+09:00',
      '반복문, "for"',
      'java, 루프',
      'first instant',
      'Wrong',
      'No',
    ]);
    expect(last).toBeUndefined();
    const [, redo] = parseCsv((await exportOf(teacher, '?from=2026-03-12&to=2026-03-12')).body);
    expect(redo!.slice(3)).toEqual(['last instant', 'Unmarked', 'Yes']);
  });

  it('refuses a bad range with a 400 naming the field, in the requester’s language', async () => {
    const backwards = await exportOf(teacher, '?from=2026-03-12&to=2026-03-11');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('to: must not be before from');
    const notADay = await exportOf(teacher, '?from=2026-02-30');
    expect(notADay.statusCode).toBe(400);
    expect(notADay.json().message).toBe('from: must be a date YYYY-MM-DD');
    const korean = await exportOf(teacher, '?from=2026-03-12&to=2026-03-11', NAME, 'ko');
    expect(korean.json().message).toBe('to: from보다 앞선 날짜이면 안 됩니다');
    // The same day twice is one day, not an empty range.
    expect((await exportOf(teacher, '?from=2026-03-10&to=2026-03-10')).statusCode).toBe(200);
  });

  it('is the student’s own, staff’s and a linked parent’s; others are refused as on every per-student read', async () => {
    expect((await exportOf(student)).statusCode).toBe(200);
    expect((await exportOf(parent)).statusCode).toBe(200);
    const admin = await t.createUser({ roles: ['ADMIN'] });
    expect((await exportOf(admin)).statusCode).toBe(200);
    expect((await exportOf(null)).statusCode).toBe(401);
    expect((await exportOf(otherStudent)).statusCode).toBe(403);
    expect((await exportOf(otherParent)).statusCode).toBe(403);
    // An unknown name: the same 403 to non-staff (no probing), a 404 to staff.
    expect((await exportOf(student, '', 'nobody-here')).statusCode).toBe(403);
    expect((await exportOf(teacher, '', 'nobody-here')).statusCode).toBe(404);
    // Refusals are JSON errors, never a half-written file.
    expect((await exportOf(otherStudent)).headers['content-type']).toContain('application/json');
  });
});

describe('GET /export/overview', () => {
  const overview = async (as: TestUser | null, query: string, language?: string) =>
    t.request({
      method: 'GET',
      url: `/api/v1/export/overview${query}`,
      as,
      ...(language ? { headers: { 'accept-language': language } } : {}),
    });

  it('counts each student’s weeks as the week page does', async () => {
    const pupil = await t.createUser();
    const name = pupil.user.username;
    const ask = (title: string, type: 'm' | 's', day: string) =>
      createQuestion(t, teacher, { title, type, students: [name], targetDate: `${day}T12:00:00` });
    const right = await ask('Right', 'm', '2026-03-11');
    const wrong = await ask('Wrong', 'm', '2026-03-12');
    const unmarked = await ask('Unmarked', 's', '2026-03-13');
    await ask('To do', 'm', '2026-03-14');
    await ask('Next week', 'm', '2026-03-17');
    const answered = await call(
      t,
      pupil,
      'POST',
      '/api/v1/submissions/multiples',
      [
        [right, '01'],
        [wrong, '12'],
        [unmarked, 'zero'],
      ].map(([questionId, studentAnswer]) => ({ questionId, studentAnswer, studentName: name })),
    );
    expect(answered.statusCode, answered.body).toBe(200);
    // A redo is practice: neither the week nor the overview counts it.
    const redo = await call(t, pupil, 'POST', `/api/v1/submissions/review/${name}`, [
      { questionId: wrong, studentAnswer: '01' },
    ]);
    expect(redo.statusCode, redo.body).toBe(200);

    const response = await overview(
      teacher,
      `?students=${name},nobody-here,${encodeURIComponent(NAME)}&from=2026-03-04&to=2026-03-18`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain('overview-2026-03-02-2026-03-22.csv');
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual(['Student', 'Week', 'Assigned', 'Answered', 'Correct', 'Score %']);
    // Every listed student (the unknown left out) × every week holding from to to, empty weeks too.
    expect(rows.slice(1).map((row) => `${row[0]} ${row[1]}`)).toEqual([
      `${name} 2026-03-02`,
      `${name} 2026-03-09`,
      `${name} 2026-03-16`,
      `${NAME} 2026-03-02`,
      `${NAME} 2026-03-09`,
      `${NAME} 2026-03-16`,
    ]);
    expect(rows[2]).toEqual([name, '2026-03-09', '4', '3', '1', '33.33']);
    expect(rows[1]).toEqual([name, '2026-03-02', '0', '0', '0', '']);
    for (const row of rows.slice(1)) {
      const week = await call(
        t,
        teacher,
        'GET',
        `/api/v1/week/${encodeURIComponent(row[0]!)}?start=${row[1]}`,
      );
      const { summary } = week.json() as { summary: { assigned: number; answered: number; correct: number } };
      expect(row.slice(2, 5), `${row[0]} ${row[1]}`).toEqual(
        [summary.assigned, summary.answered, summary.correct].map(String),
      );
    }
    const korean = parseCsv((await overview(teacher, `?students=${name}`, 'ko')).body);
    expect(korean[0]).toEqual(['학생', '주', '낸 문제', '답한 문제', '맞힌 문제', '점수 %']);
    // Left out: the four weeks up to today's (Tuesday 10 March 2026).
    expect(korean.slice(1).map((row) => row[1])).toEqual([
      '2026-02-16',
      '2026-02-23',
      '2026-03-02',
      '2026-03-09',
    ]);
  });

  it('refuses a bad range, a missing list and anyone but staff', async () => {
    expect((await overview(teacher, '?students=a&from=2026-03-12&to=2026-03-11')).statusCode).toBe(400);
    const long = await overview(teacher, '?students=a&from=2025-01-01&to=2026-03-01');
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('to: must be at most 371 days after from');
    expect((await overview(teacher, '')).statusCode).toBe(400);
    expect((await overview(student, `?students=${encodeURIComponent(NAME)}`)).statusCode).toBe(403);
    expect((await overview(parent, `?students=${encodeURIComponent(NAME)}`)).statusCode).toBe(403);
    expect((await overview(null, `?students=${encodeURIComponent(NAME)}`)).statusCode).toBe(401);
  });
});
