import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serverLimits } from '../../common/limits.ts';
import { SessionCache } from '../sessions/cache.ts';
import { DEVICE_COOKIE, issueDeviceCookie } from '../sessions/devices.ts';
import type { NewSession, SessionRow } from '../sessions/service.ts';
import { SESSION_COOKIE, startSession, touchCachedSession, touchSession } from '../sessions/service.ts';
import { isApiPath } from './errors.ts';

/**
 * Resolves the session cookie on every API request into `request.auth`, through a cache of recent
 * sessions that every revocation empties at once (sessions/cache.ts, "Sessions" in docs/architecture.md).
 */
export function registerSessions(app: FastifyInstance): void {
  const cache = new SessionCache(app.deps.database.authChanges);
  app.decorate('sessionCache', cache);
  app.addHook('onClose', async () => cache.close());
  app.decorateRequest('auth', null);
  app.decorateRequest('sessionExpired', false);
  app.decorateRequest('subject', null);
  // A callback, not an async hook: a session in the cache and not due to be written back (nearly
  // every request under load) is answered at once, with no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const token = isApiPath(request.url) ? request.cookies[SESSION_COOKIE] : undefined;
    if (!token) {
      done();
      return;
    }
    const now = app.deps.now();
    const cached = touchCachedSession(token, now, cache);
    if (cached) {
      signIn(request, cached);
      done();
      return;
    }
    touchSession(app.deps.database.db, token, now, { cache }).then((session) => {
      if (session) signIn(request, session);
      else request.sessionExpired = true;
      done();
    }, done);
  });
}

function signIn(request: FastifyRequest, session: SessionRow): void {
  request.auth = {
    userId: session.user.id,
    username: session.user.username,
    email: session.user.email,
    roles: session.user.roles,
    sessionId: session.sessionId,
    user: session.user,
  };
}

export function isHttps(app: FastifyInstance, request: FastifyRequest): boolean {
  const publicUrl = app.deps.config.publicUrl;
  return publicUrl ? publicUrl.protocol === 'https:' : request.protocol === 'https';
}

export function setSessionCookie(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  session: NewSession,
): void {
  const seconds = Math.floor((session.absoluteExpiresAt.getTime() - app.deps.now().getTime()) / 1000);
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(app, request),
    maxAge: Math.max(0, seconds),
  });
}

/** Sent only with password sign-ins, the one request that reads it. */
const DEVICE_COOKIE_PATH = '/api/v1/users/login';
const DEVICE_SECONDS = serverLimits.deviceCookieDays * 24 * 3600;

/**
 * Signs a user in on this response: ends the session the browser held before (if any), starts a new
 * one and sets its cookie, and gives the browser a new device cookie for the account (it outlives
 * the session: sessions/devices.ts). Password and provider sign-ins both come through here.
 */
export async function beginSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<void> {
  const { database, now } = app.deps;
  const session = await startSession(database.db, userId, now(), request.cookies[SESSION_COOKIE] ?? null);
  setSessionCookie(app, request, reply, session);
  reply.setCookie(DEVICE_COOKIE, await issueDeviceCookie(database.db, userId), {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: isHttps(app, request),
    maxAge: DEVICE_SECONDS,
  });
}

export function clearSessionCookie(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(app, request),
  });
}
