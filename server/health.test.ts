import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READY_CHECK_TIMEOUT_MS } from './health.ts';
import { startTestApp, type TestApp } from './test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Replaces the database's `execute` for one check (a database that fails or never answers). */
async function withExecute<T>(replacement: () => Promise<never>, check: () => Promise<T>): Promise<T> {
  const db = t.database.db as unknown as { execute: unknown };
  const original = db.execute;
  db.execute = replacement;
  try {
    return await check();
  } finally {
    db.execute = original;
  }
}

describe('health checks', () => {
  it('/healthz and /readyz answer 200 without signing in, never cached', async () => {
    const health = await t.request({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    expect(health.headers['cache-control']).toBe('no-store');
    const ready = await t.request({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.headers.connection).not.toBe('close');
  });

  it('/readyz is 503 when the database fails or does not answer in time, saying nothing of why', async () => {
    const failed = await withExecute(
      () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.7:5432 password=secret')),
      () => t.request({ method: 'GET', url: '/readyz' }),
    );
    expect(failed.statusCode).toBe(503);
    expect(failed.body).toBe('{"status":"unavailable"}');

    const started = performance.now();
    const hung = await withExecute(
      () => new Promise<never>(() => {}),
      () => t.request({ method: 'GET', url: '/readyz' }),
    );
    expect(hung.statusCode).toBe(503);
    expect(hung.body).toBe('{"status":"unavailable"}');
    expect(performance.now() - started).toBeLessThan(READY_CHECK_TIMEOUT_MS + 1000);
    // The process itself is fine.
    expect((await t.request({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it("/readyz is 503 while the database lacks this code's newest migration", async () => {
    const newest = await t.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at`,
    );
    const row = (newest as unknown as { rows: { hash: string; created_at: string }[] }).rows[0]!;
    try {
      const response = await t.request({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable' });
    } finally {
      await t.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${row.hash}, ${row.created_at})`,
      );
    }
    expect((await t.request({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('once shutting down, /readyz is 503 and every answer asks to close the connection; /healthz stays 200', async () => {
    const other = await startTestApp();
    try {
      other.app.shutdown.begin();
      const ready = await other.request({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable' });
      expect(ready.headers.connection).toBe('close');
      const health = await other.request({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      expect(health.headers.connection).toBe('close');
      const api = await other.request({ method: 'GET', url: '/api/v1/users/auth-check' });
      expect(api.statusCode).toBe(401);
      expect(api.headers.connection).toBe('close');
    } finally {
      await other.close();
    }
  });
});
