import type { Page, PlaywrightWorkerArgs } from '@playwright/test';
import { expectChartDrawn } from './charts.ts';
import {
  type Account,
  apiAs,
  demo,
  expect,
  openSignIn,
  signIn,
  signUp,
  test,
  uniqueName,
} from './fixtures.ts';

/**
 * The addition drill in the browser, on the e2e clock (`page.clock` moves the game's timer): the
 * countdown, a correct answer, a timeout recorded as −1 and what it does to the timer, an answer kept
 * through a dropped connection, 'Done' at 100, the results page's pies and the dashboard's chart.
 */

/** A new student (sign-up through the API) who has already answered `answered` questions today. */
async function student(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  answered: { right: number; wrong: number } = { right: 0, wrong: 0 },
): Promise<Account> {
  const context = await playwright.request.newContext({ baseURL });
  const account = await signUp(context, uniqueName('drill'), 'drill-student-2026');
  const { name } = account;
  const self = await apiAs(context, baseURL, account);
  for (let i = 0; i < answered.right + answered.wrong; i++) {
    // The original client's shape: the server marks it (300 is right, 1 is wrong).
    await self.post('simple_math', { name, question: '100 + 200', answer: i < answered.right ? '300' : '1' });
  }
  await context.dispose();
  return account;
}

/** The question on screen, its sum, and the answer box. */
async function currentQuestion(page: Page): Promise<{ text: string; sum: number }> {
  const question = page.getByTestId('math-question');
  await expect(question).toBeVisible({ timeout: 10_000 });
  const text = (await question.textContent()) ?? '';
  const [a, b] = text.split('+').map((part) => Number(part.trim()));
  expect(a).toBeGreaterThanOrEqual(99);
  expect(b).toBeLessThanOrEqual(998);
  return { text, sum: a! + b! };
}

const answerBox = (page: Page) => page.getByRole('textbox', { name: 'Your answer' });

