import { createHash, randomBytes } from 'node:crypto';
import { limits, serverLimits } from '../../common/limits.ts';
import { apiMessages } from '../../common/messages.ts';
import type { OAuthProvider } from '../../common/oauth.ts';
import { isSingleScript } from '../../common/scripts.ts';
import type { Db } from '../db/open.ts';
import { conflict, unauthorized, uniqueViolation } from '../errors.ts';
import type { UserRow } from '../shared/users.ts';
import { findUserByEmail, findUserById, findUserByUsername, insertAccount } from '../users/service.ts';
import type { ProviderProfile } from './profiles.ts';
import {
  findUserByIdentity,
  insertPending,
  linkIdentity,
  type PendingRow,
  takePendingLinks,
  takePendingRegistration,
} from './queries.ts';

const PENDING_MS = serverLimits.oauthPendingMinutes * 60 * 1000;

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What a provider sign-in leads to (docs/architecture.md, "Provider sign-in"):
 * - `signIn`: the provider account is linked to a user — or its verified email is that of an account
 *   without a password (one made through another provider), which it is then linked to;
 * - `register`: a verified email nobody uses: `/oauth2/register?token=…` with a one-use code;
 * - `link`: the verified email belongs to an account with a password: nothing is signed in; the link
 *   waits for that account's password sign-in in the same browser (no takeover by email alone);
 * - `unverified`: not linked, and the provider vouches for no email.
 */
export type CallbackDecision =
  | { kind: 'signIn'; user: UserRow }
  | { kind: 'register'; token: string }
  | { kind: 'link' }
  | { kind: 'unverified' };

export async function decideSignIn(
  db: Db,
  profile: ProviderProfile,
  browserBinding: string,
  now: Date,
): Promise<CallbackDecision> {
  const linked = await findUserByIdentity(db, profile.provider, profile.subject);
  if (linked) return { kind: 'signIn', user: linked };
  if (!profile.email || !profile.emailVerified) return { kind: 'unverified' };

  const pending = {
    provider: profile.provider,
    subject: profile.subject,
    email: profile.email,
    displayName: profile.name,
    browserHash: sha256(browserBinding),
    expiresAt: new Date(now.getTime() + PENDING_MS),
  };
  const owner = await findUserByEmail(db, profile.email);
  if (owner && owner.passwordHash === null) {
    const holder = await linkIdentity(db, { ...identityOf(profile), userId: owner.id });
    // A race linked this provider account elsewhere first: sign in where it is linked.
    return {
      kind: 'signIn',
      user: holder === owner.id ? owner : ((await findUserById(db, holder)) ?? owner),
    };
  }
  if (owner) {
    await insertPending(db, { ...pending, purpose: 'link', tokenHash: null }, now);
    return { kind: 'link' };
  }
  const token = randomSecret();
  await insertPending(db, { ...pending, purpose: 'register', tokenHash: sha256(token) }, now);
  return { kind: 'register', token };
}

function identityOf(p: { provider: string; subject: string; email: string | null }) {
  return { provider: p.provider, subject: p.subject, email: p.email };
}

/** Room left for the `_xxxxxxxx` suffix that makes a taken name unique. */
const USERNAME_BASE_MAX = limits.usernameMax - 9;

/**
 * A username from the provider's display name (else the email's local part, else "student"), cut
 * down to what usernames allow: letters and digits of one script (as sign-up requires: NFKC, no
 * look-alike mixtures such as a Cyrillic а among Latin letters), spaces, '.', '_' and '-'.
 */
export function usernameBase(name: string | null, email: string | null): string {
  for (const candidate of [name, email?.split('@')[0]]) {
    const cleaned = (candidate ?? '')
      .normalize('NFKC')
      .replace(/[^\p{L}\p{N} ._-]+/gu, '')
      .replace(/\s+/g, ' ')
      .replace(/^[^\p{L}\p{N}]+/u, '')
      .slice(0, USERNAME_BASE_MAX)
      .trim();
    if (cleaned && isSingleScript(cleaned)) return cleaned;
  }
  return 'student';
}

const NAME_ATTEMPTS = 8;

/**
 * Creates the STUDENT account of a pending registration (no password) and links the provider account
 * to it, in one transaction. A taken name gets `_` and 8 random hex digits, as the original did.
 */
async function createProviderAccount(db: Db, pending: PendingRow): Promise<UserRow> {
  const base = usernameBase(pending.displayName, pending.email);
  for (let attempt = 0; attempt < NAME_ATTEMPTS; attempt++) {
    const username = attempt === 0 ? base : `${base}_${randomBytes(4).toString('hex')}`;
    if (await findUserByUsername(db, username)) continue;
    try {
      return await db.transaction(async (tx) => {
        const user = await insertAccount(tx, {
          email: pending.email,
          username,
          passwordHash: null,
          roles: ['STUDENT'],
        });
        await linkIdentity(tx, { ...identityOf(pending), userId: user.id });
        return user;
      });
    } catch (error) {
      const constraint = uniqueViolation(error);
      // Another sign-up took the name between the check and the insert: try the next one.
      if (constraint === 'users_username_lower_unique') continue;
      if (constraint === 'users_email_unique') throw conflict(apiMessages.emailInUse);
      throw error;
    }
  }
  throw conflict(apiMessages.oauthNameUnavailable);
}

/**
 * `POST users/oauth/register`: exchanges the one-use code (with the browser cookie it is bound to)
 * for an account. Unknown, used, expired or wrong-browser codes are all the same 401.
 */
export async function registerWithCode(
  db: Db,
  token: string,
  browserBinding: string | undefined,
  now: Date,
): Promise<UserRow> {
  const pending = browserBinding
    ? await takePendingRegistration(db, sha256(token), sha256(browserBinding), now)
    : null;
  if (!pending) throw unauthorized(apiMessages.oauthRegisterInvalid);

  // Between the callback and this confirmation the provider account may have been linked (another
  // tab) or the email taken: decide again with what is true now.
  const linked = await findUserByIdentity(db, pending.provider as OAuthProvider, pending.subject);
  if (linked) return linked;
  const owner = await findUserByEmail(db, pending.email);
  if (owner) {
    if (owner.passwordHash !== null) throw conflict(apiMessages.emailInUse);
    await linkIdentity(db, { ...identityOf(pending), userId: owner.id });
    return owner;
  }
  return createProviderAccount(db, pending);
}

/**
 * After a password sign-in: links the provider accounts this browser was asked to link to this
 * account (same verified email, still valid). Returns the providers linked.
 */
export async function completePendingLinks(
  db: Db,
  browserBinding: string | undefined,
  user: UserRow,
  now: Date,
): Promise<string[]> {
  if (!browserBinding) return [];
  const rows = await takePendingLinks(db, sha256(browserBinding), user.email, now);
  const linked: string[] = [];
  for (const row of rows) {
    const holder = await linkIdentity(db, { ...identityOf(row), userId: user.id });
    if (holder === user.id) linked.push(row.provider);
  }
  return linked;
}
