import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/open.ts';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { atOnce } from '../test/sockets.ts';

/**
 * The same picture uploaded by several requests at once through real sockets (they overlap on
 * PostgreSQL in test:pg, and the file writes overlap on either database): one row, one whole file.
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

describe('question picture races', () => {
  // Five: at most one decode per core runs, four per core wait, and more are a 503 (images/picture.ts).
  it('stores a picture uploaded 5 times at once once, and answers every upload with its id', async () => {
    const data = await sharp({ create: { width: 900, height: 700, channels: 3, background: 'orange' } })
      .png()
      .toBuffer();
    const answers = await atOnce(5, async () => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(data)], { type: 'image/png' }), 'same.png');
      const response = await fetch(`${base}/api/v1/pictures`, {
        method: 'POST',
        headers: { origin: base, cookie: teacher.cookie },
        body: form,
      });
      return { status: response.status, body: (await response.json()) as { id?: string } };
    });
    expect(answers.map((a) => a.status)).toEqual(Array(5).fill(200));
    const ids = new Set(answers.map((a) => a.body.id));
    expect(ids.size).toBe(1);
    const [id] = [...ids] as string[];
    const rows = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`SELECT count(*)::int AS n FROM pictures WHERE hash = ${id}`),
    );
    expect(rows[0]!.n).toBe(1);
    // One file, whole, and no temporary file left behind.
    const dir = path.join(t.config.imagesDir, 'questions');
    expect(fs.readdirSync(dir)).toEqual([`${id}.webp`]);
    expect((await sharp(path.join(dir, `${id}.webp`)).metadata()).width).toBe(900);
  });
});
