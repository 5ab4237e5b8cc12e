import { adminLimits, limits } from '../limits.ts';
import { ROLES, type Role } from '../roles.ts';
import { customProblem, idField, says, text } from '../validation.ts';
import { z } from '../zod.ts';
import { emailField, usernameField } from './users.ts';

/** The admin console's calls (docs/product.md, "Admin console"). */

// Defined beside the other limits (a module without zod, which the pages read).
export { adminLimits };

/** A service's name: trimmed, 1–100 characters. */
export const ServiceName = text({ max: adminLimits.serviceNameMax });

/**
 * `POST services`: the name as plain text (what the original client sends), a JSON string, or
 * JSON `{name}`.
 */
export const ServiceRequest = z.union(
  [ServiceName, z.object({ name: ServiceName }).transform((body) => body.name)],
  says('serviceName'),
);

export const SubscriptionPair = z.object({
  studentName: text({ max: limits.usernameMax }),
  serviceName: ServiceName,
});
export type SubscriptionPair = z.infer<typeof SubscriptionPair>;

/** `POST subscriptions/multiples`: every selected student × service. */
export const SubscriptionBatch = z
  .array(SubscriptionPair, says('subscriptionList'))
  .max(adminLimits.subscriptionPairsMax, says('atMostPairsAtOnce', adminLimits.subscriptionPairsMax));

/** `DELETE subscriptions/{name}/{service}`. */
export const SubscriptionParams = z.object({
  name: text({ max: limits.usernameMax }),
  service: ServiceName,
});

/** `POST users/children/{parent}` and `DELETE users/children/{parent}/{child}`: the accounts' names. */
export const ParentParams = z.object({ name: text({ max: limits.usernameMax }) });
export const ParentChildParams = ParentParams.extend({ child: text({ max: limits.usernameMax }) });

/** `POST users/children/{parent}`: the students' names, as the original client sends them (`["alice"]`). */
export const ChildrenRequest = z
  .array(text({ max: limits.usernameMax }), says('listOfStudents'))
  .min(1, says('atLeastOneStudent'))
  .max(adminLimits.childrenPerRequestMax, says('atMostStudentsAtOnce', adminLimits.childrenPerRequestMax));

/**
 * Roles as the console edits them: upper case, comma-separated, each one of ADMIN, TEACHER,
 * STUDENT, PARENT (`ADMIN,TEACHER`; spaces around commas are allowed). Anything else is a 400.
 */
export const RoleText = z
  .string(says('text'))
  .max(200, says('atMostCharacters', 200))
  .transform((value, ctx) => {
    const parts = value.split(',').map((part) => part.trim());
    const wrong = parts.filter((part) => !(ROLES as readonly string[]).includes(part));
    if (parts.every((part) => part === '') || wrong.length > 0) {
      const named = wrong.filter(Boolean).join(', ');
      ctx.addIssue(
        customProblem((t) => (named ? t.rolesNot(ROLES.join(', '), named) : t.roles(ROLES.join(', ')))),
      );
      return z.NEVER;
    }
    // One order whatever the order typed, so the same set is the same text everywhere.
    return ROLES.filter((role) => parts.includes(role)) as Role[];
  });

/**
 * `PATCH users` sent by an administrator: `id` names the account (default: their own); `username`,
 * `email` and `role` change it. The original client sends all of `{id, email, username, role}`.
 * `currentPassword` is only needed when an admin changes their own email (as on Edit Profile).
 */
export const AdminUserUpdate = z.object({
  id: idField.nullish(),
  username: usernameField.nullish(),
  email: emailField.nullish(),
  role: RoleText.nullish(),
  currentPassword: z
    .string(says('text'))
    .max(limits.passwordMax, says('atMostCharacters', limits.passwordMax))
    .nullish(),
});
export type AdminUserUpdate = z.input<typeof AdminUserUpdate>;

/** `GET users?q=&page&size&sort`: the search text matches username or email. */
export const UserSearchQuery = z.object({
  q: z
    .string(says('text'))
    .trim()
    .max(adminLimits.userSearchMax, says('atMostCharacters', adminLimits.userSearchMax))
    .optional(),
});

// In a module of their own: responses.ts needs them, and this module re-exports its types.
export { AUDIT_ACTIONS, type AuditAction } from '../audit.ts';

// The answers' shapes: their contracts are in responses.ts (kept out of the pages' bundles).
export type {
  AuditEntry,
  MailQueue,
  ParentResponse,
  ServiceResponse,
  StudentWithSubscriptions,
  UserCard,
} from './responses.ts';
