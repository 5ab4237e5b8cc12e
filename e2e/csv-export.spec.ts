import fs from 'node:fs';
import Papa from 'papaparse';
import { apiAs, demo, expect, hoursFromNow, openSignIn, signIn, test, uniqueName } from './fixtures.ts';

/**
 * The submissions page's Download CSV: alice answers a question whose title needs quoting and whose
 * answer looks like a formula, picks a range, and the file the browser saves holds that answer as
 * text, with a BOM, CRLF line ends and the header of the page's language.
 */
test('alice downloads her answers of a date range as CSV', async ({ page, playwright, baseURL }) => {
  const context = await playwright.request.newContext({ baseURL: baseURL! });
  const teacher = await apiAs(context, baseURL!, demo.teacher);
  const title = uniqueName('CSV, "quoted" ');
  const questionId = (await teacher.post('questions', {
    title,
    question: 'Write a formula.',
    type: 's',
    candidates: [],
    answer: 'SUM',
    explanation: 'A sum.',
    hint: null,
    topics: ['csv'],
    students: [demo.alice.name],
    targetDate: hoursFromNow(24),
  })) as number;
  await context.dispose();
  const student = await playwright.request.newContext({ baseURL: baseURL! });
  const alice = await apiAs(student, baseURL!, demo.alice);
  await alice.post('submissions/multiples', [
    { questionId, studentAnswer: '=SUM(A1:A9)', studentName: demo.alice.name },
  ]);
  await student.dispose();

  await openSignIn(page);
  await signIn(page, demo.alice);
  await page.goto(`/submission/${demo.alice.name}`);
  const today = hoursFromNow(0).slice(0, 10);
  await page.getByLabel('From', { exact: true }).fill(today);
  await page.getByLabel('To', { exact: true }).fill(today);
  const link = page.getByRole('link', { name: `Download CSV (${today} – ${today})` });
  await expect(link).toHaveAttribute(
    'href',
    `/api/v1/export/submissions/${demo.alice.name}?from=${today}&to=${today}`,
  );

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(`submissions-${demo.alice.name}-${today}-${today}.csv`);
  const text = fs.readFileSync((await download.path())!, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const rows = Papa.parse<string[]>(text.slice(1), { newline: '\r\n', skipEmptyLines: true }).data;
  expect(rows[0]).toEqual(['Date', 'Question title', 'Topics', 'Answer', 'Mark', 'Redo']);
  const row = rows.find((r) => r[1] === title);
  expect(row?.slice(2)).toEqual(['csv', "'=SUM(A1:A9)", 'Unmarked', 'No']);
  expect(row?.[0]?.startsWith(today)).toBe(true);
});
