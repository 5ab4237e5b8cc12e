import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoveryMessages as koRecovery } from '../../common/i18n/ko/messages.ts';
import { apiMessages, profileMessages, recoveryMessages } from '../../common/messages.ts';
import { auditLog, mailOutbox, oauthIdentities, passwordResets } from '../db/schema.ts';
import { sessionCookieFrom, startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { hashResetToken } from './recovery.ts';
import { insertAccount } from './service.ts';

/**
 * Password recovery and change through HTTP (docs/product.md, "Accounts and sign-in"): the request
 * answers alike for every email, the link works once within an hour, setting a password ends every
 * session, and changing it ends the others.
 */
const PUBLIC_URL = 'https://tutor.example.com';
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: '1', PUBLIC_URL } });
  admin = await t.createUser({ roles: ['ADMIN'] });
});
afterAll(() => t.close());

let addresses = 0;
/** Each request from its own address unless told, so the per-address allowance stays out of the way. */
const nextAddress = () => `10.9.${Math.floor(++addresses / 250)}.${addresses % 250}`;

function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return t.request({
    method: 'POST',
    url: `/api/v1/users/${url}`,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress(), ...headers },
    payload: JSON.stringify(body),
  });
}
const askReset = (email: string, headers: Record<string, string> = {}) =>
  post('password-reset', { email }, headers);
const confirm = (token: string, password: string, headers: Record<string, string> = {}) =>
  post('password-reset/confirm', { token, password }, headers);
const check = (token: string) => post('password-reset/check', { token });
const authCheck = (cookie: string | null) =>
  t.request({ method: 'GET', url: '/api/v1/users/auth-check', as: cookie });
const login = (email: string, password: string) => post('login', { email, password });

/** The admin console's reset link for `person`, and its token. */
async function linkFor(person: TestUser): Promise<{ link: string; token: string }> {
  const response = await t.request({
    method: 'POST',
    url: '/api/v1/users/password-reset/link',
    as: admin,
    headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
    payload: JSON.stringify({ id: person.user.id }),
  });
  expect(response.statusCode).toBe(200);
  const { link } = response.json() as { link: string };
  return { link, token: new URL(link).searchParams.get('token')! };
}

const resetsOf = (userId: number) =>
  t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, userId));

