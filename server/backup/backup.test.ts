import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, migrationsFolder, openDatabase, rowsOf } from '../db/open.ts';
import { multipartBody, startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { call, createQuestion } from '../test/tutoring.ts';
import { type BackupSummary, writeBackup } from './backup.ts';
import { BackupError, codeMigrations, listFiles, tablesInOrder } from './format.ts';
import { restoreBackup } from './restore.ts';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tutorfolio-backup-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** Everything a backup must carry: every table's rows (as PostgreSQL writes them), sequences, migrations, files. */
async function contents(database: Database, imagesDir: string) {
  const tables: Record<string, string[]> = {};
  for (const table of await tablesInOrder(database.db)) {
    tables[table] = rowsOf<{ r: string }>(
      await database.db.execute(sql`select row_to_json(t)::text as r from ${sql.identifier(table)} t`),
    )
      .map((row) => row.r)
      .sort();
  }
  const sequences = rowsOf(
    await database.db.execute(
      sql`select sequencename, last_value::text from pg_sequences where schemaname = 'public' order by 1`,
    ),
  );
  const migrations = rowsOf(
    await database.db.execute(
      sql`select hash, created_at::text from drizzle.__drizzle_migrations order by created_at`,
    ),
  );
  const files = Object.fromEntries(
    listFiles(imagesDir).map((file) => [
      file,
      createHash('sha256')
        .update(fs.readFileSync(path.join(imagesDir, file)))
        .digest('hex'),
    ]),
  );
  return { tables, sequences, migrations, files };
}

/** The test app's database, which a failed restore must not close (the app closes it). */
const kept = (database: Database): Database => ({ ...database, close: async () => {} });

let source: TestApp;
let student: TestUser;
let teacher: TestUser;
let backupFile: string;
let summary: BackupSummary;
/** A question's picture (IMAGES_DIR/questions), beside the two profile pictures (avatars/). */
let questionPicture: string;

beforeAll(async () => {
  source = await startTestApp();
  teacher = await source.createUser({ roles: ['TEACHER'] });
  student = await source.createUser({ roles: ['STUDENT'] });
  const parent = await source.createUser({ roles: ['PARENT'] });
  await source.database.db.execute(
    sql`insert into parent_children (parent_id, child_id) values (${parent.user.id}, ${student.user.id})`,
  );
  const name = student.user.username;
  const diagram = await sharp({ create: { width: 120, height: 90, channels: 3, background: 'green' } })
    .png()
    .toBuffer();
  const uploaded = await source.request({
    method: 'POST',
    url: '/api/v1/pictures',
    as: teacher,
    ...multipartBody({}, { image: { name: 'diagram.png', type: 'image/png', data: diagram } }),
  });
  expect(uploaded.statusCode).toBe(200);
  questionPicture = (uploaded.json() as { id: string }).id;
  const answered = await createQuestion(source, teacher, {
    students: [name],
    title: 'Ünïcode — "quotes"\ttab',
    pictures: [{ id: questionPicture, part: 'explanation', alt: 'A diagram' }],
  });
  const drafted = await createQuestion(source, teacher, { type: 's', students: [name] });
  const submitted = await call(source, student, 'POST', '/api/v1/submissions/multiples', [
    { questionId: answered, studentAnswer: '01', studentName: name },
  ]);
  expect(submitted.statusCode).toBe(200);
  const drafts = await call(source, student, 'PATCH', `/api/v1/drafts/${name}`, {
    changes: { [String(drafted)]: { answer: 'half an answer\nwith a second line', version: 0 } },
  });
  expect(drafts.statusCode).toBe(200);
  for (const who of [student, teacher]) {
    const png = await sharp({
      create: {
        width: 64,
        height: 48,
        channels: 3,
        background: { r: who === student ? 200 : 20, g: 40, b: 90 },
      },
    })
      .png()
      .toBuffer();
    const upload = await source.request({
      method: 'PATCH',
      url: '/api/v1/users/image',
      as: who,
      ...multipartBody({}, { image: { name: 'me.png', type: 'image/png', data: png } }),
    });
    expect(upload.statusCode).toBe(200);
  }
  backupFile = path.join(scratch, 'school.backup');
  summary = await writeBackup(source.database, source.config.imagesDir, backupFile);
});
afterAll(() => source.close());

describe('backup and restore', () => {
  it('restores users, questions, submissions, drafts and pictures into an empty database: every table, sequence and file equal', async () => {
    expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600);
    expect(summary.files).toBe(3);
    const before = await contents(source.database, source.config.imagesDir);
    for (const table of ['users', 'questions', 'submissions', 'answer_drafts', 'parent_children', 'sessions'])
      expect(before.tables[table]!.length, table).toBeGreaterThan(0);
    expect(Object.keys(before.files)).toHaveLength(3);
    expect(before.files[`questions/${questionPicture}.webp`]).toBe(questionPicture);
    expect(before.tables.question_pictures).toHaveLength(1);
    // Generated columns stay out of the file: the restoring database computes them (compared below).
    const questionLines = zlib
      .gunzipSync(fs.readFileSync(backupFile))
      .toString()
      .split('\n')
      .filter((line) => line.startsWith('R\tquestions\t'));
    expect(questionLines.length).toBeGreaterThan(0);
    for (const line of questionLines)
      expect(JSON.parse(line.split('\t')[2]!)).not.toHaveProperty('search_text');
    expect(JSON.parse(before.tables.questions![0]!)).toHaveProperty('search_text');

    const target = await startTestApp();
    try {
      expect((await contents(target.database, target.config.imagesDir)).tables.users).toEqual([]);
      const { summary: restored } = await restoreBackup({
        file: backupFile,
        open: async () => kept(target.database),
        imagesDir: target.config.imagesDir,
        replace: false,
      });
      expect(restored.rows).toEqual(summary.rows);
      expect(await contents(target.database, target.config.imagesDir)).toEqual(before);

      // The restored school works: the student is still signed in, sees their draft and picture,
      // and new rows take new ids (the sequences came back too).
      const name = student.user.username;
      expect((await call(target, student, 'GET', '/api/v1/users/auth-check')).statusCode).toBe(200);
      const draft = await call(target, student, 'GET', `/api/v1/drafts/${name}`);
      expect(JSON.stringify(draft.json())).toContain('half an answer\\nwith a second line');
      const card = (await call(target, student, 'GET', `/api/v1/users/${name}`)).json() as {
        imageURL: string;
      };
      const picture = await target.request({ method: 'GET', url: card.imageURL });
      expect(picture.statusCode).toBe(200);
      expect(picture.rawPayload.length).toBeGreaterThan(0);
      // The question's picture too, to the student who answered it, as it was.
      const diagram = await call(target, student, 'GET', `/api/v1/pictures/${questionPicture}`);
      expect(diagram.statusCode).toBe(200);
      expect(createHash('sha256').update(diagram.rawPayload).digest('hex')).toBe(questionPicture);
      const next = await createQuestion(target, teacher);
      const maxBefore = Math.max(...before.tables.questions!.map((row) => JSON.parse(row).id as number));
      expect(next).toBeGreaterThan(maxBefore);
    } finally {
      await target.close();
    }
  });

  it('refuses a database that holds accounts unless told to replace it, and a cut-off or tampered file, changing nothing', async () => {
    const target = await startTestApp();
    try {
      const stranger = await target.createUser();
      const restore = (file: string, replace = false) =>
        restoreBackup({
          file,
          open: async () => kept(target.database),
          imagesDir: target.config.imagesDir,
          replace,
        });
      await expect(restore(backupFile)).rejects.toThrow(/holds accounts; add --replace/);

      const whole = fs.readFileSync(backupFile);
      const cut = path.join(scratch, 'cut.backup');
      fs.writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.8)));
      await expect(restore(cut, true)).rejects.toThrow(BackupError);
      const tampered = path.join(scratch, 'tampered.backup');
      const text = zlib.gunzipSync(whole).toString();
      const escaping = text.replace(/^F\tavatars\//m, 'F\t../../');
      fs.writeFileSync(tampered, zlib.gzipSync(escaping));
      await expect(restore(tampered, true)).rejects.toThrow(/outside the pictures directory/);
      const dropped = path.join(scratch, 'dropped.backup');
      fs.writeFileSync(dropped, zlib.gzipSync(text.replace(/^R\tsubmissions\t.*\n/m, '')));
      await expect(restore(dropped, true)).rejects.toThrow(/do not match its own count/);
      // Each refusal left the database as it was.
      const after = await contents(target.database, target.config.imagesDir);
      expect(after.tables.users).toHaveLength(1);
      expect(after.tables.users![0]).toContain(stranger.user.username);
      expect(after.files).toEqual({});

      await restore(backupFile, true);
      expect(await contents(target.database, target.config.imagesDir)).toEqual(
        await contents(source.database, source.config.imagesDir),
      );
    } finally {
      await target.close();
    }
  });

  // Migrates two databases from nothing on PGlite: past the default time-out on a busy machine.
  it('restores a backup from an older version: its tables first, then the later migrations', {
    timeout: 120_000,
  }, async () => {
    const known = codeMigrations();
    const older = known.slice(0, known.length - 2);
    const folder = fs.mkdtempSync(path.join(scratch, 'older-'));
    fs.mkdirSync(path.join(folder, 'meta'));
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'));
    journal.entries = journal.entries.slice(0, older.length);
    fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
    for (const { tag } of older)
      fs.copyFileSync(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));

    const old = await openDatabase({ kind: 'pglite', dataDir: null, migrationsFolder: folder });
    const oldImages = path.join(scratch, 'old-images');
    fs.mkdirSync(path.join(oldImages, 'avatars'), { recursive: true });
    fs.writeFileSync(path.join(oldImages, 'avatars', 'a.webp'), 'not really a picture');
    const file = path.join(scratch, 'older.backup');
    try {
      await old.db.execute(
        sql`insert into users (email, username, password_hash, roles) values ('old@example.com', 'oldtimer', 'x', ARRAY['STUDENT'])`,
      );
      await writeBackup(old, oldImages, file);
    } finally {
      await old.close();
    }

    const restoredImages = path.join(scratch, 'restored-images');
    fs.mkdirSync(restoredImages);
    const { database } = await restoreBackup({
      file,
      open: (migrations) => openDatabase({ kind: 'pglite', dataDir: null, migrationsFolder: migrations }),
      imagesDir: restoredImages,
      replace: false,
    });
    try {
      const levels = rowsOf<{ created_at: string }>(
        await database.db.execute(
          sql`select created_at::text from drizzle.__drizzle_migrations order by created_at`,
        ),
      );
      expect(levels.map((row) => Number(row.created_at))).toEqual(known.map((migration) => migration.when));
      const users = rowsOf<{ username: string }>(await database.db.execute(sql`select username from users`));
      expect(users).toEqual([{ username: 'oldtimer' }]);
      expect(listFiles(restoredImages)).toEqual(['avatars/a.webp']);
    } finally {
      await database.close();
    }
  });
});
