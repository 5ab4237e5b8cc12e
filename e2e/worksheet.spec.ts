import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import sharp from 'sharp';
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
 * questions from the Teacher page and questions ticked in the archive, each with an answer key on
 * request. Printed by Chromium to an A4 PDF and read back with poppler (pdftotext, pdfimages,
 * pdftoppm): numbered questions with their formulas and pictures, nothing of the app around them,
 * the answer key on a page of its own.
 */

/** The pictures in the PDF: page and size in pixels of each (pdfimages -list). */
function pdfImages(file: string): { page: number; width: number; height: number }[] {
  const list = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' });
  // Two heading lines, then one row per image: page num type width height ...
  return list
    .split('\n')
    .slice(2)
    .filter((row) => row.trim() !== '')
    .map((row) => {
      const [page, , , width, height] = row.trim().split(/\s+/);
      return { page: Number(page), width: Number(width), height: Number(height) };
    });
}

/** The PDF's text, page by page (pdftotext ends each page with a form feed). */
function pdfPages(file: string): string[] {
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  return text.split('\f').filter((page) => page.trim() !== '');
}

/** The one page (counted from 1) all of `texts` are on: a question is never split across two. */
function pageWith(pages: string[], ...texts: string[]): number {
  const found = pages.findIndex((page) => texts.every((text) => page.includes(text)));
  expect(found, `one page with ${texts.join(' … ')}`).toBeGreaterThanOrEqual(0);
  return found + 1;
}

/** Each question's title and its last line, which a page break must not come between. */
const ENDS = ['an eighth', 'print(i)', 'C. 4'];

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
  const teacherRequest = await playwright.request.newContext({ baseURL });
  const api = await apiAs(teacherRequest, baseURL!, demo.teacher);
  // A picture 480 × 240 px (wider than it is tall, to tell it in the PDF) for the first question.
  const png = await sharp({ create: { width: 480, height: 240, channels: 3, background: 'teal' } })
    .png()
    .toBuffer();
  const uploaded = await teacherRequest.post('/api/v1/pictures', {
    multipart: { image: { name: 'square.png', mimeType: 'image/png', buffer: png } },
    headers: { origin: baseURL! },
  });
  expect(uploaded.status()).toBe(200);
  const picture = (await uploaded.json()) as { id: string };
  const token = uniqueName('ws');
  const questions = [
    {
      title: `${token} Halves`,
      question: 'What is a half of a half, $\\frac{1}{2} \\cdot \\frac{1}{2}$?',
      type: 'm',
      candidates: ['a quarter', 'a third', 'an eighth'],
      answer: 'a quarter',
      pictures: [{ id: picture.id, part: 'question', alt: 'A square cut into four quarters' }],
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
  // The formula drawn by KaTeX, the picture loaded before printing.
  await expect(sheet.locator('.katex')).toHaveCount(1);
  const sheetPicture = sheet.getByRole('img', { name: 'A square cut into four quarters' });
  await expect
    .poll(() => sheetPicture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(480);
  const pendingPdf = testInfo.outputPath('pending.pdf');
  await page.pdf({ path: pendingPdf, format: 'A4' });
  const sheetPages = pdfPages(pendingPdf);
  for (const [index, question] of questions.entries())
    pageWith(sheetPages, `${index + 1}. ${question.title}`, ENDS[index]!);
  // The picture is in the PDF, whole, at its own resolution, on its question's page.
  expect(pdfImages(pendingPdf)).toEqual([{ page: 1, width: 480, height: 240 }]);
  expect(pageWith(sheetPages, `1. ${token} Halves`)).toBe(1);
  const pendingPage = sheetPages.join('\n');
  expect(pendingPage).toContain(`Worksheet for ${name}`);
  expect(pendingPage).toContain('3 questions');
  for (const [index, question] of questions.entries())
    expect(pendingPage).toContain(`${index + 1}. ${question.title}`);
  // The formula-free text, the options and the code all come through the pages' own renderer.
  expect(pendingPage).toContain('a quarter');
  expect(pendingPage).toContain('print(i)');
  expect(pendingPage).toContain('Choose every answer that fits.');
  for (const chrome of APP_CHROME) expect(pendingPage).not.toContain(chrome);

  // The answer key of the pending questions: fetched with their answers, on a page of its own.
  await page.getByRole('checkbox', { name: 'Add an answer key page' }).check();
  const key = page.getByRole('region', { name: 'Answer key' });
  await expect(key).toContainText(`1. ${token} Halves: a quarter`);
  await expect(key).toContainText(`2. ${token} Loop: 0 1 2`);
  const pendingKeyPdf = testInfo.outputPath('pending-key.pdf');
  await page.pdf({ path: pendingKeyPdf, format: 'A4' });
  const withKey = pdfPages(pendingKeyPdf);
  expect(withKey).toHaveLength(sheetPages.length + 1);
  const pendingKey = withKey.pop()!;
  for (const page of withKey) expect(page).not.toContain('Answer key');
  expect(pendingKey).toContain('Answer key');
  expect(pendingKey).toMatch(/1\. \S+ Halves\s*: a quarter/);
  expect(pendingKey).toMatch(/2\. \S+ Loop\s*: 0 1 2/);
  expect(pendingKey).toMatch(/3\. \S+ Evens\s*: 2, 4/);
  expect(pendingKey).not.toContain('Which are even?');

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
  const keyPage = pages.pop()!;
  for (const [index, question] of questions.entries())
    pageWith(pages, `${index + 1}. ${question.title}`, ENDS[index]!);
  const sheetPage = pages.join('\n');
  expect(sheetPage).not.toContain('Answer key');
  expect(pdfImages(archivePdf)).toEqual([{ page: 1, width: 480, height: 240 }]);
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
