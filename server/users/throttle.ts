import net from 'node:net';
import { serverLimits } from '../../common/limits.ts';
import type { Db } from '../db/open.ts';
import { AppError } from '../errors.ts';
import type { ServerTexts } from '../i18n/texts.ts';
import {
  countInWindow,
  deleteStaleThrottles,
  endThrottledAttempts,
  lockThrottles,
  saveThrottles,
  type ThrottleRow,
} from './queries.ts';

/**
 * Sign-in and sign-up throttling, after OWASP's authentication guidance: no hard account lockout
 * (which would let anyone lock anyone out), but growing delays per (account, address) pair and per
 * address. A correct password from an address with no recent failures always works; an address
 * guessing at many accounts, or at one, waits longer and longer. A browser that signed in to the
 * account before (a valid device cookie, sessions/devices.ts) is counted on its own instead, so
 * guesses from a shared address do not hold its owner back. Counters live in the database
 * (`throttles`), so they hold across server instances, and every decision is taken under the
 * rows' locks, so a burst of parallel guesses is counted exactly: attempts still being checked
 * count as failures until they end.
 */

const SECOND = 1000;
const FIRST_DELAY_MS = serverLimits.signInFirstDelaySeconds * SECOND;
const MAX_DELAY_MS = serverLimits.signInMaxDelaySeconds * SECOND;
const FORGET_MS = serverLimits.signInForgetHours * 3600 * SECOND;
/** An attempt not ended within this time (the process died mid-check) stops counting as in flight. */
const IN_FLIGHT_MS = 60 * SECOND;
const HOUR_MS = 3600 * SECOND;

/**
 * The address a counter is kept for: IPv4 as it is (also when written as `::ffff:a.b.c.d`), IPv6
 * by its /64 prefix, since one subscriber is usually given a whole /64 and could otherwise rotate
 * through 2^64 addresses.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!net.isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** How long an attempt must wait after `failures` failures when `free` come without delay. */
export function delayAfter(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(failures - free, 30));
}

type Rule = { key: string; free: number };

/** An attempt that was let through and must be ended with `endSignIn`. */
export type SignInAttempt = { clearedOnSuccess: string; keys: string[] };

/**
 * Who is trying: the email and address, and the nonce of a device cookie that is valid for that
 * email's account (null without one, or with one for another account).
 */
export type SignInSource = { email: string; ip: string; device: string | null };

function signInRules({ email, ip, device }: SignInSource): Rule[] {
  // A trusted browser has its own allowance, and neither feeds nor obeys the pair's and address's.
  if (device) return [{ key: `signin-device:${device}`, free: serverLimits.signInDeviceFreeFailures }];
  const address = addressKey(ip);
  return [
    { key: `signin:${email.toLowerCase()} ${address}`, free: serverLimits.signInPairFreeFailures },
    { key: `signin-address:${address}`, free: serverLimits.signInAddressFreeFailures },
  ];
}

function tooMany(message: (texts: ServerTexts) => (seconds: number) => string, waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / SECOND));
  return new AppError(429, (t) => message(t)(seconds), undefined, { 'retry-after': String(seconds) });
}

/**
 * Lets a sign-in attempt through or answers 429 with `Retry-After`. An attempt let through counts
 * as a failure of its counters (pair and address, or its device) until `endSignIn` says how it
 * ended, so parallel guesses cannot all slip in before the first failure is written.
 */
