/** The four roles (docs/product.md, "Roles"). A user may hold several. */
export const ROLES = ['ADMIN', 'TEACHER', 'STUDENT', 'PARENT'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** Spring-style authority names the original client reads (`ROLE_TEACHER`, …). */
export function toAuthorities(roles: readonly Role[]): string[] {
  return roles.map((role) => `ROLE_${role}`);
}

/** The comma-separated upper-case list the admin console edits (`ADMIN,TEACHER`). */
export function rolesToText(roles: readonly Role[]): string {
  return roles.join(',');
}

/** Roles that may author, assign, mark and read every student's data. */
export const STAFF_ROLES: readonly Role[] = ['TEACHER', 'ADMIN'];

export function hasAnyRole(roles: readonly Role[], wanted: readonly Role[]): boolean {
  return roles.some((role) => wanted.includes(role));
}
