/** The kinds of admin writes the audit log records. */
export const AUDIT_ACTIONS = [
  'service.create',
  'subscription.add',
  'subscription.remove',
  'user.update',
  'user.roles',
  'user.picture',
  'user.resetLink',
  'parent.link',
  'parent.unlink',
  'calendar.reload',
  'topicStats.reload',
  'wall.moderate',
  'wall.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
