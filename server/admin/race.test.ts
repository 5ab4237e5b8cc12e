import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/open.ts';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { noServerError, overSocket } from '../test/sockets.ts';

/**
 * The admin console's check-then-write rules under parallel requests through real sockets. On
 * PostgreSQL (`npm run test:pg`) they really overlap under READ COMMITTED; PGlite interleaves them
 * between statements.
 */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await startTestApp({ poolSize: 12 });
  base = await t.listen();
});
afterAll(() => t.close());

async function send(as: TestUser, method: string, path: string, body?: unknown): Promise<number> {
  const answer = await overSocket(base, method, path, { cookie: as.cookie, body });
  return noServerError(answer, `${method} ${path}`).status;
}

const adminCount = async () =>
  rowsOf<{ n: number }>(
    await t.database.db.execute(sql`SELECT count(*)::int AS n FROM users WHERE 'ADMIN' = ANY(roles)`),
  )[0]!.n;

describe('the last administrator under concurrent demotions', () => {
  it('keeps exactly one admin when every admin drops their own ADMIN at once', async () => {
    for (let round = 0; round < 8; round++) {
      // Only this round's four are admins.
      await t.database.db.execute(
        sql`UPDATE users SET roles = ARRAY['TEACHER']::text[] WHERE 'ADMIN' = ANY(roles)`,
      );
      const admins = await Promise.all(
        Array.from({ length: 4 }, () => t.createUser({ roles: ['ADMIN', 'TEACHER'] })),
      );
      const statuses = await Promise.all(
        admins.map((a) => send(a, 'PATCH', '/api/v1/users', { role: 'TEACHER' })),
      );
      expect(statuses.sort(), `round ${round}`).toEqual([200, 200, 200, 409]);
      expect(await adminCount(), `round ${round}`).toBe(1);
    }
  });

  it('keeps at least one admin when two admins remove each other’s ADMIN at once', async () => {
    const own = await startTestApp({ poolSize: 12 });
    try {
      const ownBase = await own.listen();
      for (let round = 0; round < 10; round++) {
        const [a, b] = await Promise.all([
          own.createUser({ roles: ['ADMIN'] }),
          own.createUser({ roles: ['ADMIN'] }),
        ]);
        // Only these two are admins now: earlier rounds' pairs were demoted below.
        await own.database.db.execute(
          sql`UPDATE users SET roles = ARRAY['TEACHER']::text[] WHERE 'ADMIN' = ANY(roles) AND id NOT IN (${a!.user.id}, ${b!.user.id})`,
        );
        const cross = (from: TestUser, to: TestUser) =>
          fetch(`${ownBase}/api/v1/users`, {
            method: 'PATCH',
            headers: { cookie: from.cookie, origin: ownBase, 'content-type': 'application/json' },
            body: JSON.stringify({ id: to.user.id, role: 'STUDENT' }),
          }).then((r) => r.status);
        const statuses = await Promise.all([cross(a!, b!), cross(b!, a!)]);
        expect(statuses.every((s) => s < 500)).toBe(true);
        expect(
          statuses.filter((s) => s === 200),
          `round ${round}: ${statuses}`,
        ).toHaveLength(1);
        const [{ n }] = rowsOf<{ n: number }>(
          await own.database.db.execute(sql`SELECT count(*)::int AS n FROM users WHERE 'ADMIN' = ANY(roles)`),
        ) as [{ n: number }];
        expect(n, `round ${round}`).toBe(1);
      }
    } finally {
      await own.close();
    }
  });
});

describe('batches racing', () => {
  it('subscribes each pair once when the same batch arrives ten times at once', async () => {
    const admin = await t.createUser({ roles: ['ADMIN'] });
    const students = await Promise.all(Array.from({ length: 5 }, () => t.createUser()));
    await send(admin, 'POST', '/api/v1/services', { name: 'Racing Service' });
    const pairs = students.map((s) => ({ studentName: s.user.username, serviceName: 'Racing Service' }));
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        fetch(`${base}/api/v1/subscriptions/multiples`, {
          method: 'POST',
          headers: { cookie: admin.cookie, origin: base, 'content-type': 'application/json' },
          body: JSON.stringify(pairs),
        }).then(async (r) => ({ status: r.status, body: await r.json() })),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // Every pair was made by exactly one of the ten.
    expect(answers.reduce((sum, a) => sum + (a.body as number), 0)).toBe(5);
    const [{ n }] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM subscriptions s JOIN services v ON v.id = s.service_id WHERE v.name = 'Racing Service'`,
      ),
    ) as [{ n: number }];
    expect(n).toBe(5);
  });

  it('makes one service when two admins add the same name at once (the other gets 409)', async () => {
    const admins = await Promise.all([
      t.createUser({ roles: ['ADMIN'] }),
      t.createUser({ roles: ['ADMIN'] }),
    ]);
    const statuses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        send(admins[i % 2]!, 'POST', '/api/v1/services', { name: 'Same Name' }),
      ),
    );
    expect(statuses.sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
  });
});
