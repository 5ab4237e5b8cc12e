import { limits } from '../limits.ts';
import { z } from '../zod.ts';

/** `POST users/oauth/register`: the one-use code from `/oauth2/register?token=…`. */
export const OAuthRegisterRequest = z.object({
  token: z
    .string({ error: 'is required' })
    .min(1, 'is required')
    .max(limits.oauthTokenMax, `must be at most ${limits.oauthTokenMax} characters`),
});
export type OAuthRegisterRequest = z.infer<typeof OAuthRegisterRequest>;
