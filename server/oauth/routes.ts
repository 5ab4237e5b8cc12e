import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import { OAuthRegisterRequest } from '../../common/contracts/oauth.ts';
import { serverLimits } from '../../common/limits.ts';
import { apiMessages, oauthTexts } from '../../common/messages.ts';
import {
  isOAuthProvider,
  OAUTH_PROVIDERS,
  type OAuthOutcome,
  type OAuthProvider,
  providerLabels,
} from '../../common/oauth.ts';
import { safeReturnPath } from '../../common/returnPath.ts';
import { z } from '../../common/zod.ts';
import { badRequest } from '../errors.ts';
import { access } from '../http/access.ts';
import { escapeHtml } from '../http/html.ts';
import { declareRoutes } from '../http/route.ts';
import { appOrigin } from '../http/security.ts';
import { beginSession, isHttps } from '../http/sessions.ts';
import type { UserRow } from '../users/service.ts';
import { decodeFlow, encodeFlow, FLOW_COOKIE, FLOW_MS } from './flow.ts';
import { createProviderClients, type ProviderClients } from './providers.ts';
import { completePendingLinks, decideSignIn, randomSecret, registerWithCode } from './service.ts';

/** Where providers send the browser back; register `PUBLIC_URL` + this + `/{provider}` with each. */
export const CALLBACK_PATH = '/login/oauth2/code';
/** Binds a pending registration or link to the browser that went through the provider. */
export const BINDING_COOKIE = 'tf_oauth_pending';
const BINDING_PATH = '/api/v1/users';
const PENDING_SECONDS = serverLimits.oauthPendingMinutes * 60;
const TEXT = 'text/plain; charset=utf-8';

/** The providers this server has settings for, in button order. */
export function configuredProviders(oauth: FastifyInstance['deps']['config']['oauth']): OAuthProvider[] {
  return OAUTH_PROVIDERS.filter((provider) => oauth[provider] !== undefined);
}

