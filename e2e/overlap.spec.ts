import type { Browser, Locator, Page } from '@playwright/test';
import { apiAs, demo, expect, hoursFromNow, signUp, test, uniqueName } from './fixtures.ts';

/**
 * What floats over a page never hides the controls a person is using: a toast sits where it covers
 * no control on screen (never the button just pressed) and goes with Escape or its close button; the
 * archive's Reassign panel opens clear of the search and the page size; the marking page leaves room
 * under its pager for the sticky Submit bar; a teacher's student row with a 40-character name keeps
 * its links on one line at 360 px. Checked with the boxes the browser laid out.
 */
const password = 'overlap secret 2026';
const student = uniqueName('overlap');
// The longest name sign-up takes (40 characters), one word: it cannot wrap between words.
const longName = `${uniqueName('long')}${'x'.repeat(40)}`.slice(0, 40);
// Names from 8 to 40 characters: at 360 px some leave room beside them for Dashboard but not for Week.
const run = Math.random().toString(36).slice(2, 8);
const names = [8, 10, 12, 14, 16, 20, 24, 28, 32, 36].map((length) => `o${run}`.padEnd(length, 'x'));
const PHONE = { width: 360, height: 740 };

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async ({ playwright, baseURL }) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  await signUp(anonymous, student, password);
  await signUp(anonymous, longName, password);
  for (const name of names) await signUp(anonymous, name, password);
  await anonymous.dispose();

  const teacherContext = await playwright.request.newContext({ baseURL });
  const teacher = await apiAs(teacherContext, baseURL!, demo.teacher);
  const choices: number[] = [];
  for (const title of ['Overlap loops', 'Overlap arrays'])
    choices.push(
      await teacher.post('questions', {
        title,
        question: `Which answer is right for ${title}?`,
        type: 'm',
        candidates: ['right', 'wrong', 'neither'],
        answer: 'right',
        explanation: `Because of ${title}.`,
        hint: null,
        topics: ['overlap'],
        students: [student, longName, ...names],
        targetDate: hoursFromNow(30),
      }),
    );
  // Seven essays to mark: two pages of the marking page (5 a page), so it has a pager.
  const essays: number[] = [];
  for (let i = 1; i <= 7; i++)
    essays.push(
      await teacher.post('questions', {
        title: `Overlap essay ${i}`,
        question: `Explain idea ${i}.`,
        type: 's',
        candidates: [],
        answer: `Idea ${i}.`,
        explanation: 'It is explained.',
        hint: null,
        topics: ['overlap'],
        students: [student],
        targetDate: hoursFromNow(30),
      }),
    );
  // The archive's newest question, so its first card: tall enough to fill a 720 px window.
  await teacher.post('questions', {
    title: 'Overlap tall',
    question: `Read the program.&code:${Array.from({ length: 40 }, (_, i) => `int line${i} = ${i};`).join('\n')}`,
    type: 's',
    candidates: [],
    answer: 'It counts.',
    explanation: 'Line by line.',
    hint: null,
    topics: ['overlap'],
    students: [student],
    targetDate: hoursFromNow(30),
  });
  await teacherContext.dispose();

  const studentContext = await playwright.request.newContext({ baseURL });
  const self = await apiAs(studentContext, baseURL!, { email: `${student}@example.com`, password });
  // Both choices answered wrong: the review page lists them to redo.
  await self.post('submissions/multiples', [
    ...choices.map((questionId) => ({ studentName: student, questionId, studentAnswer: 'wrong' })),
    ...essays.map((questionId, i) => ({
      studentName: student,
      questionId,
      studentAnswer: `An answer to essay ${i + 1} long enough to take a line or two on the marking page.`,
    })),
  ]);
  await studentContext.dispose();
});

type Box = { x: number; y: number; width: number; height: number };

/** True when the two boxes share more than a hairline. */
const intersect = (a: Box, b: Box) =>
  Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 0.5 &&
  Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > 0.5;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'the element is laid out').not.toBeNull();
  return box!;
}

/** The visible controls on screen (outside `own`) that the element's box intersects, described. */
function controlsUnder(own: Locator): Promise<string[]> {
  return own.evaluate((element) => {
    const mine = element.getBoundingClientRect();
    return [...document.querySelectorAll('a[href], button, input, select, textarea, [tabindex="0"]')]
      .filter((control) => !element.contains(control))
      .filter((control) => {
        const box = control.getBoundingClientRect();
        const style = getComputedStyle(control);
        const onScreen =
          box.width > 0 &&
          box.height > 0 &&
          box.bottom > 0 &&
          box.top < window.innerHeight &&
          box.right > 0 &&
          box.left < window.innerWidth;
        return (
          onScreen &&
          style.visibility !== 'hidden' &&
          Math.min(mine.right, box.right) - Math.max(mine.left, box.left) > 0.5 &&
          Math.min(mine.bottom, box.bottom) - Math.max(mine.top, box.top) > 0.5
        );
      })
      .map((control) => {
        const box = control.getBoundingClientRect();
        const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 30);
        return `<${control.tagName.toLowerCase()}> "${name}" at ${Math.round(box.left)},${Math.round(box.top)}`;
      });
  });
}

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });

