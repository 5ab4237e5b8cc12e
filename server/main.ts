import { runServer } from './run.ts';

/** Process entry (`npm start`): the server on the machine's clock. Everything else is in run.ts. */
await runServer({ now: () => new Date() });
