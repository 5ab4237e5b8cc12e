import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthChanges } from '../db/open.ts';
import { isAuthWrite } from '../db/open.ts';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { SESSION_CACHE_QUIET_MS, SessionCache } from './cache.ts';
import type { SessionRow } from './queries.ts';
import { hashToken, touchCachedSession } from './service.ts';

type Event = 'local' | 'committed' | 'live' | 'lost';
class FakeChanges implements AuthChanges {
  live = true;
  private listeners = new Set<(event: Event) => void>();
  subscribe(listener: (event: Event) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  emit(event: Event) {
    if (event === 'live') this.live = true;
    if (event === 'lost') this.live = false;
    for (const listener of this.listeners) listener(event);
  }
}

const NOW = new Date('2026-03-10T01:00:00Z');
function row(expiresInMs = 60_000): SessionRow {
  return {
    sessionId: 1,
    lastUsedAt: NOW,
    expiresAt: new Date(NOW.getTime() + expiresInMs),
    absoluteExpiresAt: new Date(NOW.getTime() + 10 * expiresInMs),
    user: { id: 7, username: 'ann', roles: ['STUDENT'] } as unknown as SessionRow['user'],
  };
}

describe('SessionCache', () => {
  let time = 0;
  const clock = () => time;
  const setup = () => {
    time = 0;
    const changes = new FakeChanges();
    return { changes, cache: new SessionCache(changes, { clock, ttlMs: 5000, maxEntries: 3 }) };
  };

  it('answers a request at once only with a cached session that is not due to be written back', () => {
    const { cache } = setup();
    const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
    expect(touchCachedSession('token', NOW, cache)).toBeNull(); // not cached: look it up
    cache.keep(hashToken('token'), row(3_600_000), cache.begin());
    expect(touchCachedSession('token', at(4.99), cache)?.sessionId).toBe(1);
    expect(touchCachedSession('other', at(1), cache)).toBeNull();
    // Last used 5 minutes ago: touchSession must slide its idle expiry forward (a statement).
    expect(touchCachedSession('token', at(5), cache)).toBeNull();
  });

  it('stores a token as the hex SHA-256 it always had (sessions in the database stay valid)', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('answers a kept session until its TTL, its expiry or its absolute expiry', () => {
    const { cache } = setup();
    cache.keep('h', row(), cache.begin());
    expect(cache.get('h', NOW)?.user.username).toBe('ann');
    expect(cache.get('other', NOW)).toBeNull();
    expect(cache.get('h', new Date(NOW.getTime() + 60_000))).toBeNull(); // expired: gone
    cache.keep('h', row(), cache.begin());
    time = 4999;
    expect(cache.get('h', NOW)).not.toBeNull();
    time = 5000;
    expect(cache.get('h', NOW)).toBeNull();
  });

  it('does not keep a look-up that started before a change, or before notifications were heard again', () => {
    for (const event of ['committed', 'local', 'lost', 'live'] as const) {
      const { cache, changes } = setup();
      const generation = cache.begin();
      changes.emit(event);
      changes.emit('live');
      time += SESSION_CACHE_QUIET_MS;
      cache.keep('h', row(), generation);
      expect(cache.get('h', NOW), event).toBeNull();
      cache.keep('h', row(), cache.begin());
      expect(cache.get('h', NOW), event).not.toBeNull();
    }
  });

  it('empties on every change and holds nothing while not live or just after a local revoking statement', () => {
    const { cache, changes } = setup();
    cache.keep('h', row(), cache.begin());
    changes.emit('committed');
    expect(cache.size).toBe(0);

    cache.keep('h', row(), cache.begin());
    changes.emit('local');
    expect(cache.get('h', NOW)).toBeNull();
    cache.keep('h', row(), cache.begin());
    expect(cache.size).toBe(0);
    time += SESSION_CACHE_QUIET_MS - 1;
    expect(cache.quiet).toBe(true);
    cache.keep('h', row(), cache.begin());
    expect(cache.size).toBe(0);
    time += 1;
    cache.keep('h', row(), cache.begin());
    expect(cache.get('h', NOW)).not.toBeNull();

    changes.emit('lost');
    cache.keep('h', row(), cache.begin());
    expect(cache.get('h', NOW)).toBeNull();
    changes.emit('live');
    cache.keep('h', row(), cache.begin());
    expect(cache.get('h', NOW)).not.toBeNull();
  });

  it('holds at most maxEntries (the oldest go) and freezes the shared user row', () => {
    const { cache } = setup();
    for (const hash of ['a', 'b', 'c', 'd']) cache.keep(hash, row(), cache.begin());
    expect(cache.size).toBe(3);
    expect(cache.get('a', NOW)).toBeNull();
    const user = cache.get('d', NOW)!.user as { username: string; roles: string[] };
    expect(() => {
      user.username = 'mallory';
    }).toThrow(TypeError);
    expect(() => user.roles.push('ADMIN')).toThrow(TypeError);
  });
});

describe('isAuthWrite', () => {
  it('finds the statements that may revoke a session or change an account, and only those', () => {
    for (const query of [
      'update "users" set "password_hash" = $1 where "users"."id" = $2',
      'delete from "users" where "users"."id" = $1',
      'delete from "sessions" where "sessions"."token_hash" = $1',
      'DELETE FROM sessions WHERE user_id = $1',
      'with gone as (delete from "sessions" where true returning 1) select count(*) from gone',
      'TRUNCATE TABLE public.users CASCADE',
      'truncate "questions", "sessions", "topics" restart identity cascade',
    ])
      expect(isAuthWrite(query), query).toBe(true);
    for (const query of [
      'select "id" from "users" where "users"."id" = $1',
      'insert into "users" ("email") values ($1) returning *',
      'update "sessions" set "last_used_at" = $1, "expires_at" = $2 where "sessions"."id" = $3',
      'insert into "sessions" ("token_hash") values ($1)',
      'update "users_services" set "x" = 1',
      'delete from "answer_drafts" where "student_id" in (select "id" from "users")',
    ])
      expect(isAuthWrite(query), query).toBe(false);
  });
});

describe('the session cache in the app', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.createUser({ roles: ['ADMIN'] });
  });
  afterAll(() => t.close());

