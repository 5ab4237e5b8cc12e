import { resolveDrizzleQuickly } from '../quickResolve.ts';

/** Process entry (`npm run backup`): the command is in backupCommand.ts, imported once module resolution is quick. */
resolveDrizzleQuickly();
await import('./backupCommand.ts');
