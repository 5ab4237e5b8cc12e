import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PictureResponse } from '../../common/contracts/users.ts';
import { limits, serverLimits } from '../../common/limits.ts';
import { profileMessages } from '../../common/messages.ts';
import { users } from '../db/schema.ts';
import { multipartBody, startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { formatOf, inspectPicture } from './inspect.ts';

let t: TestApp;
let student: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  student = await t.createUser();
});
afterAll(() => t.close());

const canvas = (width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
let png: Buffer;
let jpeg: Buffer;
let gif: Buffer;
let webp: Buffer;
beforeAll(async () => {
  png = await canvas().png().toBuffer();
  // A camera picture with its location and owner in EXIF: none of it may be kept.
  jpeg = await canvas()
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Private Person', Artist: 'Private Person' } })
    .toBuffer();
  gif = await canvas().gif().toBuffer();
  webp = await canvas().webp().toBuffer();
});

function upload(
  as: TestUser | null,
  data: Buffer,
  options: { name?: string; type?: string; username?: string } = {},
) {
  const body = multipartBody(options.username === undefined ? {} : { username: options.username }, {
    image: { name: options.name ?? 'picture.png', type: options.type ?? 'image/png', data },
  });
  return t.request({ method: 'PATCH', url: '/api/v1/users/image', as, ...body });
}

const avatarsDir = () => path.join(t.config.imagesDir, 'avatars');
const storedFiles = () => (fs.existsSync(avatarsDir()) ? fs.readdirSync(avatarsDir()).sort() : []);
const imageUrlOf = async (user: TestUser) =>
  (await t.database.db.select({ url: users.imageUrl }).from(users).where(eq(users.id, user.user.id)))[0]!.url;

/** A PNG chunk with its CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 100-megapixel black PNG in about 12 KB: decoding it would take 100 MB or more. */
function decompressionBomb(): Buffer {
  const side = 10_000;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth 1
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + side / 8) * side); // filter byte 0 and zero bits for every row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG with one more chunk before its IEND chunk. */
function pngWith(extra: Buffer): Buffer {
  const end = png.length - 12;
  return Buffer.concat([png.subarray(0, end), extra, png.subarray(end)]);
}

/** A web page and a PHP script: what a polyglot hides in a picture's text. */
const PAGE = '<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>';
const PHP = '<?php system($_GET["c"]); ?>';

/** PNG's text chunks carrying `text`: tEXt (plain), zTXt (deflated), iTXt (international) plain and deflated. */
const pngTextChunks = (text: string): [string, Buffer][] => [
  ['tEXt', chunk('tEXt', Buffer.from(`Comment\0${text}`, 'latin1'))],
  ['zTXt', chunk('zTXt', Buffer.concat([Buffer.from('Comment\0\0', 'latin1'), zlib.deflateSync(text)]))],
  ['iTXt', chunk('iTXt', Buffer.from(`Comment\0\0\0\0\0${text}`, 'utf8'))],
  [
    'compressed iTXt',
    chunk('iTXt', Buffer.concat([Buffer.from('Comment\0\x01\0\0\0', 'latin1'), zlib.deflateSync(text)])),
  ],
];

/** A JPEG with a comment segment (COM) right after its start marker. */
function jpegWithComment(text: string): Buffer {
  const body = Buffer.from(text, 'latin1');
  const header = Buffer.from([0xff, 0xfe, 0, 0]);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, body, jpeg.subarray(2)]);
}

/** A GIF with a comment extension before its trailer. */
function gifWithComment(text: string): Buffer {
  const body = Buffer.from(text, 'latin1'); // under 256 bytes: one sub-block
  return Buffer.concat([
    gif.subarray(0, -1),
    Buffer.from([0x21, 0xfe, body.length]),
    body,
    Buffer.from([0x00]),
    gif.subarray(-1),
  ]);
}

