import type { FastifyInstance } from 'fastify';
import { apiMessages } from '../../common/messages.ts';
import { badRequest } from '../errors.ts';

/**
 * Checks every request gets before anything reads it: PostgreSQL text cannot hold a NUL character
 * (error 22021), so a NUL anywhere in the address or the body is a 400 here rather than a 500 from
 * whichever query meets it first; and a Host header that is not a host is a 400 (RFC 9112 §3.2),
 * since the app's own origin is built from it.
 */
export function registerEdgeChecks(app: FastifyInstance): void {
  // The last Host found valid: clients send the same one request after request, and checking it
  // (a pattern and a URL parse) is then done once. Only a valid host is remembered.
  let validHost = '';
  // Callbacks, not async hooks: every request runs them, and they never wait.
  app.addHook('onRequest', (request, _reply, done) => {
    // Undecoded, so `%00` is the only spelling of a NUL in a path or query (`%2500` is "%00").
    if (hasNulInAddress(request.raw.url ?? '')) return done(badRequest(apiMessages.nulCharacter));
    const host = request.host;
    if (host && host !== validHost) {
      if (!isValidHost(host)) return done(badRequest(apiMessages.badHost));
      validHost = host;
    }
    done();
  });
  // After the body is parsed and before the route's own checks (access rules run in onRequest and
  // never read the body).
  app.addHook('preValidation', (request, _reply, done) => {
    done(
      request.body !== undefined && holdsNul(request.body) ? badRequest(apiMessages.nulCharacter) : undefined,
    );
  });
}

function hasNulInAddress(url: string): boolean {
  return url.includes('\0') || url.includes('%00');
}

/** A host name, IPv4 or bracketed IPv6 address, with an optional port: nothing else. */
const HOST_PATTERN = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._~-]+)(?::(\d{1,5}))?$/;

export function isValidHost(host: string): boolean {
  const match = HOST_PATTERN.exec(host);
  if (!match) return false;
  if (match[1] !== undefined && Number(match[1]) > 65_535) return false;
  return URL.canParse(`http://${host}`);
}

/**
 * Whether any string or key in a parsed JSON value holds a NUL. Iterative: a body nested hundreds of
 * thousands of levels deep (JSON.parse takes it) must not overflow the stack here.
 */
export function holdsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes('\0')) return true;
    } else if (Array.isArray(item)) {
      for (const element of item) pending.push(element);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, element] of Object.entries(item)) {
        if (key.includes('\0')) return true;
        pending.push(element);
      }
    }
  }
  return false;
}
