import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../common/messages.ts';
import { ORIGIN, startTestApp, type TestApp, type TestUser } from '../test/harness.ts';

/**
 * What depends on how the app is reached (server/http/security.ts, server/http/sessions.ts): HSTS
 * and the cookie's Secure flag over HTTPS only (PUBLIC_URL when set, else the request's scheme), the
 * session cookie's lifetime and its clearing, and which requests the cross-site check lets through.
 */
const HSTS = 'max-age=31536000; includeSubDomains';
const DAY_SECONDS = 24 * 3600;

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  user = await t.createUser();
});
afterAll(() => t.close());

const sessionCookie = (response: { cookies: { name: string }[] }) =>
  response.cookies.find((c) => c.name === 'tf_session') as
    | {
        value: string;
        path?: string;
        httpOnly?: boolean;
        sameSite?: string;
        secure?: boolean;
        maxAge?: number;
      }
    | undefined;

async function signIn(app: TestApp, person: TestUser, headers: Record<string, string> = {}) {
  return app.app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    headers,
    payload: { email: person.email, password: person.password },
  });
}

describe('the session cookie', () => {
  it('lives exactly as long as the session may (30 days from sign-in), and is cleared at logout', async () => {
    const person = await t.createUser();
    const signedIn = await signIn(t, person);
    expect(signedIn.statusCode).toBe(200);
    expect(sessionCookie(signedIn)).toMatchObject({
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: 30 * DAY_SECONDS,
    });
    expect(sessionCookie(signedIn)?.secure).toBeFalsy();
    const cookie = `tf_session=${sessionCookie(signedIn)?.value}`;
    const out = await t.request({ method: 'POST', url: '/api/v1/users/logout', as: cookie });
    expect(out.statusCode).toBe(200);
    const cleared = sessionCookie(out);
    expect(cleared).toMatchObject({ value: '', path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(cleared?.secure).toBeFalsy();
    expect(String(out.headers['set-cookie'])).toMatch(/Expires=Thu, 01 Jan 1970/);
  });
});

describe('the cross-site write check', () => {
  const foreign = 'https://evil.example';

  it('lets reads with our cookie through from anywhere (GET, HEAD, OPTIONS)', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await t.app.inject({
        method,
        url: '/api/v1/users/auth-check',
        headers: { cookie: user.cookie, origin: foreign },
      });
      expect({ method, status: response.statusCode }).toEqual({ method, status: 200 });
    }
    const options = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/users/auth-check',
      headers: { cookie: user.cookie, origin: foreign },
    });
    expect(options.statusCode).not.toBe(403);
  });

  it('lets a write without our cookie through from anywhere (it acts as nobody)', async () => {
    const person = await t.createUser();
    const response = await signIn(t, person, { origin: foreign });
    expect(response.statusCode).toBe(200);
  });

  it('takes the Origin header over the Referer, and the Referer only when there is no usable Origin', async () => {
    const refresh = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/users/refresh',
        headers: { cookie: user.cookie, ...headers },
      });
    expect((await refresh({ origin: ORIGIN, referer: `${foreign}/page` })).statusCode).toBe(200);
    const refused = await refresh({ origin: foreign, referer: `${ORIGIN}/page` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(apiMessages.crossSiteWrite);
    expect((await refresh({ origin: 'null', referer: `${ORIGIN}/page` })).statusCode).toBe(200);
    expect((await refresh({ referer: 'not a url' })).statusCode).toBe(403);
  });
});

describe('served over HTTPS', () => {
  it('with an https PUBLIC_URL: HSTS, a Secure cookie, and only PUBLIC_URL as our origin', async () => {
    const https = await startTestApp({ env: { PUBLIC_URL: 'https://tutor.example.com' } });
    try {
      const person = await https.createUser();
      const signedIn = await signIn(https, person);
      expect(signedIn.headers['strict-transport-security']).toBe(HSTS);
      expect(sessionCookie(signedIn)?.secure).toBe(true);
      const write = (origin: string) =>
        https.app.inject({
          method: 'POST',
          url: '/api/v1/users/refresh',
          headers: { cookie: person.cookie, origin },
        });
      // The request itself came to http://localhost, which is not our origin behind PUBLIC_URL.
      expect((await write(ORIGIN)).statusCode).toBe(403);
      expect((await write('https://tutor.example.com')).statusCode).toBe(200);
      const out = await https.request({
        method: 'POST',
        url: '/api/v1/users/logout',
        headers: { origin: 'https://tutor.example.com' },
        as: person,
      });
      expect(out.statusCode).toBe(200);
      expect(sessionCookie(out)?.secure).toBe(true);
    } finally {
      await https.close();
    }
  });

  it("behind a trusted proxy: by the request's scheme, unless an http PUBLIC_URL says otherwise", async () => {
    const proxied = await startTestApp({ env: { TRUST_PROXY: '1' } });
    const plain = await startTestApp({ env: { TRUST_PROXY: '1', PUBLIC_URL: 'http://tutor.example.com' } });
    try {
      for (const [app, secure] of [
        [proxied, true],
        [plain, false],
      ] as const) {
        const person = await app.createUser();
        const viaHttps = await signIn(app, person, { 'x-forwarded-proto': 'https' });
        expect(viaHttps.statusCode).toBe(200);
        expect(viaHttps.headers['strict-transport-security']).toBe(secure ? HSTS : undefined);
        expect(Boolean(sessionCookie(viaHttps)?.secure)).toBe(secure);
      }
      const viaHttp = await signIn(proxied, await proxied.createUser(), { 'x-forwarded-proto': 'http' });
      expect(viaHttp.headers['strict-transport-security']).toBeUndefined();
      expect(sessionCookie(viaHttp)?.secure).toBeFalsy();
    } finally {
      await proxied.close();
      await plain.close();
    }
  });
});

describe('the session', () => {
  // Last in the file: it moves this app's clock a week on.
  it('is kept alive by API requests only: a page load does not put off its idle end', async () => {
    const reader = await t.createUser();
    const idler = await t.createUser();
    t.clock.advanceDays(6.5);
    // Pages (here the 503 of an app not built) carry the cookie too, but only the API reads it.
    expect((await t.request({ method: 'GET', url: '/login', as: idler })).statusCode).toBe(503);
    expect((await t.request({ method: 'GET', url: '/api/v1/users/auth-check', as: reader })).statusCode).toBe(
      200,
    );
    t.clock.advanceDays(1);
    expect((await t.request({ method: 'GET', url: '/api/v1/users/auth-check', as: reader })).statusCode).toBe(
      200,
    );
    const expired = await t.request({ method: 'GET', url: '/api/v1/users/auth-check', as: idler });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(apiMessages.sessionExpired);
  });
});
