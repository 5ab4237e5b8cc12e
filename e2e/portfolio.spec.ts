import type { Page, TestInfo } from '@playwright/test';
import { owner } from '../web/src/pages/portfolio/content/owner.ts';
import { expectChartDrawn } from './charts.ts';
import { e2eNow } from './clock.ts';
import { expect, test, uniqueName } from './fixtures.ts';

/**
 * The owner's public pages (docs/product.md, "Portfolio pages"): the landing page paints from its
 * HTML at any width, its timeline draws on the page's clock (the tests move it), and the stopwatch,
 * wall, spinner, sandbox and /prev behave as described there.
 */

/** A full-page screenshot kept with the test's results (test-results/…), whether it passes or not. */
async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

const timelineHeading = (page: Page) => page.getByRole('heading', { level: 2, name: 'Timeline' });
const circle = (page: Page, label: string) => page.getByRole('button', { name: new RegExp(`^${label}`) });

/** Brings the timeline into view, which starts its draw (the section turns active in view). */
async function showTimeline(page: Page) {
  await timelineHeading(page).evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
}

test.describe('the landing page', () => {
  for (const width of [360, 1280]) {
    test(`at ${width} px paints the header and a timeline that opens circle 3's panel`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: owner.name })).toBeVisible();
      await expect(page.getByText(owner.jobTitle)).toBeVisible();
      await expect(page.getByRole('heading', { name: 'CONTACT ME' })).toBeVisible();
      await expect(page.getByRole('link', { name: owner.email })).toHaveAttribute(
        'href',
        `mailto:${owner.email}`,
      );
      await expect(page.getByRole('link', { name: owner.network.handle })).toBeVisible();
      await expect(page.getByRole('link', { name: owner.phone })).toBeVisible();
      const firstPhoto = page.getByRole('img', { name: owner.headerPhotos[0]!.alt });
      await expect(firstPhoto).toBeVisible();
      expect(await firstPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      // Nothing is wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await showTimeline(page);
      await expect(timelineHeading(page)).toBeVisible();
      await page.clock.runFor(12_000);
      for (const entry of owner.timeline) await expect(circle(page, entry.label)).toBeVisible();
      await expect(page.getByText('present', { exact: true })).toBeVisible();
      await keepScreenshot(page, testInfo, `landing-${width}`);

      const third = owner.timeline[2]!;
      await circle(page, third.label).click();
      await expect(page.getByRole('heading', { level: 2, name: third.period })).toBeVisible();
      const panel = page.getByRole('region', { name: third.period });
      await expect(panel.getByRole('heading', { name: 'TL;DR' })).toBeVisible();
      const [heading, text] = third.tldr[0]!.split(/:(.*)/s);
      await expect(panel.getByRole('listitem').filter({ hasText: heading! }).first()).toContainText(
        text!.trim(),
      );
      await expect(panel.locator('strong', { hasText: heading! })).toBeVisible();
      await expect(panel.getByRole('heading', { name: third.details[0]!.title })).toBeVisible();
      await expect(panel.getByText('end of contents')).toBeAttached();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await keepScreenshot(page, testInfo, `landing-${width}-circle-3`);

      // The present has no TL;DR and no further information.
      const present = owner.timeline[6]!;
      await circle(page, present.label).click();
      const presentPanel = page.getByRole('region', { name: present.period });
      await expect(presentPanel.getByRole('heading', { name: present.details[0]!.title })).toBeVisible();
      await expect(presentPanel.getByRole('heading', { name: 'TL;DR' })).toHaveCount(0);
      await expect(presentPanel.getByRole('heading', { name: 'Further information' })).toHaveCount(0);

      await page.getByRole('button', { name: 'Back to the whole timeline' }).click();
      await expect(timelineHeading(page)).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Projects (Korean)' })).toBeAttached();
      await expect(page.getByRole('link', { name: /Click here/ })).toHaveAttribute(
        'href',
        owner.projects.url,
      );
    });
  }

  test('draws the circles on its clock, then blinks markers on the circles not yet opened', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: owner.name })).toBeVisible();
    // The heading is there from the server's HTML; the clock may stop only once the app has taken
    // the page over (the line then waits to be drawn): stopped earlier, the app's own start-up timers
    // never fire and the line stays as the HTML drew it.
    await expect(page.locator('[data-phase="waiting"]')).toBeAttached();
    // The page's timers move only when the test says (the tab's clock stops here).
    await page.clock.pauseAt(new Date(e2eNow().getTime() + 60_000));
    const markers = page.locator('[data-marker]');
    await showTimeline(page);
    // In view, the line starts drawing (its timers are set on the stopped clock).
    await expect(page.locator('[data-phase="drawing"]')).toBeAttached();
    // Circles at 0, 2, 4, 7, 9, 11 and 11.5 s; the line is drawn at 12 s.
    await page.clock.runFor(100);
    await expect(circle(page, owner.timeline[0]!.label)).toBeVisible();
    await expect(circle(page, owner.timeline[1]!.label)).toBeHidden();
    await page.clock.runFor(4_000);
    await expect(circle(page, owner.timeline[2]!.label)).toBeVisible();
    await expect(circle(page, owner.timeline[3]!.label)).toBeHidden();
    expect(await markers.count()).toBe(0);
    await circle(page, owner.timeline[2]!.label).click();
    await page.clock.runFor(8_000);
    await expect(circle(page, owner.timeline[6]!.label)).toBeVisible();
    await expect(markers).toHaveCount(owner.timeline.length - 1);
    // Not on the circle already opened, and they blink.
    await expect(circle(page, owner.timeline[2]!.label).locator('[data-marker]')).toHaveCount(0);
    expect(await markers.first().evaluate((marker) => getComputedStyle(marker).animationName)).not.toBe(
      'none',
    );
    // Clicked flags only ever turn true: going back does not bring the marker back.
    await circle(page, owner.timeline[0]!.label).click();
    await page.getByRole('button', { name: 'Back to the whole timeline' }).click();
    await expect(markers).toHaveCount(owner.timeline.length - 2);
  });

  test('holds still for visitors who ask for reduced motion', async ({ browser }) => {
    const context = await browser.newContext({
      reducedMotion: 'reduce',
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    await page.goto('/');
    await showTimeline(page);
    // Drawn at once: every circle and its marker, with no waiting and no blinking.
    for (const entry of owner.timeline) await expect(circle(page, entry.label)).toBeVisible();
    await expect(page.locator('[data-marker]')).toHaveCount(owner.timeline.length);
    expect(
      await page
        .locator('[data-marker]')
        .first()
        .evaluate((m) => getComputedStyle(m).animationName),
    ).toBe('none');
    // Sections out of view are not faded away.
    await page.getByRole('heading', { level: 1 }).evaluate((h) => h.scrollIntoView());
    await page.clock.runFor(1_000);
    expect(
      await page.getByRole('heading', { name: 'Projects (Korean)' }).evaluate((h) => {
        const section = h.closest('section')!;
        return getComputedStyle(section).opacity;
      }),
    ).toBe('1');
    await context.close();
  });

  test("the HTML holds the owner's name, the first photo and the timeline before any script runs", async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/')).text();
    expect(html).toContain(`<h1`);
    expect(html).toContain(owner.name);
    expect(html).toContain(owner.timeline[3]!.extraLabel!);
    // HTML attribute names are case-insensitive (React writes fetchPriority, srcSet).
    expect(html).toMatch(/<img[^>]+width="\d+"[^>]+height="\d+"[^>]+fetchpriority="high"/i);
    expect(html).toContain('type="image/avif"');

    // The scripts held back: the page is there anyway, picture included; then the app takes it over.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/*.js', async (route) => {
      await released;
      await route.continue();
    });
    const complaints: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') complaints.push(message.text());
    });
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: owner.name })).toBeVisible();
    const photo = page.getByRole('img', { name: owner.headerPhotos[0]!.alt });
    await expect(photo).toBeVisible();
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await page.evaluate(() => document.querySelectorAll('script[src]').length)).toBeGreaterThan(0);
    // The tab's title is the owner's already in the HTML (the server render's pageHead), and stays.
    expect(await page.evaluate(() => document.title)).toBe(owner.siteTitle);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain(owner.name);
    release();
    await expect(page).toHaveTitle(owner.siteTitle);
    await expect(page.getByRole('button', { name: 'Pause' }).first()).toBeEnabled();
    expect(complaints.filter((text) => /hydrat|did not match|mismatch/i.test(text))).toEqual([]);
  });
});

