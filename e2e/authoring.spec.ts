import type { Browser, Page } from '@playwright/test';
import { formatDateTime } from '../common/dates.ts';
import { e2eNow } from './clock.ts';
import { demo, expect, openSignIn, signIn, signUp, test, uniqueName } from './fixtures.ts';

/**
 * The teacher's tools end to end: upload in two tabs with locked fields, bulk JSON with a
 * broken item fixed inline, archive search on page 2 and reassignment, modify with its effect on an
 * earlier submission, and the teacher page calendar.
 */
test.describe.configure({ mode: 'serial' });

const password = 'student secret 2026';
const first = uniqueName('ann');
const second = uniqueName('ben');
const token = uniqueName('why');

test.beforeAll(async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  for (const name of [first, second]) {
    await signUp(api, name, password);
  }
  await api.dispose();
});

async function signedIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await openSignIn(page);
  await signIn(page, who);
  await expect(page).toHaveURL(/\/user\//);
  return page;
}

/** A local date-time `hours` from now on the e2e clock, as the upload forms take it. */
/** What a teacher types in a date field: wall-clock time in the app's zone (the e2e server's default). */
const APP_ZONE = 'Asia/Seoul';
function localIn(hours: number): string {
  return formatDateTime(new Date(e2eNow().getTime() + hours * 3_600_000), APP_ZONE).slice(0, 16);
}

