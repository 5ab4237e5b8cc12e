import type { AuthCheckResponse, LanguageResponse, SignupRequest } from '../../common/contracts/users.ts';
import type { Language } from '../../common/i18n/translation.ts';
import { apiMessages } from '../../common/messages.ts';
import { type Role, rolesToText, toAuthorities } from '../../common/roles.ts';
import type { Db, DbOrTx } from '../db/open.ts';
import { conflict, unauthorized, uniqueViolation } from '../errors.ts';
import { subscribeToStarterServices } from '../services/service.ts';
import { readDeviceCookie } from '../sessions/devices.ts';
import type { UserRow } from '../shared/users.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { findUserByEmail, findUserByUsername, insertUser, setUserLanguage } from './queries.ts';
import { beginSignIn, checkSignUpAllowed, endSignIn } from './throttle.ts';

export type NewAccount = SignupRequest & { roles: Role[] };

/** Other domains' look-ups of one account, and the demo's parent–child link. */
export { findUserByEmail, findUserById, findUserByUsername, linkChild, listUsers } from './queries.ts';

/** An account's row, as routes outside the users domain name it. */
export type { UserRow };

/** A new account, a student subscribed to the services meant for new students (call it in a transaction). */
export async function insertAccount(
  db: DbOrTx,
  values: { email: string; username: string; passwordHash: string | null; roles: Role[] },
): Promise<UserRow> {
  const row = await insertUser(db, values);
  if (row.roles.includes('STUDENT')) await subscribeToStarterServices(db, row.id);
  return row;
}

/** Creates an account (sign-up, the users CLI, the demo). Email and username must both be free. */
export async function createAccount(db: Db, account: NewAccount): Promise<UserRow> {
  if (await findUserByEmail(db, account.email)) throw conflict(apiMessages.emailInUse);
  if (await findUserByUsername(db, account.username)) throw conflict(apiMessages.usernameTaken);
  const passwordHash = await hashPassword(account.password);
  try {
    return await db.transaction((tx) =>
      insertAccount(tx, {
        email: account.email,
        username: account.username,
        passwordHash,
        roles: [...new Set(account.roles)],
      }),
    );
  } catch (error) {
    // Two sign-ups racing for the same email or name: the unique index decides.
    const constraint = uniqueViolation(error);
    if (constraint === 'users_email_unique') throw conflict(apiMessages.emailInUse);
    if (constraint === 'users_username_lower_unique') throw conflict(apiMessages.usernameTaken);
    throw error;
  }
}

/** `POST users/signup` from an address: throttled per address before any password is hashed. */
export async function signUp(
  db: Db,
  request: SignupRequest,
  from: { ip: string; now: Date; perHour: number },
): Promise<UserRow> {
  await checkSignUpAllowed(db, from);
  return createAccount(db, { ...request, roles: ['STUDENT'] });
}

/**
 * Checks a password sign-in. Unknown email and wrong password answer the same 401 in the same time.
 * Throttled per (account, address) and per address with growing delays (./throttle.ts), or per
 * device when the browser's device cookie is valid for this account; a 429 carries `Retry-After`,
 * and a 503 when the server is too busy to check passwords.
 */
export async function signIn(
  db: Db,
  attempt: { email: string; password: string; ip: string; deviceCookie?: string | undefined },
  now: Date,
): Promise<UserRow> {
  // The account is read once, while the throttle decides: sign-in waits on one statement fewer,
  // and nothing read is used before the throttle lets the attempt through. Until it is awaited
  // below, a rejection is held here, so a refused attempt leaves no unhandled one behind.
  const account = findUserByEmail(db, attempt.email);
  account.catch(() => {});
  const device = await trustedDevice(db, account, attempt.deviceCookie);
  const ticket = await beginSignIn(db, { email: attempt.email, ip: attempt.ip, device }, now);
  let outcome: 'success' | 'failure' | 'undecided' = 'undecided';
  try {
    const user = await account;
    const valid = await verifyPassword(user?.passwordHash ?? null, attempt.password);
    outcome = user && valid ? 'success' : 'failure';
    if (!user || !valid) throw unauthorized(apiMessages.invalidCredentials);
    return user;
  } finally {
    await endSignIn(db, ticket, outcome, now);
  }
}

/** The nonce of a device cookie valid for this email's account; null as if absent otherwise. */
async function trustedDevice(
  db: Db,
  account: Promise<UserRow | null>,
  cookie: string | undefined,
): Promise<string | null> {
  const device = await readDeviceCookie(db, cookie);
  if (!device) return null;
  return (await account)?.id === device.userId ? device.nonce : null;
}

export function toAuthCheck(
  user: { username: string; roles: Role[]; user?: { language: Language | null } | undefined },
  timeZone: string,
): AuthCheckResponse {
  return {
    username: user.username,
    role: rolesToText(user.roles),
    roles: toAuthorities(user.roles),
    timeZone,
    language: user.user?.language ?? null,
  };
}

/** Saves the caller's interface language (null: follow the browser); answers what is saved now. */
export async function chooseLanguage(
  db: Db,
  userId: number,
  language: Language | null,
): Promise<LanguageResponse> {
  return { language: await setUserLanguage(db, userId, language) };
}
