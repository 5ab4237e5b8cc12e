import type { PlaywrightWorkerArgs } from '@playwright/test';
import { expectChartDrawn } from './charts.ts';
import {
  type Account,
  apiAs,
  demo,
  expect,
  hoursFromNow,
  openSignIn,
  signIn,
  signUp,
  test,
  uniqueName,
} from './fixtures.ts';

/**
 * Dashboards and statistics in the browser: the student dashboard (profile card, sections loaded on
 * first open, charts that really draw), Edit Profile with a picture, a parent reaching a child's
 * statistics, and the statistics page's own rules (401 remembers the address, another parent's child
 * is refused).
 */

/** Someone calling the API from a context of their own (cookies apart from the browser page's). */
async function apiAsPerson(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  who: { email: string; password: string },
) {
  const context = await playwright.request.newContext({ baseURL });
  return { ...(await apiAs(context, baseURL, who)), dispose: () => context.dispose() };
}

/** A new student (sign-up through the API) with three questions answered, two right, on two topics. */
async function studentWithAnswers(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
): Promise<Account> {
  const anonymous = await playwright.request.newContext({ baseURL });
  const student = await signUp(anonymous, uniqueName('insight'), 'insight-student-2026');
  const { name } = student;
  await anonymous.dispose();
  const teacher = await apiAsPerson(playwright, baseURL, demo.teacher);
  const ids: number[] = [];
  for (const [title, topic] of [
    ['Loops one', 'loops'],
    ['Loops two', 'loops'],
    ['Query', 'sql'],
  ] as const) {
    ids.push(
      (await teacher.post('questions', {
        title,
        question: `${title}?`,
        type: 'm',
        candidates: ['yes', 'no'],
        answer: 'yes',
        explanation: 'Because.',
        students: [name],
        topics: [topic],
        targetDate: hoursFromNow(30),
      })) as number,
    );
  }
  await teacher.dispose();
  const self = await apiAsPerson(playwright, baseURL, student);
  await self.post(
    'submissions/multiples',
    ids.map((questionId, i) => ({ questionId, studentAnswer: i === 1 ? 'no' : 'yes', studentName: name })),
  );
  await self.dispose();
  return student;
}

test('a student dashboard loads each section on first open, and its charts draw', async ({
  page,
  playwright,
  baseURL,
}) => {
  const student = await studentWithAnswers(playwright, baseURL!);
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/')) asked.push(new URL(request.url()).pathname);
  });
  await openSignIn(page);
  await signIn(page, student);
  await expect(page).toHaveURL(`/user/${student.name}`);
  const card = page.getByRole('region', { name: student.name });
  await expect(card.getByText('Total Questions')).toBeVisible();
  // 3 questions answered, 2 of them right.
  await expect(card.locator('dd').nth(0)).toHaveText('3');
  await expect(card.locator('dd').nth(2)).toHaveText('66.67%');

  const tutoring = page.getByRole('button', { name: 'Tutoring' });
  await expect(tutoring).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('button', { name: 'Simple Math Question' })).toBeVisible();
  expect(asked.filter((path) => path.includes('day_counts'))).toEqual([]);
  expect(await page.locator('canvas').count()).toBe(0);

  await tutoring.click();
  await expect(tutoring).toHaveAttribute('aria-expanded', 'true');
  // The section's own links (the header has links of the same names for a signed-in student).
  const sectionLinks = page.getByRole('navigation', { name: 'Tutoring' });
  await expect(sectionLinks.getByRole('link', { name: 'Questions' })).toHaveAttribute(
    'href',
    `/tutoring/${student.name}`,
  );
  await expect(sectionLinks.getByRole('link', { name: 'Review' })).toHaveAttribute(
    'href',
    `/review/${student.name}`,
  );
  await expect(sectionLinks.getByRole('link', { name: 'Submissions' })).toHaveAttribute(
    'href',
    `/submission/${student.name}`,
  );
  await expectChartDrawn(page.locator('canvas[data-chart="pie"]'));
  await expectChartDrawn(page.locator('canvas[data-chart="line"]'));
  await expect(page.getByRole('table', { name: /Latest day/ })).toContainText('Correct2');
  await expect(page.getByRole('region', { name: 'Calendar' })).toBeVisible();
  const loads = asked.filter((path) => path.includes('day_counts')).length;
  expect(loads).toBeGreaterThan(0);

  // Closed and opened again: nothing is asked again.
  await tutoring.click();
  await tutoring.click();
  await expectChartDrawn(page.locator('canvas[data-chart="pie"]'));
  expect(asked.filter((path) => path.includes('day_counts'))).toHaveLength(loads);

  const math = page.getByRole('button', { name: 'Simple Math Question' });
  await math.click();
  await expect(page.getByRole('link', { name: 'Result' })).toHaveAttribute(
    'href',
    `/math/result/${student.name}`,
  );
  await expect(page.getByRole('link', { name: 'Start' })).toHaveAttribute('href', '/math/start');
});

