import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../common/messages.ts';
import { AppError } from '../errors.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { passwordWork, WorkLimiter } from './passwords.ts';

/** A promise with its resolve handle, so a test decides when each piece of work ends. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('WorkLimiter', () => {
  it('runs at most `concurrency` tasks, queues `queue` more, and refuses the rest with 503 and Retry-After', async () => {
    const limiter = new WorkLimiter({ concurrency: 2, queue: 2 });
    const gates = Array.from({ length: 5 }, deferred);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const runs = gates.map((gate, i) =>
      limiter
        .run(async () => {
          started.push(i);
          running++;
          peak = Math.max(peak, running);
          await gate.promise;
          running--;
          return i;
        })
        .catch((error: unknown) => error),
    );
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1]);
    const refused = await runs[4];
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      status: 503,
      message: apiMessages.passwordChecksBusy,
      headers: { 'retry-after': '1' },
    });
    gates[0]!.resolve();
    expect(await runs[0]).toBe(0);
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(runs.slice(0, 4))).toEqual([0, 1, 2, 3]);
    expect(peak).toBe(2);
    expect(limiter.peak).toBe(2);
    // Everything finished: the slots are free again.
    expect(await limiter.run(async () => 'again')).toBe('again');
  });

  it('frees the slot of a task that throws', async () => {
    const limiter = new WorkLimiter({ concurrency: 1, queue: 0 });
    await expect(limiter.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limiter.run(async () => 'next')).toBe('next');
  });
});

describe('password hashing under a flood of sign-ups', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  it('keeps argon2 work bounded: the excess gets 503 with Retry-After, never a 5xx of another kind', async () => {
    // Bounds of the test's own (the app's are one per core), so 80 sign-ups exceed them on any machine.
    const saved = passwordWork.setBounds({ concurrency: 2, queue: 4 });
    try {
      const answers = await Promise.all(
        Array.from({ length: 80 }, (_, i) =>
          t.request({
            method: 'POST',
            url: '/api/v1/users/signup',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${i >> 8}.${i & 255}` },
            payload: JSON.stringify({
              email: `flood${i}@example.com`,
              username: `flood${i}`,
              password: 'a long enough secret',
            }),
          }),
        ),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
      const busy = answers.filter((a) => a.statusCode === 503);
      expect(busy.length).toBeGreaterThan(0);
      expect(busy.length).toBe(passwordWork.refused);
      for (const answer of busy) {
        expect(answer.headers['retry-after']).toBe('1');
        // Sign-up answers its refusals as text (docs/api.md).
        expect(answer.body).toBe(apiMessages.passwordChecksBusy);
      }
      expect(passwordWork.peak).toBe(2);
    } finally {
      passwordWork.setBounds(saved);
    }
  });
});