/** Every place of each format that carries text, with `text` in it. */
const pictureTexts = async (text: string): Promise<[string, Buffer, string][]> => [
  ...pngTextChunks(text).map(([type, extra]): [string, Buffer, string] => [
    `a PNG ${type} chunk`,
    pngWith(extra),
    'image/png',
  ]),
  ['a JPEG comment', jpegWithComment(text), 'image/jpeg'],
  ['a GIF comment', gifWithComment(text), 'image/gif'],
  [
    'a WebP XMP chunk',
    await canvas()
      .webp()
      .withXmp(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><!-- ${text} --></x:xmpmeta>`)
      .toBuffer(),
    'image/webp',
  ],
];

/** The four formats, read when a test runs (the pictures are made in beforeAll). */
const formats: [string, () => Buffer][] = [
  ['PNG', () => png],
  ['JPEG', () => jpeg],
  ['GIF', () => gif],
  ['WebP', () => webp],
];

describe('PATCH /api/v1/users/image', () => {
  it.each([
    ['PNG', () => png, 'image/png'],
    ['JPEG', () => jpeg, 'image/jpeg'],
    ['GIF', () => gif, 'image/gif'],
    ['WebP', () => webp, 'image/webp'],
  ])(
    'stores a %s as a square WebP without its metadata, served with a long cache',
    async (_label, data, type) => {
      const person = await t.createUser();
      const response = await upload(person, data(), { type, name: 'holiday.bin' });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as PictureResponse;
      expect(body.imageURL).toMatch(/^\/images\/avatars\/[0-9a-f]{32}\.webp$/);
      expect(body).toMatchObject({ username: person.user.username, url: body.imageURL });
      const served = await t.request({ method: 'GET', url: body.imageURL });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const stored = await sharp(served.rawPayload).metadata();
      expect(stored).toMatchObject({
        format: 'webp',
        width: serverLimits.avatarSidePx,
        height: serverLimits.avatarSidePx,
      });
      expect(stored.exif).toBeUndefined();
      expect(served.rawPayload.includes('Private Person')).toBe(false);
    },
  );

  it('stores a picture with markup in its text chunks, comments or XMP, and keeps none of it', async () => {
    for (const [label, data, type] of [...(await pictureTexts(PAGE)), ...(await pictureTexts(PHP))]) {
      const response = await upload(await t.createUser(), data, { type });
      expect(response.statusCode, `${label}: ${response.body}`).toBe(200);
      const served = await t.request({ method: 'GET', url: (response.json() as PictureResponse).imageURL });
      for (const marker of ['<script', '<html', '<?php', 'alert', 'system(']) {
        expect(served.rawPayload.includes(marker), `${label}: ${marker}`).toBe(false);
      }
    }
  });

  it.each(formats)('stores a %s followed by zero padding, without the padding', async (_label, data) => {
    const response = await upload(await t.createUser(), Buffer.concat([data(), Buffer.alloc(512)]));
    expect(response.statusCode, response.body).toBe(200);
    const served = await t.request({ method: 'GET', url: (response.json() as PictureResponse).imageURL });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: serverLimits.avatarSidePx,
    });
  });

  it('deletes the picture it replaces; the old address is gone', async () => {
    const person = await t.createUser();
    const first = (await upload(person, png)).json() as PictureResponse;
    const second = (await upload(person, jpeg, { type: 'image/jpeg' })).json() as PictureResponse;
    expect(second.imageURL).not.toBe(first.imageURL);
    expect((await t.request({ method: 'GET', url: first.imageURL })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: second.imageURL })).statusCode).toBe(200);
    expect(storedFiles()).toContain(path.basename(second.imageURL));
    expect(storedFiles()).not.toContain(path.basename(first.imageURL));
    expect(await imageUrlOf(person)).toBe(second.imageURL);
  });

  it('shows the default avatar to everyone without a picture', async () => {
    const person = await t.createUser();
    const card = (
      await t.request({ method: 'GET', url: `/api/v1/users/${person.user.username}`, as: person })
    ).json();
    expect(card.imageURL).toBe('/images/avatars/default.svg');
    const served = await t.request({ method: 'GET', url: card.imageURL });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(
      (await t.request({ method: 'GET', url: '/images/avatars/..%2F..%2Fetc%2Fpasswd' })).statusCode,
    ).toBe(404);
  });

  it("changes only the caller's own picture, or anyone's for an admin", async () => {
    const other = await t.createUser();
    const admin = await t.createUser({ roles: ['ADMIN'] });
    const teacher = await t.createUser({ roles: ['TEACHER'] });
    expect((await upload(null, png)).statusCode).toBe(401);
    expect((await upload(student, png, { username: other.user.username })).statusCode).toBe(403);
    expect((await upload(teacher, png, { username: other.user.username })).statusCode).toBe(403);
    const own = await upload(student, png, { username: student.user.username.toUpperCase() });
    expect(own.statusCode).toBe(200);
    const byAdmin = await upload(admin, png, { username: other.user.username });
    expect(byAdmin.statusCode).toBe(200);
    expect(await imageUrlOf(other)).toBe(byAdmin.json().imageURL);
    const json = await t.request({
      method: 'PATCH',
      url: '/api/v1/users/image',
      as: student,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: student.user.username, imageUrl: 'https://example.com/x.png' }),
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe(profileMessages.pictureNotMultipart);
  });
});

describe('refused pictures: a clear 400 (413 past 5 MB) and nothing stored', () => {
  const refusals: [string, () => Buffer, string, number, string][] = [
    [
      'a renamed executable',
      () => Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01\x00', 'latin1'), Buffer.alloc(4000, 7)]),
      'me.png',
      400,
      profileMessages.pictureNotImage,
    ],
    [
      'a renamed Windows program',
      () => Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(4000, 1)]),
      'me.jpg',
      400,
      profileMessages.pictureNotImage,
    ],
    [
      'an SVG with a script',
      () =>
        Buffer.from(
          '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>',
        ),
      'me.png',
      400,
      profileMessages.pictureSvg,
    ],
    [
      'a truncated PNG',
      () => png.subarray(0, Math.floor(png.length * 0.6)),
      'me.png',
      400,
      profileMessages.pictureTruncated,
    ],
    [
      'a truncated JPEG',
      () => jpeg.subarray(0, Math.floor(jpeg.length * 0.6)),
      'me.jpg',
      400,
      profileMessages.pictureTruncated,
    ],
    [
      'a decompression bomb (100 megapixels in 12 KB)',
      decompressionBomb,
      'bomb.png',
      400,
      profileMessages.pictureTooManyPixels,
    ],
    [
      'a GIF/JavaScript polyglot (script after the GIF)',
      () => Buffer.concat([gif, Buffer.from('*/=alert(document.domain);//')]),
      'me.gif',
      400,
      profileMessages.pictureHidesData,
    ],
    [
      'a JPEG with a ZIP archive appended',
      () => Buffer.concat([jpeg, Buffer.from('PK\x03\x04\x14\x00\x00\x00\x08\x00payload.jar', 'latin1')]),
      'me.jpg',
      400,
      profileMessages.pictureHidesData,
    ],
    [
      'a PNG followed by a web page',
      () => Buffer.concat([png, Buffer.from(PAGE)]),
      'me.png',
      400,
      profileMessages.pictureHidesData,
    ],
    [
      'a WebP followed by PHP after zero padding',
      () => Buffer.concat([webp, Buffer.alloc(64), Buffer.from(PHP)]),
      'me.webp',
      400,
      profileMessages.pictureHidesData,
    ],
    [
      'a file of exactly 5 MB that is no picture (the limit itself is allowed through)',
      () => Buffer.concat([png.subarray(0, 8), Buffer.alloc(limits.pictureMaxBytes - 8, 1)]),
      'big.png',
      400,
      profileMessages.pictureTruncated,
    ],
    [
      'a file one byte over 5 MB',
      () => Buffer.concat([png, Buffer.alloc(limits.pictureMaxBytes + 1 - png.length, 1)]),
      'big.png',
      413,
      profileMessages.pictureTooLarge,
    ],
  ];

  it.each(refusals)('refuses %s', async (_label, data, name, status, message) => {
    const person = await t.createUser();
    const before = storedFiles();
    const response = await upload(person, data(), { name });
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toBe(message);
    expect(storedFiles()).toEqual(before);
    expect(await imageUrlOf(person)).toBeNull();
  });

  it('refuses an upload without a picture, with extra files, or with a malformed body', async () => {
    const none = await t.request({
      method: 'PATCH',
      url: '/api/v1/users/image',
      as: student,
      ...multipartBody({ username: student.user.username }),
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(profileMessages.pictureMissing);
    const two = await t.request({
      method: 'PATCH',
      url: '/api/v1/users/image',
      as: student,
      ...multipartBody(
        {},
        {
          image: { name: 'a.png', type: 'image/png', data: png },
          other: { name: 'b.png', type: 'image/png', data: png },
        },
      ),
    });
    expect([400, 413]).toContain(two.statusCode);
    const malformed = await t.request({
      method: 'PATCH',
      url: '/api/v1/users/image',
      as: student,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n\x89PNG',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(profileMessages.pictureFormBroken);
  });
});

describe('inspectPicture', () => {
  it.each(formats)(
    'accepts a %s followed by zero bytes, and nothing else after its end',
    (_label, picture) => {
      const data = picture();
      const format = formatOf(data);
      expect(inspectPicture(data)).toEqual({ ok: true, format });
      for (const padding of [1, 16, 4096]) {
        expect(inspectPicture(Buffer.concat([data, Buffer.alloc(padding)]))).toEqual({ ok: true, format });
      }
      for (const after of [
        Buffer.from('extra'),
        Buffer.from([1]),
        Buffer.concat([Buffer.alloc(16), Buffer.from([1])]),
        Buffer.concat([Buffer.from([1]), Buffer.alloc(16)]),
        Buffer.from(PAGE),
      ]) {
        expect(inspectPicture(Buffer.concat([data, after]))).toEqual({ ok: false, problem: 'hidesData' });
      }
    },
  );

  it("accepts a phone's motion photo after a JPEG (a video, or Samsung's trailer), not after another format", () => {
    const video = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(64, 3)]);
    const samsung = Buffer.concat([Buffer.alloc(64, 5), Buffer.from('SEFT')]);
    for (const trailer of [video, samsung]) {
      expect(inspectPicture(Buffer.concat([jpeg, trailer]))).toEqual({ ok: true, format: 'jpeg' });
      for (const [, data] of formats.filter(([label]) => label !== 'JPEG')) {
        expect(inspectPicture(Buffer.concat([data(), trailer]))).toEqual({ ok: false, problem: 'hidesData' });
      }
    }
  });

  it('accepts markup in any text chunk, comment or XMP of each format (re-encoding drops them)', async () => {
    for (const [label, data, type] of [...(await pictureTexts(PAGE)), ...(await pictureTexts(PHP))]) {
      expect(inspectPicture(data), label).toEqual({ ok: true, format: type.slice('image/'.length) });
    }
  });

  it('reads progressive JPEGs and animated GIFs to their end', async () => {
    const progressive = await canvas(640, 480).jpeg({ progressive: true }).toBuffer();
    expect(inspectPicture(progressive)).toEqual({ ok: true, format: 'jpeg' });
    const frames = await sharp(
      Buffer.concat([await canvas(40, 40).raw().toBuffer(), Buffer.alloc(40 * 40 * 3, 255)]),
      {
        raw: { width: 40, height: 80, channels: 3 },
      },
    )
      .gif()
      .toBuffer();
    expect(inspectPicture(frames)).toEqual({ ok: true, format: 'gif' });
  });
});
