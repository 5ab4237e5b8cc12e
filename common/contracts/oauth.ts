import { limits } from '../limits.ts';
import { says } from '../validation.ts';
import { z } from '../zod.ts';

/** `POST users/oauth/register`: the one-use code from `/oauth2/register?token=…`. */
export const OAuthRegisterRequest = z.object({
  token: z
    .string(says('required'))
    .min(1, says('required'))
    .max(limits.oauthTokenMax, says('atMostCharacters', limits.oauthTokenMax)),
});
export type OAuthRegisterRequest = z.infer<typeof OAuthRegisterRequest>;