test.describe('the stopwatch', () => {
  test('start, pause, start again and reset record s, p, r and d, shown in the history', async ({ page }) => {
    await page.goto('/stopwatch');
    const name = uniqueName('Runner');
    const nameField = page.getByLabel('Name', { exact: true });
    await expect(nameField).toHaveValue('Anonymous');
    await nameField.fill(name);
    const command = async (word: 'start' | 'pause' | 'reset', typed: string = word) => {
      const box = page.getByLabel(`Type ${word}`);
      await box.fill(typed);
      await box.press('Enter');
    };
    const clock = page.locator('[data-clock]');
    await expect(clock).toHaveText('00:00:00.00');

    // A wrong word does nothing but say what to type.
    await command('start', 'go');
    await expect(page.getByText('Type start, then press Enter.')).toBeVisible();

    await command('start', 'START');
    await expect(page.getByText('Running', { exact: true })).toBeVisible();
    await expect(nameField).toBeDisabled();
    await page.clock.runFor(1_500);
    await expect(clock).not.toHaveText('00:00:00.00');
    await command('pause', 'Pause');
    await expect(page.getByText('Paused', { exact: true })).toBeVisible();
    const paused = await clock.textContent();
    await page.clock.runFor(1_000);
    await expect(clock).toHaveText(paused!);
    await command('start');
    await expect(page.getByText('Running', { exact: true })).toBeVisible();

    // Leaving while it runs asks first.
    const dialog = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    expect((await dialog).type()).toBe('beforeunload');
  });

  test('shows each record of a run, newest first, with its kind, name and age', async ({ page }) => {
    await page.goto('/stopwatch');
    const name = uniqueName('Walker');
    await page.getByLabel('Name', { exact: true }).fill(name);
    const command = async (word: 'start' | 'pause' | 'reset') => {
      const box = page.getByLabel(`Type ${word}`);
      await box.fill(word);
      await box.press('Enter');
    };
    const mine = page.getByRole('listitem').filter({ hasText: name });
    await command('start');
    await expect(mine).toHaveCount(1);
    await page.clock.runFor(1_200);
    await command('pause');
    await expect(mine).toHaveCount(2);
    await command('start');
    await expect(mine).toHaveCount(3);
    await page.clock.runFor(800);
    await command('reset');
    await expect(mine).toHaveCount(4);
    await expect(page.locator('[data-clock]')).toHaveText('00:00:00.00');
    await expect(page.getByLabel('Name', { exact: true })).toBeEnabled();
    // Start, pause, resume, reset: newest first.
    await expect(mine.locator('[class*="kind"]')).toHaveText(['Reset', 'Resume', 'Pause', 'Start']);
    await expect(mine.first()).toContainText('just now');
    expect(await mine.evaluateAll((items) => items.map((item) => item.getAttribute('data-type')))).toEqual([
      'd',
      'r',
      'p',
      's',
    ]);
  });
});

