import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/test/setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
