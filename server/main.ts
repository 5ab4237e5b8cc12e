import { resolveDrizzleQuickly } from './quickResolve.ts';

/**
 * Process entry (`npm start`): the server on the machine's clock. Everything else is in run.ts,
 * imported once module resolution is quick.
 */
resolveDrizzleQuickly();
const { runServer } = await import('./run.ts');
await runServer({ now: () => new Date() });
