import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PictureUploaded, QuestionOnly, QuestionStudent } from '../../common/contracts/tutoring.ts';
import type { Week } from '../../common/contracts/week.ts';
import { pictureMessages as koPictureMessages } from '../../common/i18n/ko/messages.ts';
import { validationTexts as koValidationTexts } from '../../common/i18n/ko/validationTexts.ts';
import { serverLimits } from '../../common/limits.ts';
import { pictureMessages, profileMessages } from '../../common/messages.ts';
import { validationTexts } from '../../common/validationTexts.ts';
import { rowsOf } from '../db/open.ts';
import { multipartBody, startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { type Cast, createCast } from '../test/personas.ts';
import { call, createQuestion, dueIn, questionBody } from '../test/tutoring.ts';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await startTestApp();
  cast = await createCast(t);
});
afterAll(() => t.close());

const canvas = (width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } });

function upload(as: TestUser | null, data: Buffer, name = 'picture.png', type = 'image/png') {
  const body = multipartBody({}, { image: { name, type, data } });
  return t.request({ method: 'POST', url: '/api/v1/pictures', as, ...body });
}

async function uploaded(data: Buffer): Promise<PictureUploaded> {
  const response = await upload(cast.teacher, data);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PictureUploaded;
}

const picturesDir = () => path.join(t.config.imagesDir, 'questions');
const storedFiles = () => (fs.existsSync(picturesDir()) ? fs.readdirSync(picturesDir()).sort() : []);
const stored = (id: string) => fs.readFileSync(path.join(picturesDir(), `${id}.webp`));
const read = (as: TestUser | null, id: string) =>
  t.request({ method: 'GET', url: `/api/v1/pictures/${id}`, as });

/** A PNG chunk with its CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose header declares `side` × `side` pixels, its few bytes of data inflating to rows of zeros. */
function declaredPng(side: number, rows: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth 1
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc((1 + Math.ceil(side / 8)) * rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('POST /api/v1/pictures: the picture rule', () => {
  it('takes PNG, JPEG, WebP and a GIF (its first frame), stores each as WebP under its content hash', async () => {
    const red = await canvas(20, 10)
      .composite([{ input: { create: { width: 20, height: 10, channels: 3, background: 'red' } } }])
      .png()
      .toBuffer();
    const blue = await canvas(20, 10).png().toBuffer();
    const animated = await sharp([red, blue], { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);
    for (const [data, width, height] of [
      [await canvas(301, 200).png().toBuffer(), 301, 200],
      [await canvas(302, 200).jpeg().toBuffer(), 302, 200],
      [await canvas(303, 200).webp().toBuffer(), 303, 200],
      [animated, 20, 10],
    ] as const) {
      // Declared as something else entirely: the bytes decide.
      const response = await upload(cast.teacher, data, 'notes.txt', 'text/plain');
      expect(response.statusCode, response.body).toBe(200);
      const picture = response.json() as PictureUploaded;
      expect(picture).toMatchObject({ width, height });
      const file = stored(picture.id);
      expect(createHash('sha256').update(file).digest('hex')).toBe(picture.id);
      const metadata = await sharp(file).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width, height });
      expect(metadata.pages ?? 1).toBe(1);
    }
    // The GIF's first frame is the red one.
    const gif = storedFiles().map((name) => name.slice(0, -5));
    const pixels = await sharp(stored(gif.find((id) => id.length === 64 && stored(id).length < 200)!))
      .raw()
      .toBuffer();
    expect(pixels[0]).toBeGreaterThan(200);
    expect(pixels[2]).toBeLessThan(50);
  });

  it('stores the same picture once, however often it is uploaded', async () => {
    const data = await canvas(123, 45).png().toBuffer();
    const first = await uploaded(data);
    const before = storedFiles();
    const again = await uploaded(data);
    expect(again).toEqual(first);
    expect(storedFiles()).toEqual(before);
    const rows = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`SELECT count(*)::int AS n FROM pictures WHERE hash = ${first.id}`),
    );
    expect(rows[0]!.n).toBe(1);
  });

  it(`caps the longest side at ${serverLimits.questionPictureSidePx} px and keeps smaller pictures' size`, async () => {
    const wide = await uploaded(await canvas(6400, 800).png().toBuffer());
    expect(wide).toMatchObject({ width: serverLimits.questionPictureSidePx, height: 200 });
    const tall = await uploaded(await canvas(500, 4000).jpeg().toBuffer());
    expect(tall).toMatchObject({ width: 200, height: serverLimits.questionPictureSidePx });
    expect(await sharp(stored(tall.id)).metadata()).toMatchObject({ width: 200, height: 1600 });
  });

  it('strips EXIF, its GPS position included, from what it stores', async () => {
    const camera = await canvas()
      .jpeg()
      .withExif({
        IFD0: { Artist: 'Secret Person', Copyright: 'Secret Person' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '37/1 33/1 59/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '126/1 58/1 40/1',
        },
      })
      .toBuffer();
    const before = await sharp(camera).metadata();
    expect(before.exif?.includes('Secret Person')).toBe(true);
    const picture = await uploaded(camera);
    const file = stored(picture.id);
    const after = await sharp(file).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(file.includes('Secret Person')).toBe(false);
    expect(file.includes('GPS')).toBe(false);
    expect(file.includes('Exif')).toBe(false);
  });

  const refusals: [string, () => Promise<Buffer>, string][] = [
    [
      'a text file called .png',
      async () => Buffer.from('just some notes\n'),
      profileMessages.pictureNotImage,
    ],
    [
      'an SVG with a script',
      async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      profileMessages.pictureSvg,
    ],
    [
      'a PNG with an HTML page after its end (a polyglot)',
      async () =>
        Buffer.concat([
          await canvas().png().toBuffer(),
          Buffer.from('<html><script>alert(document.cookie)</script></html>'),
        ]),
      profileMessages.pictureHidesData,
    ],
    [
      'a GIF with JavaScript after its trailer (a polyglot)',
      async () =>
        Buffer.concat([await canvas().gif().toBuffer(), Buffer.from('\n;alert(document.cookie);//')]),
      profileMessages.pictureHidesData,
    ],
    [
      'a decompression bomb (a 10,000 × 10,000 PNG in a few kilobytes)',
      async () => declaredPng(10_000, 10_000),
      profileMessages.pictureTooManyPixels,
    ],
    [
      'a header declaring 100,000 × 100,000 pixels',
      async () => declaredPng(100_000, 1),
      profileMessages.pictureTooManyPixels,
    ],
    [
      'a cut-off JPEG',
      async () => (await canvas().jpeg().toBuffer()).subarray(0, 400),
      profileMessages.pictureTruncated,
    ],
  ];
  for (const [what, make, message] of refusals) {
    it(`refuses ${what}, naming why, and stores nothing`, async () => {
      const before = storedFiles();
      const response = await upload(cast.teacher, await make());
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
      expect(storedFiles()).toEqual(before);
    });
  }

  it('refuses a missing file, a stray field and a JSON body', async () => {
    const empty = multipartBody({ note: 'x' }, {});
    const stray = await t.request({ method: 'POST', url: '/api/v1/pictures', as: cast.teacher, ...empty });
    expect(stray.statusCode).toBe(400);
    expect(stray.json().message).toBe(pictureMessages.pictureFormTooBig);
    const json = await call(t, cast.teacher, 'POST', '/api/v1/pictures', {});
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe(pictureMessages.pictureNotMultipart);
  });

  it('is for staff: a student may not upload', async () => {
    const response = await upload(cast.student, await canvas().png().toBuffer());
    expect(response.statusCode).toBe(403);
  });
});

