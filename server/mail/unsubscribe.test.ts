import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMessages } from '../../common/messages.ts';
import { rowsOf } from '../db/open.ts';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { unsubscribeParts, unsubscribeToken } from './notifications.ts';

/** The profile's mail switches and the one-click unsubscribe link (docs/product.md, "Mail"). */
let t: TestApp;
let ann: TestUser;
let bo: TestUser;
let both: TestUser;
let teacher: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  ann = await t.createUser();
  bo = await t.createUser();
  both = await t.createUser({ roles: ['STUDENT', 'PARENT'] });
  teacher = await t.createUser({ roles: ['TEACHER'] });
});
afterAll(() => t.close());

const switches = async (as: TestUser) => {
  const response = await t.request({ method: 'GET', url: '/api/v1/mail/switches', as });
  expect(response.statusCode).toBe(200);
  return response.json();
};
const optOuts = async () =>
  rowsOf<{ userId: number; kind: string }>(
    await t.database.db.execute(
      sql`select user_id as "userId", kind from mail_opt_outs order by user_id, kind`,
    ),
  );
const oneClick = (token: string, headers: Record<string, string> = {}) =>
  t.request({
    method: 'POST',
    url: `/api/v1/mail/unsubscribe?token=${encodeURIComponent(token)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: 'List-Unsubscribe=One-Click',
  });

describe('the mail switches', () => {
  it('lists the kinds the roles get, on by default; a switch changes only that kind of the caller', async () => {
    expect(await switches(ann)).toEqual([{ kind: 'student-digest', on: true }]);
    expect(await switches(teacher)).toEqual([{ kind: 'teacher-marking', on: true }]);
    expect(await switches(both)).toEqual([
      { kind: 'student-digest', on: true },
      { kind: 'parent-weekly', on: true },
    ]);
    const off = await t.request({
      method: 'PUT',
      url: '/api/v1/mail/switches',
      as: both,
      payload: { kind: 'parent-weekly', on: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual([
      { kind: 'student-digest', on: true },
      { kind: 'parent-weekly', on: false },
    ]);
    expect(await switches(ann)).toEqual([{ kind: 'student-digest', on: true }]);
    const on = await t.request({
      method: 'PUT',
      url: '/api/v1/mail/switches',
      as: both,
      payload: { kind: 'parent-weekly', on: true },
    });
    expect(on.json()).toEqual([
      { kind: 'student-digest', on: true },
      { kind: 'parent-weekly', on: true },
    ]);
    expect(await optOuts()).toEqual([]);
  });

  it('refuses a kind that cannot be switched off, or a missing switch, with 400 naming the field', async () => {
    for (const payload of [{ kind: 'password-reset', on: false }, { kind: 'student-digest' }]) {
      const refused = await t.request({ method: 'PUT', url: '/api/v1/mail/switches', as: ann, payload });
      expect(refused.statusCode).toBe(400);
      expect(JSON.stringify(refused.json())).toMatch(/kind|on/);
    }
    expect(await optOuts()).toEqual([]);
  });
});

describe('the one-click unsubscribe link', () => {
  it("GET shows a page whose button POSTs, and changes nothing (a link scanner's visit)", async () => {
    const token = await unsubscribeToken(t.database.db, ann.user.id, 'student-digest');
    const page = await t.request({ method: 'GET', url: `/api/v1/mail/unsubscribe?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('New work and marks (daily)');
    expect(page.body).toContain(`<form method="post" action="?token=${token}">`);
    expect(page.body).toContain('<button type="submit">Unsubscribe</button>');
    const korean = await t.request({
      method: 'GET',
      url: `/api/v1/mail/unsubscribe?token=${token}`,
      headers: { 'accept-language': 'ko-KR,ko;q=0.9' },
    });
    expect(korean.body).toContain('<html lang="ko">');
    expect(korean.body).toContain('새 과제와 채점 결과 (매일)');
    expect(await optOuts()).toEqual([]);
  });

  it('a POST, signed in or not, switches off only that kind for that person, and again is the same', async () => {
    const token = await unsubscribeToken(t.database.db, both.user.id, 'student-digest');
    for (let i = 0; i < 2; i++) {
      const done = await oneClick(token);
      expect(done.statusCode).toBe(200);
      expect(done.body).toContain('you will no longer get “New work and marks (daily)”');
    }
    expect(await optOuts()).toEqual([{ userId: both.user.id, kind: 'student-digest' }]);
    expect(await switches(both)).toEqual([
      { kind: 'student-digest', on: false },
      { kind: 'parent-weekly', on: true },
    ]);
    expect(await switches(ann)).toEqual([{ kind: 'student-digest', on: true }]);
    // The page's own button: a browser form post, the session cookie and our Origin with it.
    const fromPage = await t.request({
      method: 'POST',
      url: `/api/v1/mail/unsubscribe?token=${await unsubscribeToken(t.database.db, both.user.id, 'parent-weekly')}`,
      as: ann,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'ko' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(fromPage.statusCode).toBe(200);
    expect(fromPage.body).toContain('자녀의 한 주 (일요일 저녁)');
    expect(await optOuts()).toEqual([
      { userId: both.user.id, kind: 'parent-weekly' },
      { userId: both.user.id, kind: 'student-digest' },
    ]);
    await t.database.db.execute(sql`delete from mail_opt_outs`);
  });

  it('a token changed to name another person or kind, or tampered, is a 400 that changes nothing', async () => {
    const token = await unsubscribeToken(t.database.db, ann.user.id, 'student-digest');
    const [id, kind, signature] = token.split('.') as [string, string, string];
    const flipped = signature.at(-2) === 'A' ? 'B' : 'A';
    const bad = [
      `${bo.user.id}.${kind}.${signature}`,
      `${id}.parent-weekly.${signature}`,
      `${id}.${kind}.${signature.slice(0, -2)}${flipped}${signature.at(-1)}`,
      `${id}.${kind}.${signature.slice(0, -1)}`,
      `${id}.password-reset.${signature}`,
      `0${id}.${kind}.${signature}`,
      'nonsense',
    ];
    for (const value of bad) {
      for (const method of ['GET', 'POST'] as const) {
        const refused =
          method === 'POST'
            ? await oneClick(value)
            : await t.request({ method, url: `/api/v1/mail/unsubscribe?token=${encodeURIComponent(value)}` });
        expect(refused.statusCode, `${method} ${value}`).toBe(400);
        expect(refused.json().message).toBe(mailMessages.badUnsubscribeToken);
      }
    }
    const korean = await oneClick(`${bo.user.id}.${kind}.${signature}`, { 'accept-language': 'ko' });
    expect(korean.json().message).toContain('올바르지 않은 수신 거부 링크');
    const missing = await t.request({ method: 'POST', url: '/api/v1/mail/unsubscribe' });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain('token');
    expect(await optOuts()).toEqual([]);
  });

  it('a valid token of an account deleted since is a 404 that writes nothing', async () => {
    const gone = await t.createUser();
    const token = await unsubscribeToken(t.database.db, gone.user.id, 'student-digest');
    await t.database.db.execute(sql`delete from users where id = ${gone.user.id}`);
    for (const response of [
      await oneClick(token),
      await t.request({ method: 'GET', url: `/api/v1/mail/unsubscribe?token=${token}` }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(mailMessages.unsubscribeAccountGone);
    }
    expect(await optOuts()).toEqual([]);
  });

  it('mails carry the link as RFC 8058 headers and in both parts, under PUBLIC_URL', async () => {
    const parts = await unsubscribeParts(
      t.database.db,
      new URL('https://tutor.example.com/school'),
      { userId: ann.user.id, language: 'en' },
      'student-digest',
    );
    const link = `https://tutor.example.com/school/api/v1/mail/unsubscribe?token=${await unsubscribeToken(t.database.db, ann.user.id, 'student-digest')}`;
    expect(parts.headers).toEqual({
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(parts.text).toContain(link);
    expect(parts.html.toString()).toContain(`<a href="${link}">Unsubscribe</a>`);
    // The link it carries works.
    expect((await oneClick(new URL(link).searchParams.get('token')!)).statusCode).toBe(200);
    expect(await optOuts()).toEqual([{ userId: ann.user.id, kind: 'student-digest' }]);
  });
});
