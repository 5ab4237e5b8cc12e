/**
 * Signing in, up or out changes whose data the pages may show. Whatever caches data for a user
 * (the query client, loaded with the signed-in pages) registers here, and the sign-in pages call
 * `sessionChanged` without loading that cache's code themselves.
 */
const listeners = new Set<() => void>();

export function onSessionChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function sessionChanged(): void {
  for (const listener of listeners) listener();
}
