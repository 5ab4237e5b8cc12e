import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
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
 * The printable worksheet (docs/product.md, "Questions"), shown in place of the page that opens it: a teacher prints a student's pending
 * questions from the Teacher page, and questions ticked in the archive with an answer key. Printed
 * by Chromium to an A4 PDF and read back with poppler (pdftotext, pdftoppm): numbered questions,
 * nothing of the app around them, the answer key on a page of its own.
 */

/** The PDF's text, page by page (pdftotext ends each page with a form feed). */
function pdfPages(file: string): string[] {
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  return text.split('\f').filter((page) => page.trim() !== '');
}

const APP_CHROME = [
  'Dashboard',
  'Archive',
  'Log out',
  'Print worksheet',
  'Add an answer key page',
  'Back',
  'Students',
];

test('a student’s pending questions and archive picks print as A4 worksheets, with an answer key', async ({
  browser,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const name = uniqueName('sheet');
  const anonymous = await playwright.request.newContext({ baseURL });
  await signUp(anonymous, name, 'a worksheet long secret');
  const api = await apiAs(await playwright.request.newContext({ baseURL }), baseURL!, demo.teacher);
  const token = uniqueName('ws');
  const questions = [
    {
      title: `${token} Halves`,
      question: 'What is a half of a half?',
      type: 'm',
      candidates: ['a quarter', 'a third', 'an eighth'],
      answer: 'a quarter',
    },
    {
      title: `${token} Loop`,
      question: 'What does this print?&code:python\nfor i in range(3):\n    print(i)',
      type: 's',
      candidates: [],
      answer: '0 1 2',
    },
    {
      title: `${token} Evens`,
      question: 'Which are even?',
      type: 'M',
      candidates: ['2', '3', '4'],
      answer: '["2","4"]',
    },
  ];
  for (const [index, question] of questions.entries())
    await api.post('questions', {
      ...question,
      explanation: 'Worked out by hand.',
      students: [name],
      targetDate: hoursFromNow(24 + index),
    });

  const context = await browser.newContext();
  const page = await context.newPage();
  await openSignIn(page);
  await signIn(page, demo.teacher);

  // From the Teacher page's student list: their pending questions, without answers (none are sent).
  await page.goto('/teacher');
  await page.getByLabel('Student name (several: separate with commas)').fill(name);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('button', { name: `Print a worksheet of ${name}'s questions` }).click();
  const sheet = page.getByRole('article', { name: `Worksheet for ${name}` });
  await expect(sheet.getByRole('heading', { level: 2 })).toHaveText(
    questions.map((question, index) => `${index + 1}. ${question.title}`),
  );
  await expect(page.getByRole('checkbox', { name: 'Add an answer key page' })).toHaveCount(0);
  const pendingPdf = testInfo.outputPath('pending.pdf');
  await page.pdf({ path: pendingPdf, format: 'A4' });
  const [pendingPage, ...morePages] = pdfPages(pendingPdf);
  expect(morePages).toEqual([]);
  expect(pendingPage).toContain(`Worksheet for ${name}`);
  expect(pendingPage).toContain('3 questions');
  for (const [index, question] of questions.entries())
    expect(pendingPage).toContain(`${index + 1}. ${question.title}`);
  // The formula-free text, the options and the code all come through the pages' own renderer.
  expect(pendingPage).toContain('a quarter');
  expect(pendingPage).toContain('print(i)');
  expect(pendingPage).toContain('Choose every answer that fits.');
  for (const chrome of APP_CHROME) expect(pendingPage).not.toContain(chrome);

  // From the archive: the ticked questions, answers known, so an answer key can follow.
  // Back on the Teacher page, then the archive.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'Students' })).toBeVisible();
  await page.goto(`/questions?field=title&q=${token}`);
  for (const question of questions)
    await page
      .getByRole('article', { name: new RegExp(question.title) })
      .getByRole('checkbox', { name: 'Duplicate' })
      .check();
  await page.getByRole('button', { name: 'Print worksheet' }).click();
  await expect(
    page.getByRole('article', { name: 'Worksheet' }).getByRole('heading', { level: 2 }),
  ).toHaveCount(3);
  await page.getByRole('checkbox', { name: 'Add an answer key page' }).check();
  await expect(page.getByRole('heading', { name: 'Answer key' })).toBeVisible();
  const archivePdf = testInfo.outputPath('archive.pdf');
  await page.pdf({ path: archivePdf, format: 'A4' });
  const pages = pdfPages(archivePdf);
  expect(pages).toHaveLength(2);
  const [sheetPage, keyPage] = pages as [string, string];
  for (const [index, question] of questions.entries())
    expect(sheetPage).toContain(`${index + 1}. ${question.title}`);
  expect(sheetPage).not.toContain('Answer key');
  expect(keyPage).toContain('Answer key');
  expect(keyPage).toMatch(/1\. \S+ Halves\s*: a quarter/);
  expect(keyPage).toMatch(/3\. \S+ Evens\s*: 2, 4/);
  for (const chrome of APP_CHROME) expect(sheetPage + keyPage).not.toContain(chrome);

  // Page 1 as a picture, for a person to look at.
  const prefix = testInfo.outputPath('worksheet');
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', archivePdf, prefix]);
  await testInfo.attach('worksheet page 1', { path: `${prefix}.png`, contentType: 'image/png' });
  expect(fs.statSync(`${prefix}.png`).size).toBeGreaterThan(1000);
  await context.close();
});
