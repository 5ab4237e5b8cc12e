import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countPending } from '../assignments/queries.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { findUserByUsername } from '../users/queries.ts';
import { seedDemo } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('demo data', () => {
  it('creates the people and a handful of questions once, and is safe to run again', async () => {
    const clock = { now: t.clock.now(), timeZone: t.config.timeZone };
    const first = await seedDemo(t.database.db, clock);
    expect(first).toMatchObject({ created: ['teacher', 'alice', 'bob', 'chloe', 'dana'], questions: 6 });
    const again = await seedDemo(t.database.db, clock);
    expect(again).toMatchObject({ created: [], questions: 0 });
    const alice = (await findUserByUsername(t.database.db, 'alice'))!;
    const bob = (await findUserByUsername(t.database.db, 'bob'))!;
    expect(await countPending(t.database.db, alice.id)).toBe(4);
    expect(await countPending(t.database.db, bob.id)).toBe(4);
    const chloe = (await findUserByUsername(t.database.db, 'chloe'))!;
    expect(await countPending(t.database.db, chloe.id)).toBe(1);
  });
});
