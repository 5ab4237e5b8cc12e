import { z } from 'zod';
import { isCommonPassword } from '../commonPasswords.ts';
import { limits } from '../limits.ts';
import { ROLES } from '../roles.ts';
import { text } from '../validation.ts';

/** Letters and digits of any script, spaces, '.', '_' and '-': safe in URLs and in comma lists. */
const USERNAME_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u;

export const emailField = text({ max: limits.emailMax })
  .toLowerCase()
  .pipe(z.email('must be a valid email address'));

export const usernameField = text({ min: limits.usernameMin, max: limits.usernameMax }).regex(
  USERNAME_PATTERN,
  "may contain only letters, digits, spaces, '.', '_' and '-', and must start with a letter or digit",
);

export const newPasswordField = text({
  min: limits.passwordMin,
  max: limits.passwordMax,
  trim: false,
}).refine(
  (password) => !isCommonPassword(password),
  'is one of the most common passwords; choose one that is harder to guess',
);

export const SignupRequest = z.object({
  email: emailField,
  username: usernameField,
  password: newPasswordField,
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
};

/** `GET users/{name}` (the original's UserResponse). */
export type UserResponse = {
  id: number;
  email: string;
  username: string;
  role: string;
  imageURL: string | null;
  services: string[];
};

/** The JSON body of every error answer (DESIGN §2). */
export type ApiErrorBody = {
  status: number;
  error: string;
  message: string;
  details?: { path: string; message: string }[];
};
