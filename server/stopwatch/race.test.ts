import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { noServerError, overSocket } from '../test/sockets.ts';
import { recordsOfRun } from './queries.ts';
import { STOPWATCH_COOKIE } from './routes.ts';

/**
 * Races through real sockets (on PostgreSQL in `npm run test:pg`, where requests really overlap):
 * a run's events are decided under the start record's lock, and the per-address limit is one upsert.
 */
const BURST = 16;
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await startTestApp({ poolSize: 12, env: { STOPWATCH_WRITES_PER_ADDRESS_PER_HOUR: '40' } });
  base = await t.listen();
});
afterAll(() => t.close());

async function send(
  body: object,
  cookie?: string,
): Promise<{ status: number; body: unknown; cookie?: string | undefined }> {
  const answer = noServerError(
    await overSocket(base, 'POST', '/api/v1/stopwatch', {
      cookie,
      body: { name: 'Racer', generatedDate: null, ...body },
    }),
    'POST stopwatch',
  );
  const set = answer.headers.getSetCookie().find((c) => c.startsWith(`${STOPWATCH_COOKIE}=`));
  return { status: answer.status, body: answer.body, cookie: set?.split(';')[0] };
}

describe('stopwatch races', () => {
  it(`of ${BURST} pauses (then resets) sent at once to one run, exactly one is recorded`, async () => {
    const start = await send({ type: 's', elapsedTime: 0, relatedID: null });
    expect(start.status).toBe(200);
    const run = start.body as number;
    const cookie = start.cookie!;
    t.clock.advance(5000);
    const pauses = await Promise.all(
      Array.from({ length: BURST }, () => send({ type: 'p', elapsedTime: 500, relatedID: run }, cookie)),
    );
    expect(pauses.map((p) => p.status).sort()).toEqual([200, ...Array(BURST - 1).fill(409)]);
    const resets = await Promise.all(
      Array.from({ length: 8 }, () => send({ type: 'd', elapsedTime: 500, relatedID: run }, cookie)),
    );
    expect(resets.map((p) => p.status).sort()).toEqual([200, ...Array(7).fill(409)]);
    expect((await recordsOfRun(t.database.db, run)).map((r) => r.type)).toEqual(['s', 'p', 'd']);
  });

  it('counts parallel writes from one address exactly against the hourly limit', async () => {
    // 1 + 16 + 8 = 25 of the 40 were used by the test above; 30 more at once: exactly 15 pass.
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => send({ type: 's', elapsedTime: 0, relatedID: null })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(15);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });
});
