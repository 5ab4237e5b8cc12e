import { serverLimits } from '../../common/limits.ts';
import { OAUTH_PROVIDERS, type OAuthProvider } from '../../common/oauth.ts';
import { safeReturnPath } from '../../common/returnPath.ts';
import { z } from '../../common/zod.ts';

/**
 * One provider sign-in in progress, kept in a short-lived HttpOnly cookie sent only to the callback
 * path: the state the provider must echo, the PKCE verifier, the ID-token nonce, and where to go
 * afterwards. The cookie is what binds the state to this browser; it is cleared at the callback, so a
 * callback URL replayed in the same browser finds nothing to match.
 */
export type Flow = {
  provider: OAuthProvider;
  state: string;
  codeVerifier: string;
  nonce: string;
  from: string | null;
  /** Epoch milliseconds, checked against the server's clock (the cookie's Max-Age is the browser's). */
  startedAt: number;
};

export const FLOW_COOKIE = 'tf_oauth_flow';
export const FLOW_MS = serverLimits.oauthFlowMinutes * 60 * 1000;

const secret = z.string().regex(/^[A-Za-z0-9_-]{32,128}$/);
const FlowShape = z.object({
  provider: z.enum(OAUTH_PROVIDERS),
  state: secret,
  codeVerifier: secret,
  nonce: secret,
  from: z.string().nullable(),
  startedAt: z.number().int(),
});

export function encodeFlow(flow: Flow): string {
  return Buffer.from(JSON.stringify(flow)).toString('base64url');
}

/** The flow in a cookie value, if it is one and has not expired; anything else is null. */
export function decodeFlow(value: string | undefined, now: Date): Flow | null {
  if (!value || value.length > 2000) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const result = FlowShape.safeParse(parsed);
  if (!result.success) return null;
  const flow = result.data;
  const age = now.getTime() - flow.startedAt;
  if (age < 0 || age > FLOW_MS) return null;
  return { ...flow, from: safeReturnPath(flow.from) };
}
