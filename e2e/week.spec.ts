import { apiAs, demo, expect, hoursFromNow, openSignIn, signIn, test, uniqueName } from './fixtures.ts';

/**
 * A child's week in the browser: a parent opens a child's week from their dashboard, reads the
 * one-line summary the API's figures make, steps back a week (the week in the address), and the page
 * prints without the header or its buttons. On the e2e clock the run is in the week of Monday
 * 2026-03-09.
 */
test('dana opens alice’s week, steps back a week, and prints it without the header', async ({
  page,
  playwright,
  baseURL,
}) => {
  // Something due tomorrow for alice, so the week is not empty.
  const context = await playwright.request.newContext({ baseURL: baseURL! });
  const teacher = await apiAs(context, baseURL!, demo.teacher);
  const title = uniqueName('Week task ');
  await teacher.post('questions', {
    title,
    question: 'What is 2 + 2?',
    type: 's',
    candidates: [],
    answer: 'four',
    explanation: 'Two and two make four.',
    hint: null,
    topics: ['week'],
    students: [demo.alice.name],
    targetDate: hoursFromNow(24),
  });
  await context.dispose();

  await openSignIn(page);
  await signIn(page, demo.dana);
  await page.getByRole('link', { name: "alice's week" }).click();
  await expect(page).toHaveURL(/\/week\/alice$/);
  await expect(page.getByRole('heading', { level: 1, name: "alice's week" })).toBeVisible();

  const week = await (await page.request.get('/api/v1/week/alice')).json();
  expect(week.start).toBe('2026-03-09');
  expect(week.summary.dueTomorrow).toBeGreaterThanOrEqual(1);
  const s = week.summary;
  await expect(page.getByTestId('week-summary')).toHaveText(
    `${s.answered} of ${s.assigned} answered, ${s.correct} correct; ${s.dueTomorrow} due tomorrow`,
  );
  await expect(page.getByRole('region', { name: 'Still to do' })).toContainText(title);
  // Read-only: nothing on the page takes an answer.
  await expect(page.getByRole('textbox')).toHaveCount(0);

  // Back a week, by keyboard.
  const previous = page.getByRole('link', { name: /Previous week/ });
  await previous.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/week\/alice\?start=2026-03-02$/);
  await expect(page.getByText('Mon 2 Mar – Sun 8 Mar')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Still to do' })).not.toContainText(title);
  await expect(page.getByRole('link', { name: 'This week' })).toBeVisible();

  // A phone's width: nothing wider than the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // On paper: no header, no buttons; the summary stays.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('header').first()).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(previous).toBeHidden();
  await expect(page.getByTestId('week-summary')).toBeVisible();
});

test.describe('in Korean', () => {
  // A browser whose language is Korean: navigator.languages and Accept-Language say ko-KR.
  test.use({ locale: 'ko-KR' });

  test('dana reads alice’s week in Korean: texts, summary and dates, stepping back a week', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const context = await playwright.request.newContext({ baseURL: baseURL! });
    const teacher = await apiAs(context, baseURL!, demo.teacher);
    const title = uniqueName('주간 과제 ');
    await teacher.post('questions', {
      title,
      question: 'What is 3 + 3?',
      type: 's',
      candidates: [],
      answer: 'six',
      explanation: 'Three and three make six.',
      hint: null,
      topics: ['week'],
      students: [demo.alice.name],
      targetDate: hoursFromNow(24),
    });
    await context.dispose();

    // Signed in through the API in the page's own context (the cookie is the browser's).
    const login = await page.request.post('/api/v1/users/login', { data: demo.dana });
    expect(login.ok()).toBe(true);
    await page.goto('/week/alice');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expect(page.getByRole('heading', { level: 1, name: 'alice의 한 주' })).toBeVisible();

    const s = (await (await page.request.get('/api/v1/week/alice')).json()).summary;
    await expect(page.getByTestId('week-summary')).toHaveText(
      `${s.assigned}문제 중 ${s.answered}문제 제출, 정답 ${s.correct}문제 · 내일 마감 ${s.dueTomorrow}문제`,
    );
    await expect(page.getByRole('region', { name: '남은 문제' })).toContainText(title);
    // The English words are nowhere on the page.
    await expect(page.getByText('Still to do')).toHaveCount(0);

    await page.getByRole('link', { name: /지난주/ }).click();
    await expect(page).toHaveURL(/\/week\/alice\?start=2026-03-02$/);
    // Dates by Intl in Korean.
    await expect(page.getByText('3월 2일 (월) – 3월 8일 (일)')).toBeVisible();
    await expect(page.getByRole('link', { name: '이번 주' })).toBeVisible();
    await expect(page.getByRole('button', { name: '인쇄' })).toBeVisible();
  });
});