describe('pictures in questions', () => {
  let text: PictureUploaded;
  let explanation: PictureUploaded;
  let questionId: number;
  beforeAll(async () => {
    text = await uploaded(await canvas(640, 480).png().toBuffer());
    explanation = await uploaded(await canvas(200, 100).jpeg().toBuffer());
    questionId = await createQuestion(t, cast.teacher, {
      students: [cast.student.user.username],
      pictures: [
        { id: text.id, part: 'question', alt: '  A triangle with sides 3, 4 and 5 ' },
        { id: explanation.id, part: 'explanation', alt: 'The right angle marked' },
      ],
    });
  });

  it('refuses a picture without alt text, in English and in Korean', async () => {
    for (const alt of ['', '   ', undefined]) {
      const body = questionBody(t, { pictures: [{ id: text.id, part: 'question', alt: alt as string }] });
      const english = await call(t, cast.teacher, 'POST', '/api/v1/questions', body);
      expect(english.statusCode).toBe(400);
      expect(english.json().message).toBe(`pictures.0.alt: ${validationTexts.altRequired}`);
      const korean = await t.request({
        method: 'POST',
        url: '/api/v1/questions',
        as: cast.teacher,
        headers: { 'content-type': 'application/json', 'accept-language': 'ko' },
        payload: JSON.stringify(body),
      });
      expect(korean.statusCode).toBe(400);
      expect(korean.json().message).toBe(`pictures.0.alt: ${koValidationTexts.altRequired}`);
    }
  });

  it('refuses a picture that was never uploaded, and saves nothing', async () => {
    const count = async () =>
      rowsOf<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM questions`))[0]!.n;
    const before = await count();
    const body = questionBody(t, {
      pictures: [
        { id: text.id, part: 'question', alt: 'known' },
        { id: 'f'.repeat(64), part: 'question', alt: 'unknown' },
      ],
    });
    const response = await call(t, cast.teacher, 'POST', '/api/v1/questions', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(pictureMessages.unknownPictures(1));
    const korean = await t.request({
      method: 'POST',
      url: '/api/v1/questions',
      as: cast.teacher,
      headers: { 'content-type': 'application/json', 'accept-language': 'ko' },
      payload: JSON.stringify(body),
    });
    expect(korean.json().message).toBe(koPictureMessages.unknownPictures(1));
    expect(await count()).toBe(before);
  });

  it('shows a pending question only its text pictures; answered, both', async () => {
    const pending = await call(
      t,
      cast.student,
      'GET',
      `/api/v1/questions/student/${cast.student.user.username}`,
    );
    const question = (pending.json().content as QuestionStudent[]).find((q) => q.id === questionId)!;
    expect(question.pictures).toEqual([
      { id: text.id, part: 'question', alt: 'A triangle with sides 3, 4 and 5', width: 640, height: 480 },
    ]);
    const archive = await call(t, cast.teacher, 'GET', '/api/v1/questions?size=100');
    const full = (archive.json().content as QuestionOnly[]).find((q) => q.id === questionId)!;
    expect(full.pictures.map((p) => p.part)).toEqual(['question', 'explanation']);
  });

  it('lets the assigned student, their linked parent and staff read the pictures; anyone else gets 404', async () => {
    const other = await createQuestion(t, cast.teacher, {
      students: [cast.otherStudent.user.username],
      pictures: [
        { id: (await uploaded(await canvas(77, 77).png().toBuffer())).id, part: 'question', alt: 'x' },
      ],
    });
    expect(other).toBeGreaterThan(0);
    const answers = {
      student: 200,
      otherStudent: 404,
      parent: 200,
      unlinkedParent: 404,
      teacher: 200,
      admin: 200,
    } as const;
    for (const [persona, status] of Object.entries(answers)) {
      const response = await read(cast[persona as keyof typeof answers], text.id);
      expect(response.statusCode, persona).toBe(status);
      if (status === 200) {
        expect(response.headers['content-type']).toBe('image/webp');
        expect(response.rawPayload.equals(stored(text.id))).toBe(true);
      } else expect(response.json().message).toBe(pictureMessages.pictureNotFound);
    }
    expect((await read(null, text.id)).statusCode).toBe(401);
    // A picture that does not exist is the same 404, so nothing tells the two apart.
    expect((await read(cast.otherStudent, 'e'.repeat(64))).json()).toEqual(
      (await read(cast.otherStudent, text.id)).json(),
    );
  });

  it('keeps the explanation pictures from a student until the question is answered', async () => {
    expect((await read(cast.student, explanation.id)).statusCode).toBe(404);
    expect((await read(cast.parent, explanation.id)).statusCode).toBe(404);
    const answer = await call(t, cast.student, 'POST', '/api/v1/submissions/multiples', [
      { questionId, studentAnswer: '01', studentName: cast.student.user.username },
    ]);
    expect(answer.statusCode).toBe(200);
    expect((await read(cast.student, explanation.id)).statusCode).toBe(200);
    expect((await read(cast.parent, explanation.id)).statusCode).toBe(200);
    expect((await read(cast.otherStudent, explanation.id)).statusCode).toBe(404);
    // Answered, the submissions, the review and the week show them.
    const submissions = await call(
      t,
      cast.parent,
      'GET',
      `/api/v1/submissions/${cast.student.user.username}`,
    );
    const item = submissions
      .json()
      .content.find((s: { question: QuestionOnly }) => s.question.id === questionId);
    expect(item.question.pictures.map((p: { id: string }) => p.id)).toEqual([text.id, explanation.id]);
    const week = (
      await call(t, cast.student, 'GET', `/api/v1/week/${cast.student.user.username}`)
    ).json() as Week;
    const entry = week.items.find((i) => i.questionId === questionId)!;
    expect(entry.pictures).toEqual([
      { id: explanation.id, part: 'explanation', alt: 'The right angle marked', width: 200, height: 100 },
    ]);
  });

  it('answers 304 to a browser that has the picture, after the same check', async () => {
    const first = await read(cast.teacher, text.id);
    const etag = first.headers.etag as string;
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await t.request({
      method: 'GET',
      url: `/api/v1/pictures/${text.id}`,
      as: cast.teacher,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    const stranger = await t.request({
      method: 'GET',
      url: `/api/v1/pictures/${text.id}`,
      as: cast.unlinkedParent,
      headers: { 'if-none-match': etag },
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('replaces the pictures on modify, and attaches them in a bulk upload', async () => {
    const modified = await call(t, cast.teacher, 'PATCH', '/api/v1/questions/multiples', [
      { id: questionId, pictures: [{ id: explanation.id, part: 'question', alt: 'Now with the text' }] },
    ]);
    expect(modified.statusCode, modified.body).toBe(200);
    const archive = await call(t, cast.teacher, 'GET', '/api/v1/questions?size=100');
    const full = (archive.json().content as QuestionOnly[]).find((q) => q.id === questionId)!;
    expect(full.pictures).toEqual([
      { id: explanation.id, part: 'question', alt: 'Now with the text', width: 200, height: 100 },
    ]);
    // The picture taken off is no longer the student's to read.
    expect((await read(cast.student, text.id)).statusCode).toBe(404);

    const item = {
      ...questionBody(t, { students: [cast.otherStudent.user.username] }),
      generatedDate: dueIn(t, 0),
      title: 'Bulk with a picture',
      pictures: [{ id: text.id, alt: 'From the bulk upload' }],
    };
    const bulk = await call(t, cast.teacher, 'POST', '/api/v1/questions/multiples', [item]);
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect((await read(cast.otherStudent, text.id)).statusCode).toBe(200);
    const noAlt = await call(t, cast.teacher, 'POST', '/api/v1/questions/multiples', [
      { ...item, pictures: [{ id: text.id, alt: ' ' }] },
    ]);
    expect(noAlt.statusCode).toBe(400);
    expect(noAlt.json().message).toContain('Picture 1: alt text is missing');
  });
});

describe('script in a file name or an alt text: stored and answered as data, never markup', () => {
  // As a browser sends them (a quote as %22), as typed, a path and a header split.
  const hostileNames = [
    '%22><img src=x onerror=alert(1)>.png',
    '"><img src=x onerror=alert(1)>.png',
    '<script>alert(document.cookie)</script>.png',
    '../../../../etc/passwd.png',
    '..%2F..%2Fserver%2Fmain.ts',
    'x.png%0d%0aSet-Cookie: session=stolen',
  ];

  it('never lets an uploaded file name reach a stored path, a record or a header', async () => {
    // The name's telling parts ('script-src' of the CSP is not one).
    const markers = ['onerror', '<script', 'alert(', 'passwd', 'main.ts', 'stolen', '..'];
    for (const [index, name] of hostileNames.entries()) {
      const before = storedFiles();
      const response = await upload(
        cast.teacher,
        await canvas(50 + index, 20)
          .png()
          .toBuffer(),
        name,
      );
      expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
      // The answer is the content's hash and size, nothing of the name.
      const picture = response.json() as PictureUploaded;
      expect(Object.keys(picture).sort()).toEqual(['height', 'id', 'width']);
      expect(picture.id).toMatch(/^[0-9a-f]{64}$/);
      // Stored as its hash, in the pictures folder, and nowhere else.
      expect(storedFiles()).toEqual([...before, `${picture.id}.webp`].sort());
      for (const file of storedFiles()) expect(file).toMatch(/^[0-9a-f]{64}\.webp$/);
      const row = rowsOf<{ row: string }>(
        await t.database.db.execute(
          sql`SELECT row_to_json(p)::text AS row FROM pictures p WHERE hash = ${picture.id}`,
        ),
      );
      const served = await read(cast.teacher, picture.id);
      expect(served.statusCode).toBe(200);
      expect(response.headers['set-cookie']).toBeUndefined();
      const said = [
        response.body,
        JSON.stringify(response.headers),
        row[0]!.row,
        JSON.stringify(served.headers),
      ];
      for (const text of said)
        for (const marker of markers) expect(text, `${name}: ${text}`).not.toContain(marker);
    }
  });

  it('answers an alt text with markup in it exactly as written, as JSON, and never in a header', async () => {
    const alt = '"><script>alert(document.cookie)</script><img src=x onerror=alert(1)> & </textarea>';
    const picture = await uploaded(await canvas(61, 17).png().toBuffer());
    const questionId = await createQuestion(t, cast.teacher, {
      students: [cast.student.user.username],
      pictures: [{ id: picture.id, part: 'question', alt }],
    });
    // The pending page's JSON is written by PostgreSQL, the archive's by Node: both keep the text.
    const pending = await call(
      t,
      cast.student,
      'GET',
      `/api/v1/questions/student/${cast.student.user.username}?size=100`,
    );
    const archive = await call(t, cast.teacher, 'GET', '/api/v1/questions?size=100');
    for (const response of [pending, archive]) {
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const question = (response.json().content as QuestionOnly[]).find((q) => q.id === questionId)!;
      expect(question.pictures).toEqual([{ id: picture.id, part: 'question', alt, width: 61, height: 17 }]);
    }
    // The picture itself is an image, never sniffed as a page; its headers name nothing of the alt.
    const served = await read(cast.student, picture.id);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(JSON.stringify(served.headers)).not.toMatch(/<script|onerror|alert\(/);
  });
});
