/** What a mail is about: the outbox's `kind` (server/mail/service.ts), named in the admin console. */
export const MAIL_KINDS = ['password-reset', 'student-digest', 'parent-weekly', 'teacher-marking'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** Where a mail of the admin's queue view stands. */
export const MAIL_STATES = ['waiting', 'sent', 'abandoned'] as const;
export type MailState = (typeof MAIL_STATES)[number];
