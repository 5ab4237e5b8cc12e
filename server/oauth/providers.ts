import * as client from 'openid-client';
import { OAUTH_PROVIDERS, type OAuthProvider } from '../../common/oauth.ts';
import type { Config, OAuthProviderSettings } from '../config.ts';
import { googleProfile, kakaoProfile, naverProfile, type ProviderProfile } from './profiles.ts';

/**
 * The protocol side of provider sign-in, through openid-client (see docs/architecture.md for why not
 * arctic): authorization URLs with state and PKCE (S256), the callback's checks (state, provider
 * errors, issuer), the code exchange with each provider's client authentication, Google's ID token
 * checks (issuer, audience, expiry, nonce), and the bearer call to Naver's and Kakao's profile APIs.
 */

/** Seconds a provider may take to answer the code exchange or the profile call. */
const PROVIDER_TIMEOUT_SECONDS = 10;

const SCOPES: Record<OAuthProvider, string | null> = {
  google: 'openid email profile',
  // Naver's consent items are chosen in the Naver app's settings, not by scope.
  naver: null,
  kakao: 'profile_nickname account_email',
};

export type FlowSecrets = { state: string; codeVerifier: string; nonce: string };

export type ProviderSignIn =
  | { ok: true; profile: ProviderProfile }
  /** `cancelled`: the person declined consent; `failed`: the provider or the exchange failed. */
  | { ok: false; outcome: 'cancelled' | 'failed'; reason: string };

export type ProviderClient = {
  provider: OAuthProvider;
  authorizationUrl(redirectUri: string, secrets: FlowSecrets): Promise<URL>;
  /** `callbackUrl`: the redirect URI with the query string the provider sent back. */
  signIn(callbackUrl: URL, secrets: FlowSecrets): Promise<ProviderSignIn>;
};

export type ProviderClients = Partial<Record<OAuthProvider, ProviderClient>>;

function clientAuthentication(provider: OAuthProvider, secret: string | null): client.ClientAuth {
  if (!secret) return client.None();
  // Google takes HTTP Basic (RFC 6749's preferred way); Naver and Kakao only read the form body.
  return provider === 'google' ? client.ClientSecretBasic(secret) : client.ClientSecretPost(secret);
}

function configurationFor(provider: OAuthProvider, settings: OAuthProviderSettings): client.Configuration {
  const config = new client.Configuration(
    {
      issuer: settings.issuer,
      authorization_endpoint: settings.authorizationUrl.href,
      token_endpoint: settings.tokenUrl.href,
    },
    settings.clientId,
    undefined,
    clientAuthentication(provider, settings.clientSecret),
  );
  config.timeout = PROVIDER_TIMEOUT_SECONDS;
  // config.ts only lets plain http:// through for a provider on this machine (the tests' provider).
  const endpoints = [settings.authorizationUrl, settings.tokenUrl, settings.profileUrl];
  if (endpoints.some((url) => url?.protocol === 'http:')) client.allowInsecureRequests(config);
  return config;
}

function describe(error: unknown): string {
  if (error instanceof client.ResponseBodyError) return `${error.error}: ${error.error_description ?? ''}`;
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return `${error.name}${typeof code === 'string' ? ` ${code}` : ''}: ${error.message}`;
  }
  return String(error);
}

async function readProfile(
  provider: OAuthProvider,
  config: client.Configuration,
  settings: OAuthProviderSettings,
  tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers,
): Promise<ProviderProfile> {
  if (provider === 'google') return googleProfile(tokens.claims());
  const response = await client.fetchProtectedResource(
    config,
    tokens.access_token,
    settings.profileUrl!,
    'GET',
  );
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`${provider} profile answered HTTP ${response.status}`);
  }
  const body: unknown = await response.json();
  return provider === 'naver' ? naverProfile(body) : kakaoProfile(body);
}

function providerClient(provider: OAuthProvider, settings: OAuthProviderSettings): ProviderClient {
  const config = configurationFor(provider, settings);
  const scope = SCOPES[provider];
  return {
    provider,
    async authorizationUrl(redirectUri, secrets) {
      const parameters: Record<string, string> = {
        redirect_uri: redirectUri,
        state: secrets.state,
        code_challenge: await client.calculatePKCECodeChallenge(secrets.codeVerifier),
        code_challenge_method: 'S256',
      };
      if (scope) parameters.scope = scope;
      if (provider === 'google') parameters.nonce = secrets.nonce;
      return client.buildAuthorizationUrl(config, parameters);
    },
    async signIn(callbackUrl, secrets) {
      let tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;
      try {
        tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: secrets.codeVerifier,
          expectedState: secrets.state,
          ...(provider === 'google' ? { expectedNonce: secrets.nonce, idTokenExpected: true } : {}),
        });
      } catch (error) {
        if (error instanceof client.AuthorizationResponseError) {
          const outcome = error.error === 'access_denied' ? 'cancelled' : 'failed';
          return { ok: false, outcome, reason: `authorization response: ${error.error}` };
        }
        return { ok: false, outcome: 'failed', reason: `code exchange: ${describe(error)}` };
      }
      try {
        return { ok: true, profile: await readProfile(provider, config, settings, tokens) };
      } catch (error) {
        return { ok: false, outcome: 'failed', reason: `profile: ${describe(error)}` };
      }
    },
  };
}

export function createProviderClients(oauth: Config['oauth']): ProviderClients {
  const clients: ProviderClients = {};
  for (const provider of OAUTH_PROVIDERS) {
    const settings = oauth[provider];
    if (settings) clients[provider] = providerClient(provider, settings);
  }
  return clients;
}
