import type { AuthCheckResponse, SignupRequest, UserResponse } from '../../common/contracts/users.ts';
import { limits } from '../../common/limits.ts';
import { apiMessages } from '../../common/messages.ts';
import { type Role, rolesToText, toAuthorities } from '../../common/roles.ts';
import type { Db } from '../db/open.ts';
import { AppError, conflict, unauthorized, uniqueViolation } from '../errors.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import {
  clearSignInFailures,
  countSignInFailures,
  findUserByEmail,
  findUserByUsername,
  insertUser,
  recordSignInFailure,
  type UserRow,
} from './queries.ts';

export type NewAccount = SignupRequest & { roles: Role[] };

/** Creates an account (sign-up, the users CLI, the demo). Email and username must both be free. */
export async function createAccount(db: Db, account: NewAccount): Promise<UserRow> {
  if (await findUserByEmail(db, account.email)) throw conflict(apiMessages.emailInUse);
  if (await findUserByUsername(db, account.username)) throw conflict(apiMessages.usernameTaken);
  const passwordHash = await hashPassword(account.password);
  try {
    return await insertUser(db, {
      email: account.email,
      username: account.username,
      passwordHash,
      roles: [...new Set(account.roles)],
    });
  } catch (error) {
    // Two sign-ups racing for the same email or name: the unique index decides.
    const constraint = uniqueViolation(error);
    if (constraint === 'users_email_unique') throw conflict(apiMessages.emailInUse);
    if (constraint === 'users_username_lower_unique') throw conflict(apiMessages.usernameTaken);
    throw error;
  }
}

export function signUp(db: Db, request: SignupRequest): Promise<UserRow> {
  return createAccount(db, { ...request, roles: ['STUDENT'] });
}

const WINDOW_MS = limits.signInFailureWindowMinutes * 60 * 1000;

/**
 * Checks a password sign-in. Unknown email and wrong password answer the same 401 in the same time.
 * Ten failures inside fifteen minutes, from one address or against one account, answer 429 until the
 * oldest of them leaves the window — even for the right password.
 */
export async function signIn(
  db: Db,
  attempt: { email: string; password: string; ip: string },
  now: Date,
): Promise<UserRow> {
  const accountKey = `account:${attempt.email}`;
  const keys = [`ip:${attempt.ip}`, accountKey];
  const windowStart = new Date(now.getTime() - WINDOW_MS);

  const counts = await countSignInFailures(db, keys, windowStart);
  const blocked = counts.find((c) => c.failures >= limits.signInFailureLimit);
  if (blocked) {
    const reopensAt = (blocked.oldest?.getTime() ?? now.getTime()) + WINDOW_MS;
    const seconds = Math.max(1, Math.ceil((reopensAt - now.getTime()) / 1000));
    throw new AppError(429, apiMessages.tooManySignInFailures(Math.ceil(seconds / 60)), undefined, {
      'retry-after': String(seconds),
    });
  }

  const user = await findUserByEmail(db, attempt.email);
  const valid = await verifyPassword(user?.passwordHash ?? null, attempt.password);
  if (!user || !valid) {
    await recordSignInFailure(db, keys, now, windowStart);
    throw unauthorized(apiMessages.invalidCredentials);
  }
  await clearSignInFailures(db, accountKey);
  return user;
}

export function toAuthCheck(user: { username: string; roles: Role[] }): AuthCheckResponse {
  return { username: user.username, role: rolesToText(user.roles), roles: toAuthorities(user.roles) };
}

export function toUserResponse(user: UserRow): UserResponse {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    role: rolesToText(user.roles),
    imageURL: user.imageUrl,
    services: [],
  };
}
