import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverSecret } from '../sessions/queries.ts';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { atOnce } from '../test/sockets.ts';
import { passwordWork } from './passwords.ts';

/**
 * Device cookies under real concurrency on PostgreSQL (READ COMMITTED): guesses carrying a trusted
 * browser's cookie are counted on that cookie exactly, as guesses without one are on the pair, and
 * racing instances agree on the one signing key.
 */
if (!process.env.TEST_DATABASE_URL)
  throw new Error('devices.pg.test.ts needs TEST_DATABASE_URL (npm run test:pg)');

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await startTestApp({ poolSize: 12 });
  base = await t.listen();
});
afterAll(() => t.close());

async function login(person: TestUser, password: string, device?: string) {
  const response = await fetch(`${base}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(device ? { cookie: device } : {}) },
    body: JSON.stringify({ email: person.email, password }),
  });
  await response.arrayBuffer();
  return response;
}

/** A device cookie of `person`, as a request cookie, from a sign-in over a socket. */
async function deviceOf(person: TestUser): Promise<string> {
  const signedIn = await login(person, person.password);
  expect(signedIn.status).toBe(200);
  const device = signedIn.headers.getSetCookie().find((c) => c.startsWith('tf_device='));
  return device!.split(';')[0]!;
}

describe('device cookies racing (PostgreSQL)', () => {
  it('check at most 5 of 40 guesses sent at once with one device cookie, and 5 of 40 sent without', async () => {
    const victim = await t.createUser();
    const guessed = await deviceOf(victim);
    const spare = await deviceOf(victim);
    // Room for every check on any machine, so none is turned away as too busy (503).
    const saved = passwordWork.setBounds({ concurrency: 2, queue: 80 });
    try {
      const answers = await atOnce(80, (i) => login(victim, `guess ${i}`, i % 2 ? guessed : undefined));
      const withCookie = answers.filter((_, i) => i % 2).map((a) => a.status);
      const without = answers.filter((_, i) => i % 2 === 0).map((a) => a.status);
      expect(withCookie.filter((s) => s === 401)).toHaveLength(5);
      expect(withCookie.filter((s) => s === 429)).toHaveLength(35);
      expect(without.filter((s) => s === 401)).toHaveLength(5);
      expect(without.filter((s) => s === 429)).toHaveLength(35);
    } finally {
      passwordWork.setBounds(saved);
    }
    // The guessed cookie and the address wait; the owner's other browser does not.
    expect((await login(victim, victim.password, guessed)).status).toBe(429);
    expect((await login(victim, victim.password)).status).toBe(429);
    expect((await login(victim, victim.password, spare)).status).toBe(200);
  });

  it('agree on one signing key when many ask for it first at once', async () => {
    const answers = await atOnce(12, (i) => serverSecret(t.database.db, 'race test', `candidate ${i}`));
    expect(new Set(answers).size).toBe(1);
    expect(await serverSecret(t.database.db, 'race test', 'too late')).toBe(answers[0]);
  });
});