test.describe('the owner’s pages in Korean', () => {
  // A browser whose language is Korean (navigator.languages and Accept-Language say ko-KR).
  test.use({ locale: 'ko-KR' });

  test('the landing page’s HTML is in Korean before any script runs; the owner’s content as written', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'ko-KR', javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expect(page.getByRole('heading', { level: 2, name: '타임라인' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: '이 사이트의 다른 페이지' })).toContainText('방명록');
    await expect(page.getByText(owner.name).first()).toBeVisible();
    await context.close();
  });

  test('its words, the kinds and ages of the records and the date are Korean; the typed words stay', async ({
    page,
  }) => {
    await page.goto('/stopwatch');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expect(page.getByRole('heading', { level: 1, name: '스톱워치' })).toBeVisible();
    const name = uniqueName('주자');
    await page.getByLabel('이름', { exact: true }).fill(name);
    const command = async (word: 'start' | 'pause') => {
      const box = page.getByLabel(`${word} 입력`);
      await box.fill(word);
      await box.press('Enter');
    };
    const mine = page.getByRole('listitem').filter({ hasText: name });
    await command('start');
    await expect(page.getByText('작동 중', { exact: true })).toBeVisible();
    await page.clock.runFor(1_200);
    await command('pause');
    await expect(mine).toHaveCount(2);
    await expect(mine.locator('[class*="kind"]')).toHaveText(['일시 정지', '시작']);
    await expect(mine.first()).toContainText('방금 전');
    // Seoul time by Intl in Korean: "2026. 3. 10. 오전 10:00" (year first, 오전/오후).
    await expect(mine.first().locator('time')).toContainText(/^\d{4}\. \d{1,2}\. \d{1,2}\. (오전|오후) /);
    await expect(page.getByRole('navigation', { name: '이 사이트의 다른 페이지' })).toBeVisible();
  });
});

