import { isCommonPassword } from '../commonPasswords.ts';
import { limits } from '../limits.ts';
import { ROLES } from '../roles.ts';
import { isSingleScript } from '../scripts.ts';
import { idField, text } from '../validation.ts';
import { z } from '../zod.ts';

/** Letters and digits of any script, spaces, '.', '_' and '-': safe in URLs and in comma lists. */
const USERNAME_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u;

export const emailField = text({ max: limits.emailMax })
  .toLowerCase()
  .pipe(z.email('must be a valid email address'));

/**
 * A username as people choose it: trimmed, NFKC-normalised (full-width `Ａlice` is `Alice`, so it
 * collides with `alice` in the case-insensitive unique index), letters and digits of one script
 * (no `аlice` with a Cyrillic а beside `alice`). Sign-up and, later, renames share it.
 */
export const usernameField = text({ min: limits.usernameMin, max: limits.usernameMax })
  .transform((name) => name.normalize('NFKC'))
  .pipe(
    z
      .string()
      .max(limits.usernameMax, `must be at most ${limits.usernameMax} characters`)
      .regex(
        USERNAME_PATTERN,
        "may contain only letters, digits, spaces, '.', '_' and '-', and must start with a letter or digit",
      )
      .refine(
        isSingleScript,
        'must be written in one script (a name mixing look-alike letters, such as a Cyrillic а among Latin letters, could impersonate someone)',
      ),
  );

export const newPasswordField = text({
  min: limits.passwordMin,
  max: limits.passwordMax,
  trim: false,
})
  .refine((password) => password.trim() !== '', 'must not be only spaces')
  .refine(
    (password) => !isCommonPassword(password),
    'is one of the most common passwords; choose one that is harder to guess',
  );

/** The password may not be the account's own name or email (in any case, with or without spaces). */
function passwordRepeatsIdentity(account: { email: string; username: string; password: string }): boolean {
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
    message: 'must not be your username or email address',
  });
export type SignupRequest = z.infer<typeof SignupRequest>;

export const LoginRequest = z.object({
  email: text({ max: limits.emailMax }).toLowerCase(),
  password: text({ max: limits.passwordMax, trim: false }),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const RoleList = z.array(z.enum(ROLES)).min(1, 'must name at least one role');

/** `GET users/auth-check`. */
export type AuthCheckResponse = {
  username: string;
  /** Comma-separated upper-case roles, as the admin console edits them: `ADMIN,TEACHER`. */
  role: string;
  /** Spring-style authorities: `ROLE_ADMIN`, `ROLE_TEACHER`, … */
  roles: string[];
  /**
   * The app's time zone (`APP_TIME_ZONE`, e.g. `Asia/Seoul`): dates typed without an offset are read
   * in it, by the server and by the pages alike, and the pages show it next to such dates (issue 11).
   */
  timeZone: string;
};

/**
 * `GET users/{name}` (the original's UserResponse) with the profile card's figures (spec 1 §3;
 * defined in docs/api.md). `imageURL` is the default avatar when the person has no picture.
 */
export type UserResponse = {
  id: number;
  email: string;
  username: string;
  role: string;
  imageURL: string;
  services: string[];
  /** Questions ever assigned: still pending plus answered (each first answer answers one). */
  totalQuestions: number;
  /** Every answer sent, redos included. */
  totalSubmissions: number;
  /** Percent of marked first answers that are correct, two decimals; null before any is marked. */
  averageScore: number | null;
  /** Questions pending. */
  toSolve: number;
};

/** `PATCH users/image`: the user, and `url` (the original image host's answer) = `imageURL`. */
export type PictureResponse = UserResponse & { url: string };

/** A child on a parent's dashboard (`GET users/children/{name}`, the original's Student shape). */
export type ChildResponse = {
  id: number;
  name: string;
  imageURL: string;
  subscriptions: { id: number; service: { id: number; name: string } }[];
};

/**
 * `PATCH users`: a person edits their own username and email (spec 1 §2 Edit Profile). A changed
 * email needs `currentPassword`. `id` and `role` are accepted as the original client sends them,
 * but must be the caller's own (roles are the administrator's).
 */
export const ProfileUpdateRequest = z.object({
  id: idField.nullish(),
  username: usernameField.nullish(),
  email: emailField.nullish(),
  currentPassword: z
    .string({ error: 'must be a text' })
    .max(limits.passwordMax, `must be at most ${limits.passwordMax} characters`)
    .nullish(),
  role: z.string({ error: 'must be a text' }).max(200, 'must be at most 200 characters').nullish(),
});
export type ProfileUpdateRequest = z.input<typeof ProfileUpdateRequest>;

/** The JSON body of every error answer (DESIGN §2); described as such in /api/openapi.json. */
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
