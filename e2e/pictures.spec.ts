import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { formatDateTime } from '../common/dates.ts';
import { e2eNow } from './clock.ts';
import { demo, expect, openSignIn, signIn, signUp, test, uniqueName } from './fixtures.ts';

/**
 * A question with a picture end to end: a teacher writes it with a picture and its alt text (a
 * picture without one is refused first), assigns it, and the student sees it on a 360 px phone,
 * lazily loaded, its size set and scaled to fit.
 */
const password = 'student secret 2026';
const student = uniqueName('pia');
const APP_ZONE = 'Asia/Seoul';

test.beforeAll(async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  await signUp(api, student, password);
  await api.dispose();
});

async function signedIn(
  browser: Browser,
  who: { email: string; password: string },
  viewport?: { width: number; height: number },
): Promise<Page> {
  const page = await (await browser.newContext(viewport ? { viewport } : {})).newPage();
  await openSignIn(page);
  await signIn(page, who);
  await expect(page).toHaveURL(/\/user\//);
  return page;
}

test('a teacher writes a question with a picture and alt text; the student sees it on a 360 px phone', async ({
  browser,
}) => {
  const teacher = await signedIn(browser, demo.teacher);
  await teacher.goto('/upload');
  await teacher.getByLabel('Assignment Title', { exact: true }).fill('Picture question');
  await teacher.getByLabel('Question Text', { exact: true }).fill('How many sides has the shape?');
  await teacher.getByLabel('Type', { exact: true }).selectOption('s');
  await teacher.getByLabel('Answer', { exact: true }).fill('three');
  await teacher.getByLabel('Explanation', { exact: true }).fill('A triangle has three sides.');
  const due = formatDateTime(new Date(e2eNow().getTime() + 30 * 3_600_000), APP_ZONE).slice(0, 16);
  await teacher.getByLabel('Due Date', { exact: true }).fill(due);
  await teacher.getByPlaceholder('Search students').fill(student);
  await teacher.getByRole('checkbox', { name: student }).check();

  // Wider than a phone: it must be scaled down to fit there.
  const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: 'purple' } })
    .png()
    .toBuffer();
  await teacher
    .getByLabel('Add a picture (PNG, JPEG, WebP, GIF)')
    .setInputFiles({ name: 'triangle.png', mimeType: 'image/png', buffer: png });
  const alt = teacher.getByLabel('Picture 1: what it shows (alt text, required)');
  await expect(alt).toBeVisible();

  // No alt text: refused before anything is sent.
  await teacher.getByRole('button', { name: 'Assign to Students' }).click();
  await expect(teacher.getByRole('alert')).toHaveText(/Picture 1: describe what it shows \(alt text\)\./);
  await alt.fill('A purple triangle');
  await teacher.getByRole('button', { name: 'Assign to Students' }).click();
  await teacher.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(teacher.getByRole('status').filter({ hasText: /Successfully uploaded!/ })).toBeVisible();
  await teacher.context().close();

  const phone = await signedIn(
    browser,
    { email: `${student}@example.com`, password },
    { width: 360, height: 740 },
  );
  await phone.goto(`/tutoring/${student}`);
  const card = phone.getByRole('article').filter({ hasText: 'Picture question' });
  const picture = card.getByRole('img', { name: 'A purple triangle' });
  await expect(picture).toHaveAttribute('loading', 'lazy');
  await expect(picture).toHaveAttribute('width', '800');
  await expect(picture).toHaveAttribute('height', '400');
  await picture.scrollIntoViewIfNeeded();
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(800);
  // Scaled to the card, keeping its shape; nothing wider than the phone.
  const box = (await picture.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(360);
  expect(Math.abs(box.height - box.width / 2)).toBeLessThan(2);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await phone.context().close();
});
