import { isCommonPassword } from '../commonPasswords.ts';
import { LANGUAGES } from '../i18n/translation.ts';
import { limits } from '../limits.ts';
import { NOTIFICATION_KINDS } from '../mail.ts';
import { ROLES } from '../roles.ts';
import { isSingleScript } from '../scripts.ts';
import { idField, says, text } from '../validation.ts';
import { z } from '../zod.ts';

/** Letters and digits of any script, spaces, '.', '_' and '-': safe in URLs and in comma lists. */
const USERNAME_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u;

export const emailField = text({ max: limits.emailMax })
  .toLowerCase()
  .pipe(z.email(says('email')));

/**
 * A username as people choose it: trimmed, NFKC-normalised (full-width `Ａlice` is `Alice`, so it
 * collides with `alice` in the case-insensitive unique index), letters and digits of one script
 * (no `аlice` with a Cyrillic а beside `alice`). Sign-up and both renames (Edit Profile, the admin's
 * console) share it.
 */
export const usernameField = text({ min: limits.usernameMin, max: limits.usernameMax })
  .transform((name) => name.normalize('NFKC'))
  .pipe(
    z
      .string()
      .max(limits.usernameMax, says('atMostCharacters', limits.usernameMax))
      .regex(USERNAME_PATTERN, says('usernamePattern'))
      .refine(isSingleScript, says('oneScript')),
  );

export const newPasswordField = text({
  min: limits.passwordMin,
  max: limits.passwordMax,
  trim: false,
})
  .refine((password) => password.trim() !== '', says('notOnlySpaces'))
  .refine((password) => !isCommonPassword(password), says('commonPassword'));

/** The password may not be the account's own name or email (in any case, with or without spaces). */
export function passwordRepeatsIdentity(account: {
  email: string;
  username: string;
  password: string;
}): boolean {
  const password = account.password.trim().toLowerCase();
  return password === account.username.toLowerCase() || password === account.email.toLowerCase();
}

export const SignupRequest = z
  .object({
    email: emailField,
    username: usernameField,
    password: newPasswordField,
  })
  .refine((account) => !passwordRepeatsIdentity(account), {
    path: ['password'],
    ...says('passwordIsIdentity'),
  });
export type SignupRequest = z.infer<typeof SignupRequest>;

export const LoginRequest = z.object({
  email: text({ max: limits.emailMax }).toLowerCase(),
  password: text({ max: limits.passwordMax, trim: false }),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** `POST users/password-reset`: the email to send a reset link to (the answer never says whether it exists). */
export const PasswordResetRequest = z.object({ email: emailField });
export type PasswordResetRequest = z.input<typeof PasswordResetRequest>;

/** A reset link's token as the page read it from its address: 32 random bytes, base64url (43 characters). */
const resetTokenField = text({ max: limits.resetTokenMax });

/** `POST users/password-reset/check`: whether a link still works, so its page can say so at once. */
export const PasswordResetCheck = z.object({ token: resetTokenField });
export type PasswordResetCheck = z.input<typeof PasswordResetCheck>;

/**
 * `POST users/password-reset/confirm`: the link's token and the new password (sign-up's rules; that it
 * is not the account's name or email is checked once the token names the account).
 */
export const PasswordResetConfirm = z.object({ token: resetTokenField, password: newPasswordField });
export type PasswordResetConfirm = z.input<typeof PasswordResetConfirm>;

/** `PUT users/password`: the signed-in person's current password and a new one (sign-up's rules). */
export const PasswordChangeRequest = z.object({
  currentPassword: text({ max: limits.passwordMax, trim: false }),
  newPassword: newPasswordField,
});
export type PasswordChangeRequest = z.input<typeof PasswordChangeRequest>;

/** `POST users/password-reset/link`: the administrator's reset link for the account with this id. */
export const ResetLinkRequest = z.object({ id: idField });
export type ResetLinkRequest = z.input<typeof ResetLinkRequest>;

export const RoleList = z.array(z.enum(ROLES)).min(1, says('atLeastOneRole'));

/**
 * `PATCH users`: a person edits their own username and email (the profile card's Edit Profile). A
 * changed email needs `currentPassword`. `id` and `role` are accepted as the original client sends
 * them, but must be the caller's own (roles are the administrator's).
 */
export const ProfileUpdateRequest = z.object({
  id: idField.nullish(),
  username: usernameField.nullish(),
  email: emailField.nullish(),
  currentPassword: z
    .string(says('text'))
    .max(limits.passwordMax, says('atMostCharacters', limits.passwordMax))
    .nullish(),
  role: z.string(says('text')).max(200, says('atMostCharacters', 200)).nullish(),
});
export type ProfileUpdateRequest = z.input<typeof ProfileUpdateRequest>;

/** `PUT users/language`: the caller's interface language, 'en' or 'ko', or null to follow the browser. */
export const LanguageRequest = z.object({
  language: z.enum(LANGUAGES, says('language')).nullable(),
});
export type LanguageRequest = z.input<typeof LanguageRequest>;

/** `PUT users/mail`: switches one kind of notification mail on or off for the caller. */
export const MailSwitchRequest = z.object({
  kind: z.enum(NOTIFICATION_KINDS, says('notOneOfOptions')),
  on: z.boolean(says('trueOrFalse')),
});
export type MailSwitchRequest = z.input<typeof MailSwitchRequest>;

/** `mail/unsubscribe?token=…`: the signed token of a notification mail's unsubscribe link. */
export const UnsubscribeQuery = z.object({ token: text({ max: 200 }) });

/** The JSON body of every error answer (docs/api.md, "Errors"); described as such in /api/openapi.json. */
export const ApiErrorBody = z.object({
  /** The HTTP status again. */
  status: z.number().int(),
  /** The status's reason phrase ('Bad Request'). */
  error: z.string(),
  /** What went wrong, in words a person can be shown. */
  message: z.string(),
  /** A refused body or query: one entry per field, `path` naming it (`0.questionId`). */
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

// The answers' shapes: their contracts are in responses.ts (kept out of the pages' bundles).
export type {
  AuthCheckResponse,
  ChildResponse,
  LanguageResponse,
  MailSwitches,
  PasswordResetAnswer,
  PasswordResetState,
  PictureResponse,
  ResetLinkResponse,
  UserResponse,
} from './responses.ts';
