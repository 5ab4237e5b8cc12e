import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id (a const enum, which erasable TypeScript cannot import as a value). */
const ARGON2ID = 2 as Algorithm;

/**
 * argon2id at the OWASP Password Storage Cheat Sheet's first recommended setting:
 * 19 MiB of memory, 2 iterations, 1 degree of parallelism.
 */
const OWASP_ARGON2ID = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OWASP_ARGON2ID);
}

/** Verifies against a stored hash; with no hash (unknown email) it still spends the same time. */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

const dummyHash = hashPassword('timing-equaliser-for-unknown-accounts');
