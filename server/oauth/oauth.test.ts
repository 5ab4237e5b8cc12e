import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages, oauthTexts } from '../../common/messages.ts';
import { OAUTH_PROVIDERS, type OAuthProvider } from '../../common/oauth.ts';
import { oauthPending } from '../db/schema.ts';
import { SESSION_COOKIE } from '../sessions/service.ts';
import { ORIGIN, startTestApp, type TestApp } from '../test/harness.ts';
import { type LocalProvider, startLocalProviders, type TestIdentity } from '../test/oauthProvider.ts';
import { findUserByEmail } from '../users/queries.ts';
import { FLOW_COOKIE } from './flow.ts';
import { listIdentities } from './queries.ts';
import { BINDING_COOKIE } from './routes.ts';

/**
 * Provider sign-in end to end on the server: the app talks to real local providers over HTTP
 * (server/test/oauthProvider.ts); the browser's part (following redirects, keeping cookies) is
 * played here, with inject for our server and fetch for the provider.
 */
let t: TestApp;
let local: Awaited<ReturnType<typeof startLocalProviders>>;
const provider = (name: OAuthProvider): LocalProvider => local.providers[name];

beforeAll(async () => {
  local = await startLocalProviders();
  t = await startTestApp({ env: local.env });
});
afterAll(async () => {
  await t.close();
  await local.stop();
});

