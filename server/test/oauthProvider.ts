import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Events, OAuth2Server } from 'oauth2-mock-server';
import type { OAuthProvider } from '../../common/oauth.ts';

/**
 * A local OAuth 2.0 / OpenID Connect provider for tests (oauth2-mock-server: real HTTP, real signed
 * ID tokens, PKCE checked), dressed up as Google, Naver or Kakao: their endpoint paths, their client
 * authentication (HTTP Basic for Google, form fields for Naver and Kakao), their token and profile
 * shapes (Naver's string `expires_in`, errors as HTTP 200 and `response` wrapper; Kakao's numeric
 * `id` and `kakao_account`). Like a real provider it refuses a code used twice, a wrong client secret
 * and a missing PKCE verifier. Which person signs in next is set by `nextSignIn`.
 */
export type TestIdentity = {
  subject: string;
  email?: string | null;
  /** Default true. */
  emailVerified?: boolean;
  name?: string | null;
  /** The person declines at the provider's consent screen. */
  cancel?: boolean;
};

const PATHS: Record<OAuthProvider, { authorize: string; token: string; userinfo: string }> = {
  google: { authorize: '/o/oauth2/v2/auth', token: '/token', userinfo: '/v1/userinfo' },
  naver: { authorize: '/oauth2.0/authorize', token: '/oauth2.0/token', userinfo: '/v1/nid/me' },
  kakao: { authorize: '/oauth/authorize', token: '/oauth/token', userinfo: '/v2/user/me' },
};

type CodeGrant = { identity: TestIdentity; used: boolean; pkce: boolean };

export class LocalProvider {
  readonly clientId: string;
  readonly clientSecret: string;
  /** Every authorization request's query, in order (tests check state, PKCE, redirect_uri). */
  readonly authorizeRequests: URLSearchParams[] = [];
  /** How many code exchanges it was asked for. */
  exchanges = 0;
  /** The next profile call answers 500 (a provider outage after the code exchange). */
  failNextProfile = false;
  private readonly queue: TestIdentity[] = [];
  private readonly codes = new Map<string, CodeGrant>();
  private readonly accessTokens = new Map<string, TestIdentity>();
  readonly provider: OAuthProvider;
  private readonly server: OAuth2Server;

  private constructor(provider: OAuthProvider, server: OAuth2Server, clientSecret: string) {
    this.provider = provider;
    this.server = server;
    this.clientId = clientIdOf(provider);
    this.clientSecret = clientSecret;
    this.hook();
  }

  /** `port` 0 picks a free one; the browser tests fix both so the app's settings are known in advance. */
  static async start(
    provider: OAuthProvider,
    options: { port?: number; clientSecret?: string } = {},
  ): Promise<LocalProvider> {
    const server = new OAuth2Server(undefined, undefined, {
      endpoints: {
        authorize: PATHS[provider].authorize,
        token: PATHS[provider].token,
        userinfo: PATHS[provider].userinfo,
      },
    });
    await server.issuer.keys.generate('RS256');
    const local = new LocalProvider(
      provider,
      server,
      options.clientSecret ?? randomBytes(12).toString('hex'),
    );
    await server.start(options.port ?? 0, '127.0.0.1');
    // The issuer (ID tokens' `iss`) is the address the app is configured with, not "localhost".
    server.issuer.url = `http://127.0.0.1:${server.address().port}`;
    return local;
  }

  get url(): string {
    return this.server.issuer.url!;
  }

  /** The server's settings for this provider (what an operator puts in the environment). */
  env(): Record<string, string> {
    return providerSettings(this.provider, this.url, this.clientSecret);
  }

  /** The person the next authorization request signs in as (a queue: one per request). */
  nextSignIn(identity: TestIdentity): void {
    this.queue.push(identity);
  }

