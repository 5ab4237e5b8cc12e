import type { Config } from './config.ts';
import type { Database } from './db/open.ts';
import type { LogOutput } from './logging.ts';

/** What the HTTP application is built around (`buildApp` in app.ts); every route reads them as `app.deps`. */
export type AppDeps = {
  config: Config;
  database: Database;
  /** The clock; tests move it to check expiry. */
  now: () => Date;
  /** Where log lines go (default: stdout, through a bounded buffer that never blocks). */
  logOutput?: LogOutput;
};
