import { parseArgs } from 'node:util';
import { SignupRequest } from '../../common/contracts/users.ts';
import { ROLES, type Role, rolesToText } from '../../common/roles.ts';
import { describeIssues } from '../../common/validation.ts';
import { z } from '../../common/zod.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { DataDirLockedError } from '../db/lock.ts';
import { openConfiguredDatabase } from '../db/open.ts';
import { AppError } from '../errors.ts';
import { createAccount, listUsers } from '../users/service.ts';

const usage = `Manage accounts from the command line (the way to make the first admin).

  npm run users -- create --email E --username N --password P [--role ADMIN,TEACHER]
  npm run users -- list

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
  if (command !== 'create' && command !== 'list') fail(`unknown command "${command}".\n\n${usage}`);

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

  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    if (command === 'create') {
      const user = await createAccount(database.db, account);
      console.log(`Created ${user.username} <${user.email}> with roles ${rolesToText(user.roles)}.`);
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
