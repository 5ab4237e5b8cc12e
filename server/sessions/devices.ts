import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/open.ts';
import { signingKey } from './secrets.ts';

/**
 * Device cookies, OWASP's answer to lockouts that anyone can cause: a browser that signed in to an
 * account keeps a cookie naming the account and a random nonce, signed with a server key. A sign-in
 * that carries a valid one for the account it tries is throttled per cookie rather than per address
 * (users/throttle.ts), so guesses from a shared address (a school's Wi-Fi) cannot keep the owner out.
 */
export const DEVICE_COOKIE = 'tf_device';

/** The account a valid device cookie was issued to and its nonce (the cookie's own throttle key). */
export type Device = { userId: number; nonce: string };

const KEY_NAME = 'device-cookie';

/** The signing key, read (or made, by the first instance to need it) once per process. */
function deviceKey(db: Db): Promise<Buffer> {
  return signingKey(db, KEY_NAME);
}

function signature(key: Buffer, userId: number, nonce: string): string {
  return createHmac('sha256', key).update(`device ${userId} ${nonce}`).digest('base64url');
}

/** A new device cookie value for this account: `id.nonce.signature`. */
export async function issueDeviceCookie(db: Db, userId: number): Promise<string> {
  const nonce = randomBytes(16).toString('base64url');
  return `${userId}.${nonce}.${signature(await deviceKey(db), userId, nonce)}`;
}

const SHAPE = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** The device behind a cookie value when its signature holds; anything else is null. */
export async function readDeviceCookie(db: Db, value: string | undefined): Promise<Device | null> {
  const parts = value ? SHAPE.exec(value) : null;
  if (!parts) return null;
  const userId = Number(parts[1]);
  const nonce = parts[2]!;
  // Compared as text, so another spelling of the same bytes is refused too.
  const given = Buffer.from(parts[3]!);
  const expected = Buffer.from(signature(await deviceKey(db), userId, nonce));
  return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, nonce } : null;
}
