import { parseArgs } from 'node:util';
import { emailField, SignupRequest } from '../../common/contracts/users.ts';
import { ROLES, type Role, rolesToText } from '../../common/roles.ts';
import { describeIssues } from '../../common/validation.ts';
import { z } from '../../common/zod.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { DataDirLockedError } from '../db/lock.ts';
import { openConfiguredDatabase } from '../db/open.ts';
import { AppError } from '../errors.ts';
import { appOrigin, makeResetLink } from '../users/recovery.ts';
import { createAccount, listUsers } from '../users/service.ts';

const usage = `Manage accounts from the command line (the way to make the first admin).

  npm run users -- create --email E --username N --password P [--role ADMIN,TEACHER]
  npm run users -- list
  npm run users -- reset-link --email E

reset-link prints a link that sets a new password for the account (once, within an hour), built from
PUBLIC_URL (else http://127.0.0.1:PORT); it is recorded in the admin console's audit log.

Roles: ${ROLES.join(', ')} (comma-separated; default STUDENT).
Uses the same settings as the server (DATA_DIR or DATABASE_URL). With the embedded database the
server must be stopped first: only one process may hold the data directory.`;

const RoleText = z
  .string()
  .transform((text) =>
    text
      .split(',')
      .map((r) => r.trim().toUpperCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(ROLES, { error: `must be among ${ROLES.join(', ')}` })).min(1, 'must name a role'));

function fail(message: string): never {
  console.error(`users: ${message}`);
  process.exit(1);
}

async function run(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  if (!command || command === 'help' || command === '--help') {
    console.log(usage);
    return;
  }
  if (command !== 'create' && command !== 'list' && command !== 'reset-link')
    fail(`unknown command "${command}".\n\n${usage}`);

  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      username: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string', default: 'STUDENT' },
    },
    strict: true,
  });

  let account: z.output<typeof SignupRequest> & { roles: Role[] } = {
    email: '',
    username: '',
    password: '',
    roles: [],
  };
  if (command === 'create') {
    const parsed = SignupRequest.safeParse(values);
    if (!parsed.success) fail(describeIssues(parsed.error.issues).message);
    const roles = RoleText.safeParse(values.role);
    if (!roles.success) fail(`role: ${describeIssues(roles.error.issues).message}`);
    account = { ...parsed.data, roles: roles.data };
  }
  let resetEmail = '';
  if (command === 'reset-link') {
    const parsed = emailField.safeParse(values.email);
    if (!parsed.success) fail(`email: ${describeIssues(parsed.error.issues).message}`);
    resetEmail = parsed.data;
  }

  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    if (command === 'create') {
      const user = await createAccount(database.db, account);
      console.log(`Created ${user.username} <${user.email}> with roles ${rolesToText(user.roles)}.`);
    } else if (command === 'reset-link') {
      const reset = await makeResetLink(
        database.db,
        { email: resetEmail },
        { actor: { userId: null, username: 'npm run users' }, now: new Date(), origin: appOrigin(config) },
      );
      console.log(`${reset.link}\n(works once, until ${reset.expiresAt})`);
    } else {
      for (const user of await listUsers(database.db)) {
        console.log(
          `${String(user.id).padStart(5)}  ${user.username.padEnd(24)} ${user.email.padEnd(32)} ${rolesToText(user.roles)}`,
        );
      }
    }
  } finally {
    await database.close();
  }
}

try {
  await run();
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) fail(error.message);
  if (error instanceof AppError) fail(error.message);
  if (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
    fail(`${error.message}\n\n${usage}`);
  }
  throw error;
}