test.describe('the wall', () => {
  test('a visitor posts a message; once the owner approves it the board shows it, as text', async ({
    page,
    request,
    baseURL,
  }) => {
    await page.goto('/wall');
    await expect(page.getByRole('heading', { level: 1, name: 'Wall' })).toBeVisible();
    await expect(page.getByText(`You can post the message to ${owner.shortName} in this page`)).toBeVisible();
    const author = uniqueName('Visitor');
    const message = `<b>Great site!</b> <img src=x onerror="document.title='owned'"> ${author}`;
    await page.getByLabel('Your name').fill(author);
    await page.getByLabel('Message', { exact: true }).fill(message);
    await page.getByRole('button', { name: 'Post' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Thank you!' })).toBeVisible();
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');
    // Waiting for the owner: not on the board yet.
    await expect(page.getByText(author)).toHaveCount(0);

    // The owner approves it (the admin console's call).
    await request.post('/api/v1/users/login', {
      data: { email: 'teacher@example.com', password: 'demo-teacher-2026' },
    });
    const pending = await (await request.get('/api/v1/wall/moderation?state=pending&size=100')).json();
    const mine = pending.content.find((post: { author: string }) => post.author === author);
    expect(mine.message).toBe(message);
    const approved = await request.patch(`/api/v1/wall/moderation/${mine.id}`, {
      data: { state: 'approved' },
      headers: { origin: baseURL! },
    });
    expect(approved.ok()).toBe(true);

    await page.reload();
    const card = page.getByRole('listitem').filter({ hasText: author });
    await expect(card.getByText(message, { exact: true })).toBeVisible();
    await expect(card.locator('b, img')).toHaveCount(0);
    expect(await page.title()).not.toBe('owned');
  });

  test('an empty message is not sent', async ({ page }) => {
    await page.goto('/wall');
    await page.getByRole('button', { name: 'Post' }).click();
    await expect(page.getByText('Write a message first.')).toBeVisible();
  });
});

test.describe('the spinner', () => {
  test('STOP settles on one of the elements and shows it', async ({ page }) => {
    await page.goto('/spinner');
    const count = page.getByLabel('Number of elements');
    await count.fill('3');
    const names = ['Tea', 'Coffee', 'Juice'];
    for (const [i, name] of names.entries())
      await page.getByLabel(`Element ${i + 1}`, { exact: true }).fill(name);
    await expect(page.getByRole('img', { name: 'A wheel of 3 elements' })).toBeVisible();
    await page.getByRole('button', { name: 'START' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Spinning…' })).toBeVisible();
    await page.clock.runFor(700);
    await page.getByRole('button', { name: 'STOP' }).click();
    await page.clock.runFor(2_000);
    const result = page.locator('[data-result]');
    await expect(result).toBeVisible();
    expect(names).toContain(await result.textContent());
    await expect(page.getByRole('button', { name: 'START' })).toBeEnabled();
  });

  test('a count below 1 is 0 and more than 10 is 10', async ({ page }) => {
    await page.goto('/spinner');
    const count = page.getByLabel('Number of elements');
    await count.fill('-2');
    await expect(page.getByLabel(/^Element \d+$/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'START' })).toBeDisabled();
    await count.fill('25');
    await expect(page.getByLabel(/^Element \d+$/)).toHaveCount(10);
    await expect(page.getByRole('img', { name: 'A wheel of 10 elements' })).toBeVisible();
  });
});

test.describe('the sandbox and the earlier main page', () => {
  test('the sandbox links the sign-in buttons, draws its charts and raises both toasts', async ({ page }) => {
    await page.goto('/sandbox');
    for (const provider of ['Google', 'Naver', 'Kakao']) {
      await expect(page.getByRole('link', { name: `Continue with ${provider}` })).toHaveAttribute(
        'href',
        `/oauth2/authorization/${provider.toLowerCase()}?from=%2Fsandbox`,
      );
    }
    for (const kind of ['scatter', 'radar', 'line'])
      await expectChartDrawn(page.locator(`canvas[data-chart="${kind}"]`));
    await page.getByRole('button', { name: 'Show a success toast' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved!' })).toBeVisible();
    await page.getByRole('button', { name: 'Show an error toast' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong' })).toBeVisible();
  });

  test('/prev greets, shows the portrait and skill cards that change on hover and focus', async ({
    page,
  }) => {
    await page.goto('/prev');
    await expect(page.getByText(owner.previous.greeting)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: owner.name })).toBeVisible();
    await expect(page.getByRole('img', { name: owner.previous.portrait.alt })).toBeVisible();
    await expect(page.getByText(/II\.1/)).toBeVisible();
    const cards = page.getByRole('button', { name: /^(React|JavaScript|Spring Boot|Java|MariaDB|Node\.js)/ });
    await expect(cards).toHaveCount(6);
    const react = cards.first();
    const look = () => react.evaluate((card) => getComputedStyle(card).borderColor);
    const resting = await look();
    await react.hover();
    await expect.poll(look).not.toBe(resting);
    await page.mouse.move(0, 0);
    await expect.poll(look).toBe(resting);
    await react.focus();
    await expect.poll(look).not.toBe(resting);
    await react.click();
    await expect(page.getByText(owner.previous.skills[0]!.description)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Careers' })).toBeVisible();
  });
});
