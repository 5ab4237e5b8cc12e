import type { Page } from '@playwright/test';
import { owner } from '../web/src/pages/portfolio/content/owner.ts';
import { demo, expect, openSignIn, signIn, test } from './fixtures.ts';

/**
 * Every page runs under the strict CSP the server sends (`script-src 'self'`, no `'unsafe-eval'`),
 * and nothing a page does is refused by it. Chromium reports a refusal as a
 * `securitypolicyviolation` event and a console error, even when the page's code catches it (zod's
 * probe for `new Function` did, on every page that parses with it).
 */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportViolation: (text: string) => void }).reportViolation;
      report(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|unsafe-eval/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/** Opens a page and waits until its content has rendered and its calls are done. */
async function visit(page: Page, path: string, heading: RegExp | string) {
  const response = await page.goto(path);
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self'(;|$)/);
  expect(csp).not.toMatch(/unsafe-eval|unsafe-inline'[^;]*script/);
  await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test('no page is refused anything by the CSP: signed out, as a student and as a teacher', async ({
  page,
}) => {
  // Some thirty pages, each until its network is quiet.
  test.setTimeout(90_000);
  const violations = await watchViolations(page);

  await visit(page, '/', owner.name);
  await visit(page, '/prev', owner.name);
  await visit(page, '/stopwatch', 'Stopwatch');
  await visit(page, '/wall', 'Wall');
  await visit(page, '/spinner', 'Spinner');
  await visit(page, '/sandbox', 'Sandbox');
  await visit(page, '/signup', 'Sign Up');
  await visit(page, '/signin', 'Welcome Back');
  await openSignIn(page);
  await signIn(page, demo.alice);
  await visit(page, '/user/alice', 'alice');
  await visit(page, '/tutoring/alice', /Questions for alice|no question/);
  await visit(page, '/submission/alice', 'Submissions');
  await visit(page, '/review/alice', /Review|no question/);
  await visit(page, '/math', 'Simple Math Question');
  await visit(page, '/math/start', 'Simple Math Question');
  await visit(page, '/math/result/alice', "alice's results");

  await page.goto('/logout');
  await expect(page).toHaveURL('/login');
  await signIn(page, demo.teacher);
  await visit(page, '/questions', /Archive/);
  // Formulas: KaTeX's script, stylesheet and fonts.
  await visit(page, '/tutoring/chloe', 'Questions for chloe');
  await expect(page.locator('.katex').first()).toBeVisible();
  await visit(page, '/questions/modify', 'Modify questions');
  await visit(page, '/teacher', /Teacher/);
  await visit(page, '/upload', 'Upload');
  await visit(page, '/upload/multiples', 'Bulk upload');
  await visit(page, '/marking/alice', /Marking/);
  await visit(page, '/review-schedule/alice', "alice's review schedule");
  // The teacher is also the admin.
  await visit(page, '/91b-admin', 'Administrator console');

  expect(violations).toEqual([]);
});

test('the API page (/api/docs) is refused nothing and lists the routes from /api/openapi.json', async ({
  page,
}) => {
  const violations = await watchViolations(page);
  const response = await page.goto('/api/docs');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self'(;|$)/);
  // Swagger UI is a megabyte of script: on a busy two-core machine it can take longer than the
  // suite's usual wait to draw.
  await expect(page.getByRole('heading', { name: /Tutorfolio API/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('/api/v1/drafts/{name}').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});
