import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import type { Role } from '../../common/roles.ts';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/open.ts';
import type { LogOutput } from '../logging.ts';
import { SESSION_COOKIE, startSession } from '../sessions/service.ts';
import type { UserRow } from '../shared/users.ts';
import { hashPassword } from '../users/passwords.ts';
import { insertAccount } from '../users/service.ts';

/**
 * Users made for a test share one argon2 hash per password: a hash costs ~14 ms of a core, and the
 * server suite makes some 700 users. Sign-up and the users CLI hash every password through
 * createAccount, and their own tests go through them.
 */
const passwordHashes = new Map<string, Promise<string>>();
function hashOnce(password: string): Promise<string> {
  let hashed = passwordHashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    passwordHashes.set(password, hashed);
  }
  return hashed;
}

/**
 * The instant every test app starts at: a Tuesday 10:00 in Seoul (01:00 UTC). Tests never read the
 * machine's clock, so an answer cannot depend on the hour, day or month the suite runs in; a test
 * that needs another time of day sets it (`clock.set`).
 */
export const TEST_START = new Date('2026-03-10T10:00:00+09:00');

/** A fixed clock that moves only when a test moves it (session expiry, sign-in windows, due days). */
export class TestClock {
  private current = TEST_START.getTime();
  now = (): Date => new Date(this.current);
  set(at: Date | string): void {
    this.current = new Date(at).getTime();
  }
  advance(ms: number): void {
    this.current += ms;
  }
  advanceDays(days: number): void {
    this.advance(days * 24 * 60 * 60 * 1000);
  }
}

export const ORIGIN = 'http://localhost';

/** Host headers that are not hosts (a space, an open bracket, a port past 65535, userinfo, a path, a list). */
export const MALFORMED_HOSTS = [
  'exa mple.com',
  '[::1',
  'localhost:99999',
  'evil.example@localhost',
  'localhost/x',
  'a,b',
  ':80',
];

/** A fresh copy of the migrated test database (PGlite by default, PostgreSQL with TEST_DATABASE_URL). */
export async function openTestDatabase(options: { poolSize?: number } = {}): Promise<Database> {
  const postgresTemplate = inject('postgresTemplate');
  if (postgresTemplate) {
    const base = process.env.TEST_DATABASE_URL!;
    const name = `tf_test_${process.ppid}_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${postgresTemplate}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    const database = await openDatabase({
      kind: 'postgres',
      url: url.toString(),
      poolSize: options.poolSize ?? 4,
    });
    return {
      ...database,
      async close() {
        await database.close();
        const drop = new pg.Client({ connectionString: base });
        await drop.connect();
        await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await drop.end();
      },
    };
  }
  const dump = fs.readFileSync(inject('pgliteTemplate'));
  return openDatabase({ kind: 'pglite', dataDir: null, loadDataDir: new Blob([dump]) });
}

export type TestUser = { user: UserRow; email: string; password: string; cookie: string };

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  clock: TestClock;
  config: Config;
  /** app.inject with a session cookie and our Origin when `as` is given. */
  request(options: InjectOptions & { as?: TestUser | string | null }): Promise<LightMyRequestResponse>;
  /**
   * Listens on a free loopback port (real sockets, for tests of parallel requests) and answers the
   * base URL; `close()` stops it.
   */
  listen(): Promise<string>;
  /** Creates an account directly (no HTTP) and a session for it. */
  createUser(options?: { roles?: Role[]; username?: string; password?: string }): Promise<TestUser>;
  /** `count` accounts with `roles` (students by default), one after another, each with a session. */
  createUsers(count: number, options?: { roles?: Role[] }): Promise<TestUser[]>;
  close(): Promise<void>;
};

let counter = 0;

export async function startTestApp(
  options: {
    env?: Record<string, string>;
    registerExtra?: (app: FastifyInstance) => void;
    /** PostgreSQL pool size (default 4); the concurrency suite uses more so requests really overlap. */
    poolSize?: number;
    /** Where log lines go (with `LOG_LEVEL` set in `env`; the default is silent). */
    logOutput?: LogOutput;
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase({ poolSize: options.poolSize });
  const clock = new TestClock();
  // Uploaded pictures go to a directory of this app's own, removed on close.
  const imagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tf-images-'));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    IMAGES_DIR: imagesDir,
    // Every test run checks each answer against its route's response contract (http/route.ts).
    CHECK_RESPONSES: '1',
    ...options.env,
  });
  const app = await buildApp({ config, database, now: clock.now, logOutput: options.logOutput });
  options.registerExtra?.(app);
  await app.ready();

  const testApp: TestApp = {
    app,
    database,
    clock,
    config,
    request({ as, ...rest }) {
      const cookie = typeof as === 'string' ? as : as?.cookie;
      const headers: Record<string, string> = { ...(rest.headers as Record<string, string>) };
      if (cookie) {
        headers.cookie = cookie;
        if (!('origin' in headers)) headers.origin = ORIGIN;
      }
      return app.inject({ ...rest, headers });
    },
    async listen() {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('no TCP address');
      return `http://127.0.0.1:${address.port}`;
    },
    async createUser({ roles = ['STUDENT'] as Role[], username, password = 'correct horse battery' } = {}) {
      counter++;
      const name = username ?? `user${counter}_${randomBytes(3).toString('hex')}`;
      const email = `${name.toLowerCase().replace(/[^a-z0-9]/g, '')}${counter}@example.com`;
      const passwordHash = await hashOnce(password);
      const user = await database.db.transaction((tx) =>
        insertAccount(tx, { email, username: name, passwordHash, roles: [...new Set(roles)] }),
      );
      const session = await startSession(database.db, user.id, clock.now());
      return { user, email, password, cookie: `${SESSION_COOKIE}=${session.token}` };
    },
    async createUsers(count, { roles = ['STUDENT'] as Role[] } = {}) {
      const users: TestUser[] = [];
      for (let i = 0; i < count; i++) users.push(await testApp.createUser({ roles }));
      return users;
    },
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(imagesDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

/** The session cookie a response set, as a `name=value` request cookie. */
export function sessionCookieFrom(response: LightMyRequestResponse): string | null {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  return cookie?.value ? `${SESSION_COOKIE}=${cookie.value}` : null;
}

/** A multipart/form-data body with text fields and files, as a browser's FormData sends it. */
export function multipartBody(
  fields: Record<string, string>,
  files: Record<string, { name: string; type: string; data: Buffer }> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----tutorfolio${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const [name, file] of Object.entries(files)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
