import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker. Most of a server test's time is spent waiting (on
    // a spawned server, a socket, a timer), so a second worker keeps the machine busy meanwhile.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          include: [
            'server/**/*.test.ts',
            'common/**/*.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          // Tests that need PostgreSQL itself (several server processes) run only in npm run test:pg,
          // rather than being skipped on the embedded database.
          exclude: process.env.TEST_DATABASE_URL
            ? configDefaults.exclude
            : [...configDefaults.exclude, 'server/**/*.pg.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // A worker imports the server's modules once for all its files rather than once per file
          // (import was the largest share of the suite's time). Each file still starts its own app
          // on its own copy of the database, so files share modules but no state.
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Each file still runs in a context of its own (modules, globals, DOM), inside a reused thread:
          // a forked worker set up per file was three quarters of this project's CPU time.
          pool: 'vmThreads',
          setupFiles: ['web/test/setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
