import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open.ts';
import { auditLog, passwordResets } from '../db/schema.ts';
import { hashResetToken } from '../users/recovery.ts';

/** `npm run users -- reset-link` as an operator runs it (node server/cli/users.ts), on the embedded database. */
const root = path.resolve(import.meta.dirname, '../..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tutorfolio-users-cli-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function users(args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _omit, PUBLIC_URL: _none, ...inherited } = process.env;
  const result = spawnSync(process.execPath, ['server/cli/users.ts', ...args], {
    cwd: root,
    env: { ...inherited, LOG_LEVEL: 'warn', DATA_DIR: path.join(scratch, 'data'), ...env },
    encoding: 'utf8',
    timeout: 90_000,
  });
  return { status: result.status, out: result.stdout.trim(), err: result.stderr.trim() };
}

describe('npm run users -- reset-link', { timeout: 240_000 }, () => {
  it('prints a one-time link from PUBLIC_URL (else 127.0.0.1 and PORT), stored hashed and audited', async () => {
    const created = users(
      ['create', '--email', 'Ann@Example.com', '--username', 'ann', '--password', 'a long secret'],
      {},
    );
    expect(created.err).toBe('');
    expect(created.status).toBe(0);

    const fromPublic = users(['reset-link', '--email', 'ANN@example.com'], {
      PUBLIC_URL: 'https://tutor.example.com',
    });
    expect(fromPublic.status).toBe(0);
    const [link, until] = fromPublic.out.split('\n');
    expect(link).toMatch(/^https:\/\/tutor\.example\.com\/reset-password\?token=[\w-]{43}$/);
    expect(until).toMatch(/^\(works once, until \d{4}-\d\d-\d\dT/);
    const fromPort = users(['reset-link', '--email', 'ann@example.com'], { PORT: '9123' });
    expect(fromPort.out).toMatch(/^http:\/\/127\.0\.0\.1:9123\/reset-password\?token=[\w-]{43}\n/);

    const unknown = users(['reset-link', '--email', 'nobody@example.com'], {});
    expect(unknown.status).toBe(1);
    expect(unknown.err).toBe('users: User not found.');
    const malformed = users(['reset-link', '--email', 'not an email'], {});
    expect(malformed.status).toBe(1);
    expect(malformed.err).toContain('users: email: must be a valid email address');

    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(scratch, 'data') });
    try {
      const token = new URL(link!).searchParams.get('token')!;
      const stored = await database.db.select().from(passwordResets).orderBy(passwordResets.id);
      expect(stored).toHaveLength(2);
      expect(stored[0]!.tokenHash).toBe(hashResetToken(token));
      expect(stored[0]!.expiresAt.getTime() - stored[0]!.createdAt.getTime()).toBe(3_600_000);
      const audit = await database.db.select().from(auditLog);
      expect(audit.map((a) => [a.action, a.actorName, a.actorId, a.target])).toEqual([
        ['user.resetLink', 'npm run users', null, 'ann'],
        ['user.resetLink', 'npm run users', null, 'ann'],
      ]);
    } finally {
      await database.close();
    }
  });
});
