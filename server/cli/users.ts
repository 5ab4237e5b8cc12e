import { resolveDrizzleQuickly } from '../quickResolve.ts';

/** Process entry (`npm run users`): the command is in usersCommand.ts, imported once module resolution is quick. */
resolveDrizzleQuickly();
await import('./usersCommand.ts');