describe('POST users/password-reset (forgot password)', () => {
  it('answers the same status and sentence for an account, an unknown email and a provider-only account', async () => {
    const person = await t.createUser();
    const providerOnly = await insertAccount(t.database.db, {
      email: 'kakao-only@example.com',
      username: 'kakaoOnly',
      passwordHash: null,
      roles: ['STUDENT'],
    });
    await t.database.db
      .insert(oauthIdentities)
      .values({ provider: 'kakao', subject: 'k-1', userId: providerOnly.id, email: providerOnly.email });
    const answers = await Promise.all(
      [person.email, 'nobody-here@example.com', providerOnly.email].map((email) => askReset(email)),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ message: recoveryMessages.requestAccepted });
    }
    // A link is stored, hashed, for the account with a password only.
    const [stored, ...more] = await resetsOf(person.user.id);
    expect(more).toEqual([]);
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.usedAt).toBeNull();
    expect(stored!.expiresAt.getTime() - t.clock.now().getTime()).toBe(60 * 60 * 1000);
    expect(await resetsOf(providerOnly.id)).toEqual([]);
    // One mail each to the two accounts, waiting in the outbox; none to the unknown email.
    const mails = await t.database.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    expect(mails.map((m) => [m.recipient, m.kind, m.userId])).toEqual([
      [person.email, 'password-reset', person.user.id],
      [providerOnly.email, 'password-reset', providerOnly.id],
    ]);
    const [linkMail, providerMail] = mails;
    const token = /reset-password\?token=([\w-]+)/.exec(linkMail!.textBody)![1]!;
    expect(linkMail!.textBody).toContain(`${PUBLIC_URL}/reset-password?token=${token}`);
    expect(hashResetToken(token)).toBe(stored!.tokenHash);
    expect(providerMail!.textBody).toContain('it signs in through Kakao');
    expect(providerMail!.textBody).not.toContain('reset-password');
    // The link from the mail works.
    expect((await confirm(token, 'a mailed new secret')).statusCode).toBe(200);
  });

  it('answers in Korean when asked in Korean', async () => {
    const answer = await askReset('nobody-ko@example.com', { 'accept-language': 'ko' });
    expect(answer.json()).toEqual({ message: koRecovery.requestAccepted });
  });

  it('takes as long for an unknown email as for an account (medians of 50 requests each)', async () => {
    const timing = await startTestApp({
      env: { PASSWORD_RESETS_PER_ADDRESS_PER_HOUR: '1000', PASSWORD_RESETS_PER_ACCOUNT_PER_HOUR: '1000' },
    });
    try {
      const person = await timing.createUser();
      const once = async (email: string) => {
        const started = performance.now();
        const response = await timing.request({
          method: 'POST',
          url: '/api/v1/users/password-reset',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ email }),
        });
        const ms = performance.now() - started;
        expect(response.statusCode).toBe(200);
        return { ms, body: response.body };
      };
      // Warm both paths, then alternate them, so both see the same state of the machine.
      await once(person.email);
      await once('warm-up@example.com');
      const known: number[] = [];
      const unknown: number[] = [];
      const bodies = new Set<string>();
      for (let i = 0; i < 50; i++) {
        const a = await once(person.email);
        const b = await once(`unknown${i}@example.com`);
        known.push(a.ms);
        unknown.push(b.ms);
        bodies.add(a.body).add(b.body);
      }
      expect(bodies.size).toBe(1);
      const median = (values: number[]) => [...values].sort((x, y) => x - y)[values.length >> 1]!;
      const [k, u] = [median(known), median(unknown)];
      console.log(`password reset medians: account ${k.toFixed(2)} ms, unknown email ${u.toFixed(2)} ms`);
      // The same statements on both paths: within a quarter of each other (plus a millisecond of noise).
      expect(Math.abs(k - u)).toBeLessThan(Math.max(k, u) * 0.25 + 1);
      const stored = await timing.database.db
        .select()
        .from(passwordResets)
        .where(eq(passwordResets.userId, person.user.id));
      expect(stored).toHaveLength(51);
    } finally {
      await timing.close();
    }
  });

  it('allows 3 requests an hour for one email, known or not, from any address; then 429 with Retry-After', async () => {
    const person = await t.createUser();
    for (const email of [person.email, 'limit-unknown@example.com']) {
      for (let i = 0; i < 3; i++) expect((await askReset(email)).statusCode).toBe(200);
      const refused = await askReset(email.toUpperCase());
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('3600');
      expect(refused.json().message).toBe('Too many password reset requests. Try again in 60 minutes.');
    }
    expect(await resetsOf(person.user.id)).toHaveLength(3);
    t.clock.advance(60 * 60 * 1000);
    expect((await askReset(person.email)).statusCode).toBe(200);
  });

  it('allows 10 requests an hour from one address', async () => {
    const from = { 'x-forwarded-for': '198.51.100.7' };
    for (let i = 0; i < 10; i++) expect((await askReset(`addr${i}@example.com`, from)).statusCode).toBe(200);
    const refused = await askReset('addr-last@example.com', from);
    expect(refused.statusCode).toBe(429);
    // Another address is not held back.
    expect((await askReset('addr-last@example.com')).statusCode).toBe(200);
  });

  it.each([
    ['a malformed email', { email: 'not an email' }, 'email: must be a valid email address'],
    ['an oversized email', { email: `${'e'.repeat(250)}@x.io` }, 'email: must be at most 254 characters'],
    ['no email', {}, 'email: is required'],
    ['an email that is no text', { email: 42 }, 'email: must be a text'],
  ])('refuses %s with a 400 naming the field', async (_case, body, message) => {
    const response = await post('password-reset', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });
});

