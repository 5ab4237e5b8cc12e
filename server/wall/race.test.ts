import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { atOnce, overSocket } from '../test/sockets.ts';

/** The wall's per-address limit under parallel posts through real sockets (PostgreSQL in test:pg). */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await startTestApp({ poolSize: 12, env: { WALL_POSTS_PER_ADDRESS_PER_HOUR: '5' } });
  base = await t.listen();
});
afterAll(() => t.close());

describe('wall races', () => {
  it('of 20 posts sent at once from one address, exactly the 5 allowed are stored', async () => {
    const statuses = await atOnce(20, async (i) => {
      const answer = await overSocket(base, 'POST', '/api/v1/wall', { body: { message: `message ${i}` } });
      return answer.status;
    });
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    const stored = await t.database.db.execute(sql`SELECT count(*)::int AS n FROM wall_posts`);
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(5);
  });
});
