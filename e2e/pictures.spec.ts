import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { formatDateTime } from '../common/dates.ts';
import { e2eNow } from './clock.ts';
import { demo, expect, openSignIn, signIn, signUp, test, uniqueName } from './fixtures.ts';

/**
 * A question with a formula and a picture end to end: a teacher writes it with a picture and its
 * alt text (a picture without one is refused first), assigns it, and the student sees the formula
 * drawn and the picture on a 360 px phone, lazily loaded, its size set and scaled to fit. A script
 * in an alt text or a file name stays text wherever the picture is shown.
 */
const password = 'student secret 2026';
const student = uniqueName('pia');
const APP_ZONE = 'Asia/Seoul';
const PHONE = { width: 360, height: 800 };

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

/** Every dialog the page opens (an injected `alert` would be one), and a flag injected code sets. */
function watchScripts(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

/** No element the injected markup would have made, and nothing of it has run. */
async function nothingInjected(page: Page) {
  await expect(page.locator('main script, [onerror]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { hacked?: unknown }).hacked)).toBeUndefined();
}

/** The upload form filled in for the student, up to its picture (not yet sent). */
async function writeQuestion(teacher: Page, title: string, text: string) {
  await teacher.goto('/upload');
  await teacher.getByLabel('Assignment Title', { exact: true }).fill(title);
  await teacher.getByLabel('Question Text', { exact: true }).fill(text);
  await teacher.getByLabel('Type', { exact: true }).selectOption('s');
  await teacher.getByLabel('Answer', { exact: true }).fill('three');
  await teacher.getByLabel('Explanation', { exact: true }).fill('A triangle has three sides.');
  const due = formatDateTime(new Date(e2eNow().getTime() + 30 * 3_600_000), APP_ZONE).slice(0, 16);
  await teacher.getByLabel('Due Date', { exact: true }).fill(due);
  await teacher.getByPlaceholder('Search students').fill(student);
  await teacher.getByRole('checkbox', { name: student }).check();
}

test('a teacher writes a question with a formula, a picture and alt text; the student sees both on a 360 px phone', async ({
  browser,
}) => {
  const teacher = await signedIn(browser, demo.teacher);
  await writeQuestion(teacher, 'Picture question', 'How many sides has the shape? Not $x^2$ of them.');

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

  const phone = await signedIn(browser, { email: `${student}@example.com`, password }, PHONE);
  await phone.goto(`/tutoring/${student}`);
  const card = phone.getByRole('article').filter({ hasText: 'Picture question' });
  // The formula drawn by KaTeX, its source read from the MathML.
  await expect(card.locator('.katex')).toHaveCount(1);
  await expect(card.locator('.katex').first()).toBeVisible();
  await expect(card.locator('math annotation')).toHaveText('x^2');
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
  expect(await phone.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);
  await phone.context().close();
});

test('a script in a picture’s alt text or file name never runs where the picture is shown', async ({
  browser,
}) => {
  const title = uniqueName('Hostile picture');
  const alt = '"><script>window.hacked = 1</script><img src=x onerror="window.hacked = 1; alert(1)">';
  const teacher = await signedIn(browser, demo.teacher);
  const teacherDialogs = watchScripts(teacher);
  await writeQuestion(teacher, title, 'What colour is it?');
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: 'orange' } })
    .png()
    .toBuffer();
  await teacher.getByLabel('Add a picture (PNG, JPEG, WebP, GIF)').setInputFiles({
    name: '"><img src=x onerror=alert(1)>.png',
    mimeType: 'image/png',
    buffer: png,
  });
  await teacher.getByLabel('Picture 1: what it shows (alt text, required)').fill(alt);
  // Previewed on the form with the alt text just typed.
  await expect(teacher.getByRole('img', { name: alt }).first()).toBeVisible();
  await nothingInjected(teacher);
  await teacher.getByRole('button', { name: 'Assign to Students' }).click();
  await teacher.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(teacher.getByRole('status').filter({ hasText: /Successfully uploaded!/ })).toBeVisible();

  // In the archive and on its printable worksheet the picture is named by the alt text, as text.
  await teacher.goto(`/questions?field=title&q=${encodeURIComponent(title)}`);
  const entry = teacher.getByRole('article', { name: new RegExp(title) });
  await expect(entry.getByRole('img', { name: alt })).toBeVisible();
  await nothingInjected(teacher);
  await entry.getByRole('checkbox', { name: 'Duplicate' }).check();
  await teacher.getByRole('button', { name: 'Print worksheet' }).click();
  const sheetPicture = teacher.getByRole('article', { name: 'Worksheet' }).getByRole('img', { name: alt });
  await expect
    .poll(() => sheetPicture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(40);
  await nothingInjected(teacher);
  expect(teacherDialogs).toEqual([]);
  await teacher.context().close();

  const phone = await signedIn(browser, { email: `${student}@example.com`, password }, PHONE);
  const dialogs = watchScripts(phone);
  await phone.goto(`/tutoring/${student}`);
  const picture = phone.getByRole('article', { name: new RegExp(title) }).getByRole('img', { name: alt });
  await picture.scrollIntoViewIfNeeded();
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(40);
  await nothingInjected(phone);
  expect(dialogs).toEqual([]);
  await phone.context().close();
});