describe('POST users/password-reset/confirm (the link)', () => {
  it('sets the password, ends every session of the account and signs the caller in', async () => {
    const person = await t.createUser();
    const other = sessionCookieFrom(await login(person.email, person.password));
    expect((await authCheck(other)).statusCode).toBe(200);
    const { link, token } = await linkFor(person);
    expect(link).toBe(`https://tutor.example.com/reset-password?token=${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await check(token)).json()).toEqual({ valid: true });

    const done = await confirm(token, 'a brand new secret');
    expect(done.statusCode).toBe(200);
    expect(done.body).toBe(person.user.username);
    expect((await authCheck(sessionCookieFrom(done))).json()).toMatchObject({
      username: person.user.username,
    });
    // Both sessions from before are gone.
    expect((await authCheck(person.cookie)).statusCode).toBe(401);
    expect((await authCheck(other)).statusCode).toBe(401);
    expect((await login(person.email, person.password)).statusCode).toBe(401);
    expect((await login(person.email, 'a brand new secret')).statusCode).toBe(200);
  });

  it('works once: the second use is refused and changes nothing', async () => {
    const person = await t.createUser();
    const { token } = await linkFor(person);
    expect((await confirm(token, 'first new secret')).statusCode).toBe(200);
    const again = await confirm(token, 'second new secret');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(recoveryMessages.linkInvalid);
    expect(sessionCookieFrom(again)).toBeNull();
    expect((await check(token)).json()).toEqual({ valid: false });
    expect((await login(person.email, 'first new secret')).statusCode).toBe(200);
  });

  it('stops working after an hour', async () => {
    const person = await t.createUser();
    const { token } = await linkFor(person);
    t.clock.advance(60 * 60 * 1000 - 1);
    expect((await check(token)).json()).toEqual({ valid: true });
    t.clock.advance(1);
    expect((await check(token)).json()).toEqual({ valid: false });
    const late = await confirm(token, 'a late new secret');
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(recoveryMessages.linkInvalid);
    expect((await login(person.email, person.password)).statusCode).toBe(200);
  });

  it("refuses sign-up's weak passwords and the account's own name, keeping the link usable", async () => {
    const person = await t.createUser({ username: 'Rosalind' });
    const { token } = await linkFor(person);
    const own = await confirm(token, 'rosalind');
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({
      message: 'password: must not be your username or email address',
      details: [{ path: 'password', message: 'must not be your username or email address' }],
    });
    expect((await confirm(token, 'Password123')).json().message).toContain(
      'password: is one of the most common',
    );
    expect((await confirm(token, 'short')).statusCode).toBe(400);
    expect((await confirm(token, 'p'.repeat(129))).json().message).toContain('password: must be at most 128');
    expect((await confirm(token, 'rosalind', { 'accept-language': 'ko' })).json().message).toBe(
      'password: 사용자 이름이나 이메일 주소와 같으면 안 됩니다',
    );
    expect((await check(token)).json()).toEqual({ valid: true });
    expect((await confirm(token, 'a good new secret')).statusCode).toBe(200);
  });

  it('refuses an unknown, empty or oversized token', async () => {
    expect((await confirm('x'.repeat(43), 'a good new secret')).json().message).toBe(
      recoveryMessages.linkInvalid,
    );
    expect((await confirm('', 'a good new secret')).json().message).toContain('token: must not be empty');
    expect((await confirm('x'.repeat(101), 'a good new secret')).json().message).toContain(
      'token: must be at most 100',
    );
    expect((await check('x'.repeat(101))).statusCode).toBe(400);
  });

  it('gives the administrator a link for any account, audited; an unknown id is a 404', async () => {
    const person = await t.createUser();
    await linkFor(person);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, person.user.username));
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'user.resetLink',
        actorName: admin.user.username,
        actorId: admin.user.id,
      }),
    ]);
    const missing = await t.request({
      method: 'POST',
      url: '/api/v1/users/password-reset/link',
      as: admin,
      headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
      payload: JSON.stringify({ id: 999_999 }),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(apiMessages.userNotFound);
  });
});

describe('PUT users/password (change password)', () => {
  const change = (as: TestUser | string | null, body: unknown) =>
    t.request({
      method: 'PUT',
      url: '/api/v1/users/password',
      as,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress(), origin: PUBLIC_URL },
      payload: JSON.stringify(body),
    });

  it('needs the current password, then ends the other sessions but not this one', async () => {
    const person = await t.createUser();
    const other = sessionCookieFrom(await login(person.email, person.password));
    const { token } = await linkFor(person);
    const wrong = await change(person, { currentPassword: 'not it at all', newPassword: 'another secret' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(profileMessages.currentPasswordWrong);
    expect((await authCheck(other)).statusCode).toBe(200);

    const done = await change(person, { currentPassword: person.password, newPassword: 'another secret' });
    expect(done.statusCode).toBe(204);
    expect((await authCheck(person.cookie)).statusCode).toBe(200);
    expect((await authCheck(other)).statusCode).toBe(401);
    expect((await login(person.email, 'another secret')).statusCode).toBe(200);
    // A reset link made before no longer works.
    expect((await check(token)).json()).toEqual({ valid: false });
  });

  it("refuses sign-up's rules, the account's email, and an account without a password", async () => {
    const person = await t.createUser();
    const weak = await change(person, { currentPassword: person.password, newPassword: 'Password123' });
    expect(weak.json().message).toContain('newPassword: is one of the most common');
    const own = await change(person, { currentPassword: person.password, newPassword: person.email });
    expect(own.json().message).toBe('newPassword: must not be your username or email address');
    const oversized = await change(person, {
      currentPassword: 'x'.repeat(129),
      newPassword: 'another secret',
    });
    expect(oversized.json().message).toContain('currentPassword: must be at most 128');
    expect((await login(person.email, person.password)).statusCode).toBe(200);

    const noPassword = await insertAccount(t.database.db, {
      email: 'google-only@example.com',
      username: 'googleOnly',
      passwordHash: null,
      roles: ['STUDENT'],
    });
    const { startSession } = await import('../sessions/service.ts');
    const session = await startSession(t.database.db, noPassword.id, t.clock.now());
    const refused = await change(`tf_session=${session.token}`, {
      currentPassword: 'anything at all',
      newPassword: 'another secret',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(recoveryMessages.noPassword);
  });
});
