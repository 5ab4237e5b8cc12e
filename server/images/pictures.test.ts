import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PictureResponse } from '../../common/contracts/users.ts';
import { limits } from '../../common/limits.ts';
import { profileMessages } from '../../common/messages.ts';
import { users } from '../db/schema.ts';
import { multipartBody, startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { inspectPicture } from './inspect.ts';

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

/** A PNG with a text chunk before its end: a valid picture whose bytes also read as a web page. */
function pngWithText(text: string): Buffer {
  const end = png.length - 12; // the IEND chunk
  return Buffer.concat([
    png.subarray(0, end),
    chunk('tEXt', Buffer.from(`Comment\0${text}`, 'latin1')),
    png.subarray(end),
  ]);
}

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
        width: limits.avatarSidePx,
        height: limits.avatarSidePx,
      });
      expect(stored.exif).toBeUndefined();
      expect(served.rawPayload.includes('Private Person')).toBe(false);
    },
  );

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
      'a PNG whose text chunk is a web page',
      () => pngWithText('<html><body><script>alert(1)</script></body></html>'),
      'me.png',
      400,
      profileMessages.pictureHidesData,
    ],
    [
      'a PNG whose text chunk is PHP',
      () => pngWithText('<?php system($_GET["c"]); ?>'),
      'me.png',
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
  it("accepts a phone's motion photo (a video after the JPEG) and zero padding, nothing else after the end", () => {
    const video = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(64, 3)]);
    expect(inspectPicture(Buffer.concat([jpeg, video]))).toEqual({ ok: true, format: 'jpeg' });
    expect(inspectPicture(Buffer.concat([jpeg, Buffer.alloc(16)]))).toEqual({ ok: true, format: 'jpeg' });
    expect(inspectPicture(Buffer.concat([png, Buffer.alloc(16)]))).toEqual({
      ok: false,
      problem: 'hidesData',
    });
    expect(inspectPicture(Buffer.concat([webp, Buffer.from('extra')]))).toEqual({
      ok: false,
      problem: 'hidesData',
    });
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