  /** Adds a route to the provider (the browser tests' control endpoint). */
  addRoute(
    method: 'GET' | 'POST',
    path: string,
    handler: (req: IncomingMessage & { body?: unknown }, res: import('node:http').ServerResponse) => void,
  ): void {
    this.server.service.addRoute(method, path, handler);
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  private hook(): void {
    const service = this.server.service;

    service.on(Events.BeforeAuthorizeRedirect, (redirect: { url: URL }, req: IncomingMessage) => {
      const query = new URL(req.url ?? '/', 'http://provider').searchParams;
      this.authorizeRequests.push(query);
      const identity = this.queue.shift() ?? { subject: 'nobody', email: null };
      if (query.get('client_id') !== this.clientId) {
        this.replaceWithError(redirect.url, 'unauthorized_client');
        return;
      }
      if (identity.cancel) {
        this.replaceWithError(redirect.url, 'access_denied');
        return;
      }
      const code = redirect.url.searchParams.get('code');
      if (code) {
        this.codes.set(code, {
          identity,
          used: false,
          pkce: query.get('code_challenge_method') === 'S256' && Boolean(query.get('code_challenge')),
        });
      }
    });

    service.on(
      Events.BeforeTokenSigning,
      (token: { payload: Record<string, unknown> }, req: { body: { code?: string } }) => {
        const grant = req.body.code ? this.codes.get(req.body.code) : undefined;
        if (!grant) return;
        const { identity } = grant;
        // The ID token's audience is our client id (the mock would copy it undecoded from the Basic header).
        if ('aud' in token.payload) token.payload.aud = this.clientId;
        Object.assign(token.payload, {
          sub: identity.subject,
          email: identity.email ?? undefined,
          email_verified: identity.email ? (identity.emailVerified ?? true) : undefined,
          name: identity.name ?? undefined,
        });
      },
    );

    service.on(
      Events.BeforeResponse,
      (
        response: { body: Record<string, unknown> | ''; statusCode: number },
        req: IncomingMessage & { body: Record<string, unknown> },
      ) => {
        this.exchanges++;
        const body = req.body;
        const code = typeof body.code === 'string' ? body.code : '';
        const grant = this.codes.get(code);
        const refusal = this.refusal(req, grant, body);
        if (refusal) {
          // Naver answers token errors with HTTP 200; the others with 400/401.
          response.statusCode = this.provider === 'naver' ? 200 : refusal === 'invalid_client' ? 401 : 400;
          response.body = { error: refusal, error_description: `test provider refused: ${refusal}` };
          return;
        }
        grant!.used = true;
        const accessToken = randomBytes(24).toString('base64url');
        this.accessTokens.set(accessToken, grant!.identity);
        if (this.provider === 'google') {
          response.body = { ...(response.body as object), access_token: accessToken, token_type: 'Bearer' };
        } else if (this.provider === 'naver') {
          response.body = {
            access_token: accessToken,
            refresh_token: randomBytes(16).toString('hex'),
            token_type: 'bearer',
            expires_in: '3600',
          };
        } else {
          response.body = {
            token_type: 'bearer',
            access_token: accessToken,
            expires_in: 21599,
            refresh_token: randomBytes(16).toString('hex'),
            refresh_token_expires_in: 5183999,
            scope: 'account_email profile_nickname',
          };
        }
      },
    );

    service.on(
      Events.BeforeUserinfo,
      (response: { body: Record<string, unknown> | ''; statusCode: number }, req: IncomingMessage) => {
        const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
        const identity = this.accessTokens.get(token);
        if (this.failNextProfile) {
          this.failNextProfile = false;
          response.statusCode = 500;
          response.body = { error: 'server_error' };
          return;
        }
        if (!identity) {
          response.statusCode = 401;
          response.body =
            this.provider === 'naver'
              ? { resultcode: '024', message: 'Authentication failed' }
              : { msg: 'this access token does not exist', code: -401 };
          return;
        }
        response.body = this.profileBody(identity);
      },
    );
  }

  private replaceWithError(url: URL, error: string): void {
    url.searchParams.delete('code');
    url.searchParams.set('error', error);
    url.searchParams.set('error_description', error === 'access_denied' ? 'User denied access' : error);
  }

  private refusal(
    req: IncomingMessage,
    grant: CodeGrant | undefined,
    body: Record<string, unknown>,
  ): string | null {
    if (!this.clientAuthenticated(req, body)) return 'invalid_client';
    if (!grant || grant.used) return 'invalid_grant';
    if (!grant.pkce || typeof body.code_verifier !== 'string') return 'invalid_request';
    return null;
  }

  private clientAuthenticated(req: IncomingMessage, body: Record<string, unknown>): boolean {
    if (this.provider === 'google') {
      const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
      if (!basic) return false;
      const [id, secret] = Buffer.from(basic, 'base64').toString('utf8').split(':');
      return (
        decodeURIComponent(id ?? '') === this.clientId &&
        decodeURIComponent(secret ?? '') === this.clientSecret
      );
    }
    return body.client_id === this.clientId && body.client_secret === this.clientSecret;
  }

  private profileBody(identity: TestIdentity): Record<string, unknown> {
    const verified = identity.emailVerified ?? true;
    if (this.provider === 'naver') {
      return {
        resultcode: '00',
        message: 'success',
        response: {
          id: identity.subject,
          ...(identity.email ? { email: identity.email } : {}),
          ...(identity.name ? { name: identity.name, nickname: identity.name } : {}),
        },
      };
    }
    if (this.provider === 'kakao') {
      return {
        id: Number(identity.subject),
        connected_at: new Date().toISOString(),
        properties: identity.name ? { nickname: identity.name } : {},
        kakao_account: {
          profile_nickname_needs_agreement: false,
          profile: identity.name ? { nickname: identity.name, is_default_nickname: false } : undefined,
          has_email: Boolean(identity.email),
          email_needs_agreement: !identity.email,
          ...(identity.email
            ? { email: identity.email, is_email_valid: true, is_email_verified: verified }
            : {}),
        },
      };
    }
    return { sub: identity.subject, email: identity.email, email_verified: verified, name: identity.name };
  }
}

function clientIdOf(provider: OAuthProvider): string {
  return `${provider}-test-client`;
}

/** The app's settings for a local provider at `baseUrl` (known before it starts when its port is fixed). */
export function providerSettings(
  provider: OAuthProvider,
  baseUrl: string,
  clientSecret: string,
): Record<string, string> {
  const prefix = provider.toUpperCase();
  const env: Record<string, string> = {
    [`${prefix}_CLIENT_ID`]: clientIdOf(provider),
    [`${prefix}_CLIENT_SECRET`]: clientSecret,
    [`${prefix}_AUTHORIZATION_URL`]: `${baseUrl}${PATHS[provider].authorize}`,
    [`${prefix}_TOKEN_URL`]: `${baseUrl}${PATHS[provider].token}`,
  };
  if (provider === 'google') env.GOOGLE_ISSUER = baseUrl;
  else env[`${prefix}_PROFILE_URL`] = `${baseUrl}${PATHS[provider].userinfo}`;
  return env;
}

/** One local provider per name, their settings merged (what a test app's environment needs). */
export async function startLocalProviders(
  names: readonly OAuthProvider[] = ['google', 'naver', 'kakao'],
): Promise<{
  providers: Record<OAuthProvider, LocalProvider>;
  env: Record<string, string>;
  stop(): Promise<void>;
}> {
  const started = await Promise.all(names.map((name) => LocalProvider.start(name)));
  const providers = Object.fromEntries(started.map((p) => [p.provider, p])) as Record<
    OAuthProvider,
    LocalProvider
  >;
  return {
    providers,
    env: Object.assign({}, ...started.map((p) => p.env())),
    stop: async () => {
      await Promise.all(started.map((p) => p.stop()));
    },
  };
}
