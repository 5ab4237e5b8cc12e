// A year of a busy school, seeded and repeatable, written into a migrated database (PostgreSQL or
// PGlite) for `npm run bench:scale`. Rows are made in this process from one seed and sent as
// arrays (`INSERT … SELECT FROM unnest(…)`, one statement per 20,000 rows), so a million answers
// take minutes. The derived tables are not made here: calendars and topic statistics are rebuilt by
// the app's own rebuilds (what the admin's reload runs), review schedules follow the app's ladder
// (`afterRedo`), and `checkDerived` compares everything stored with a recount.
import { sql } from 'drizzle-orm';
import { startOfDay } from '../../common/dates.ts';
import {
  afterRedo,
  DEFAULT_LADDER,
  type ReviewSettings,
  type RowWrite,
} from '../../common/reviewSchedule.ts';
import { addDays } from '../../common/week.ts';
import { rebuildCalendar, recountCalendar, storedCalendar } from '../../server/calendars/queries.ts';
import { type Db, rowsOf } from '../../server/db/open.ts';
import { classesDifferingFromRecount, rebuildClasses } from '../../server/questions/search.ts';
import { rebuildTopicStats, recountTopicStats, storedTopicStats } from '../../server/stats/queries.ts';

export type ScaleShape = {
  students: number;
  submissions: number;
  teachers: number;
  questions: number;
  drill: number;
  wall: number;
  seed: number;
  /** The last day of the year (APP_TIME_ZONE); answers stop at `now`. */
  until: string;
  timeZone: string;
};

/** Every generated person signs in with this password (one hash, stored for all). */
export const SCALE_PASSWORD = 'scale password 1';
export const studentName = (i: number) => `student${String(i).padStart(4, '0')}`;
export const teacherName = (i: number) => `teacher${String(i).padStart(2, '0')}`;
export const parentName = (i: number) => `parent${String(i).padStart(4, '0')}`;
/** Every third student has a parent (parent i of student 3i). */
export const parentCount = (students: number) => Math.ceil(students / 3);
/** Every fifth student's tutor turned spaced review on (the default ladder). */
export const isScheduled = (student: number) => student % 5 === 0;
const YEAR_DAYS = 365;
/** Questions of the last two weeks are still pending for each student. */
const PENDING_WINDOW = 14;
const PENDING_PER_STUDENT = 20;
/** A fifth of the answers are redos of wrong ones. */
const REDO_SHARE = 0.2;

/** mulberry32: small, fast and the same everywhere. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A column, the array type it is sent as, its values, and the type it is stored as when another. */
type Column = [name: string, type: string, values: unknown[], storedAs?: string];

/** One statement per 20,000 rows, each column one array parameter. */
async function insertRows(db: Db, table: string, columns: Column[], overriding = false): Promise<void> {
  const count = columns[0]![2].length;
  const BATCH = 20_000;
  const names = sql.join(
    columns.map(([name]) => sql.identifier(name)),
    sql`, `,
  );
  const picked = sql.join(
    columns.map(([, , , storedAs], i) => sql.raw(storedAs ? `c${i}::${storedAs}` : `c${i}`)),
    sql`, `,
  );
  const aliases = sql.raw(columns.map((_, i) => `c${i}`).join(', '));
  for (let from = 0; from < count; from += BATCH) {
    const arrays = sql.join(
      columns.map(
        ([, type, values]) => sql`${sql.param(values.slice(from, from + BATCH))}::${sql.raw(type)}[]`,
      ),
      sql`, `,
    );
    try {
      await db.execute(
        sql`INSERT INTO ${sql.identifier(table)} (${names}) ${sql.raw(overriding ? 'OVERRIDING SYSTEM VALUE ' : '')}SELECT ${picked} FROM unnest(${arrays}) AS u(${aliases})`,
      );
    } catch (error) {
      // Without the megabytes of parameters the driver's error carries.
      throw new Error(`inserting into ${table}: ${(error as { cause?: Error }).cause?.message ?? error}`);
    }
  }
}

/** Each question's facts the answers need. */
type QuestionFacts = { type: 'm' | 'M' | 's'; genDay: number; generated: number; target: number };

