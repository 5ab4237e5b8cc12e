import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, passwordResets } from '../db/schema.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { atOnce } from '../test/sockets.ts';
import { passwordWork } from './passwords.ts';
import { makeResetLink } from './recovery.ts';

/**
 * Password recovery under real concurrency on PostgreSQL (READ COMMITTED), through real sockets: a
 * reset link used by many requests at once sets one password, and the hourly allowances count a
 * burst of requests exactly.
 */
if (!process.env.TEST_DATABASE_URL)
  throw new Error('recovery.pg.test.ts needs TEST_DATABASE_URL (npm run test:pg)');

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await startTestApp({ poolSize: 12, env: { TRUST_PROXY: '1' } });
  base = await t.listen();
});
afterAll(() => t.close());

async function post(path: string, body: unknown, from: string) {
  const response = await fetch(`${base}/api/v1/users/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text(), cookie: response.headers.getSetCookie() };
}

const resetsOf = (userId: number) =>
  t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, userId));

describe('password recovery racing (PostgreSQL)', () => {
  it('lets exactly one of 12 uses of one link at once set a password', async () => {
    const person = await t.createUser();
    const { link } = await makeResetLink(
      t.database.db,
      { id: person.user.id },
      { actor: { userId: null, username: 'test' }, now: t.clock.now(), origin: base },
    );
    const token = new URL(link).searchParams.get('token')!;
    // Room for every hash at once, so none is turned away as too busy (503).
    const saved = passwordWork.setBounds({ concurrency: 2, queue: 24 });
    try {
      const answers = await atOnce(12, (i) =>
        post('password-reset/confirm', { token, password: `new secret number ${i}` }, `10.7.0.${i + 1}`),
      );
      const won = answers.filter((a) => a.status === 200);
      expect(won).toHaveLength(1);
      expect(answers.filter((a) => a.status === 400)).toHaveLength(11);
      expect(won[0]!.cookie.some((c) => c.startsWith('tf_session='))).toBe(true);
      // The winner's password is the account's.
      const winner = answers.indexOf(won[0]!);
      const signIn = await post(
        'login',
        { email: person.email, password: `new secret number ${winner}` },
        '10.7.1.1',
      );
      expect(signIn.status).toBe(200);
    } finally {
      passwordWork.setBounds(saved);
    }
  });

  it('stores exactly 3 links of 20 requests for one email sent at once from 20 addresses', async () => {
    const person = await t.createUser();
    const answers = await atOnce(20, (i) =>
      post('password-reset', { email: person.email }, `10.8.0.${i + 1}`),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(17);
    expect(await resetsOf(person.user.id)).toHaveLength(3);
  });

  it('answers exactly 10 of 30 requests sent at once from one address', async () => {
    const people = await t.createUsers(30);
    const answers = await atOnce(30, (i) => post('password-reset', { email: people[i]!.email }, '10.9.9.9'));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(20);
    let stored = 0;
    for (const person of people) stored += (await resetsOf(person.user.id)).length;
    expect(stored).toBe(10);
  });

  it('answers an unknown email in the time of an account over sockets (medians of 50 each), mailing only the account', async () => {
    const once = async (email: string, from: string) => {
      const started = performance.now();
      const answer = await post('password-reset', { email }, from);
      expect(answer.status).toBe(200);
      return { ms: performance.now() - started, text: answer.text };
    };
    const known: number[] = [];
    const unknown: number[] = [];
    const texts = new Set<string>();
    // Each request from its own address and a fresh account's allowance: the throttle stays out of it.
    const people = await t.createUsers(51);
    await once(people[50]!.email, '10.6.9.1');
    await once('warm-up-pg@example.com', '10.6.9.2');
    for (let i = 0; i < 50; i++) {
      const a = await once(people[i]!.email, `10.6.0.${i + 1}`);
      const b = await once(`unknown-pg-${i}@example.com`, `10.6.1.${i + 1}`);
      known.push(a.ms);
      unknown.push(b.ms);
      texts.add(a.text).add(b.text);
    }
    expect(texts.size).toBe(1);
    const median = (values: number[]) => [...values].sort((x, y) => x - y)[values.length >> 1]!;
    const [k, u] = [median(known), median(unknown)];
    console.log(
      `password reset medians on PostgreSQL: account ${k.toFixed(2)} ms, unknown ${u.toFixed(2)} ms`,
    );
    expect(Math.abs(k - u)).toBeLessThan(Math.max(k, u) * 0.25 + 1);
    const mails = await t.database.db.select().from(mailOutbox);
    expect(mails.filter((m) => m.recipient.startsWith('unknown-pg-'))).toEqual([]);
    expect(mails.filter((m) => people.some((p) => p.email === m.recipient))).toHaveLength(51);
  });
});
