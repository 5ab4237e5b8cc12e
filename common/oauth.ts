// No zod here: the sign-in page imports this module, and its first load must stay small.

/** The sign-in providers, in the order their buttons appear. */
export const OAUTH_PROVIDERS = ['google', 'naver', 'kakao'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

export const providerLabels: Record<OAuthProvider, string> = {
  google: 'Google',
  naver: 'Naver',
  kakao: 'Kakao',
};

export function isOAuthProvider(value: unknown): value is OAuthProvider {
  return typeof value === 'string' && (OAUTH_PROVIDERS as readonly string[]).includes(value);
}

/**
 * Why a provider sign-in came back to `/login` (`/login?oauth=<outcome>&provider=<name>`); the
 * sign-in page shows `oauthTexts.outcome[outcome]`.
 */
export const OAUTH_OUTCOMES = ['cancelled', 'expired', 'failed', 'unverified', 'link'] as const;
export type OAuthOutcome = (typeof OAUTH_OUTCOMES)[number];

export function isOAuthOutcome(value: unknown): value is OAuthOutcome {
  return typeof value === 'string' && (OAUTH_OUTCOMES as readonly string[]).includes(value);
}

/** The meta tag the server adds to index.html naming the configured providers (space-separated). */
export const OAUTH_META_NAME = 'tutorfolio-sign-in-providers';