export type Generated = { rows: Record<string, number>; seconds: Record<string, number> };

/**
 * Fills `db` (freshly migrated, empty) with the year. `passwordHash` is stored for every account.
 * Answers the row counts and how long each part took.
 */
export async function generateYear(
  db: Db,
  shape: ScaleShape,
  passwordHash: string,
  now: Date,
  log: (line: string) => void,
): Promise<Generated> {
  const rand = random(shape.seed);
  const seconds: Record<string, number> = {};
  let lap = performance.now();
  const timed = (part: string) => {
    seconds[part] = (performance.now() - lap) / 1000;
    log(`  ${part}: ${seconds[part]!.toFixed(1)} s`);
    lap = performance.now();
  };
  const firstDay = addDays(shape.until, -(YEAR_DAYS - 1));
  const dayName: string[] = Array.from({ length: YEAR_DAYS + 8 }, (_, d) => addDays(firstDay, d));
  const dayStart: number[] = dayName.map((d) => startOfDay(d, shape.timeZone).getTime());
  const nowMs = now.getTime();
  const lastDay = Math.min(
    YEAR_DAYS - 1,
    dayName.findLastIndex((_, d) => dayStart[d]! <= nowMs),
  );
  const HOUR = 3_600_000;
  const iso = (ms: number) => new Date(ms).toISOString();

  // ---- people: an administrator, teachers, students, parents (one password hash for all)
  const names: string[] = [
    'admin',
    ...Array.from({ length: shape.teachers }, (_, t) => teacherName(t)),
    ...Array.from({ length: shape.students }, (_, s) => studentName(s)),
    ...Array.from({ length: parentCount(shape.students) }, (_, p) => parentName(p)),
  ];
  // Array literals: PostgreSQL reads them into the text[] column.
  const roles: string[] = names.map((_, i) =>
    i === 0
      ? '{ADMIN}'
      : i <= shape.teachers
        ? '{TEACHER}'
        : i <= shape.teachers + shape.students
          ? '{STUDENT}'
          : '{PARENT}',
  );
  const userIds = names.map((_, i) => i + 1);
  await insertRows(
    db,
    'users',
    [
      ['id', 'int', userIds],
      ['email', 'text', names.map((n) => `${n}@scale.example`)],
      ['username', 'text', names],
      ['password_hash', 'text', names.map(() => passwordHash)],
      ['roles', 'text', roles, 'text[]'],
      ['created_at', 'timestamptz', names.map(() => iso(dayStart[0]!))],
    ],
    true,
  );
  const teacherId = (t: number) => 2 + t;
  const studentId = (s: number) => 2 + shape.teachers + s;
  const parentId = (p: number) => 2 + shape.teachers + shape.students + p;
  const parents = parentCount(shape.students);
  await insertRows(db, 'parent_children', [
    ['parent_id', 'int', Array.from({ length: parents }, (_, p) => parentId(p))],
    ['child_id', 'int', Array.from({ length: parents }, (_, p) => studentId(3 * p))],
  ]);
  await db.execute(sql`INSERT INTO subscriptions (student_id, service_id)
    SELECT u.id, s.id FROM users u CROSS JOIN services s
    WHERE s.for_new_students AND 'STUDENT' = ANY(u.roles) ORDER BY u.id, s.id`);
  timed('people');

  // ---- questions: each teacher writes for one class, spread over the year; 70 % one option,
  // 10 % several, 20 % short answers. Topics: six of the class's own, some of five shared ones.
  const classes = shape.teachers;
  const perClass = Math.floor(shape.questions / classes);
  const questionCount = perClass * classes;
  const facts: QuestionFacts[] = [];
  const q: Record<string, unknown[]> = {
    id: [],
    title: [],
    question: [],
    type: [],
    hint: [],
    answer: [],
    explanation: [],
    generated: [],
    author: [],
  };
  const cand: Record<string, unknown[]> = { question: [], position: [], value: [] };
  const qt: Record<string, unknown[]> = { question: [], topic: [] };
  const topicTitles = [
    ...Array.from({ length: classes * 6 }, (_, i) => `class ${Math.floor(i / 6) + 1} topic ${(i % 6) + 1}`),
    'loops',
    'arrays',
    'recursion',
    'strings',
    'pointers',
  ];
  for (let j = 0; j < questionCount; j++) {
    const c = j % classes;
    const k = Math.floor(j / classes);
    const genDay = Math.floor((k * YEAR_DAYS) / perClass);
    const generated = dayStart[genDay]! + 8 * HOUR + (k % 120) * 60_000;
    const target = dayStart[genDay + 3]! + 22 * HOUR;
    const type = k % 10 < 7 ? 'm' : k % 10 === 8 ? 'M' : 's';
    const base = k % 50;
    const options = [0, 1, 2, 3].map((o) => String(base + o));
    facts.push({ type, genDay, generated, target });
    q.id!.push(j + 1);
    q.title!.push(`Class ${c + 1} question ${k + 1}`);
    q.question!.push(`What does this print?&code:int x = ${base};\nfor (int i = 0; i < ${k % 7}; i++) x++;`);
    q.type!.push(type);
    q.hint!.push(k % 3 === 0 ? 'Count the loop.' : null);
    q.answer!.push(
      type === 'm' ? options[k % 4] : type === 'M' ? JSON.stringify([options[0], options[2]]) : `x = ${base}`,
    );
    q.explanation!.push(`The loop runs ${k % 7} times.`);
    q.generated!.push(iso(generated));
    q.author!.push(teacherId(c));
    if (type !== 's')
      options.forEach((value, position) => {
        cand.question!.push(j + 1);
        cand.position!.push(position);
        cand.value!.push(value);
      });
    qt.question!.push(j + 1);
    qt.topic!.push(c * 6 + (k % 6) + 1);
    if (k % 4 === 0) {
      qt.question!.push(j + 1);
      qt.topic!.push(classes * 6 + (k % 5) + 1);
    }
  }
  await insertRows(
    db,
    'topics',
    [
      ['id', 'int', topicTitles.map((_, i) => i + 1)],
      ['title', 'text', topicTitles],
    ],
    true,
  );
  await insertRows(
    db,
    'questions',
    [
      ['id', 'int', q.id!],
      ['title', 'text', q.title!],
      ['question', 'text', q.question!],
      ['type', 'text', q.type!],
      ['hint', 'text', q.hint!],
      ['answer', 'text', q.answer!],
      ['explanation', 'text', q.explanation!],
      ['generated_date', 'timestamptz', q.generated!],
      ['created_by', 'int', q.author!],
    ],
    true,
  );
  await insertRows(db, 'candidates', [
    ['question_id', 'int', cand.question!],
    ['position', 'int', cand.position!],
    ['value', 'text', cand.value!],
  ]);
  await insertRows(db, 'question_topics', [
    ['question_id', 'int', qt.question!],
    ['topic_id', 'int', qt.topic!],
  ]);
  timed('questions');

  // ---- answers: per student, first answers to questions of their class (spread over the year),
  // redos of wrong ones from the review page, and the last two weeks' questions still pending.
  const total = shape.submissions;
  const sub = {
    question: new Int32Array(total),
    student: new Int32Array(total),
    at: new Float64Array(total),
    marked: new Int8Array(total),
    redo: new Uint8Array(total),
    /** The first answer's question's due day (a redo keeps it). */
    dueDay: new Int16Array(total),
  };
  let n = 0;
  const add = (question: number, student: number, at: number, marked: number, redo: boolean, due: number) => {
    sub.question[n] = question;
    sub.student[n] = student;
    sub.at[n] = at;
    sub.marked[n] = marked;
    sub.redo[n] = redo ? 1 : 0;
    sub.dueDay[n] = due;
    return n++;
  };
  const pending: { student: number[]; question: number[]; target: string[]; due: string[] } = {
    student: [],
    question: [],
    target: [],
    due: [],
  };
  const drafts: { student: number[]; question: number[]; answer: string[]; version: number[]; at: string[] } =
    {
      student: [],
      question: [],
      answer: [],
      version: [],
      at: [],
    };
  /** Schedule rows: the row the latest redo left, and that redo's index in `sub`. */
  const schedules: { student: number; question: number; row: NonNullable<RowWrite>; redo: number }[] = [];
  const ladderSettings: ReviewSettings = { enabled: true, ladder: DEFAULT_LADDER };
  const offSettings: ReviewSettings = { enabled: false, ladder: DEFAULT_LADDER };
  const recentFrom = lastDay - PENDING_WINDOW + 1;
  const timeOn = (day: number) => Math.min(dayStart[day]! + (15 + rand() * 8) * HOUR, nowMs - 60_000);

  for (let s = 0; s < shape.students; s++) {
    const c = s % classes;
    const sid = studentId(s);
    const ability = 0.55 + 0.35 * rand();
    const quota = Math.floor(total / shape.students) + (s < total % shape.students ? 1 : 0);
    const questionOf = (k: number) => k * classes + c; // index into facts; the id is one more
    const recent: number[] = [];
    const earlier: number[] = [];
    for (let k = 0; k < perClass; k++) {
      const f = facts[questionOf(k)]!;
      if (f.genDay >= recentFrom && f.genDay <= lastDay) recent.push(k);
      else if (f.genDay < recentFrom) earlier.push(k);
    }
    const strided = (pool: number[], count: number) => {
      const want = Math.min(count, pool.length);
      const stride = pool.length / Math.max(1, want);
      return Array.from({ length: want }, (_, i) => pool[Math.floor(i * stride + rand() * (stride - 1))]!);
    };
    const pendingKs = strided(recent, PENDING_PER_STUDENT);
    for (const k of pendingKs) {
      const j = questionOf(k);
      pending.student.push(sid);
      pending.question.push(j + 1);
      pending.target.push(iso(facts[j]!.target));
      pending.due.push(dayName[facts[j]!.genDay + 3]!);
    }
    // A third of the students left answers typed but not sent.
    if (s % 3 === 1)
      for (const k of pendingKs.slice(0, 2)) {
        drafts.student.push(sid);
        drafts.question.push(questionOf(k) + 1);
        drafts.answer.push(String(k % 50));
        drafts.version.push(1 + Math.floor(rand() * 5));
        drafts.at.push(iso(nowMs - rand() * 48 * HOUR));
      }
    const pendingSet = new Set(pendingKs);
    const answerable = [...earlier, ...recent.filter((k) => !pendingSet.has(k))].filter(
      (k) => facts[questionOf(k)]!.genDay < lastDay,
    );
    const firstWanted = Math.round(quota * (1 - REDO_SHARE));
    const chosen = strided(answerable, firstWanted);
    const chosenSet = new Set(chosen);
    const wrongAuto: number[] = [];
    const firstAnswer = (k: number) => {
      const j = questionOf(k);
      const f = facts[j]!;
      const day = Math.min(lastDay, f.genDay + Math.floor(rand() * rand() * 4));
      const at = Math.max(timeOn(day), f.generated + 60_000);
      let marked: number;
      if (f.type === 's') marked = at > nowMs - 3 * 24 * HOUR && rand() < 0.5 ? 0 : rand() < ability ? 1 : -1;
      else marked = rand() < ability ? 1 : -1;
      const index = add(j + 1, sid, at, marked, false, f.genDay + 3);
      if (marked === -1 && f.type !== 's') wrongAuto.push(index);
    };
    for (const k of chosen) firstAnswer(k);
    // Redos of wrong automatically marked answers, as the review page allows them: while in Review
    // and due, each as the ladder (or, without scheduling, the latest mark) decides.
    const settings = isScheduled(s) ? ladderSettings : offSettings;
    let redos = quota - chosen.length;
    for (const first of wrongAuto) {
      if (redos <= 0) break;
      let dueDay = dayIndexOf(sub.at[first]!, dayStart);
      let step = 0;
      let row: RowWrite = null;
      let last = -1;
      for (let tries = 0; tries < 3 && redos > 0; tries++) {
        const day = dueDay + Math.floor(rand() * 4);
        if (day > lastDay) break;
        const at = Math.max(timeOn(day), sub.at[last >= 0 ? last : first]! + 60_000);
        if (at >= nowMs) break;
        const marked = rand() < ability ? 1 : -1;
        last = add(sub.question[first]!, sid, at, marked, true, sub.dueDay[first]!);
        redos--;
        const write = afterRedo(step, marked, dayName[day]!, settings);
        if (write) row = write;
        if (!settings.enabled) {
          if (marked === 1) break;
          dueDay = day;
          continue;
        }
        if (write?.state !== 'active') break;
        step = write.step;
        dueDay = dayName.indexOf(write.dueDay);
        if (dueDay < 0) break;
      }
      if (row && last >= 0) schedules.push({ student: sid, question: sub.question[first]!, row, redo: last });
    }
    // Too few wrong answers to redo: the rest of the quota are more first answers.
    for (const k of answerable) {
      if (redos <= 0) break;
      if (chosenSet.has(k)) continue;
      firstAnswer(k);
      redos--;
    }
  }
  timed(`answers made (${n})`);

  // Ids in the order the answers were sent, as the app gives them.
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => sub.at[a]! - sub.at[b]!);
  const idOf = new Int32Array(n);
  order.forEach((index, position) => {
    idOf[index] = position + 1;
  });
  const answerText = (index: number) => {
    const j = sub.question[index]! - 1;
    const f = facts[j]!;
    const right = q.answer![j] as string;
    if (sub.marked[index] !== -1) return right;
    const base = Math.floor(j / classes) % 50;
    return f.type === 'm'
      ? String(base + ((Math.floor(j / classes) + 1) % 4))
      : f.type === 'M'
        ? `["${base + 1}"]`
        : 'x = 0';
  };
  const CHUNK = 100_000;
  for (let from = 0; from < n; from += CHUNK) {
    const part = order.slice(from, from + CHUNK);
    await insertRows(
      db,
      'submissions',
      [
        ['id', 'int', part.map((i) => idOf[i])],
        ['question_id', 'int', part.map((i) => sub.question[i])],
        ['student_id', 'int', part.map((i) => sub.student[i])],
        ['student_answer', 'text', part.map(answerText)],
        ['submit_date', 'timestamptz', part.map((i) => iso(sub.at[i]!))],
        ['target_date', 'timestamptz', part.map((i) => iso(facts[sub.question[i]! - 1]!.target))],
        ['due_day', 'date', part.map((i) => dayName[sub.dueDay[i]!])],
        ['marked', 'smallint', part.map((i) => sub.marked[i])],
        ['auto_marked', 'boolean', part.map((i) => facts[sub.question[i]! - 1]!.type !== 's')],
        ['redo', 'boolean', part.map((i) => sub.redo[i] === 1)],
        [
          'question_generated_date',
          'timestamptz',
          part.map((i) => iso(facts[sub.question[i]! - 1]!.generated)),
        ],
      ],
      true,
    );
  }
  await insertRows(db, 'assignments', [
    ['question_id', 'int', pending.question],
    ['student_id', 'int', pending.student],
    ['target_date', 'timestamptz', pending.target],
    ['due_day', 'date', pending.due],
  ]);
  await insertRows(db, 'answer_drafts', [
    ['student_id', 'int', drafts.student],
    ['question_id', 'int', drafts.question],
    ['answer', 'text', drafts.answer],
    ['version', 'int', drafts.version],
    ['updated_at', 'timestamptz', drafts.at],
  ]);
  const scheduled = Array.from({ length: shape.students }, (_, s) => s).filter(isScheduled);
  await insertRows(db, 'review_settings', [
    ['student_id', 'int', scheduled.map(studentId)],
    ['enabled', 'boolean', scheduled.map(() => true)],
    ['ladder', 'text', scheduled.map(() => `{${DEFAULT_LADDER.join(',')}}`), 'smallint[]'],
  ]);
  await insertRows(db, 'review_schedule', [
    ['student_id', 'int', schedules.map((r) => r.student)],
    ['question_id', 'int', schedules.map((r) => r.question)],
    ['step', 'smallint', schedules.map((r) => r.row.step)],
    ['due_day', 'date', schedules.map((r) => r.row.dueDay)],
    ['state', 'text', schedules.map((r) => r.row.state)],
    ['pinned', 'boolean', schedules.map(() => false)],
    ['submission_id', 'int', schedules.map((r) => idOf[r.redo])],
  ]);
  timed('answers stored');

  // ---- the drill: sessions of about 20 sums on some evenings; math_days counted from them below.
  const drill = { student: [] as number[], a: [] as number[], b: [] as number[], answer: [] as number[] };
  const drillMore = { correct: [] as boolean[], at: [] as string[], day: [] as string[] };
  const perStudentDrill = Math.floor(shape.drill / shape.students);
  for (let s = 0; s < shape.students; s++) {
    let left = perStudentDrill + (s < shape.drill % shape.students ? 1 : 0);
    while (left > 0) {
      const day = Math.floor(rand() * (lastDay + 1));
      const count = Math.min(left, 10 + Math.floor(rand() * 20));
      const start = timeOn(day);
      for (let i = 0; i < count; i++) {
        const a = 99 + Math.floor(rand() * 900);
        const b = 99 + Math.floor(rand() * 900);
        const right = rand() < 0.8;
        drill.student.push(studentId(s));
        drill.a.push(a);
        drill.b.push(b);
        drill.answer.push(right ? a + b : a + b + 10);
        drillMore.correct.push(right);
        drillMore.at.push(iso(start + i * 9_000));
        drillMore.day.push(dayName[day]!);
      }
      left -= count;
    }
  }
  await insertRows(db, 'math_answers', [
    ['student_id', 'int', drill.student],
    ['a', 'smallint', drill.a],
    ['b', 'smallint', drill.b],
    ['issued_at', 'timestamptz', drillMore.at],
    ['answer', 'int', drill.answer],
    ['correct', 'boolean', drillMore.correct],
    ['submit_date', 'timestamptz', drillMore.at],
    ['day', 'date', drillMore.day],
  ]);
  // At most 100 a day: a student's extra answers on a full day go to the next day's count as the app
  // would refuse them; here they are simply dropped before counting.
  await db.execute(sql`DELETE FROM math_answers m USING (
      SELECT id, row_number() OVER (PARTITION BY student_id, day ORDER BY id) AS n FROM math_answers
    ) r WHERE r.id = m.id AND r.n > 100`);
  await db.execute(sql`INSERT INTO math_days (student_id, day, correct, wrong)
    SELECT student_id, day, (count(*) FILTER (WHERE correct))::int, (count(*) FILTER (WHERE NOT correct))::int
    FROM math_answers WHERE answer IS NOT NULL GROUP BY student_id, day`);
  timed('drill');

  // ---- the wall: 200 visitors' messages, most approved.
  const wallStates = Array.from({ length: shape.wall }, (_, i) =>
    i % 10 < 7 ? 'approved' : i % 10 < 9 ? 'pending' : 'hidden',
  );
  const wallAt = wallStates.map(
    (_, i) => dayStart[Math.floor((i * lastDay) / Math.max(1, shape.wall))]! + 20 * HOUR,
  );
  await insertRows(db, 'wall_posts', [
    ['author', 'text', wallStates.map((_, i) => `Visitor ${i + 1}`)],
    ['message', 'text', wallStates.map((_, i) => `Thank you for the lessons! (${i + 1})`)],
    ['state', 'text', wallStates],
    ['created_at', 'timestamptz', wallAt.map(iso)],
    [
      'moderated_at',
      'timestamptz',
      wallStates.map((s, i) => (s === 'pending' ? null : iso(wallAt[i]! + HOUR))),
    ],
  ]);
  for (const table of ['users', 'questions', 'topics', 'submissions'])
    await db.execute(
      sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT max(id) FROM ${sql.identifier(table)}))`,
    );
  timed('wall');

  // ---- derived tables, by the app's rebuilds, a few students at a time.
  const studentIds = Array.from({ length: shape.students }, (_, s) => studentId(s));
  await eachStudent(studentIds, async (id) => {
    await db.transaction(async (tx) => {
      await rebuildCalendar(tx, id);
      await rebuildTopicStats(tx, id);
    });
  });
  await rebuildClasses(db);
  timed('calendars, topic statistics and classes');
  await db.execute(sql`VACUUM ANALYZE`);
  timed('vacuum analyze');
  const counts = rowsOf<{ name: string; rows: number }>(
    await db.execute(sql`
    SELECT 'users' AS name, count(*)::int AS rows FROM users UNION ALL
    SELECT 'questions', count(*)::int FROM questions UNION ALL
    SELECT 'submissions', count(*)::int FROM submissions UNION ALL
    SELECT 'redos', count(*)::int FROM submissions WHERE redo UNION ALL
    SELECT 'unmarked', count(*)::int FROM submissions WHERE marked = 0 UNION ALL
    SELECT 'assignments', count(*)::int FROM assignments UNION ALL
    SELECT 'calendar_days', count(*)::int FROM calendar_days UNION ALL
    SELECT 'topic_stats', count(*)::int FROM topic_stats UNION ALL
    SELECT 'review_schedule', count(*)::int FROM review_schedule UNION ALL
    SELECT 'math_answers', count(*)::int FROM math_answers UNION ALL
    SELECT 'parent_children', count(*)::int FROM parent_children UNION ALL
    SELECT 'wall_posts', count(*)::int FROM wall_posts`),
  );
  return { rows: Object.fromEntries(counts.map((c) => [c.name, c.rows])), seconds };
}

function dayIndexOf(ms: number, dayStart: number[]): number {
  let lo = 0;
  let hi = dayStart.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (dayStart[mid]! <= ms) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

async function eachStudent(ids: number[], run: (id: number) => Promise<void>, width = 4): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < ids.length) await run(ids[next++]!);
    }),
  );
}

/**
 * Every stored count equals a recount: each student's calendar and topic statistics (the app's
 * recounts, as the consistency property test compares them), the drill's day counts, the classes, and every
 * review schedule row belongs to the latest answer of its question, a redo. Answers the problems.
 */
export async function checkDerived(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const students = rowsOf<{ id: number }>(
    await db.execute(sql`SELECT id FROM users WHERE 'STUDENT' = ANY(roles) ORDER BY id`),
  ).map((r) => r.id);
  await eachStudent(students, async (id) => {
    const stored = (await storedCalendar(db, id)).map(({ day, solved, unsolved, toMark }) => ({
      day,
      solved,
      unsolved,
      toMark,
    }));
    if (JSON.stringify(stored) !== JSON.stringify(await recountCalendar(db, id)))
      problems.push(`calendar of user ${id} differs from its recount`);
    if (JSON.stringify(await storedTopicStats(db, id)) !== JSON.stringify(await recountTopicStats(db, id)))
      problems.push(`topic statistics of user ${id} differ from their recount`);
  });
  const [math] = rowsOf<{ wrong: number }>(
    await db.execute(sql`SELECT count(*)::int AS wrong FROM (
      SELECT student_id, day, (count(*) FILTER (WHERE correct))::int AS correct, (count(*) FILTER (WHERE NOT correct))::int AS wrong
      FROM math_answers WHERE answer IS NOT NULL GROUP BY student_id, day
    ) r FULL JOIN math_days d USING (student_id, day)
    WHERE r.correct IS DISTINCT FROM d.correct OR r.wrong IS DISTINCT FROM d.wrong`),
  );
  if (math!.wrong > 0) problems.push(`${math!.wrong} drill days differ from their recount`);
  const [review] = rowsOf<{ wrong: number }>(
    await db.execute(sql`SELECT count(*)::int AS wrong FROM review_schedule r
    LEFT JOIN submissions s ON s.id = r.submission_id
    WHERE s.id IS NULL OR NOT s.redo OR s.student_id <> r.student_id OR s.question_id <> r.question_id
      OR s.id <> (SELECT max(id) FROM submissions l WHERE l.student_id = r.student_id AND l.question_id = r.question_id)`),
  );
  if (review!.wrong > 0) problems.push(`${review!.wrong} review schedule rows are not their latest redo's`);
  const [dates] = rowsOf<{ wrong: number }>(
    await db.execute(sql`SELECT count(*)::int AS wrong FROM submissions s JOIN questions q ON q.id = s.question_id
    WHERE s.question_generated_date <> q.generated_date`),
  );
  if (dates!.wrong > 0) problems.push(`${dates!.wrong} answers carry another date than their question's`);
  const classes = await classesDifferingFromRecount(db);
  if (classes > 0)
    problems.push(`${classes} (teacher, student) pairs of the classes differ from their recount`);
  return problems;
}