  const authCheck = (as: TestUser) => t.request({ method: 'GET', url: '/api/v1/users/auth-check', as });
  /** Signs `user` in and has their session cached (on PostgreSQL after the sign-in's quiet time). */
  async function cached(user: TestUser): Promise<void> {
    await vi.waitFor(() => expect(t.app.sessionCache.quiet).toBe(false), { timeout: 5000, interval: 50 });
    expect((await authCheck(user)).statusCode).toBe(200);
    const before = t.database.queries.count;
    expect((await authCheck(user)).statusCode).toBe(200);
    expect(t.database.queries.count - before, 'a cached session costs no statement').toBe(0);
  }

  it('a logged-out session stops working at once', async () => {
    const user = await t.createUser();
    await cached(user);
    const out = await t.request({ method: 'POST', url: '/api/v1/users/logout', as: user });
    expect(out.statusCode).toBe(200);
    expect((await authCheck(user)).statusCode).toBe(401);
  });

  it("an admin's role change ends the account's cached sessions at once", async () => {
    const user = await t.createUser({ roles: ['STUDENT'] });
    await cached(user);
    const changed = await t.request({
      method: 'PATCH',
      url: '/api/v1/users',
      as: admin,
      payload: { id: user.user.id, role: 'TEACHER' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await authCheck(user)).statusCode).toBe(401);
  });

  it("a change of the account shows in the caller's next answer", async () => {
    const user = await t.createUser();
    await cached(user);
    const saved = await t.request({
      method: 'PUT',
      url: '/api/v1/users/language',
      as: user,
      payload: { language: 'ko' },
    });
    expect(saved.statusCode).toBe(200);
    expect((await authCheck(user)).json()).toMatchObject({ language: 'ko' });
  });

  it('a session deleted by another process (npm run users, another instance) stops working', async () => {
    const user = await t.createUser();
    await cached(user);
    // Not through this process's Drizzle: only the database's trigger can tell the cache.
    if (t.database.kind === 'postgres') {
      const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
      const other = new pg.Client({ connectionString: pool.options.connectionString });
      await other.connect();
      await other.query('delete from sessions where user_id = $1', [user.user.id]);
      await other.end();
      // Heard through LISTEN within milliseconds; never served once heard.
      await vi.waitFor(async () => expect((await authCheck(user)).statusCode).toBe(401), {
        timeout: 2000,
        interval: 5,
      });
    } else {
      const client = (t.database.db as unknown as { $client: { query(sql: string): Promise<unknown> } })
        .$client;
      await client.query(`delete from sessions where user_id = ${user.user.id}`);
      expect((await authCheck(user)).statusCode).toBe(401);
    }
  });
});
