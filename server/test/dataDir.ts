import fs from 'node:fs';
import { inject } from 'vitest';

/**
 * An embedded data directory at `dir` that already holds the migrated schema, copied from the run's
 * template: creating one costs a spawned server or command several seconds of CPU, which tests that
 * are not about the first start need not spend. On PostgreSQL runs (no template) `dir` starts empty.
 */
export function migratedDataDir(dir: string): string {
  const template = inject('pgliteDataDir');
  if (template) fs.cpSync(template, dir, { recursive: true });
  return dir;
}