test('editing the profile renames the user everywhere, and a new picture shows at once', async ({
  page,
  playwright,
  baseURL,
}) => {
  const student = await studentWithAnswers(playwright, baseURL!);
  await openSignIn(page);
  await signIn(page, student);
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  const renamed = `${student.name}x`;
  await dialog.getByLabel('Name').fill(renamed);
  const picture = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(120, 80);
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#2a9d8f';
    context.fillRect(0, 0, 120, 80);
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  });
  await dialog
    .getByLabel('Picture')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(picture) });
  await expect(dialog.getByRole('img', { name: 'The new picture' })).toHaveAttribute('src', /^blob:/);
  const save = dialog.getByRole('button', { name: 'Save Changes' });
  await save.click();
  await expect(page.getByRole('status').filter({ hasText: 'DONE!' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`/user/${renamed}`);
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  // The header links to the new name.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link').first()).toHaveAttribute(
    'href',
    `/user/${renamed}`,
  );
  const avatar = page.getByRole('img', { name: `${renamed}'s picture` });
  await expect(avatar).toHaveAttribute('src', /^\/images\/avatars\/[0-9a-f]{32}\.webp$/);
  await expect.poll(() => avatar.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(256);
  // After a reload the new name and picture are what the server keeps.
  await page.reload();
  await expect(page.getByRole('img', { name: `${renamed}'s picture` })).toHaveAttribute(
    'src',
    /\/images\/avatars\/[0-9a-f]{32}\.webp$/,
  );
});

test('the profile dialog shows what the server refuses, inside the dialog', async ({
  page,
  playwright,
  baseURL,
}) => {
  const student = await studentWithAnswers(playwright, baseURL!);
  await openSignIn(page);
  await signIn(page, student);
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Select a File');
  await dialog.getByLabel('Name').fill(demo.bob.name);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByRole('alert')).toContainText('already taken');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test("a parent reaches their child's statistics from their own dashboard", async ({ page }) => {
  await openSignIn(page);
  await signIn(page, demo.dana);
  await expect(page).toHaveURL(`/user/${demo.dana.name}`);
  const children = page.getByRole('region', { name: 'Children' });
  await children.getByRole('link', { name: `${demo.alice.name}'s statistics` }).click();
  await expect(page).toHaveURL(`/stats/${demo.alice.name}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Alice' })).toBeVisible();
  await expect(page.getByText('Most Recent Submission', { exact: true })).toBeVisible();
  await expect(page.getByText('Last Assignment Assigned', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Performance Overview' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Topic Mastery' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Assignment Calendar' })).toBeVisible();
});

test('the statistics page draws its pies and radar for a teacher', async ({ page, playwright, baseURL }) => {
  const student = await studentWithAnswers(playwright, baseURL!);
  await openSignIn(page);
  await signIn(page, demo.teacher);
  await page.goto(`/stats/${student.name}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    student.name.charAt(0).toUpperCase() + student.name.slice(1),
  );
  await expectChartDrawn(page.locator('canvas[data-chart="pie"]').first());
  await expectChartDrawn(page.locator('canvas[data-chart="pie"]').nth(1));
  await expectChartDrawn(page.locator('canvas[data-chart="radar"]'));
  await expect(page.getByRole('table', { name: /Correct answers by topic/ })).toContainText('loops50.00%');
  await expect(page.getByText('Overall accuracy: 66.67%')).toBeVisible();
});

test('the statistics page sends a signed-out visitor to sign in and back, and refuses another parent', async ({
  page,
}) => {
  await page.goto(`/stats/${demo.bob.name}`);
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, demo.teacher);
  await expect(page).toHaveURL(`/stats/${demo.bob.name}`);
  await page.getByRole('link', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // dana is alice's parent, not bob's.
  await signIn(page, demo.dana);
  await page.goto(`/stats/${demo.bob.name}`);
  await expect(page.getByText('Access Denied!')).toBeVisible();
  await expect(page).not.toHaveURL(`/stats/${demo.bob.name}`);
});