/**
 * Presses `button`, which raises the toast with `text`: the toast covers neither that button nor any
 * other control on screen. Then Escape dismisses it, and after pressing again its close button does.
 * The pointer rests on the toast before Escape, which holds it (it would go by itself after 4 s).
 */
async function toastClearOf(page: Page, button: Locator, text: string) {
  const toast = page.getByRole('alert').filter({ hasText: text });
  await button.click();
  await expect(toast).toBeVisible();
  expect(intersect(await boxOf(toasts(page)), await boxOf(button))).toBe(false);
  expect(await controlsUnder(toasts(page))).toEqual([]);
  await toast.hover();
  await page.keyboard.press('Escape');
  await expect(toast).toHaveCount(0, { timeout: 1_000 });

  await button.click();
  await expect(toast).toBeVisible();
  expect(intersect(await boxOf(toasts(page)), await boxOf(button))).toBe(false);
  expect(await controlsUnder(toasts(page))).toEqual([]);
  await toast.getByRole('button', { name: 'Dismiss' }).click();
  await expect(toast).toHaveCount(0, { timeout: 1_000 });
}

async function signedIn(browser: Browser, who: { email: string; password: string }, viewport?: Box) {
  const context = await browser.newContext(viewport && { viewport });
  const page = await context.newPage();
  const response = await page.request.post('/api/v1/users/login', { data: who });
  expect(response.ok()).toBe(true);
  return page;
}

