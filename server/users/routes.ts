import type { FastifyInstance } from 'fastify';
import { LoginRequest, SignupRequest } from '../../common/contracts/users.ts';
import { apiMessages } from '../../common/messages.ts';
import { unauthorized } from '../errors.ts';
import { access } from '../http/access.ts';
import { parseWith } from '../http/parse.ts';
import { declareRoutes } from '../http/route.ts';
import { beginSession, clearSessionCookie } from '../http/sessions.ts';
import { linkPendingProviders } from '../oauth/routes.ts';
import { endSession, SESSION_COOKIE, touchSession } from '../sessions/service.ts';
import { signIn, signUp, toAuthCheck, toUserResponse } from './service.ts';

const TEXT = 'text/plain; charset=utf-8';

export async function userRoutes(app: FastifyInstance): Promise<void> {
  const route = declareRoutes(app);
  const { database, now } = app.deps;

  route.post('/users/signup', access.public, async (request, reply) => {
    const body = parseWith(SignupRequest, request.body, 'body');
    const user = await signUp(database.db, body, {
      ip: request.ip,
      now: now(),
      perHour: app.deps.config.signUpsPerHour,
    });
    return reply.type(TEXT).send(user.username);
  });

  route.post('/users/login', access.public, async (request, reply) => {
    const body = parseWith(LoginRequest, request.body, 'body');
    const user = await signIn(database.db, { ...body, ip: request.ip }, now());
    // A new token at every sign-in; the session the browser held before (if any) ends here.
    await beginSession(app, request, reply, user.id);
    // A provider sign-in that found this account's email waits for this password sign-in to link.
    await linkPendingProviders(app, request, reply, user);
    return reply.type(TEXT).send(user.username);
  });

  route.post('/users/logout', access.public, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await endSession(database.db, token);
    clearSessionCookie(app, request, reply);
    return reply.type(TEXT).send('Logged out');
  });

  route.post('/users/refresh', access.public, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    const session = token ? await touchSession(database.db, token, now(), { force: true }) : null;
    if (!session) {
      clearSessionCookie(app, request, reply);
      throw unauthorized(token ? apiMessages.sessionExpired : apiMessages.notSignedIn);
    }
    return reply.type(TEXT).send(session.user.username);
  });

  route.get('/users/auth-check', access.signedIn, async (request) => {
    const auth = request.auth;
    return toAuthCheck(auth);
  });

  route.get('/users/:name', access.userRead('name'), async (request) => {
    return toUserResponse(request.subject);
  });
}
