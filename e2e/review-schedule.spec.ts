import type { Browser } from '@playwright/test';
import { dayOf } from '../common/dates.ts';
import { addDays } from '../common/week.ts';
import { e2eNow } from './clock.ts';
import {
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
 * Spaced review end to end, on the e2e clock and at 480 px: with scheduling on, a student
 * redoes one question right and one wrong; the right one leaves today's list and is shown coming back
 * on the ladder's first day (tomorrow), the wrong one stays due; the teacher pins the wrong one to
 * tomorrow, retires the right one and sets the ladder, by keyboard; the student's Review then has
 * nothing due, the pinned one coming back tomorrow and the retired one gone.
 */
test.describe.configure({ mode: 'serial' });

const password = 'spaced secret 2026';
const name = uniqueName('spaced');
const student = { email: `${name}@example.com`, password };
const tomorrow = () => addDays(dayOf(e2eNow(), 'Asia/Seoul'), 1);
const PHONE = { width: 480, height: 900 };

test.beforeAll(async ({ playwright, baseURL }) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  await signUp(anonymous, name, password);
  await anonymous.dispose();

  const teacherContext = await playwright.request.newContext({ baseURL });
  const teacher = await apiAs(teacherContext, baseURL!, demo.teacher);
  const on = await teacherContext.put(`/api/v1/review/settings/${name}`, {
    data: { enabled: true },
    headers: { origin: baseURL! },
  });
  expect(on.status()).toBe(200);
  const ids: number[] = [];
  for (const title of ['Spaced loop', 'Spaced sum']) {
    ids.push(
      await teacher.post('questions', {
        title,
        question: `Answer ${title}.`,
        type: 'm',
        candidates: ['right', 'wrong'],
        answer: 'right',
        explanation: `Because of ${title}.`,
        hint: null,
        topics: ['spacing'],
        students: [name],
        targetDate: hoursFromNow(30),
      }),
    );
  }
  await teacherContext.dispose();

  // Both answered wrong: both in Review, due today.
  const studentContext = await playwright.request.newContext({ baseURL });
  const asStudent = await apiAs(studentContext, baseURL!, student);
  await asStudent.post(
    'submissions/multiples',
    ids.map((questionId) => ({ studentName: name, questionId, studentAnswer: 'wrong' })),
  );
  await studentContext.dispose();
});

async function signInAs(browser: Browser, who: { email: string; password: string }) {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await openSignIn(page);
  await signIn(page, who);
  await expect(page).toHaveURL(/\/user\//);
  return page;
}

test('a right redo leaves today’s list and comes back on the ladder’s day; a wrong one stays due', async ({
  browser,
}) => {
  const page = await signInAs(browser, student);
  // The header counts what is due (folded behind Menu at 480 px).
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('link', { name: 'Review, 2 due today' })).toBeVisible();
  await page.getByRole('link', { name: 'Review, 2 due today' }).click();
  await expect(page).toHaveURL(`/review/${name}`);
  await expect(page.getByRole('status').filter({ hasText: '2 due today' })).toBeVisible();

  const card = (title: string) =>
    page.locator('article').filter({ has: page.getByRole('heading', { name: new RegExp(`${title}$`) }) });
  await card('Spaced loop').getByRole('radio', { name: 'right', exact: true }).check();
  await card('Spaced sum').getByRole('radio', { name: 'wrong', exact: true }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 of 2 redos correct.' })).toBeVisible();

  await expect(page.getByRole('status').filter({ hasText: '1 due today' })).toBeVisible();
  await expect(card('Spaced sum')).toBeVisible();
  await expect(card('Spaced loop')).toHaveCount(0);
  const later = page.getByRole('region', { name: 'Coming back later' });
  await expect(later.getByRole('listitem')).toHaveCount(1);
  await expect(later.getByRole('listitem')).toContainText('Spaced loop');
  await expect(later.getByRole('listitem')).toContainText(`Comes back on ${tomorrow()}`);
  await expect(later.getByRole('listitem')).toContainText('Right 1 time in a row');
  // Nothing on the page is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.context().close();
});

test('the teacher pins, retires and sets the ladder by keyboard at 480 px', async ({ browser }) => {
  const page = await signInAs(browser, demo.teacher);
  await page.goto(`/review/${name}`);
  await page.getByRole('link', { name: `${name}'s review schedule` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${name}'s review schedule`);
  const counts = page.getByRole('definition');
  await expect(counts).toHaveText(['1', '1', '0', '0']);

  const questions = page.getByRole('region', { name: 'Questions' });
  // Pin the wrong one to tomorrow: focus the button and press Enter.
  await questions.getByRole('button', { name: 'Pin Spaced sum to come back tomorrow' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Spaced sum comes back tomorrow.' })).toBeVisible();
  await expect(counts).toHaveText(['0', '2', '0', '0']);
  await expect(questions.getByRole('listitem').filter({ hasText: 'Spaced sum' })).toContainText(
    `due ${tomorrow()}`,
  );
  await expect(questions.getByRole('listitem').filter({ hasText: 'Spaced sum' })).toContainText('pinned');

  // Retire the right one, confirming by keyboard.
  await questions.getByRole('button', { name: 'Retire Spaced loop from Review' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Retire "Spaced loop"?');
  await dialog.getByRole('button', { name: 'OK' }).focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: 'Spaced loop is retired from Review.' }),
  ).toBeVisible();
  await expect(counts).toHaveText(['0', '1', '0', '1']);
  await questions.getByLabel('Show').selectOption({ label: 'Retired' });
  await expect(questions.getByRole('listitem')).toHaveCount(1);
  await expect(questions.getByRole('listitem')).toContainText('Spaced loop');

  // A shorter ladder for this student: typed, saved with Enter.
  const settings = page.getByRole('region', { name: 'Settings' });
  const ladder = settings
    .getByRole('group', { name: 'Every topic' })
    .getByLabel('Ladder (days between showings)');
  await expect(ladder).toHaveValue('1, 3, 7, 14, 30');
  await ladder.fill('2, x');
  await ladder.press('Enter');
  await expect(settings.getByText('Write whole numbers of days separated by commas')).toBeVisible();
  await ladder.fill('2, 5, 10');
  await ladder.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: 'Settings' })
      .getByRole('group', { name: 'Every topic' })
      .getByLabel('Ladder (days between showings)'),
  ).toHaveValue('2, 5, 10');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.context().close();
});

test('the student then has nothing due: the pinned one comes back tomorrow, the retired one is gone', async ({
  browser,
}) => {
  const page = await signInAs(browser, student);
  await page.goto(`/review/${name}`);
  await expect(page.getByRole('heading', { name: 'Nothing due today.' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '0 due today' })).toBeVisible();
  const later = page.getByRole('region', { name: 'Coming back later' });
  await expect(later.getByRole('listitem')).toHaveCount(1);
  await expect(later.getByRole('listitem')).toContainText('Spaced sum');
  await expect(later.getByRole('listitem')).toContainText(`Comes back on ${tomorrow()}`);
  await expect(later.getByRole('listitem')).toContainText('Your tutor asked to see this one again.');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  // The student may read the schedule, not change it.
  await page.goto(`/review-schedule/${name}`);
  await expect(page.getByRole('note')).toHaveText('Only a teacher can change the schedule.');
  await expect(page.getByRole('button', { name: /^Pin / })).toHaveCount(0);
  await page.context().close();
});