for (const viewport of [
  { width: 1280, height: 720 },
  { width: PHONE.width, height: PHONE.height },
])
  test(`on /review at ${viewport.width} px the toast covers neither Submit nor another control, and goes with Escape or its button`, async ({
    browser,
  }) => {
    const page = await signedIn(
      browser,
      { email: `${student}@example.com`, password },
      { x: 0, y: 0, ...viewport },
    );
    await page.goto(`/review/${student}`);
    await expect(page.getByRole('heading', { name: 'Overlap loops' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Overlap arrays' })).toBeVisible();
    // Scrolled down until Submit shows at the bottom of the window; nothing answered yet, so Submit
    // is refused with a toast.
    const submit = page.getByRole('button', { name: 'Submit', exact: true });
    await submit.evaluate((button) => button.scrollIntoView({ block: 'end' }));
    await toastClearOf(
      page,
      page.getByRole('button', { name: 'Submit', exact: true }),
      'You should solve all questions',
    );
    await page.context().close();
  });

test('on the admin console two stacked toasts cover no control, the pressed one included', async ({
  browser,
}) => {
  const page = await signedIn(browser, demo.teacher);
  await page.goto('/91b-admin');
  await expect(page.getByRole('heading', { name: 'Administrator console' })).toBeVisible();
  const service = `Overlap ${uniqueName('s')}`;
  const post = page.getByRole('button', { name: 'Post', exact: true });
  const confirmOk = async () => {
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  };
  // Posted once: a success toast. The pointer then rests on it (which holds it) while the same name
  // is posted again by keyboard: its name is taken, an error toast joins it.
  const name = page.getByLabel('New service name');
  await name.fill(service);
  await post.click();
  await confirmOk();
  const added = toasts(page)
    .getByRole('status')
    .filter({ hasText: `Service ${service} is added!` });
  await expect(added).toBeVisible();
  expect(intersect(await boxOf(toasts(page)), await boxOf(post))).toBe(false);
  expect(await controlsUnder(toasts(page))).toEqual([]);
  await added.hover();
  await name.fill(service);
  await name.press('Enter');
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).press('Enter');
  await expect(toasts(page).getByRole('alert')).toBeVisible();
  await expect(added).toBeVisible();
  expect(intersect(await boxOf(toasts(page)), await boxOf(name))).toBe(false);
  expect(intersect(await boxOf(toasts(page)), await boxOf(post))).toBe(false);
  expect(await controlsUnder(toasts(page))).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(toasts(page).getByRole('alert')).toHaveCount(0, { timeout: 1_000 });
  await expect(added).toHaveCount(0, { timeout: 1_000 });
  await page.context().close();
});

test('at 1280 px the Reassign panel opens clear of the Search button, the page size and the ticked box', async ({
  browser,
}) => {
  const page = await signedIn(browser, demo.teacher, { x: 0, y: 0, width: 1280, height: 720 });
  // This run's questions, the tall one first.
  await page.goto('/questions?q=Overlap');
  await expect(page.getByRole('article').first()).toContainText('Overlap tall');
  const panel = page.getByTestId('floating-panel');
  const search = page.getByRole('button', { name: 'Search', exact: true });
  const size = page.getByLabel('Questions per page');
  await expect(panel.getByRole('button', { name: /^Reassign/ })).toBeVisible();
  await page.waitForTimeout(300);
  expect(intersect(await boxOf(panel), await boxOf(search))).toBe(false);
  expect(intersect(await boxOf(panel), await boxOf(size))).toBe(false);

  // Ticking a question opens the panel: open, it still covers neither, nor the box just ticked.
  const tick = page.getByRole('checkbox', { name: 'Duplicate' }).first();
  await tick.check();
  await expect(panel.getByLabel('Target Date')).toBeVisible();
  expect(intersect(await boxOf(panel), await boxOf(search))).toBe(false);
  expect(intersect(await boxOf(panel), await boxOf(size))).toBe(false);
  expect(intersect(await boxOf(panel), await boxOf(tick))).toBe(false);
  await page.context().close();
});

test('at 1280×800 the sticky Submit bar leaves the marking pager uncovered, at the end and when brought into view', async ({
  browser,
}) => {
  const page = await signedIn(browser, demo.teacher, { x: 0, y: 0, width: 1280, height: 800 });
  await page.goto(`/marking/${student}`);
  await expect(page.getByRole('heading', { name: 'Overlap essay 1' })).toBeVisible();
  const pager = page.getByRole('navigation', { name: 'Pages' });
  const bar = page.getByText(/marks? to submit$/).locator('..');
  await page.getByRole('button', { name: 'Wrong' }).first().click();
  await expect(page.getByText('1 mark to submit')).toBeVisible();
  // Scrolled to the end of the page.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(300);
  expect(intersect(await boxOf(pager), await boxOf(bar))).toBe(false);
  // Scrolled only as far as the pager, as a link to it or the browser brings it into view: the
  // bar sticks to the window's bottom and must not lie over it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await pager.evaluate((element) => element.scrollIntoView({ block: 'end' }));
  await page.waitForTimeout(300);
  expect(intersect(await boxOf(pager), await boxOf(bar))).toBe(false);
  // The pager's every button can be clicked where it is (nothing lies over it).
  await pager.getByRole('button', { name: 'Next' }).click({ trial: true, timeout: 2_000 });
  await pager.getByRole('button', { name: '↓ Bottom' }).click({ trial: true, timeout: 2_000 });
  await page.context().close();
});

/** At 360 px: the row's links (by name) share one top, and nothing reaches past the window. */
async function linksOnOneLine(row: Locator, name: string, links: string[]) {
  const tops = [];
  for (const link of links)
    tops.push(Math.round((await boxOf(row.getByRole('link', { name: link, exact: true }))).y));
  expect(new Set(tops).size, `link tops: ${tops.join(', ')}`).toBe(1);
  const rowBox = await boxOf(row);
  expect(rowBox.x + rowBox.width).toBeLessThanOrEqual(PHONE.width);
  const page = row.page();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  // The name is cut on screen, never lost: the row holds it whole (and so do the links' names).
  await expect(row).toContainText(name);
}

test("at 360 px the teacher's dashboard keeps each student's Dashboard, Stats and Week on one line, names of 5 to 40 characters", async ({
  browser,
}) => {
  expect(longName).toHaveLength(40);
  const page = await signedIn(browser, demo.teacher, { x: 0, y: 0, ...PHONE });
  await page.goto(`/user/${demo.teacher.name}`);
  for (const name of [longName, ...names, demo.alice.name]) {
    const row = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: `${name}'s dashboard`, exact: true }) });
    await expect(row).toBeVisible();
    await linksOnOneLine(row, name, [`${name}'s dashboard`, `${name}'s statistics`, `${name}'s week`]);
  }
  await page.context().close();
});

test('at 360 px a 40-character name on the teacher page keeps its links together under it', async ({
  browser,
}) => {
  const page = await signedIn(browser, demo.teacher, { x: 0, y: 0, ...PHONE });
  await page.addInitScript((listed) => localStorage.setItem('students', listed), `${longName},${student}`);
  await page.goto('/teacher');
  const row = page.getByRole('listitem').filter({ hasText: longName });
  await expect(row).toBeVisible();
  await linksOnOneLine(row, longName, ['Submissions', 'Dashboard', `${longName}'s statistics`]);
  await page.context().close();
});
