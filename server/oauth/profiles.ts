import { limits } from '../../common/limits.ts';
import type { OAuthProvider } from '../../common/oauth.ts';
import { z } from '../../common/zod.ts';

/** What we keep of a provider's answer about the person who signed in. */
export type ProviderProfile = {
  provider: OAuthProvider;
  /** The provider's stable id for the person; the identity key together with `provider`. */
  subject: string;
  /** Lower-cased; null when the provider shared none. */
  email: string | null;
  /** True only when the provider vouches that the person controls `email`. */
  emailVerified: boolean;
  /** A name to derive a username from (display name or nickname); may be null. */
  name: string | null;
};

/** Thrown when a provider's answer does not have the shape its documentation promises. */
export class ProfileShapeError extends Error {}

/** A display name: trimmed and cut to a sane length (it only seeds a username). */
const optionalText = z
  .string()
  .trim()
  .transform((value) => value.slice(0, 200))
  .optional()
  .nullable();
/** An email is never cut: one longer than an email can be is a malformed answer. */
const optionalEmail = z.string().trim().max(limits.emailMax).optional().nullable();
/**
 * A provider's "the email is verified" flag: only the JSON boolean `true` its documentation promises
 * vouches for the email. Any other value ("true", 1) counts as not verified rather than refusing
 * the sign-in, which a person already linked by the provider's id needs no email for.
 */
const verifiedFlag = z
  .unknown()
  .optional()
  .transform((value) => value === true);

/** Google: the claims of the ID token (already checked by openid-client: issuer, audience, expiry, nonce). */
const GoogleClaims = z.object({
  sub: z.string().min(1),
  email: optionalEmail,
  email_verified: verifiedFlag,
  name: optionalText,
  given_name: optionalText,
});

/** Naver `GET /v1/nid/me`: `{resultcode: "00", message: "success", response: {id, email, name, nickname}}`. */
const NaverProfile = z.object({
  resultcode: z.literal('00'),
  response: z.object({
    id: z.string().min(1),
    email: optionalEmail,
    name: optionalText,
    nickname: optionalText,
  }),
});

/**
 * Kakao `GET /v2/user/me`: `{id: number, kakao_account: {email, is_email_valid, is_email_verified,
 * profile: {nickname}}}`. The email is absent when the person did not agree to share it.
 */
const KakaoProfile = z.object({
  id: z.union([z.number().int(), z.string().regex(/^\d+$/)]),
  kakao_account: z
    .object({
      email: optionalEmail,
      is_email_valid: verifiedFlag,
      is_email_verified: verifiedFlag,
      profile: z.object({ nickname: optionalText }).optional().nullable(),
    })
    .optional()
    .nullable(),
  properties: z.object({ nickname: optionalText }).optional().nullable(),
});

function parse<T>(schema: z.ZodType<T>, value: unknown, provider: OAuthProvider): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const where = result.error.issues[0]?.path.join('.') || 'body';
    throw new ProfileShapeError(`${provider} profile has an unexpected shape at ${where}`);
  }
  return result.data;
}

const firstText = (...values: (string | null | undefined)[]): string | null =>
  values.find((v) => typeof v === 'string' && v.length > 0) ?? null;

const lowerOrNull = (email: string | null | undefined): string | null => (email ? email.toLowerCase() : null);

export function googleProfile(claims: unknown): ProviderProfile {
  const c = parse(GoogleClaims, claims, 'google');
  return {
    provider: 'google',
    subject: c.sub,
    email: lowerOrNull(c.email),
    emailVerified: Boolean(c.email) && c.email_verified,
    name: firstText(c.name, c.given_name),
  };
}

/**
 * Decision: Naver's profile has no "verified" flag; Naver hands out the email of the member's own
 * Naver account (the one the member agreed to share), so we count it as verified. An operator who
 * disagrees leaves Naver unconfigured.
 */
export function naverProfile(body: unknown): ProviderProfile {
  const { response } = parse(NaverProfile, body, 'naver');
  return {
    provider: 'naver',
    subject: response.id,
    email: lowerOrNull(response.email),
    emailVerified: Boolean(response.email),
    name: firstText(response.nickname, response.name),
  };
}

/** Kakao's email counts only when Kakao says it is both valid and verified. */
export function kakaoProfile(body: unknown): ProviderProfile {
  const p = parse(KakaoProfile, body, 'kakao');
  const account = p.kakao_account;
  return {
    provider: 'kakao',
    subject: String(p.id),
    email: lowerOrNull(account?.email),
    emailVerified: Boolean(account?.email) && account?.is_email_valid === true && account.is_email_verified,
    name: firstText(account?.profile?.nickname, p.properties?.nickname),
  };
}
