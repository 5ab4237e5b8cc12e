import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';

/** The interface language a user chose, saved with the account and returned by auth-check. */
let t: TestApp;
let ann: TestUser;
let bo: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  ann = await t.createUser();
  bo = await t.createUser({ roles: ['TEACHER'] });
});
afterAll(() => t.close());

const choose = (as: TestUser, body: unknown) =>
  t.request({ method: 'PUT', url: '/api/v1/users/language', as, payload: body as object });
const languageOf = async (as: TestUser) =>
  ((await t.request({ method: 'GET', url: '/api/v1/users/auth-check', as })).json() as { language: unknown })
    .language;

describe('PUT users/language', () => {
  it('starts unset (the browser decides), saves the choice for the caller only, and goes back to unset with null', async () => {
    expect(await languageOf(ann)).toBeNull();
    const saved = await choose(ann, { language: 'ko' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ language: 'ko' });
    expect(await languageOf(ann)).toBe('ko');
    expect(await languageOf(bo)).toBeNull();
    expect((await choose(ann, { language: 'en' })).json()).toEqual({ language: 'en' });
    expect(await languageOf(ann)).toBe('en');
    expect((await choose(ann, { language: null })).json()).toEqual({ language: null });
    expect(await languageOf(ann)).toBeNull();
  });

  it('refuses any other language or a missing field with 400 naming the field, and saves nothing', async () => {
    await choose(bo, { language: 'ko' });
    for (const body of [{ language: 'fr' }, { language: 'KO' }, { language: 3 }, {}]) {
      const refused = await choose(bo, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(refused.json())).toContain('language');
    }
    expect(await languageOf(bo)).toBe('ko');
  });

  it('answers 401 without a session', async () => {
    const anonymous = await t.request({
      method: 'PUT',
      url: '/api/v1/users/language',
      payload: { language: 'ko' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
