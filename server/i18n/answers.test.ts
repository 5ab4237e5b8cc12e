import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ko from '../../common/i18n/ko/messages.ts';
import { adminMessages, apiMessages, profileMessages } from '../../common/messages.ts';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';

/**
 * The server's error answers come in the request's language (Accept-Language: Korean for
 * `ko*`, otherwise English), fixed texts and texts with values alike; without the header, English.
 */
let t: TestApp;
let admin: TestUser;
let student: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createUser({ roles: ['ADMIN'] });
  student = await t.createUser({ roles: ['STUDENT'] });
});
afterAll(() => t.close());

const KOREAN = { 'accept-language': 'ko-KR,ko;q=0.9,en-US;q=0.8,en;q=0.7' };
const message = (response: { json(): unknown }) => (response.json() as { message: string }).message;

describe('error answers in the request language', () => {
  it('a refused sign-in: English by default and for en, Korean for ko', async () => {
    const login = (headers: Record<string, string>) =>
      t.request({
        method: 'POST',
        url: '/api/v1/users/login',
        headers,
        payload: { email: student.email, password: 'not the password' },
      });
    const english = await login({});
    expect(english.statusCode).toBe(401);
    expect(message(english)).toBe(apiMessages.invalidCredentials);
    expect(message(await login({ 'accept-language': 'en-GB, ko;q=0.5' }))).toBe(
      apiMessages.invalidCredentials,
    );
    const korean = await login(KOREAN);
    expect(korean.statusCode).toBe(401);
    expect(message(korean)).toBe(ko.apiMessages.invalidCredentials);
    expect(korean.headers['content-language']).toBe('ko');
  });

  it('texts with values (a duplicate service) and a multipart refusal, in Korean', async () => {
    const add = (headers: Record<string, string>) =>
      t.request({ method: 'POST', url: '/api/v1/services', as: admin, headers, payload: { name: 'Chess' } });
    expect((await add({})).statusCode).toBe(200);
    const english = await add({});
    expect(english.statusCode).toBe(409);
    expect(message(english)).toBe(adminMessages.serviceExists('Chess'));
    const korean = await add(KOREAN);
    expect(message(korean)).toBe(ko.adminMessages.serviceExists('Chess'));

    const picture = await t.request({
      method: 'PATCH',
      url: '/api/v1/users/image',
      as: student,
      headers: { ...KOREAN, 'content-type': 'application/json' },
      payload: {},
    });
    expect(message(picture)).toBe(ko.profileMessages.pictureNotMultipart);
    expect(ko.profileMessages.pictureNotMultipart).not.toBe(profileMessages.pictureNotMultipart);
  });

  it('answers of the HTTP layer (an unknown route, a malformed body) and a refused sign-up as text', async () => {
    const missing = await t.request({ method: 'GET', url: '/api/v1/nowhere', headers: KOREAN });
    expect(missing.statusCode).toBe(404);
    expect(message(missing)).toBe(ko.apiMessages.notFound);
    const malformed = await t.request({
      method: 'POST',
      url: '/api/v1/users/login',
      headers: { ...KOREAN, 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(message(malformed)).toBe(ko.apiMessages.malformedJson);
    const signUp = await t.request({
      method: 'POST',
      url: '/api/v1/users/signup',
      headers: KOREAN,
      payload: { email: student.email, username: 'someone_new', password: 'a long enough password 1' },
    });
    expect(signUp.statusCode).toBe(409);
    expect(signUp.body).toBe(ko.apiMessages.emailInUse);
  });

  it('marking that names no submission, in Korean (what the fuzz test found in English)', async () => {
    const teacher = await t.createUser({ roles: ['TEACHER'] });
    const refused = await t.request({
      method: 'PUT',
      url: '/api/v1/marking',
      as: teacher,
      headers: KOREAN,
      payload: { 999998: 1, 999999: -1 },
    });
    expect(refused.statusCode).toBe(400);
    expect(message(refused)).toBe(ko.apiMessages.noSubmissions([999998, 999999]));
  });
});