/** A small page of its own (not the web app): the provider's start or callback URL on a server without it. */
function sendNotSetUp(reply: FastifyReply, provider: string): FastifyReply {
  const message = isOAuthProvider(provider)
    ? oauthTexts.notConfigured(providerLabels[provider])
    : oauthTexts.unknownProvider;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Not found · Tutorfolio</title>
<style>body{font-family:system-ui,sans-serif;background:#f5f7fa;color:#1b1f24;margin:0;display:grid;place-items:center;min-height:100vh;padding:1rem}main{background:#fff;border:1px solid #d5dbe3;border-radius:12px;padding:2rem 1.5rem;max-width:26rem}h1{font-size:1.3rem;margin:0 0 1rem}a{color:#1f4e8c}</style>
</head>
<body><main><h1>${escapeHtml(message)}</h1><p><a href="/login">Back to sign-in</a></p></main></body>
</html>
`;
  return reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

function callbackUri(app: FastifyInstance, request: FastifyRequest, provider: OAuthProvider): string {
  const origin = appOrigin(app, request);
  if (origin === null) throw badRequest(apiMessages.badHost);
  return `${origin}${CALLBACK_PATH}/${provider}`;
}

function cookieBase(app: FastifyInstance, request: FastifyRequest) {
  return { httpOnly: true, secure: isHttps(app, request) } as const;
}

/** A same-app path as a Location header: non-ASCII and spaces percent-encoded, existing escapes kept. */
function asLocation(path: string): string {
  const url = new URL(path, 'http://app.invalid');
  return `${url.pathname}${url.search}${url.hash}`;
}

function backToSignIn(reply: FastifyReply, outcome: OAuthOutcome, provider: OAuthProvider): FastifyReply {
  return reply.redirect(`/login?oauth=${outcome}&provider=${provider}`, 302);
}

/**
 * The browser side of provider sign-in, outside `/api/v1` as in the original:
 * `GET /oauth2/authorization/{provider}` starts it, `GET /login/oauth2/code/{provider}` finishes it.
 */
export async function oauthRoutes(app: FastifyInstance): Promise<void> {
  const clients: ProviderClients = createProviderClients(app.deps.config.oauth);
  const { database, now } = app.deps;
  const route = declareRoutes(app);

  route.get('/oauth2/authorization/:provider', access.public, async (request, reply) => {
    const { provider } = request.params as { provider: string };
    const query = request.query as { from?: unknown };
    const providerClient = isOAuthProvider(provider) ? clients[provider] : undefined;
    if (!providerClient || !isOAuthProvider(provider)) return sendNotSetUp(reply, provider);
    const secrets = {
      state: randomSecret(),
      codeVerifier: client.randomPKCECodeVerifier(),
      nonce: randomSecret(),
    };
    const url = await providerClient.authorizationUrl(callbackUri(app, request, provider), secrets);
    const flow = {
      provider,
      ...secrets,
      from: safeReturnPath(query.from),
      startedAt: now().getTime(),
    };
    reply.setCookie(FLOW_COOKIE, encodeFlow(flow), {
      ...cookieBase(app, request),
      path: CALLBACK_PATH,
      // Lax: the provider's redirect back is a cross-site top-level GET, which Lax cookies follow.
      sameSite: 'lax',
      maxAge: FLOW_MS / 1000,
    });
    return reply.header('cache-control', 'no-store').redirect(url.href, 302);
  });

  route.get(`${CALLBACK_PATH}/:provider`, access.public, async (request, reply) => {
    const { provider } = request.params as { provider: string };
    const query = request.query as Record<string, unknown>;
    const providerClient = isOAuthProvider(provider) ? clients[provider] : undefined;
    if (!providerClient || !isOAuthProvider(provider)) return sendNotSetUp(reply, provider);
    reply.header('cache-control', 'no-store');

    // The flow is single-use: whatever happens next, this browser's cookie for it is gone.
    const flow = decodeFlow(request.cookies[FLOW_COOKIE], now());
    reply.clearCookie(FLOW_COOKIE, { ...cookieBase(app, request), path: CALLBACK_PATH, sameSite: 'lax' });
    if (!flow || flow.provider !== provider || query.state !== flow.state) {
      request.log.info({ provider, hadFlow: Boolean(flow) }, 'provider sign-in: no matching state');
      return backToSignIn(reply, 'expired', provider);
    }

    const queryStart = request.url.indexOf('?');
    const callbackUrl = new URL(
      `${callbackUri(app, request, provider)}${queryStart >= 0 ? request.url.slice(queryStart) : ''}`,
    );
    const result = await providerClient.signIn(callbackUrl, flow);
    if (!result.ok) {
      request.log.warn({ provider, reason: result.reason }, 'provider sign-in refused');
      return backToSignIn(reply, result.outcome, provider);
    }

    const binding = randomSecret();
    const decision = await decideSignIn(database.db, result.profile, binding, now());
    switch (decision.kind) {
      case 'signIn':
        await beginSession(app, request, reply, decision.user.id);
        return reply.redirect(
          flow.from ? asLocation(flow.from) : `/user/${encodeURIComponent(decision.user.username)}`,
          302,
        );
      case 'register':
        setBindingCookie(app, request, reply, binding);
        return reply.redirect(`/oauth2/register?token=${encodeURIComponent(decision.token)}`, 302);
      case 'link':
        setBindingCookie(app, request, reply, binding);
        return backToSignIn(reply, 'link', provider);
      case 'unverified':
        return backToSignIn(reply, 'unverified', provider);
    }
  });
}

function setBindingCookie(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, value: string) {
  reply.setCookie(BINDING_COOKIE, value, {
    ...cookieBase(app, request),
    path: BINDING_PATH,
    sameSite: 'strict',
    maxAge: PENDING_SECONDS,
  });
}

function clearBindingCookie(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(BINDING_COOKIE, { ...cookieBase(app, request), path: BINDING_PATH, sameSite: 'strict' });
}

/** Called by the password sign-in: links what this browser's provider sign-in left pending for the account. */
export async function linkPendingProviders(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
): Promise<void> {
  const binding = request.cookies[BINDING_COOKIE];
  if (!binding) return;
  const linked = await completePendingLinks(app.deps.database.db, binding, user, app.deps.now());
  if (linked.length > 0) request.log.info({ userId: user.id, linked }, 'provider accounts linked');
  clearBindingCookie(app, request, reply);
}

/** The API side, under `/api/v1`. */
export async function oauthApiRoutes(api: FastifyInstance): Promise<void> {
  const { database, now, config } = api.deps;
  const providers = configuredProviders(config.oauth);
  const route = declareRoutes(api);

  /** Which "Continue with …" buttons to show (the sign-in page also finds them in index.html). */
  route.get(
    '/users/oauth/providers',
    access.public,
    { response: z.array(z.enum(OAUTH_PROVIDERS)), summary: 'The sign-in providers configured' },
    async (_request, reply) => {
      return reply.header('cache-control', 'no-cache').send(providers);
    },
  );

  route.post(
    '/users/oauth/register',
    access.public,
    { body: OAuthRegisterRequest },
    async (request, reply) => {
      const user = await registerWithCode(
        database.db,
        request.body.token,
        request.cookies[BINDING_COOKIE],
        now(),
      );
      clearBindingCookie(api, request, reply);
      await beginSession(api, request, reply, user.id);
      return reply.type(TEXT).send(user.username);
    },
  );
}
