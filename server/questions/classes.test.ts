import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, migrationsFolder, openDatabase, rowsOf } from '../db/open.ts';
import { classesDifferingFromRecount, studentsOfTeacher } from './search.ts';

/**
 * The migration that adds the class table fills it from the school's assignments and answers, so a
 * roster read after upgrading lists everyone the roster listed before.
 */
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tf-classes-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** The code's migrations up to, not including, the one whose tag ends with `tag`. */
function migrationsBefore(tag: string): string {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { tag: string }[];
  };
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith(tag));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  const folder = path.join(scratch, 'before');
  fs.mkdirSync(path.join(folder, 'meta'), { recursive: true });
  fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const { tag: each } of journal.entries)
    fs.copyFileSync(path.join(migrationsFolder, `${each}.sql`), path.join(folder, `${each}.sql`));
  return folder;
}

describe('the class table migration', () => {
  it('fills each class from the assignments and answers of its teacher', { timeout: 120_000 }, async () => {
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: null,
      migrationsFolder: migrationsBefore('_teacher_roster_table'),
    });
    try {
      const { db } = database;
      await db.execute(sql`
        INSERT INTO users (email, username, roles) VALUES
          ('t1@x.example', 'teach1', ARRAY['TEACHER']), ('t2@x.example', 'teach2', ARRAY['TEACHER']),
          ('a@x.example', 'assigned', ARRAY['STUDENT']), ('b@x.example', 'answered', ARRAY['STUDENT']),
          ('c@x.example', 'both', ARRAY['STUDENT']), ('d@x.example', 'nobody', ARRAY['STUDENT'])`);
      const id = async (name: string) =>
        rowsOf<{ id: number }>(await db.execute(sql`SELECT id FROM users WHERE username = ${name}`))[0]!.id;
      const [t1, t2, a, b, c] = await Promise.all(
        ['teach1', 'teach2', 'assigned', 'answered', 'both'].map(id),
      );
      await db.execute(sql`
        INSERT INTO questions (title, question, type, answer, explanation, generated_date, created_by)
        VALUES ('q1', 'q', 's', 'a', 'e', now(), ${t1}), ('q2', 'q', 's', 'a', 'e', now(), ${t2}),
          ('orphan', 'q', 's', 'a', 'e', now(), NULL)`);
      const q = async (title: string) =>
        rowsOf<{ id: number }>(await db.execute(sql`SELECT id FROM questions WHERE title = ${title}`))[0]!.id;
      const [q1, q2, orphan] = await Promise.all(['q1', 'q2', 'orphan'].map(q));
      await db.execute(sql`
        INSERT INTO assignments (question_id, student_id, target_date, due_day) VALUES
          (${q1}, ${a}, now(), current_date), (${q2}, ${c}, now(), current_date), (${orphan}, ${b}, now(), current_date)`);
      await db.execute(sql`
        INSERT INTO submissions (question_id, student_id, student_answer, submit_date, target_date, due_day, marked, auto_marked)
        VALUES (${q1}, ${b}, 'x', now(), now(), current_date, 0, false), (${q1}, ${c}, 'x', now(), now(), current_date, 1, false),
          (${q1}, ${c}, 'y', now(), now(), current_date, 1, false)`);

      await migrateToLatest(database);
      expect((await studentsOfTeacher(db, t1!)).map((s) => s.name)).toEqual(['answered', 'assigned', 'both']);
      expect((await studentsOfTeacher(db, t2!)).map((s) => s.name)).toEqual(['both']);
      expect(await classesDifferingFromRecount(db)).toBe(0);
    } finally {
      await database.close();
    }
  });
});
