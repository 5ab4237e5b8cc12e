import { randomBytes } from 'node:crypto';
import type { Db } from '../db/open.ts';
import { serverSecret } from './queries.ts';

const keys = new WeakMap<Db, Map<string, Promise<Buffer>>>();

/**
 * A signing key kept in `server_secrets` under `name`: read (or made, by the first instance to need
 * it) once per process, so every instance signs and checks with the same one.
 */
export function signingKey(db: Db, name: string): Promise<Buffer> {
  let named = keys.get(db);
  if (!named) {
    named = new Map();
    keys.set(db, named);
  }
  let key = named.get(name);
  if (!key) {
    key = serverSecret(db, name, randomBytes(32).toString('base64url')).then((value) =>
      Buffer.from(value, 'base64url'),
    );
    // A failed read is not kept: the next use asks again.
    key.catch(() => named.delete(name));
    named.set(name, key);
  }
  return key;
}
