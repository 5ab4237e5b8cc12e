import { expect, type Page } from '@playwright/test';

/** The demo accounts `npm run demo` creates (server/demo/seed.ts); the e2e server is seeded with them. */
export const demo = {
  teacher: { email: 'teacher@example.com', password: 'demo-teacher-2026', name: 'teacher' },
  alice: { email: 'alice@example.com', password: 'demo-student-2026', name: 'alice' },
  bob: { email: 'bob@example.com', password: 'demo-student-2026', name: 'bob' },
  dana: { email: 'dana@example.com', password: 'demo-parent-2026', name: 'dana' },
} as const;

export async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.getByLabel('Email Address').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function openSignIn(page: Page): Promise<void> {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
}

/** A name no other test run used (tests share one database per run). */
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}
