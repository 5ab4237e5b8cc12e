import type { Role } from '../../common/roles.ts';
import type { Db } from '../db/open.ts';
import { findUserByEmail, linkChild, type UserRow } from '../users/queries.ts';
import { createAccount } from '../users/service.ts';

/** The demo's people. The passwords are public on purpose: this data is for trying the app out. */
export const demoAccounts = [
  {
    email: 'teacher@example.com',
    username: 'teacher',
    password: 'demo-teacher-2026',
    roles: ['ADMIN', 'TEACHER'],
  },
  { email: 'alice@example.com', username: 'alice', password: 'demo-student-2026', roles: ['STUDENT'] },
  { email: 'bob@example.com', username: 'bob', password: 'demo-student-2026', roles: ['STUDENT'] },
  { email: 'chloe@example.com', username: 'chloe', password: 'demo-student-2026', roles: ['STUDENT'] },
  { email: 'dana@example.com', username: 'dana', password: 'demo-parent-2026', roles: ['PARENT'] },
] as const satisfies readonly { email: string; username: string; password: string; roles: readonly Role[] }[];

export type DemoResult = { created: string[]; existing: string[] };

/** Fills the database with the demo people (parent dana linked to alice). Safe to run again. */
export async function seedDemo(db: Db): Promise<DemoResult> {
  const result: DemoResult = { created: [], existing: [] };
  const byName = new Map<string, UserRow>();
  for (const account of demoAccounts) {
    let user = await findUserByEmail(db, account.email);
    if (user) {
      result.existing.push(account.username);
    } else {
      user = await createAccount(db, { ...account, roles: [...account.roles] });
      result.created.push(account.username);
    }
    byName.set(account.username, user);
  }
  await linkChild(db, byName.get('dana')!.id, byName.get('alice')!.id);
  return result;
}

export function printDemoAccounts(result: DemoResult): void {
  const lines = [
    `Demo data ready (${result.created.length} accounts created, ${result.existing.length} already there). Sign in with:`,
    ...demoAccounts.map(
      (a) =>
        `  ${a.roles.join(',').padEnd(14)} ${a.email.padEnd(22)} password ${a.password}   (name: ${a.username})`,
    ),
    '  dana is the parent of alice.',
  ];
  console.log(lines.join('\n'));
}
