import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { apiMessages } from '../../common/messages.ts';
import { forbidden } from '../errors.ts';
import { SESSION_COOKIE } from '../sessions/service.ts';
import { isHttps } from './sessions.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The app's own origin: PUBLIC_URL when set, else the scheme and host the request came to; null
 * when that host is not one (the edge refuses such requests first: server/http/edge.ts).
 */
export function appOrigin(app: FastifyInstance, request: FastifyRequest): string | null {
  const publicUrl = app.deps.config.publicUrl;
  if (publicUrl) return publicUrl.origin;
  return URL.parse(`${request.protocol}://${request.host}`)?.origin ?? null;
}

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Toasts and some widgets inject <style>; scripts stay strictly 'self'.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  // HSTS only when the app is really served over HTTPS (added below); never on plain http.
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
  frameguard: { action: 'deny' },
};

/**
 * The headers helmet sets with these options, asked of it once. Our options are constants (no
 * per-request nonce), so every answer gets the same headers; @fastify/helmet instead built the
 * whole helmet middleware from the options again on every request (parsing the CSP directives
 * each time), a measurable share of a request's CPU (docs/performance.md, "Server").
 */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
      return response;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export async function registerSecurity(app: FastifyInstance): Promise<void> {
  const headers = securityHeaders();
  // A callback, not an async hook: every request runs it, and it never waits.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (isHttps(app, request)) {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    // Cross-site request forgery: a write that carries our cookie must come from our own pages.
    if (SAFE_METHODS.has(request.method) || !request.cookies[SESSION_COOKIE]) return done();
    const from = originOf(request.headers.origin) ?? originOf(request.headers.referer);
    const own = appOrigin(app, request);
    done(own === null || from !== own ? forbidden(apiMessages.crossSiteWrite) : undefined);
  });
}