/** A browser's cookie jar (paths are checked separately, by the Set-Cookie attributes). */
class Browser {
  jar = new Map<string, string>();
  absorb(response: LightMyRequestResponse): void {
    for (const c of response.cookies) {
      if (c.value === '' || c.maxAge === 0) this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
  }
  header(): Record<string, string> {
    if (this.jar.size === 0) return {};
    return { cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ') };
  }
  has(name: string): boolean {
    return this.jar.has(name);
  }
  async get(url: string): Promise<LightMyRequestResponse> {
    const response = await t.app.inject({ method: 'GET', url, headers: this.header() });
    this.absorb(response);
    return response;
  }
  async post(url: string, body: unknown): Promise<LightMyRequestResponse> {
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...this.header(), origin: ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    this.absorb(response);
    return response;
  }
}

/** The provider's authorization endpoint answering the browser (it signs in whoever `nextSignIn` says). */
async function atProvider(authorizeUrl: string): Promise<string> {
  const response = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return response.headers.get('location')!;
}

/** Our callback URL as the provider sends it, turned into a path for inject. */
function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

async function signInWith(
  name: OAuthProvider,
  identity: TestIdentity,
  options: { browser?: Browser; from?: string } = {},
) {
  const browser = options.browser ?? new Browser();
  provider(name).nextSignIn(identity);
  const query = options.from ? `?from=${encodeURIComponent(options.from)}` : '';
  const start = await browser.get(`/oauth2/authorization/${name}${query}`);
  expect(start.statusCode).toBe(302);
  const callbackUrl = await atProvider(start.headers.location as string);
  const response = await browser.get(pathOf(callbackUrl));
  return { browser, response, callbackUrl, location: response.headers.location as string | undefined };
}

let seq = 0;
function person(name = 'Min Kim'): TestIdentity & { email: string } {
  seq++;
  return {
    subject: `${1000 + seq}${Date.now() % 100000}`,
    email: `person${seq}.${Date.now()}@example.com`,
    name,
  };
}

async function register(browser: Browser, location: string) {
  const token = new URL(location, ORIGIN).searchParams.get('token')!;
  return { token, response: await browser.post('/api/v1/users/oauth/register', { token }) };
}

async function whoAmI(browser: Browser): Promise<unknown> {
  const response = await browser.get('/api/v1/users/auth-check');
  return response.statusCode === 200 ? response.json() : response.statusCode;
}

const outcomeUrl = (outcome: string, name: OAuthProvider) => `/login?oauth=${outcome}&provider=${name}`;

describe('GET /oauth2/authorization/{provider}', () => {
  it.each(OAUTH_PROVIDERS)(
    'sends %s the browser with state and PKCE S256, bound by an HttpOnly cookie',
    async (name) => {
      const browser = new Browser();
      const start = await browser.get(`/oauth2/authorization/${name}`);
      expect(start.statusCode).toBe(302);
      expect(start.headers['cache-control']).toBe('no-store');
      const url = new URL(start.headers.location as string);
      const settings = provider(name).env();
      expect(url.href.startsWith(settings[`${name.toUpperCase()}_AUTHORIZATION_URL`]!)).toBe(true);
      const q = url.searchParams;
      expect(q.get('response_type')).toBe('code');
      expect(q.get('client_id')).toBe(provider(name).clientId);
      expect(q.get('redirect_uri')).toBe(`${ORIGIN}/login/oauth2/code/${name}`);
      expect(q.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(q.get('code_challenge_method')).toBe('S256');
      expect(q.get('scope')).toBe(
        { google: 'openid email profile', naver: null, kakao: 'profile_nickname account_email' }[name],
      );
      expect(q.has('nonce')).toBe(name === 'google');

      const cookie = start.cookies.find((c) => c.name === FLOW_COOKIE)!;
      expect(cookie).toMatchObject({
        httpOnly: true,
        sameSite: 'Lax',
        path: '/login/oauth2/code',
        maxAge: 600,
      });
      // The cookie holds the verifier whose S256 hash went to the provider, and the same state.
      const flow = JSON.parse(Buffer.from(cookie.value, 'base64url').toString());
      expect(flow.state).toBe(q.get('state'));
      expect(createHash('sha256').update(flow.codeVerifier).digest('base64url')).toBe(
        q.get('code_challenge'),
      );
    },
  );

  it('uses a fresh state and verifier every time', async () => {
    const a = new URL((await new Browser().get('/oauth2/authorization/google')).headers.location as string);
    const b = new URL((await new Browser().get('/oauth2/authorization/google')).headers.location as string);
    expect(a.searchParams.get('state')).not.toBe(b.searchParams.get('state'));
    expect(a.searchParams.get('code_challenge')).not.toBe(b.searchParams.get('code_challenge'));
  });
});

describe('a new person', () => {
  it.each(OAUTH_PROVIDERS)(
    'via %s: register page, one-use code, STUDENT account, signed in',
    async (name) => {
      const who = person(name === 'google' ? 'Min Kim' : name === 'naver' ? '김지우' : '서연');
      const first = await signInWith(name, who);
      expect(first.response.statusCode).toBe(302);
      expect(first.location).toMatch(/^\/oauth2\/register\?token=[A-Za-z0-9_-]{43}$/);
      // Not signed in yet: the code is no session and no bearer credential.
      expect(first.browser.has(SESSION_COOKIE)).toBe(false);
      expect(first.browser.has(FLOW_COOKIE)).toBe(false);
      const binding = first.response.cookies.find((c) => c.name === BINDING_COOKIE)!;
      expect(binding).toMatchObject({
        httpOnly: true,
        sameSite: 'Strict',
        path: '/api/v1/users',
        maxAge: 300,
      });
      const token = new URL(first.location!, ORIGIN).searchParams.get('token')!;
      expect(
        await t.request({ method: 'GET', url: '/api/v1/users/auth-check', as: `${SESSION_COOKIE}=${token}` }),
      ).toMatchObject({ statusCode: 401 });

      const { response } = await register(first.browser, first.location!);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.body).toBe(who.name);
      expect(await whoAmI(first.browser)).toEqual({
        username: who.name,
        role: 'STUDENT',
        roles: ['ROLE_STUDENT'],
        timeZone: t.config.timeZone,
        // No language chosen yet: the browser's is followed.
        language: null,
      });

      const user = (await findUserByEmail(t.database.db, who.email))!;
      expect(user).toMatchObject({ username: who.name, passwordHash: null, roles: ['STUDENT'] });
      expect(await listIdentities(t.database.db, user.id)).toEqual([
        { provider: name, subject: who.subject },
      ]);

      // Returning: straight in, to the dashboard.
      const again = await signInWith(name, who);
      expect(again.location).toBe(`/user/${encodeURIComponent(who.name!)}`);
      expect(await whoAmI(again.browser)).toMatchObject({ username: who.name });
    },
  );

  it('gets a unique username when the name is taken, and the answer says which', async () => {
    const taken = await t.createUser({ username: 'Hana Lee' });
    expect(taken.user.username).toBe('Hana Lee');
    const who = person('Hana Lee');
    const first = await signInWith('google', who);
    const { response } = await register(first.browser, first.location!);
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/^Hana Lee_[0-9a-f]{8}$/);
    expect(await whoAmI(first.browser)).toMatchObject({ username: response.body });
  });

  it('goes back to the remembered path, never to another site', async () => {
    const who = person('Path Walker');
    const first = await signInWith('kakao', who);
    await register(first.browser, first.location!);
    expect((await signInWith('kakao', who, { from: '/tutoring/Path Walker?date=2026-11-23' })).location).toBe(
      '/tutoring/Path%20Walker?date=2026-11-23',
    );
    // Names in any script: the Location header carries them percent-encoded (raw, Node would refuse it).
    expect((await signInWith('kakao', who, { from: '/user/김민수' })).location).toBe(
      `/user/${encodeURIComponent('김민수')}`,
    );
    expect((await signInWith('kakao', who, { from: '/user/%EA%B9%80?x=%20' })).location).toBe(
      '/user/%EA%B9%80?x=%20',
    );
    for (const from of ['//evil.example/x', '/\\evil.example', 'https://evil.example']) {
      expect((await signInWith('kakao', who, { from })).location, from).toBe('/user/Path%20Walker');
    }
  });
});

describe('the registration code', () => {
  async function pendingRegistration(name: OAuthProvider = 'naver') {
    const first = await signInWith(name, person('Code Holder'));
    expect(first.location).toMatch(/^\/oauth2\/register/);
    return { browser: first.browser, token: new URL(first.location!, ORIGIN).searchParams.get('token')! };
  }
  const postToken = (browser: Browser, token: unknown) =>
    browser.post('/api/v1/users/oauth/register', { token });

  it('works once only', async () => {
    const { browser, token } = await pendingRegistration();
    expect((await postToken(browser, token)).statusCode).toBe(200);
    const replay = await postToken(browser, token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(apiMessages.oauthRegisterInvalid);
  });

  it('expires after 5 minutes', async () => {
    const { browser, token } = await pendingRegistration('kakao');
    t.clock.advance(5 * 60 * 1000 + 1000);
    try {
      const late = await postToken(browser, token);
      expect(late.statusCode).toBe(401);
      expect(late.json().message).toBe(apiMessages.oauthRegisterInvalid);
      expect(browser.has(SESSION_COOKIE)).toBe(false);
    } finally {
      t.clock.advance(-(5 * 60 * 1000 + 1000));
    }
  });

  it('is useless in another browser (a leaked URL), and stays usable by its own', async () => {
    const { browser, token } = await pendingRegistration('google');
    const stranger = new Browser();
    expect((await postToken(stranger, token)).statusCode).toBe(401);
    const forged = new Browser();
    forged.jar.set(BINDING_COOKIE, 'A'.repeat(43));
    expect((await postToken(forged, token)).statusCode).toBe(401);
    expect((await postToken(browser, token)).statusCode).toBe(200);
  });

  it('answers 400 for a missing or malformed token and 401 for an unknown one, never 500', async () => {
    const browser = new Browser();
    expect((await browser.post('/api/v1/users/oauth/register', {})).statusCode).toBe(400);
    expect((await postToken(browser, 42)).statusCode).toBe(400);
    expect((await postToken(browser, 'x'.repeat(500))).statusCode).toBe(400);
    expect((await postToken(browser, 'no-such-code')).statusCode).toBe(401);
  });

  it('lets exactly one of two simultaneous confirmations through (real sockets)', async () => {
    const { browser, token } = await pendingRegistration('google');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const send = () =>
        fetch(`${address}/api/v1/users/oauth/register`, {
          method: 'POST',
          headers: { ...browser.header(), origin: address, 'content-type': 'application/json' },
          body: JSON.stringify({ token }),
        });
      const statuses = (await Promise.all([send(), send(), send(), send()])).map((r) => r.status).sort();
      expect(statuses).toEqual([200, 401, 401, 401]);
    } finally {
      await t.app.server.close();
    }
  });
});

describe('refusals go back to /login with a reason, never a 500', () => {
  it('a callback with no state cookie (expired, other browser, or replayed after use)', async () => {
    const first = await signInWith('google', person());
    // The same callback URL again: the cookie was cleared at first use.
    const replay = await first.browser.get(pathOf(first.callbackUrl));
    expect(replay.statusCode).toBe(302);
    expect(replay.headers.location).toBe(outcomeUrl('expired', 'google'));
    // Another browser with the URL.
    expect((await new Browser().get(pathOf(first.callbackUrl))).headers.location).toBe(
      outcomeUrl('expired', 'google'),
    );
  });

  it('a replayed code: the provider refuses it even with the old state cookie copied back', async () => {
    const browser = new Browser();
    provider('naver').nextSignIn(person());
    const start = await browser.get('/oauth2/authorization/naver');
    const flowCookie = browser.jar.get(FLOW_COOKIE)!;
    const callbackUrl = await atProvider(start.headers.location as string);
    expect((await browser.get(pathOf(callbackUrl))).headers.location).toMatch(/^\/oauth2\/register/);
    // State and cookie match now, so the refusal can only be the provider's: the code is spent.
    browser.jar.set(FLOW_COOKIE, flowCookie);
    const replay = await browser.get(pathOf(callbackUrl));
    expect(replay.headers.location).toBe(outcomeUrl('failed', 'naver'));
    expect(browser.has(SESSION_COOKIE)).toBe(false);
  });

  it("another flow's code injected with this browser's state: PKCE makes the provider refuse it", async () => {
    const victim = await signInWith('kakao', person());
    const browser = new Browser();
    const start = await browser.get('/oauth2/authorization/kakao');
    const state = new URL(start.headers.location as string).searchParams.get('state')!;
    const stolen = new URL(victim.callbackUrl);
    stolen.searchParams.set('state', state);
    const response = await browser.get(pathOf(stolen.href));
    expect(response.headers.location).toBe(outcomeUrl('failed', 'kakao'));
    expect(browser.has(SESSION_COOKIE)).toBe(false);
  });

  it('a wrong state: refused before any code exchange', async () => {
    const browser = new Browser();
    provider('google').nextSignIn(person());
    const start = await browser.get('/oauth2/authorization/google');
    const callback = new URL(await atProvider(start.headers.location as string));
    callback.searchParams.set('state', 'A'.repeat(43));
    const exchanges = provider('google').exchanges;
    const response = await browser.get(pathOf(callback.href));
    expect(response.headers.location).toBe(outcomeUrl('expired', 'google'));
    expect(provider('google').exchanges).toBe(exchanges);
    expect(browser.has(SESSION_COOKIE)).toBe(false);
  });

  it('a state cookie older than 10 minutes', async () => {
    const browser = new Browser();
    provider('naver').nextSignIn(person());
    const start = await browser.get('/oauth2/authorization/naver');
    const callbackUrl = await atProvider(start.headers.location as string);
    t.clock.advance(10 * 60 * 1000 + 1000);
    try {
      expect((await browser.get(pathOf(callbackUrl))).headers.location).toBe(outcomeUrl('expired', 'naver'));
    } finally {
      t.clock.advance(-(10 * 60 * 1000 + 1000));
    }
  });

  it("one provider's state used at another provider's callback", async () => {
    const browser = new Browser();
    provider('google').nextSignIn(person());
    const start = await browser.get('/oauth2/authorization/google');
    const callback = new URL(await atProvider(start.headers.location as string));
    const response = await browser.get(`/login/oauth2/code/kakao${callback.search}`);
    expect(response.headers.location).toBe(outcomeUrl('expired', 'kakao'));
  });

  it.each(OAUTH_PROVIDERS)('a cancelled consent at %s', async (name) => {
    const { response, browser } = await signInWith(name, { subject: '1', cancel: true });
    expect(response.headers.location).toBe(outcomeUrl('cancelled', name));
    expect(browser.has(SESSION_COOKIE)).toBe(false);
  });

  it('a provider error page (error other than access_denied) and a callback without a code', async () => {
    const browser = new Browser();
    const start = await browser.get('/oauth2/authorization/google');
    const state = new URL(start.headers.location as string).searchParams.get('state');
    const response = await browser.get(`/login/oauth2/code/google?error=server_error&state=${state}`);
    expect(response.headers.location).toBe(outcomeUrl('failed', 'google'));

    const again = new Browser();
    const start2 = await again.get('/oauth2/authorization/google');
    const state2 = new URL(start2.headers.location as string).searchParams.get('state');
    expect((await again.get(`/login/oauth2/code/google?state=${state2}`)).headers.location).toBe(
      outcomeUrl('failed', 'google'),
    );
  });

  it('a profile call that fails after the code exchange', async () => {
    provider('kakao').failNextProfile = true;
    const { response } = await signInWith('kakao', person());
    expect(response.headers.location).toBe(outcomeUrl('failed', 'kakao'));
  });

  it('a provider that does not answer, or refuses our client secret', async () => {
    const down = await startTestApp({
      env: {
        ...local.env,
        NAVER_TOKEN_URL: 'http://127.0.0.1:9/oauth2.0/token',
        GOOGLE_CLIENT_SECRET: 'wrong',
      },
    });
    try {
      for (const name of ['naver', 'google'] as const) {
        const browser = new Browser();
        provider(name).nextSignIn(person());
        const start = await down.app.inject({ method: 'GET', url: `/oauth2/authorization/${name}` });
        browser.absorb(start);
        const callbackUrl = await atProvider(start.headers.location as string);
        const response = await down.app.inject({
          method: 'GET',
          url: pathOf(callbackUrl),
          headers: browser.header(),
        });
        expect(response.statusCode, name).toBe(302);
        expect(response.headers.location, name).toBe(outcomeUrl('failed', name));
      }
    } finally {
      await down.close();
    }
  });

  it('an email the provider does not vouch for: Google unverified, Kakao unverified or not shared', async () => {
    const cases: [OAuthProvider, TestIdentity][] = [
      ['google', { ...person(), emailVerified: false }],
      ['kakao', { ...person(), emailVerified: false }],
      ['kakao', { ...person(), email: null }],
      ['naver', { ...person(), email: null }],
    ];
    for (const [name, who] of cases) {
      const { response, browser } = await signInWith(name, who);
      expect(response.headers.location, `${name} ${who.email}`).toBe(outcomeUrl('unverified', name));
      expect(browser.has(SESSION_COOKIE)).toBe(false);
      if (who.email) expect(await findUserByEmail(t.database.db, who.email)).toBeNull();
    }
  });
});

describe('linking providers to accounts', () => {
  it('an unverified provider email cannot take over the account that has it', async () => {
    const owner = await t.createUser();
    const { response, browser } = await signInWith('google', {
      ...person(),
      email: owner.email,
      emailVerified: false,
    });
    expect(response.headers.location).toBe(outcomeUrl('unverified', 'google'));
    expect(browser.has(SESSION_COOKIE)).toBe(false);
    expect(await listIdentities(t.database.db, owner.user.id)).toEqual([]);
  });

  it('a verified email of a password account: linked only after a password sign-in in the same browser', async () => {
    const owner = await t.createUser({ username: `Owner ${seq}` });
    const who = { ...person(), email: owner.email };
    const first = await signInWith('naver', who);
    expect(first.location).toBe(outcomeUrl('link', 'naver'));
    expect(first.browser.has(SESSION_COOKIE)).toBe(false);
    expect(await listIdentities(t.database.db, owner.user.id)).toEqual([]);

    // Signing in to some other account in that browser links nothing.
    const other = await t.createUser();
    const wrong = await first.browser.post('/api/v1/users/login', {
      email: other.email,
      password: other.password,
    });
    expect(wrong.statusCode).toBe(200);
    expect(await listIdentities(t.database.db, other.user.id)).toEqual([]);

    // Again, then the owner's password: linked.
    const second = await signInWith('naver', who);
    expect(second.location).toBe(outcomeUrl('link', 'naver'));
    const login = await second.browser.post('/api/v1/users/login', {
      email: owner.email,
      password: owner.password,
    });
    expect(login.statusCode).toBe(200);
    expect(second.browser.has(BINDING_COOKIE)).toBe(false);
    expect(await listIdentities(t.database.db, owner.user.id)).toEqual([
      { provider: 'naver', subject: who.subject },
    ]);

    // From now on Naver signs the owner in directly, and the password still works.
    const direct = await signInWith('naver', who);
    expect(direct.location).toBe(`/user/${encodeURIComponent(owner.user.username)}`);
    expect(await whoAmI(direct.browser)).toMatchObject({ username: owner.user.username });
    const password = await new Browser().post('/api/v1/users/login', {
      email: owner.email,
      password: owner.password,
    });
    expect(password.statusCode).toBe(200);
  });

  it('a pending link is not completed in another browser or after 5 minutes', async () => {
    const owner = await t.createUser();
    const who = { ...person(), email: owner.email };
    await signInWith('google', who);
    const elsewhere = await new Browser().post('/api/v1/users/login', {
      email: owner.email,
      password: owner.password,
    });
    expect(elsewhere.statusCode).toBe(200);

    const late = await signInWith('google', who);
    t.clock.advance(5 * 60 * 1000 + 1000);
    try {
      expect(
        (await late.browser.post('/api/v1/users/login', { email: owner.email, password: owner.password }))
          .statusCode,
      ).toBe(200);
    } finally {
      t.clock.advance(-(5 * 60 * 1000 + 1000));
    }
    expect(await listIdentities(t.database.db, owner.user.id)).toEqual([]);
  });

  it('an account made through one provider takes a second provider with the same verified email', async () => {
    const email = person().email;
    const viaGoogle = { ...person('Two Ways'), email };
    const first = await signInWith('google', viaGoogle);
    const { response } = await register(first.browser, first.location!);
    const username = response.body;

    const viaKakao = { ...person('Other Nick'), email };
    const kakao = await signInWith('kakao', viaKakao);
    expect(kakao.location).toBe(`/user/${encodeURIComponent(username)}`);
    expect(await whoAmI(kakao.browser)).toMatchObject({ username });
    const user = (await findUserByEmail(t.database.db, email))!;
    expect(await listIdentities(t.database.db, user.id)).toEqual([
      { provider: 'google', subject: viaGoogle.subject },
      { provider: 'kakao', subject: viaKakao.subject },
    ]);
  });

  it('a linked provider account signs in by its identity, whatever email it reports later', async () => {
    const who = person('Email Changer');
    const first = await signInWith('google', who);
    const { response } = await register(first.browser, first.location!);
    const stranger = await t.createUser();
    const later = await signInWith('google', { ...who, email: stranger.email });
    expect(later.location).toBe(`/user/${encodeURIComponent(response.body)}`);
    expect(await whoAmI(later.browser)).toMatchObject({ username: response.body });
  });

  it('keeps no pending rows past their lifetime (cleaned as new ones arrive)', async () => {
    await signInWith('google', person());
    t.clock.advance(6 * 60 * 1000);
    try {
      await signInWith('google', person());
      const rows = await t.database.db.select().from(oauthPending);
      expect(rows.every((row) => row.expiresAt.getTime() > t.clock.now().getTime())).toBe(true);
    } finally {
      t.clock.advance(-6 * 60 * 1000);
    }
  });
});

describe('providers without settings', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await startTestApp({
      env: { GOOGLE_CLIENT_ID: local.env.GOOGLE_CLIENT_ID!, GOOGLE_CLIENT_SECRET: 'x' },
    });
  });
  afterAll(() => bare.close());

  it('have a 404 page saying sign-in with them is not set up, for the start and the callback', async () => {
    for (const url of ['/oauth2/authorization/naver', '/login/oauth2/code/kakao?code=x&state=y']) {
      const response = await bare.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      const label = url.includes('naver') ? 'Naver' : 'Kakao';
      expect(response.body).toContain(oauthTexts.notConfigured(label));
      expect(response.body).toContain('href="/login"');
    }
    const unknown = await bare.app.inject({ method: 'GET', url: '/oauth2/authorization/facebook' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain(oauthTexts.unknownProvider);
  });

  it('are left out of the list the sign-in page reads', async () => {
    expect((await bare.app.inject({ method: 'GET', url: '/api/v1/users/oauth/providers' })).json()).toEqual([
      'google',
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/oauth/providers' })).json()).toEqual([
      'google',
      'naver',
      'kakao',
    ]);
  });
});
