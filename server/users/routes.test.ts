import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../common/messages.ts';
import { sessions, users } from '../db/schema.ts';
import { hashToken } from '../sessions/service.ts';
import { ORIGIN, sessionCookieFrom, startTestApp, type TestApp } from '../test/harness.ts';
import { linkChild } from './queries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: '1' } });
});
afterAll(() => t.close());

const json = { 'content-type': 'application/json' };
let seq = 0;
function fresh() {
  seq++;
  return { email: `Person${seq}@Example.com`, username: `Person ${seq}`, password: 'a long enough secret' };
}

let addresses = 0;
/** Each sign-up from its own address, so the per-address sign-up limit stays out of these tests. */
async function signup(body: unknown, from = `10.1.${Math.floor(++addresses / 250)}.${addresses % 250}`) {
  return t.request({
    method: 'POST',
    url: '/api/v1/users/signup',
    headers: { ...json, 'x-forwarded-for': from },
    payload: JSON.stringify(body),
  });
}
async function login(body: unknown, headers: Record<string, string> = {}) {
  return t.request({
    method: 'POST',
    url: '/api/v1/users/login',
    headers: { ...json, ...headers },
    payload: JSON.stringify(body),
  });
}

describe('POST /api/v1/users/signup', () => {
  it('creates a student and answers the username as plain text', async () => {
    const person = fresh();
    const res = await signup(person);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe(person.username);
    const signedIn = await login({ email: person.email.toUpperCase(), password: person.password });
    expect(signedIn.statusCode).toBe(200);
    const check = await t.request({
      method: 'GET',
      url: '/api/v1/users/auth-check',
      as: sessionCookieFrom(signedIn),
    });
    expect(check.json()).toEqual({
      username: person.username,
      role: 'STUDENT',
      roles: ['ROLE_STUDENT'],
      timeZone: t.config.timeZone,
      // No language chosen yet: the browser's is followed.
      language: null,
    });
  });

  it('answers 409 for an email in use, whatever its case', async () => {
    const person = fresh();
    expect((await signup(person)).statusCode).toBe(200);
    const again = await signup({ ...fresh(), email: person.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    // The body is the message as text, as the original sent it (its client shows the body as is).
    expect(again.headers['content-type']).toMatch(/^text\/plain/);
    expect(again.body).toBe(apiMessages.emailInUse);
  });

  it('answers 409 for a taken username (case-insensitive) and does not rename', async () => {
    const person = fresh();
    expect((await signup(person)).statusCode).toBe(200);
    const again = await signup({ ...fresh(), username: person.username.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.body).toBe(apiMessages.usernameTaken);
  });

  it.each([
    ['missing email', { username: 'x1', password: 'a long enough secret' }, 'email: is required'],
    [
      'missing username',
      { email: 'a1@example.com', password: 'a long enough secret' },
      'username: is required',
    ],
    ['missing password', { email: 'a2@example.com', username: 'x2' }, 'password: is required'],
    [
      'email not a string',
      { email: 42, username: 'x3', password: 'a long enough secret' },
      'email: must be a text',
    ],
    [
      'bad email',
      { email: 'not-an-email', username: 'x4', password: 'a long enough secret' },
      'email: must be a valid',
    ],
    [
      'empty username',
      { email: 'a5@example.com', username: '   ', password: 'a long enough secret' },
      'username: must not be empty',
    ],
    [
      'over-long username',
      { email: 'a6@example.com', username: 'x'.repeat(41), password: 'a long enough secret' },
      'username: must be at most 40',
    ],
    [
      'over-long email',
      { email: `${'e'.repeat(250)}@x.io`, username: 'x7', password: 'a long enough secret' },
      'email: must be at most 254',
    ],
    [
      'short password',
      { email: 'a8@example.com', username: 'x8', password: 'short' },
      'password: must be at least 8',
    ],
    [
      'over-long password',
      { email: 'a9@example.com', username: 'x9', password: 'p'.repeat(129) },
      'password: must be at most 128',
    ],
    [
      'common password',
      { email: 'a10@example.com', username: 'x10', password: 'Password123' },
      'password: is one of the most common',
    ],
    [
      'slash in username',
      { email: 'a11@example.com', username: 'a/b', password: 'a long enough secret' },
      'username: may contain only',
    ],
    [
      'comma in username',
      { email: 'a12@example.com', username: 'a,b', password: 'a long enough secret' },
      'username: may contain only',
    ],
    [
      'password of only spaces',
      { email: 'a13@example.com', username: 'x13', password: ' '.repeat(12) },
      'password: must not be only spaces',
    ],
    [
      'password equal to the username',
      { email: 'a14@example.com', username: 'Rosalind Franklin', password: 'rosalind franklin' },
      'password: must not be your username or email address',
    ],
    [
      'password equal to the email',
      { email: 'a15@example.com', username: 'x15', password: 'A15@example.com ' },
      'password: must not be your username or email address',
    ],
    [
      'username mixing Latin and a Cyrillic а',
      { email: 'a16@example.com', username: '\u0430lice', password: 'a long enough secret' },
      'username: must be written in one script',
    ],
    [
      'username mixing Greek and Latin',
      { email: 'a17@example.com', username: 'p\u03b1ul', password: 'a long enough secret' },
      'username: must be written in one script',
    ],
  ])('answers 400 naming the field for %s', async (_label, body, message) => {
    const res = await signup(body);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain(message);
  });

  it('accepts the boundaries: 40-character name, 8 and 128-character passwords, non-Latin names', async () => {
    expect(
      (await signup({ email: 'b1@example.com', username: 'n'.repeat(40), password: `${'p'.repeat(8)}Q` }))
        .statusCode,
    ).toBe(200);
    expect(
      (await signup({ email: 'b2@example.com', username: '김민준', password: 'q'.repeat(128) })).statusCode,
    ).toBe(200);
    expect(
      (await signup({ email: 'b3@example.com', username: 'Jo-Anne Smith', password: 'z8x7c6v5' })).statusCode,
    ).toBe(200);
  });

  it('answers 400 for malformed JSON, an empty body, a non-object body and 415 for a wrong content type, as text', async () => {
    const malformed = await t.request({
      method: 'POST',
      url: '/api/v1/users/signup',
      headers: json,
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toBe(apiMessages.malformedJson);
    const empty = await t.request({
      method: 'POST',
      url: '/api/v1/users/signup',
      headers: json,
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    const noBody = await t.request({ method: 'POST', url: '/api/v1/users/signup' });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.body).toBe('The request needs a JSON body.');
    const array = await signup([1, 2]);
    expect(array.statusCode).toBe(400);
    const form = await t.request({
      method: 'POST',
      url: '/api/v1/users/signup',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a@b.co',
    });
    expect(form.statusCode).toBe(415);
    expect(form.body).toBe(apiMessages.unsupportedMediaType);
  });

  it('normalises usernames (NFKC), so a full-width look-alike collides with the name it imitates', async () => {
    const person = fresh();
    expect((await signup({ ...person, username: 'Ingrid' })).statusCode).toBe(200);
    const fullWidth = await signup({ ...fresh(), username: '\uff29ngrid' }); // Ｉngrid
    expect(fullWidth.statusCode).toBe(409);
    expect(fullWidth.body).toBe(apiMessages.usernameTaken);
    const ligature = await signup({ ...fresh(), username: 'E\ufb00ie' }); // Eﬀie
    expect(ligature.statusCode).toBe(200);
    expect(ligature.body).toBe('Effie');
    for (const name of ['山田たろう', '박서연', 'Jo-Anne 김', 'Ωμέγα']) {
      expect((await signup({ ...fresh(), username: name })).statusCode, name).toBe(200);
    }
  });

  it('allows 20 sign-ups an hour from one address, then 429 with Retry-After; other addresses go on', async () => {
    const from = '198.51.100.20';
    for (let i = 0; i < 20; i++) expect((await signup(fresh(), from)).statusCode).toBe(200);
    // A taken email counts too: the limit also bounds probing for accounts.
    const blocked = await signup(fresh(), from);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body).toMatch(/^Too many sign-ups from your network\. Try again in \d+ minutes?\.$/);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await signup(fresh(), '198.51.100.21')).statusCode).toBe(200);
    t.clock.advance(retryAfter * 1000);
    expect((await signup(fresh(), from)).statusCode).toBe(200);
  });

  it('keeps the first of two racing sign-ups for one email and answers 409 to the other', async () => {
    const person = fresh();
    const [a, b] = await Promise.all([
      signup(person),
      signup({ ...person, username: `${person.username} two` }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });
});

describe('POST /api/v1/users/login', () => {
  it('answers the username and a hardened session cookie', async () => {
    const person = fresh();
    await signup(person);
    const res = await login({ email: person.email, password: person.password });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(person.username);
    const cookie = res.cookies.find((c) => c.name === 'tf_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
    expect(cookie?.maxAge).toBeGreaterThan(29 * 24 * 3600);
  });

  it('answers the same 401 for an unknown email and a wrong password', async () => {
    const person = fresh();
    await signup(person);
    const wrong = await login({ email: person.email, password: 'not the password' });
    const unknown = await login({ email: 'nobody-here@example.com', password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe(apiMessages.invalidCredentials);
  });

  it('answers 400 for missing or wrongly typed fields', async () => {
    expect((await login({ email: 'a@b.co' })).json()).toMatchObject({
      status: 400,
      message: 'password: is required',
    });
    expect((await login({ password: 'x' })).json()).toMatchObject({
      status: 400,
      message: 'email: is required',
    });
    expect((await login({ email: ['a'], password: 'x' })).statusCode).toBe(400);
    expect((await login({ email: 'a@b.co', password: 'p'.repeat(129) })).statusCode).toBe(400);
  });

  it('gives a new token at every sign-in and ends the one the browser held', async () => {
    const person = fresh();
    await signup(person);
    const first = sessionCookieFrom(await login({ email: person.email, password: person.password }))!;
    const second = sessionCookieFrom(
      await login({ email: person.email, password: person.password }, { cookie: first, origin: ORIGIN }),
    )!;
    expect(second).not.toBe(first);
    expect((await t.request({ method: 'GET', url: '/api/v1/users/auth-check', as: first })).statusCode).toBe(
      401,
    );
    expect((await t.request({ method: 'GET', url: '/api/v1/users/auth-check', as: second })).statusCode).toBe(
      200,
    );
  });

  it("deletes the account's dead sessions at sign-in, keeping its live ones and other accounts'", async () => {
    const person = fresh();
    const other = fresh();
    await signup(person);
    await signup(other);
    const signIn = async (who: { email: string; password: string }) =>
      sessionCookieFrom(await login({ email: who.email, password: who.password }))!;
    const tokensOf = async (email: string) => {
      const rows = await t.database.db
        .select({ tokenHash: sessions.tokenHash })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(users.email, email.toLowerCase()));
      return rows.map((r) => r.tokenHash).sort();
    };
    const hashOf = (cookie: string) => hashToken(cookie.split('=')[1]!);
    const idle = await signIn(person);
    const othersIdle = await signIn(other);
    expect(await tokensOf(person.email)).toEqual([hashOf(idle)]);
    t.clock.advanceDays(8);
    const live = await signIn(person);
    t.clock.advanceDays(1);
    const newest = await signIn(person);
    expect(await tokensOf(person.email)).toEqual([hashOf(live), hashOf(newest)].sort());
    expect(await tokensOf(other.email)).toEqual([hashOf(othersIdle)]);
  });

  it('delays an (account, address) pair after 5 failures, doubling, and never locks the account', async () => {
    const person = fresh();
    await signup(person);
    const from = { 'x-forwarded-for': '192.0.2.10' };
    for (let i = 0; i < 5; i++) {
      expect((await login({ email: person.email, password: `wrong ${i}` }, from)).statusCode).toBe(401);
    }
    const blocked = await login({ email: person.email, password: person.password }, from);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('15');
    expect(blocked.json().message).toBe('Too many failed sign-in attempts. Try again in 15 seconds.');
    // Guesses from twelve other addresses lock nobody out either (the old 10-failure account lock).
    for (let i = 0; i < 12; i++) {
      const elsewhere = { 'x-forwarded-for': `192.0.2.${100 + i}` };
      expect((await login({ email: person.email, password: `spray ${i}` }, elsewhere)).statusCode).toBe(401);
    }
    // The owner, from an address with no failures, signs in: there is no account lockout.
    const owner = await login(
      { email: person.email, password: person.password },
      { 'x-forwarded-for': '192.0.2.99' },
    );
    expect(owner.statusCode).toBe(200);
    // The guessing address waits 15 s, then 30 s after its next failure, then 60 s.
    t.clock.advance(15_000);
    expect((await login({ email: person.email, password: 'wrong again' }, from)).statusCode).toBe(401);
    expect(
      (await login({ email: person.email, password: person.password }, from)).headers['retry-after'],
    ).toBe('30');
    t.clock.advance(30_000);
    expect((await login({ email: person.email, password: 'and again' }, from)).statusCode).toBe(401);
    expect(
      (await login({ email: person.email, password: person.password }, from)).headers['retry-after'],
    ).toBe('60');
    // The right password after the wait signs in and clears the pair.
    t.clock.advance(60_000);
    expect((await login({ email: person.email, password: person.password }, from)).statusCode).toBe(200);
    expect((await login({ email: person.email, password: 'a slip' }, from)).statusCode).toBe(401);
  });

  it('counts parallel guesses exactly: of 40 sent at once from one address, 5 are checked', async () => {
    const person = fresh();
    await signup(person);
    const from = { 'x-forwarded-for': '192.0.2.40' };
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login({ email: person.email, password: `guess ${i}` }, from)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
    expect((await login({ email: person.email, password: person.password }, from)).statusCode).toBe(429);
  });
});

describe('per-address sign-in limit', () => {
  it('answers 429 to an address after 20 failures across different accounts, not to other addresses', async () => {
    const local = await startTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      const from = { 'x-forwarded-for': '203.0.113.7', ...json };
      for (let i = 0; i < 20; i++) {
        const res = await local.request({
          method: 'POST',
          url: '/api/v1/users/login',
          headers: from,
          payload: JSON.stringify({ email: `someone${i}@example.com`, password: 'guess guess' }),
        });
        expect(res.statusCode).toBe(401);
      }
      const person = await local.createUser();
      const blocked = await local.request({
        method: 'POST',
        url: '/api/v1/users/login',
        headers: from,
        payload: JSON.stringify({ email: person.email, password: person.password }),
      });
      expect(blocked.statusCode).toBe(429);
      const elsewhere = await local.request({
        method: 'POST',
        url: '/api/v1/users/login',
        headers: { ...from, 'x-forwarded-for': '198.51.100.1' },
        payload: JSON.stringify({ email: person.email, password: person.password }),
      });
      expect(elsewhere.statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });

  it('doubles the wait of an address after each failure past its first 429 (15, 30, 60, 120 s), every guess on a new account', async () => {
    const local = await startTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      const login = (email: string, password: string) =>
        local.request({
          method: 'POST',
          url: '/api/v1/users/login',
          headers: { 'x-forwarded-for': '203.0.113.8', ...json },
          payload: JSON.stringify({ email, password }),
        });
      // Every guess names a new account, so only the address's own counter can delay it.
      for (let i = 0; i < 20; i++)
        expect((await login(`spray${i}@example.com`, 'guess guess')).statusCode).toBe(401);
      const person = await local.createUser();
      let wait = 15;
      for (const guess of ['spray20@example.com', 'spray21@example.com', 'spray22@example.com']) {
        const blocked = await login(person.email, person.password);
        expect(blocked.statusCode).toBe(429);
        expect(blocked.headers['retry-after']).toBe(String(wait));
        local.clock.advance(wait * 1000);
        expect((await login(guess, 'guess guess')).statusCode).toBe(401);
        wait *= 2;
      }
      expect((await login(person.email, person.password)).headers['retry-after']).toBe('120');
      // After the wait, the right password from the same address signs in: the account was never locked.
      local.clock.advance(120_000);
      expect((await login(person.email, person.password)).statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });
});

describe('device cookies: a browser that signed in to the account before', () => {
  const DEVICE = 'tf_device';
  const deviceCookieFrom = (res: Awaited<ReturnType<typeof login>>) => {
    const value = res.cookies.find((c) => c.name === DEVICE)?.value;
    return value ? `${DEVICE}=${value}` : null;
  };
  /** A new account that signed in once from `from`: its details and that browser's device cookie. */
  async function withDevice(from: Record<string, string>) {
    const person = fresh();
    await signup(person);
    const signedIn = await login({ email: person.email, password: person.password }, from);
    expect(signedIn.statusCode).toBe(200);
    return { ...person, device: deviceCookieFrom(signedIn)! };
  }

  it('is set at sign-in: HttpOnly, SameSite=Strict, for a year, sent only to the sign-in route', async () => {
    const person = fresh();
    await signup(person);
    const res = await login({ email: person.email, password: person.password });
    const cookie = res.cookies.find((c) => c.name === DEVICE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/users/login' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.maxAge).toBe(365 * 24 * 3600);
    // Each sign-in gives a new one.
    const again = await login({ email: person.email, password: person.password });
    expect(deviceCookieFrom(again)).not.toBe(deviceCookieFrom(res));

    const https = await startTestApp({ env: { PUBLIC_URL: 'https://tutor.example.com' } });
    try {
      const user = await https.createUser();
      const secure = await https.request({
        method: 'POST',
        url: '/api/v1/users/login',
        headers: json,
        payload: JSON.stringify({ email: user.email, password: user.password }),
      });
      expect(secure.cookies.find((c) => c.name === DEVICE)?.secure).toBe(true);
    } finally {
      await https.close();
    }
  });

  it("lets the owner's browser sign in after 100 guesses from its address, which stay throttled", async () => {
    const from = { 'x-forwarded-for': '198.51.100.20' };
    const victim = await withDevice(from);
    // A classmate on the same Wi-Fi guesses at the victim and at others: the pair and the address lock.
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      const email = i % 2 ? `classmate${i}@example.com` : victim.email;
      statuses.push((await login({ email, password: `guess ${i}` }, from)).statusCode);
    }
    expect(statuses.filter((s) => s === 401).length).toBe(20);
    expect(statuses.filter((s) => s === 429).length).toBe(80);
    const right = { email: victim.email, password: victim.password };
    expect((await login(right, from)).statusCode).toBe(429);
    // The victim's own browser signs in all the same, and that frees nothing for the guessers.
    const owner = await login(right, { ...from, cookie: victim.device });
    expect(owner.statusCode).toBe(200);
    expect(owner.body).toBe(victim.username);
    expect((await login(right, from)).statusCode).toBe(429);
  });

  it("counts a trusted browser's failures on its own: 5 free, then delays for that cookie only", async () => {
    const from = { 'x-forwarded-for': '198.51.100.21' };
    const person = await withDevice(from);
    const withCookie = { ...from, cookie: person.device };
    for (let i = 0; i < 5; i++)
      expect((await login({ email: person.email, password: `slip ${i}` }, withCookie)).statusCode).toBe(401);
    const right = { email: person.email, password: person.password };
    const delayed = await login(right, withCookie);
    expect(delayed.statusCode).toBe(429);
    expect(delayed.headers['retry-after']).toBe('15');
    // The cookie's failures fed neither the pair nor the address.
    expect((await login(right, from)).statusCode).toBe(200);
    t.clock.advance(15_000);
    expect((await login(right, withCookie)).statusCode).toBe(200);
  });

  it('gives nothing to the device cookie of another account: its bearer is throttled as without one', async () => {
    const from = { 'x-forwarded-for': '198.51.100.22' };
    const attacker = await withDevice(from);
    const victim = await withDevice({ 'x-forwarded-for': '198.51.100.122' });
    const withOwnCookie = { ...from, cookie: attacker.device };
    for (let i = 0; i < 5; i++)
      expect((await login({ email: victim.email, password: `guess ${i}` }, withOwnCookie)).statusCode).toBe(
        401,
      );
    const right = { email: victim.email, password: victim.password };
    expect((await login(right, withOwnCookie)).statusCode).toBe(429);
    expect((await login(right, from)).statusCode).toBe(429);
    // The attacker's cookie still serves its own account, and the victim's cookie the victim.
    expect(
      (await login({ email: attacker.email, password: attacker.password }, withOwnCookie)).statusCode,
    ).toBe(200);
    expect((await login(right, { ...from, cookie: victim.device })).statusCode).toBe(200);
  });

  it('gives nothing to a forged or tampered device cookie', async () => {
    const from = { 'x-forwarded-for': '198.51.100.23' };
    const victim = await withDevice(from);
    for (let i = 0; i < 5; i++)
      expect((await login({ email: victim.email, password: `guess ${i}` }, from)).statusCode).toBe(401);
    const value = victim.device.slice(`${DEVICE}=`.length);
    const [id = '', nonce = '', signature = ''] = value.split('.');
    const other = (c: string) => (c === 'A' ? 'B' : 'A');
    const forged = [
      `${id}.${nonce}.${'A'.repeat(43)}`,
      `${id}.${'B'.repeat(22)}.${signature}`,
      `${id}.${nonce}.${signature.slice(0, -1)}${other(signature.slice(-1))}`,
      `${id}.${other(nonce[0]!)}${nonce.slice(1)}.${signature}`,
      `${Number(id) + 1}.${nonce}.${signature}`,
      `${value}x`,
      `0${value}`,
      'not a device cookie',
    ];
    const right = { email: victim.email, password: victim.password };
    for (const cookie of forged) {
      expect((await login(right, { ...from, cookie: `${DEVICE}=${cookie}` })).statusCode, cookie).toBe(429);
    }
    expect((await login(right, { ...from, cookie: victim.device })).statusCode).toBe(200);
  });
});

describe('sessions: refresh, logout, expiry', () => {
  it('refresh answers the username for a live session and 401 without one', async () => {
    const person = await t.createUser();
    const res = await t.request({ method: 'POST', url: '/api/v1/users/refresh', as: person });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(person.user.username);
    const anonymous = await t.request({ method: 'POST', url: '/api/v1/users/refresh' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(apiMessages.notSignedIn);
  });

  it('logout deletes the session on the server, so a copied cookie stops working', async () => {
    const person = await t.createUser();
    const out = await t.request({ method: 'POST', url: '/api/v1/users/logout', as: person });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'tf_session')?.value).toBe('');
    const after = await t.request({ method: 'GET', url: '/api/v1/users/auth-check', as: person });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(apiMessages.sessionExpired);
  });

  it('expires after 7 idle days, slides with use, and stops at 30 days whatever the use', async () => {
    const idle = await t.createUser();
    const active = await t.createUser();
    t.clock.advanceDays(6);
    expect((await t.request({ method: 'GET', url: '/api/v1/users/auth-check', as: active })).statusCode).toBe(
      200,
    );
    t.clock.advanceDays(1.5);
    expect((await t.request({ method: 'GET', url: '/api/v1/users/auth-check', as: idle })).statusCode).toBe(
      401,
    );
    expect((await t.request({ method: 'GET', url: '/api/v1/users/auth-check', as: active })).statusCode).toBe(
      200,
    );
    // Keep using it every 6 days: still alive at day 29.5, dead past day 30.
    for (const day of [6, 6, 6, 4]) {
      t.clock.advanceDays(day);
      expect((await t.request({ method: 'POST', url: '/api/v1/users/refresh', as: active })).statusCode).toBe(
        200,
      );
    }
    t.clock.advanceDays(1);
    expect((await t.request({ method: 'POST', url: '/api/v1/users/refresh', as: active })).statusCode).toBe(
      401,
    );
  });
});

describe('GET /api/v1/users/auth-check and /api/v1/users/{name}', () => {
  it('auth-check lists every role as an authority', async () => {
    const teacher = await t.createUser({ roles: ['ADMIN', 'TEACHER'] });
    const res = await t.request({ method: 'GET', url: '/api/v1/users/auth-check', as: teacher });
    expect(res.json()).toEqual({
      username: teacher.user.username,
      role: 'ADMIN,TEACHER',
      roles: ['ROLE_ADMIN', 'ROLE_TEACHER'],
      timeZone: t.config.timeZone,
      // No language chosen yet: the browser's is followed.
      language: null,
    });
    expect((await t.request({ method: 'GET', url: '/api/v1/users/auth-check' })).statusCode).toBe(401);
  });

  it('shows a profile to its owner (any case), a teacher, an admin and a linked parent only', async () => {
    const student = await t.createUser();
    const other = await t.createUser();
    const parent = await t.createUser({ roles: ['PARENT'] });
    const strangerParent = await t.createUser({ roles: ['PARENT'] });
    const teacher = await t.createUser({ roles: ['TEACHER'] });
    const admin = await t.createUser({ roles: ['ADMIN'] });
    await linkChild(t.database.db, parent.user.id, student.user.id);
    const url = `/api/v1/users/${encodeURIComponent(student.user.username.toUpperCase())}`;
    const status = async (as: typeof student | null) =>
      (await t.request({ method: 'GET', url, as })).statusCode;
    expect(await status(null)).toBe(401);
    expect(await status(student)).toBe(200);
    expect(await status(other)).toBe(403);
    expect(await status(parent)).toBe(200);
    expect(await status(strangerParent)).toBe(403);
    expect(await status(teacher)).toBe(200);
    expect(await status(admin)).toBe(200);
    const body = (await t.request({ method: 'GET', url, as: teacher })).json();
    expect(body).toEqual({
      id: student.user.id,
      email: student.email,
      username: student.user.username,
      role: 'STUDENT',
      imageURL: '/images/avatars/default.svg',
      services: ['Tutoring', 'Simple Math Question'],
      totalQuestions: 0,
      totalSubmissions: 0,
      averageScore: null,
      toSolve: 0,
    });
    // A teacher may not read another teacher's profile; an unknown name is 404 for staff, 403 for others.
    expect(
      (await t.request({ method: 'GET', url: `/api/v1/users/${teacher.user.username}`, as: admin }))
        .statusCode,
    ).toBe(200);
    const otherTeacher = await t.createUser({ roles: ['TEACHER'] });
    expect(
      (await t.request({ method: 'GET', url: `/api/v1/users/${otherTeacher.user.username}`, as: teacher }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/users/nobody-at-all', as: teacher })).statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/users/nobody-at-all', as: student })).statusCode,
    ).toBe(403);
  });
});