export async function beginSignIn(db: Db, source: SignInSource, now: Date): Promise<SignInAttempt> {
  const rules = signInRules(source);
  const t = now.getTime();
  await db.transaction(async (tx) => {
    const rows = new Map(
      (
        await lockThrottles(
          tx,
          rules.map((r) => r.key),
          now,
        )
      ).map((r) => [r.key, r]),
    );
    let waitMs = 0;
    const next: { key: string; count: number; inFlight: number; lastAt: Date }[] = [];
    for (const rule of rules) {
      const row = rows.get(rule.key) as ThrottleRow;
      const idle = t - row.lastAt.getTime();
      const count = idle >= FORGET_MS ? 0 : row.count;
      const inFlight = idle >= IN_FLIGHT_MS ? 0 : row.inFlight;
      const pending = count + inFlight;
      waitMs = Math.max(waitMs, row.lastAt.getTime() + delayAfter(pending, rule.free) - t);
      next.push({ key: rule.key, count, inFlight: inFlight + 1, lastAt: now });
    }
    if (waitMs > 0) throw tooMany((t) => t.apiMessages.tooManySignInFailures, waitMs);
    await saveThrottles(tx, next);
  });
  return { clearedOnSuccess: rules[0]!.key, keys: rules.map((r) => r.key) };
}

/**
 * Ends an attempt: a failure counts against its counters; a success clears the pair or the device
 * (never the address: signing in to one's own account must not reset a guesser's count); an
 * attempt that was not decided (the server was too busy to check the password) just ends.
 */
export async function endSignIn(
  db: Db,
  attempt: SignInAttempt,
  outcome: 'success' | 'failure' | 'undecided',
  now: Date,
): Promise<void> {
  await endThrottledAttempts(db, attempt.keys, {
    failed: outcome === 'failure' ? attempt.keys : [],
    cleared: outcome === 'success' ? [attempt.clearedOnSuccess] : [],
  });
  if (outcome === 'failure') await deleteStaleThrottles(db, new Date(now.getTime() - FORGET_MS));
}

/**
 * Sign-ups from one address: at most `perHour` (SIGNUPS_PER_ADDRESS_PER_HOUR) in a fixed hour, counted in one
 * atomic statement before any password is hashed; past it a 429 with `Retry-After`.
 */
export async function checkSignUpAllowed(
  db: Db,
  { ip, now, perHour }: { ip: string; now: Date; perHour: number },
): Promise<void> {
  const { count, windowStart } = await countInWindow(db, `signup-address:${addressKey(ip)}`, now, HOUR_MS);
  if (count > perHour) {
    throw tooMany((t) => t.apiMessages.tooManySignUps, windowStart.getTime() + HOUR_MS - now.getTime());
  }
}

/**
 * At most `perHour` actions of one kind (`what`: `stopwatch`, `wall`) per address in a fixed hour,
 * counted in one atomic statement (so parallel requests are counted exactly); past it a 429 with
 * `Retry-After` and `message`.
 */
export async function checkHourlyAllowance(
  db: Db,
  what: string,
  {
    ip,
    now,
    perHour,
    message,
  }: { ip: string; now: Date; perHour: number; message: (texts: ServerTexts) => (seconds: number) => string },
): Promise<void> {
  const { count, windowStart } = await countInWindow(db, `${what}-address:${addressKey(ip)}`, now, HOUR_MS);
  if (count > perHour) throw tooMany(message, windowStart.getTime() + HOUR_MS - now.getTime());
}

/**
 * Password reset requests: at most `perAddress` from one address and `perAccount` for one email
 * address (from anywhere) in a fixed hour, each counted in one atomic statement. The email's count
 * is kept whether or not it has an account, so a 429 tells nothing about it; a request refused for
 * its address does not count against the email.
 */
export async function checkPasswordResetAllowed(
  db: Db,
  {
    ip,
    email,
    now,
    perAddress,
    perAccount,
  }: { ip: string; email: string; now: Date; perAddress: number; perAccount: number },
): Promise<void> {
  const message = (t: ServerTexts) => t.recoveryMessages.tooManyResets;
  const address = await countInWindow(db, `reset-address:${addressKey(ip)}`, now, HOUR_MS);
  if (address.count > perAddress) {
    throw tooMany(message, address.windowStart.getTime() + HOUR_MS - now.getTime());
  }
  const account = await countInWindow(db, `reset-account:${email.toLowerCase()}`, now, HOUR_MS);
  if (account.count > perAccount) {
    throw tooMany(message, account.windowStart.getTime() + HOUR_MS - now.getTime());
  }
}
