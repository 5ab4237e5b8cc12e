import type { AuthChanges } from '../db/open.ts';
import type { SessionRow } from './queries.ts';

/**
 * How long a session looked up stays in the cache at most. It bounds staleness only in a case no
 * notification covers: another process's change while this process's LISTEN connection is broken
 * without either side noticing (TCP keep-alive ends that too, later). Every other revocation empties
 * the cache as described on SessionCache.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
/** After this process sends a revoking statement, nothing is cached for this long (see SessionCache). */
export const SESSION_CACHE_QUIET_MS = 2_000;
/** Sessions held at most (the oldest go first): a bound on memory, far above the users of one school. */
export const SESSION_CACHE_MAX = 10_000;

type Entry = { session: SessionRow; at: number };

/**
 * The live sessions this process looked up recently, by token hash, so a signed-in request costs no
 * SQL statement while its session is unchanged (every API request resolves its session: it was one
 * statement of the two a student's tutoring read runs). Correct before fast — a revoked session
 * (logout, an admin's role change, password change, deletion, `npm run users`) stops working at once:
 *
 * - **This process's own writes.** Before a statement that may revoke a session is sent
 *   (`AuthChanges` 'local', detected from its SQL), the cache is emptied and holds nothing for
 *   SESSION_CACHE_QUIET_MS: a look-up running alongside the writer's uncommitted transaction could read
 *   the old row. Each look-up also carries the cache's generation from before it started and is kept
 *   only if no change came in the meantime.
 * - **Every committed change, from any process** ('committed'): the trigger of migration 0013
 *   notifies after the commit (PostgreSQL: LISTEN on a connection of its own; PGlite: before the
 *   statement returns), and the cache is emptied.
 * - **No notifications, no cache**: while the LISTEN connection is down (`live` false) nothing is
 *   served from the cache, and it is emptied when the connection is lost.
 * - Expiry is checked on every hit against the request's clock, as the SQL does; and an entry is
 *   used for SESSION_CACHE_TTL_MS at most (the bound in the one case above).
 *
 * The cached row is shared by the requests that hit it: it is frozen, so no handler can change it.
 */
export class SessionCache {
  private entries = new Map<string, Entry>();
  private generation = 0;
  private quietUntil = 0;
  private readonly unsubscribe: () => void;
  private readonly changes: AuthChanges;
  private readonly clock: () => number;
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(
    changes: AuthChanges,
    options: { clock?: () => number; ttlMs?: number; maxEntries?: number } = {},
  ) {
    this.changes = changes;
    this.clock = options.clock ?? (() => performance.now());
    this.ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
    this.maxEntries = options.maxEntries ?? SESSION_CACHE_MAX;
    this.unsubscribe = changes.subscribe((event) => {
      if (event === 'local') this.quietUntil = this.clock() + SESSION_CACHE_QUIET_MS;
      // Every event ends the look-ups under way too, 'live' included: one that read the database
      // before LISTEN was answered could have missed a change committed in between.
      this.clear();
    });
  }

  /** Sessions cached now (tests). */
  get size(): number {
    return this.entries.size;
  }

  /** Holding nothing just after a revoking statement of this process (PostgreSQL; tests wait it out). */
  get quiet(): boolean {
    return this.clock() < this.quietUntil;
  }

  private usable(): boolean {
    return this.changes.live && this.clock() >= this.quietUntil;
  }

  /** The cached live session of a token hash at `now`, or null (then look it up: `begin`, `keep`). */
  get(tokenHash: string, now: Date): SessionRow | null {
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    const time = now.getTime();
    if (
      !this.usable() ||
      this.clock() - entry.at >= this.ttlMs ||
      entry.session.expiresAt.getTime() <= time ||
      entry.session.absoluteExpiresAt.getTime() <= time
    ) {
      this.entries.delete(tokenHash);
      return null;
    }
    return entry.session;
  }

  /** The generation to hand back to `keep` with what a look-up started now found. */
  begin(): number {
    return this.generation;
  }

  /** Keeps a looked-up session, unless anything that may revoke one happened since `begin`. */
  keep(tokenHash: string, session: SessionRow, generation: number): void {
    if (generation !== this.generation || !this.usable()) return;
    Object.freeze(session.user.roles);
    Object.freeze(session.user);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, { session, at: this.clock() });
  }

  /** Forgets every session and makes look-ups under way not kept. */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  close(): void {
    this.unsubscribe();
    this.clear();
  }
}