async function countToday(page: Page, name: string, which: '' | '/right' | '/wrong' = ''): Promise<number> {
  const response = await page.request.get(`/api/v1/simple_math/day_count${which}?name=${name}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as number;
}

test('the drill counts down, marks a correct answer, records a timeout as −1 and moves the timer', async ({
  page,
  playwright,
  baseURL,
}) => {
  const account = await student(playwright, baseURL!);
  const posted: unknown[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/simple_math') {
      posted.push(request.postDataJSON());
    }
  });
  await openSignIn(page);
  await signIn(page, account);

  await page.goto('/math');
  await expect(page.getByRole('heading', { level: 1, name: 'Simple Math Question' })).toBeVisible();
  await expect(page.getByText('0 of 100 questions answered today.')).toBeVisible();
  await page.getByRole('link', { name: 'Start' }).click();
  await expect(page).toHaveURL('/math/start');

  // 3, 2, 1 — then the first question.
  const countdown = page.getByRole('status', { name: 'Get ready' });
  await expect(countdown).toHaveText('3');
  await expect(countdown).toHaveText('2');
  await expect(countdown).toHaveText('1');
  const first = await currentQuestion(page);
  await expect(answerBox(page)).toBeFocused();
  await expect(answerBox(page)).toHaveAttribute('inputmode', 'numeric');
  await expect(page.getByTestId('math-limit')).toHaveText('10.00 s for each question');

  await answerBox(page).fill(String(first.sum));
  await answerBox(page).press('Enter');
  await expect(page.getByTestId('math-feedback')).toHaveText('Good job!');
  await expect(page.getByTestId('math-correct')).toHaveText('1');
  await expect(page.getByTestId('math-reward')).toContainText('10 coins');
  await expect(page.getByTestId('math-limit')).toHaveText('9.90 s for each question');
  await expect(answerBox(page)).toBeFocused();
  expect(await countToday(page, account.name, '/right')).toBe(1);

  // The second question runs out: −1 is sent, it counts wrong and the timer grows by 0.02 s.
  const second = await currentQuestion(page);
  expect(second.text).not.toBe('');
  await page.clock.runFor(10_000);
  await expect(page.getByTestId('math-feedback')).toHaveText(`Time is up: ${second.text} = ${second.sum}`);
  await expect(page.getByTestId('math-wrong')).toHaveText('1');
  await expect(page.getByTestId('math-limit')).toHaveText('9.92 s for each question');
  await expect(page.getByTestId('math-reward')).toContainText('0 coins');
  await expect.poll(() => countToday(page, account.name, '/wrong')).toBe(1);
  expect(posted).toHaveLength(2);
  expect(posted[0]).toMatchObject({ name: account.name, question: first.text, answer: first.sum });
  expect(posted[1]).toMatchObject({ name: account.name, question: second.text, answer: -1 });

  // A wrong sum typed in time is wrong, whatever the page might claim: the server marks it.
  const third = await currentQuestion(page);
  await answerBox(page).fill(String(third.sum + 1));
  await answerBox(page).press('Enter');
  await expect(page.getByTestId('math-feedback')).toHaveText(`Not quite: ${third.text} = ${third.sum}`);
  await expect.poll(() => countToday(page, account.name, '/wrong')).toBe(2);
  await expect(page.getByTestId('math-reward')).toContainText('-10 coins');
});

test('an answer given while the connection is down is kept, retried, and sent when it comes back', async ({
  page,
  playwright,
  baseURL,
}) => {
  const account = await student(playwright, baseURL!);
  await openSignIn(page);
  await signIn(page, account);
  await page.goto('/math');
  await page.getByRole('link', { name: 'Start' }).click();
  const question = await currentQuestion(page);

  let attempts = 0;
  await page.route('**/api/v1/simple_math', (route) => {
    attempts++;
    return route.abort('internetdisconnected');
  });
  await answerBox(page).fill(String(question.sum));
  await answerBox(page).press('Enter');
  await page.clock.runFor(4_000);
  await expect(page.getByRole('alert').filter({ hasText: 'has not reached the server' })).toBeVisible();
  expect(attempts).toBe(4);
  expect(await countToday(page, account.name)).toBe(0);

  // A reload while it is stuck loses nothing: the answer is sent first.
  await page.unroute('**/api/v1/simple_math');
  await page.reload();
  await expect.poll(() => countToday(page, account.name, '/right')).toBe(1);
  await expect(page.getByTestId('math-correct')).toHaveText('1');
  await currentQuestion(page);
});

test("'Done' when the day already holds 100, and when the 100th answer is given", async ({
  page,
  playwright,
  baseURL,
}) => {
  const almost = await student(playwright, baseURL!, { right: 90, wrong: 9 });
  await openSignIn(page);
  await signIn(page, almost);
  await page.goto('/math');
  await expect(page.getByText('99 of 100 questions answered today.')).toBeVisible();
  await page.getByRole('link', { name: 'Start' }).click();
  const last = await currentQuestion(page);
  await answerBox(page).fill(String(last.sum));
  await answerBox(page).press('Enter');
  await expect(page.getByRole('heading', { name: 'Done' })).toBeVisible();
  expect(await countToday(page, almost.name)).toBe(100);

  // Opened again with 100 answered: no countdown, no question, just 'Done'.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Done' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Get ready' })).toHaveCount(0);
  await expect(page.getByTestId('math-question')).toHaveCount(0);
  await page.getByRole('link', { name: 'Results' }).click();
  await expect(page).toHaveURL(`/math/result/${almost.name}`);
});

test('the results page draws a pie per day and one of all days; the dashboard section draws too', async ({
  page,
  playwright,
  baseURL,
}) => {
  const account = await student(playwright, baseURL!, { right: 7, wrong: 3 });
  await openSignIn(page);
  await signIn(page, account);

  await page.goto(`/math/result/${account.name}`);
  await expect(page.getByRole('heading', { level: 1, name: `${account.name}'s results` })).toBeVisible();
  await expect(page.getByLabel('Days per page')).toHaveValue('6');
  const overall = page.getByRole('region', { name: 'All days' });
  await expectChartDrawn(overall.locator('canvas[data-chart="pie"]'));
  await expect(overall.getByRole('table', { name: 'All days' })).toContainText('Correct7');
  const day = page.getByRole('listitem', { name: '2026-03-10' });
  await expectChartDrawn(day.locator('canvas[data-chart="pie"]'));
  await expect(day).toContainText('7 correct, 3 wrong');
  await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText('Page 1 of 1');

  await page.goto(`/user/${account.name}`);
  const section = page.getByRole('button', { name: 'Simple Math Question' });
  await section.click();
  await expect(page.getByRole('link', { name: 'Start' })).toHaveAttribute('href', '/math/start');
  await expect(page.getByRole('link', { name: 'Result' })).toHaveAttribute(
    'href',
    `/math/result/${account.name}`,
  );
  await expectChartDrawn(page.locator('canvas[data-chart="pie"]'));
  await expectChartDrawn(page.locator('canvas[data-chart="line"]'));
  await expect(page.getByRole('table', { name: 'Latest day: 2026-03-10' })).toContainText('Wrong3');

  // Start from the dashboard carries the name: the game runs for this student.
  await page.getByRole('link', { name: 'Start' }).click();
  await expect(page.getByRole('status', { name: 'Get ready' })).toBeVisible();
  await currentQuestion(page);
});

test("a linked parent reads the child's results and chart, and is offered no Start", async ({
  page,
  playwright,
  baseURL,
}) => {
  const context = await playwright.request.newContext({ baseURL });
  const alice = await apiAs(context, baseURL!, demo.alice);
  await alice.post('simple_math', { name: demo.alice.name, question: '250 + 250', answer: '500' });
  await context.dispose();

  await openSignIn(page);
  await signIn(page, demo.dana);
  await page.goto(`/math/result/${demo.alice.name}`);
  await expect(page.getByRole('heading', { level: 1, name: `${demo.alice.name}'s results` })).toBeVisible();
  await expectChartDrawn(page.getByRole('region', { name: 'All days' }).locator('canvas[data-chart="pie"]'));
  await expect(page.getByRole('link', { name: 'Start' })).toHaveCount(0);

  await page.goto(`/user/${demo.alice.name}`);
  await page.getByRole('button', { name: 'Simple Math Question' }).click();
  await expect(page.getByRole('link', { name: 'Result' })).toBeVisible();
  await expectChartDrawn(page.locator('canvas[data-chart="pie"]'));
  await expect(page.getByRole('link', { name: 'Start' })).toHaveCount(0);
});
