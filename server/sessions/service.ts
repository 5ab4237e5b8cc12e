import { hash, randomBytes } from 'node:crypto';
import { serverLimits } from '../../common/limits.ts';
import type { Db } from '../db/open.ts';
import type { SessionCache } from './cache.ts';
import {
  deleteSessionByHash,
  extendSession,
  findLiveSession,
  insertSession,
  type SessionRow,
} from './queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const IDLE_MS = serverLimits.sessionIdleDays * DAY_MS;
const ABSOLUTE_MS = serverLimits.sessionAbsoluteDays * DAY_MS;
/** A used session is written back at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export const SESSION_COOKIE = 'tf_session';

export function hashToken(token: string): string {
  // One-shot: no Hash object per request (every API request hashes its cookie).
  return hash('sha256', token, 'hex');
}

/** A live session with its user, as http/sessions.ts keeps it on the request. */
export type { SessionRow };

export type NewSession = { token: string; absoluteExpiresAt: Date };

/**
 * A fresh random 256-bit token; only its hash is stored. `replaces` is the token of the session the
 * browser held before, which ends here.
 */
export async function startSession(
  db: Db,
  userId: number,
  now: Date,
  replaces: string | null = null,
): Promise<NewSession> {
  const token = randomBytes(32).toString('base64url');
  const absoluteExpiresAt = new Date(now.getTime() + ABSOLUTE_MS);
  await insertSession(db, {
    tokenHash: hashToken(token),
    userId,
    now,
    expiresAt: new Date(now.getTime() + IDLE_MS),
    absoluteExpiresAt,
    replacesHash: replaces ? hashToken(replaces) : null,
  });
  return { token, absoluteExpiresAt };
}

/**
 * The session behind a cookie token if it is still live. Use slides the idle expiry forward (at most
 * once per TOUCH_INTERVAL_MS unless `force`), never past the absolute cap. With a `cache`
 * (sessions/cache.ts) a session looked up recently and unchanged since costs no statement.
 */
export async function touchSession(
  db: Db,
  token: string,
  now: Date,
  options: { force?: boolean; cache?: SessionCache } = {},
): Promise<SessionRow | null> {
  const tokenHash = hashToken(token);
  const { cache } = options;
  let session = cache?.get(tokenHash, now) ?? null;
  if (!session) {
    const generation = cache?.begin() ?? 0;
    session = await findLiveSession(db, tokenHash, now);
    if (!session) return null;
    cache?.keep(tokenHash, session, generation);
  }
  if (options.force || touchDue(session, now)) {
    const expiresAt = new Date(Math.min(now.getTime() + IDLE_MS, session.absoluteExpiresAt.getTime()));
    await extendSession(db, session.sessionId, now, expiresAt);
    session.expiresAt = expiresAt;
    session.lastUsedAt = now;
  }
  return session;
}

/** Whether a use of the session now is to be written back (its idle expiry slid forward). */
function touchDue(session: SessionRow, now: Date): boolean {
  return now.getTime() - session.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS;
}

/**
 * What `touchSession` with this cache would answer when that needs no statement — the cached live
 * session, not due to be written back — and null otherwise (then ask `touchSession`). Synchronous:
 * the session check of nearly every request under load makes no promise (http/sessions.ts).
 */
export function touchCachedSession(token: string, now: Date, cache: SessionCache): SessionRow | null {
  const session = cache.get(hashToken(token), now);
  return session && !touchDue(session, now) ? session : null;
}

export async function endSession(db: Db, token: string): Promise<void> {
  await deleteSessionByHash(db, hashToken(token));
}
