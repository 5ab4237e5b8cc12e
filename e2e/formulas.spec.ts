import type { Page } from '@playwright/test';
import { formatDateTime } from '../common/dates.ts';
import { e2eNow } from './clock.ts';
import { demo, expect, openSignIn, signIn, signUp, test, uniqueName } from './fixtures.ts';

/**
 * A teacher writes a question with formulas (one of them broken) on the upload form, sees them
 * previewed as typed, assigns it, and the student sees them rendered by KaTeX on a 360 px phone,
 * the broken one as its source marked as an error, nothing scrolling sideways. KaTeX loads only
 * on a page that shows a formula.
 */
const PHONE = { width: 360, height: 740 };
const password = 'formula secret 2026';
const name = uniqueName('euler');

/** What a teacher types in the due date field: wall-clock time in the app's zone. */
const dueIn = (hours: number) =>
  formatDateTime(new Date(e2eNow().getTime() + hours * 3_600_000), 'Asia/Seoul').slice(0, 16);

/** Every script and stylesheet of KaTeX the page has fetched. */
function watchKatex(page: Page): string[] {
  const fetched: string[] = [];
  page.on('requestfinished', (request) => {
    const path = new URL(request.url()).pathname;
    if (/^\/assets\/(Formulas-[\w-]+\.(js|css)|KaTeX_[\w-]+\.woff2)$/.test(path)) fetched.push(path);
  });
  return fetched;
}

/** The elements that reach past the right edge of the window, if the page scrolls sideways. */
function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`)
      .slice(0, 10);
  });
}

test('a formula written on the upload form is previewed, assigned and rendered for the student on a phone', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const api = await playwright.request.newContext({ baseURL });
  const student = await signUp(api, name, password);
  await api.dispose();

  const teacher = await (await browser.newContext()).newPage();
  await openSignIn(teacher);
  await signIn(teacher, demo.teacher);
  await teacher.goto('/upload');
  await expect(teacher.getByRole('heading', { name: 'Upload', exact: true })).toBeVisible();
  await teacher.getByLabel('Assignment Title', { exact: true }).fill('Quadratic roots');
  await teacher
    .getByLabel('Question Text', { exact: true })
    .fill(
      'The roots of $ax^2 + bx + c = 0$ are $$x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}.$$ ' +
        'Which are the roots of $x^2 - 5x + 6 = 0$? (A ticket costs \\$5; `$PATH` is code.)',
    );
  // The preview under the field draws the formulas as they are typed.
  const questionPreview = teacher.getByText('Question Text as students see it').locator('..');
  await expect(questionPreview.locator('.katex')).toHaveCount(3);
  await expect(questionPreview).toContainText('A ticket costs $5; `$PATH` is code.');
  await teacher.getByLabel('Type', { exact: true }).selectOption('m');
  await teacher.getByLabel('Number of options', { exact: true }).fill('3');
  await teacher.getByLabel('Option 1', { exact: true }).fill('$x = 2$ and $x = 3$');
  await teacher.getByLabel('Option 2', { exact: true }).fill('$x = -2$ and $x = -3$');
  // A formula that does not parse: shown as typed, marked.
  await teacher.getByLabel('Option 3', { exact: true }).fill('$\\frac{1}{$ neither');
  await expect(teacher.getByText('Option 3 as students see it').locator('..')).toContainText(
    '$\\frac{1}{$ formula error',
  );
  await teacher.getByLabel('Option 1 is right').check();
  await teacher
    .getByLabel('Hints', { exact: true })
    .fill('Find two numbers whose sum is $5$ and product $6$.');
  await teacher
    .getByLabel('Explanation', { exact: true })
    .fill('$x^2 - 5x + 6 = (x - 2)(x - 3)$, so $$x \\in \\{2, 3\\}.$$');
  await teacher.getByLabel('Due Date', { exact: true }).fill(dueIn(30));
  await teacher.getByPlaceholder('Search students').fill(name);
  await teacher.getByRole('checkbox', { name }).check();
  await teacher.getByRole('button', { name: 'Assign to Students' }).click();
  const confirm = teacher.getByRole('dialog');
  await expect(confirm.locator('.katex').first()).toBeVisible();
  await confirm.getByRole('button', { name: 'OK' }).click();
  await expect(teacher.getByRole('status').filter({ hasText: /Successfully uploaded!/ })).toBeVisible();
  await teacher.context().close();

  const phone = await (
    await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })
  ).newPage();
  const katexFiles = watchKatex(phone);
  await openSignIn(phone);
  await signIn(phone, student);
  await phone.waitForLoadState('networkidle');
  // No formula on the dashboard: no KaTeX.
  expect(katexFiles).toEqual([]);

  await phone.goto(`/tutoring/${name}`);
  const card = phone.getByRole('article', { name: /Quadratic roots/ });
  await expect(card.locator('.katex-display')).toHaveCount(1);
  // Question text (3), options 1 and 2 (two each), the folded hint (2).
  await expect(card.locator('.katex')).toHaveCount(9);
  await expect(card.getByText('A ticket costs $5; `$PATH` is code.', { exact: false })).toBeVisible();
  // Screen readers read the formula from KaTeX's MathML.
  await expect(card.locator('math annotation').first()).toHaveText('ax^2 + bx + c = 0');
  const broken = card.getByText('formula error', { exact: true });
  await expect(broken).toBeVisible();
  await expect(broken.locator('..').locator('code')).toHaveText('$\\frac{1}{$');
  // The first option is still a radio button named by its text.
  await expect(card.getByRole('radio')).toHaveCount(3);
  await card.getByText('Hint', { exact: true }).click();
  await expect(card.locator('details .katex')).toHaveCount(2);
  expect(katexFiles.some((file) => /Formulas-[\w-]+\.js$/.test(file))).toBe(true);
  expect(katexFiles.some((file) => /Formulas-[\w-]+\.css$/.test(file))).toBe(true);
  // KaTeX's fonts come from this server (the CSP's font-src 'self').
  expect(katexFiles.some((file) => file.endsWith('.woff2'))).toBe(true);
  await phone.waitForLoadState('networkidle');
  expect(await sidewaysOverflow(phone)).toEqual([]);

  // Answered, the submissions page shows the explanation's formulas too.
  await card.getByRole('radio').first().check();
  // On a phone the side panel is a bar that opens on demand.
  await phone.getByRole('button', { name: /Your Answers/ }).click();
  await phone.getByRole('button', { name: 'Submit All' }).click();
  await phone.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(phone.getByRole('status').filter({ hasText: /Submitted 1 answer/ })).toBeVisible();
  await phone.goto(`/submission/${name}`);
  const result = phone.getByRole('article', { name: /Quadratic roots/ });
  await expect(result.locator('.katex-display')).toHaveCount(2);
  await phone.waitForLoadState('networkidle');
  expect(await sidewaysOverflow(phone)).toEqual([]);
  await phone.context().close();
});
