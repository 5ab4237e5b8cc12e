import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/**
 * WEB_CONCURRENCY (server/cluster.ts): several server processes on one port, PostgreSQL only. The
 * real processes are tested in cluster.pg.test.ts, which runs in the PostgreSQL suite (npm run test:pg).
 */
describe('WEB_CONCURRENCY', () => {
  it('is 1 by default, and above 1 is refused without PostgreSQL (the embedded database is one process)', () => {
    expect(loadConfig({}).workers).toBe(1);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(ConfigError);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(/needs PostgreSQL/);
    expect(loadConfig({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://x@localhost/db' }).workers).toBe(2);
    expect(() => loadConfig({ WEB_CONCURRENCY: '0', DATABASE_URL: 'postgres://x@localhost/db' })).toThrow(
      ConfigError,
    );
  });
});
