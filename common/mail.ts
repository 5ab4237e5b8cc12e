import type { Role } from './roles.ts';

/** What a mail is about: the outbox's `kind` (server/mail/service.ts), named in the admin console. */
export const MAIL_KINDS = ['password-reset', 'student-digest', 'parent-weekly', 'teacher-marking'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** The mails a person may switch off (a password reset is asked for, never unwanted). */
export const NOTIFICATION_KINDS = ['teacher-marking', 'student-digest', 'parent-weekly'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Who gets each notification: a teacher the marking reminder, a student the digest, a parent the week. */
export const NOTIFICATION_ROLE: Record<NotificationKind, Role> = {
  'teacher-marking': 'TEACHER',
  'student-digest': 'STUDENT',
  'parent-weekly': 'PARENT',
};

/** The notifications a person with these roles gets, in the profile's order. */
export function notificationKindsFor(roles: readonly Role[]): NotificationKind[] {
  return NOTIFICATION_KINDS.filter((kind) => roles.includes(NOTIFICATION_ROLE[kind]));
}

/** Where a mail of the admin's queue view stands. */
export const MAIL_STATES = ['waiting', 'sent', 'abandoned'] as const;
export type MailState = (typeof MAIL_STATES)[number];