test('a teacher writes two questions in two tabs with locked due date and students, previews and assigns them', async ({
  browser,
}) => {
  const page = await signedIn(browser, demo.teacher);
  await page.goto('/upload');
  await expect(page.getByRole('heading', { name: 'Upload' })).toBeVisible();

  // An empty form is refused with the upload's first alert.
  await page.getByRole('button', { name: 'Assign to Students' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Answer is missing\./);

  await page.getByLabel('Assignment Title', { exact: true }).fill('Tab one');
  await page.getByLabel('Question Text', { exact: true }).fill('Is this the first tab?');
  await page.getByLabel('Type', { exact: true }).selectOption('m');
  await page.getByLabel('Number of options', { exact: true }).fill('2');
  await page.getByLabel('Option 1', { exact: true }).fill('yes');
  await page.getByLabel('Option 2', { exact: true }).fill('no');
  await page.getByLabel('Option 1 is right').check();
  await page.getByLabel('Explanation', { exact: true }).fill('It is the first.');
  const due = localIn(30);
  await page.getByLabel('Due Date', { exact: true }).fill(due);
  // Typed dates are read in the app's zone, shown beside them.
  await expect(page.getByText(`${APP_ZONE} time`)).toBeVisible();
  await page.getByRole('button', { name: 'Lock Due Date' }).click();
  await page.getByPlaceholder('Search students').fill(first);
  await page.getByRole('checkbox', { name: first }).check();
  await page.getByRole('button', { name: 'Lock Students' }).click();

  await page.getByRole('button', { name: 'Preview Question & Submission' }).click();
  const preview = page.getByRole('region', { name: 'Preview' });
  // First as the student will see it: the options to choose from, then the result card.
  await expect(preview.getByRole('heading', { name: '1. Tab one' })).toHaveCount(2);
  const asStudent = preview.getByRole('article').first();
  await expect(asStudent.getByRole('radio', { name: 'yes' })).toBeVisible();
  await expect(asStudent.getByRole('radio', { name: 'no' })).toBeVisible();
  await expect(preview).toContainText('It is the first.');
  // Trying a wrong answer shows what it would come to.
  await asStudent.getByRole('radio', { name: 'no' }).check();
  await expect(preview.getByRole('article').last()).toContainText('Wrong');

  // Question +: a fresh tab that keeps the locked fields only.
  await page.getByRole('button', { name: 'Question +' }).click();
  await expect(page.getByRole('tab', { name: 'Question 2' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Assignment Title', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Due Date', { exact: true })).toHaveValue(due);
  await expect(page.getByText('(1 chosen)')).toBeVisible();
  await page.getByLabel('Assignment Title', { exact: true }).fill('Tab two');
  await page.getByLabel('Question Text', { exact: true }).fill('Say something about tab two.');
  await page.getByLabel('Type', { exact: true }).selectOption('s');
  await page.getByLabel('Answer', { exact: true }).fill('It is the second.');
  await page.getByLabel('Explanation', { exact: true }).fill('Any sentence.');

  // Drafts survive a reload.
  await page.reload();
  await expect(page.getByRole('tab', { name: /Question 2/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Assignment Title', { exact: true })).toHaveValue('Tab two');

  await page.getByRole('button', { name: 'Assign to Students' }).click();
  const dialog = page.getByRole('dialog');
  // Title, question, answer and students, each under its name (code would show as code).
  await expect(dialog.getByRole('term')).toHaveText(['Title', 'Question', 'Answer', 'Students']);
  await expect(dialog.getByRole('definition').first()).toHaveText('Tab two');
  await expect(dialog.getByRole('definition').last()).toHaveText(first);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Successfully uploaded!/ })).toBeVisible();
  // The form resets except the locked fields.
  await expect(page.getByLabel('Assignment Title', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Due Date', { exact: true })).toHaveValue(due);

  await page.getByRole('tab', { name: /Question 1/ }).click();
  await page.getByRole('button', { name: 'Assign to Students' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Successfully uploaded!/ })).toBeVisible();
  await page.context().close();

  const student = await signedIn(browser, { email: `${first}@example.com`, password });
  await student.goto(`/tutoring/${first}`);
  await expect(student.getByRole('heading', { name: /\d+\. Tab one$/ })).toBeVisible();
  await expect(student.getByRole('heading', { name: /\d+\. Tab two$/ })).toBeVisible();
  await student.context().close();
});

test('a bulk upload with a broken item shows the error at that item, saves nothing, and goes through once fixed inline', async ({
  browser,
}) => {
  const page = await signedIn(browser, demo.teacher);
  await page.goto('/upload/multiples');
  const items = Array.from({ length: 7 }, (_, i) => ({
    title: i === 6 ? `Target ${token}` : `Bulk ${i} ${token}`,
    question: `Pick A (${i}).`,
    type: 'm',
    candidates: ['A', 'B'],
    answer: 'A',
    explanation: `Explained by ${token} number ${i}.`,
    hint: '',
    topics: ['bulk'],
    students: [first],
    // The target is the oldest, so the archive (newest first) shows it on page 2.
    generatedDate: `2026-10-0${9 - i}T09:00`,
    targetDate: localIn(40),
  }));
  const broken = items.map((item, i) => (i === 3 ? { ...item, explanation: '' } : item));
  await page.getByLabel('Questions as JSON').fill('[ { "title": "oops", } ]');
  await page.getByRole('button', { name: 'Parse' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid JSON at line 1' })).toBeVisible();

  await page.getByLabel('Questions as JSON').fill(JSON.stringify(broken, null, 2));
  await page.getByRole('button', { name: 'Submit' }).click();
  // The fourth question (`[3]` in the JSON) is Item 4: people count from 1.
  const fourth = page.getByRole('article', { name: 'Item 4', exact: true });
  await expect(fourth.getByRole('list', { name: 'Problems of item 4' })).toHaveText('Explanation is missing');
  await expect(page.getByText('7 questions parsed, 1 with problems.')).toBeVisible();

  // Nothing was saved: the archive has no question with the token yet.
  const api = page.context().request;
  const none = await api.get(`/api/v1/questions?field=all&q=${token}`);
  expect((await none.json()).totalElements).toBe(0);

  await fourth.getByLabel('explanation').fill(`Explained by ${token} number 3.`);
  await expect(fourth.getByRole('list', { name: 'Problems of item 4' })).toHaveCount(0);
  await expect(page.getByLabel('Questions as JSON')).toHaveValue(
    new RegExp(`Explained by ${token} number 3`),
  );
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('region', { name: 'JSON editor' }).getByRole('status')).toHaveText(
    'Saved 7 questions.',
  );
  await page.context().close();
});

test('the teacher finds a question by its explanation on page 2 of the archive and reassigns it', async ({
  browser,
}) => {
  const page = await signedIn(browser, demo.teacher);
  await page.goto('/questions');
  await page.getByLabel('Search in').selectOption('explanation');
  await page.getByLabel('Search text').fill(token.toUpperCase());
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText(`7 questions matching “${token.toUpperCase()}”`)).toBeVisible();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  const target = page.getByRole('article').filter({ hasText: `Target ${token}` });
  await target.getByRole('checkbox', { name: 'Duplicate' }).check();
  await page.getByLabel('Students for').fill(` ${second.toUpperCase()} `);
  await page.getByLabel('Target Date').fill(localIn(20));
  await page.getByRole('button', { name: 'SUBMIT' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: new RegExp(`Assigned 1 question to ${second}\\.`) }),
  ).toBeVisible();
  await page.context().close();

  // The second student answers it (right, for now).
  const student = await signedIn(browser, { email: `${second}@example.com`, password });
  await student.goto(`/tutoring/${second}`);
  const card = student.getByRole('article').filter({ hasText: `Target ${token}` });
  await card.getByRole('radio', { name: 'A', exact: true }).check();
  await expect(student.getByText('Answers saved')).toBeVisible();
  await student.getByRole('button', { name: 'Submit All' }).click();
  await student.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(
    student.getByRole('status').filter({ hasText: 'Submitted 1 answer: 1 correct.' }),
  ).toBeVisible();
  await student.context().close();
});

test('modifying the answer re-marks the earlier submission, and the teacher page shows both students', async ({
  browser,
}) => {
  const page = await signedIn(browser, demo.teacher);
  await page.goto('/questions/modify');
  await page.getByLabel('Find by title').fill(`Target ${token}`);
  await page.getByRole('button', { name: 'Find' }).click();
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`Target ${token}`) }) });
  // The right option is chosen as on Upload (the answer is never typed as raw text).
  await card.getByRole('radio', { name: 'Option 2 is right' }).check();
  await expect(page.getByRole('heading', { name: 'Pending changes (1)' })).toBeVisible();
  await expect(page.getByRole('complementary')).toContainText('Answer');
  // Page and filter are in the address: a reload keeps them.
  await expect(page).toHaveURL(/title=Target/);
  await page.getByRole('button', { name: 'Modify' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Modified 1 question; 1 mark changed.' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Marks changed' })).toContainText(`${second}, question`);
  await expect(page.getByRole('region', { name: 'Marks changed' })).toContainText('correct → wrong');

  await page.goto('/teacher');
  await page.getByLabel(/Student name/).fill(`${first}, ${second.toUpperCase()}`);
  await page.getByLabel(/Student name/).press('Enter');
  await expect(page.getByRole('listitem').filter({ hasText: first })).toBeVisible();
  const calendar = page.getByRole('region', { name: 'Calendar' });
  await expect(calendar.getByText(first, { exact: true }).first()).toBeVisible();
  await expect(calendar.getByText(second, { exact: true }).first()).toBeVisible();
  await page.context().close();

  const student = await signedIn(browser, { email: `${second}@example.com`, password });
  await student.goto(`/submission/${second}`);
  await expect(student.getByTestId('score')).toHaveText('Score 0 / 1 (0.00%)');
  await student.context().close();
});
