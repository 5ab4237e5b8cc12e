import type { Page, TestInfo } from '@playwright/test';
import { owner } from '../web/src/pages/portfolio/content/owner.ts';
import { e2eNow } from './clock.ts';
import { expect, test } from './fixtures.ts';

/**
 * Issue 17: the owner's public pages. The landing page paints from its HTML at any width, its
 * timeline draws on the page's clock (the tests move it), and the other pages do what spec 2 §2 says.
 */

/** A full-page screenshot kept with the test's results (test-results/…), whether it passes or not. */
async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

const timelineHeading = (page: Page) => page.getByRole('heading', { level: 2, name: 'Timeline' });
const circle = (page: Page, label: string) => page.getByRole('button', { name: new RegExp(`^${label}`) });

/** Brings the timeline into view, which starts its draw (spec 2 §4: the section turns active). */
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
    // The page's timers move only when the test says (the tab's clock stops here).
    await page.clock.pauseAt(new Date(e2eNow().getTime() + 60_000));
    const markers = page.locator('[data-marker]');
    await showTimeline(page);
    // In view, the line starts drawing (its timers are set on the stopped clock).
    await expect(page.locator('[data-phase="drawing"]')).toBeAttached();
    // Spec 2 §9: circles at 0, 2, 4, 7, 9, 11 and 11.5 s; the line is drawn at 12 s.
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
    expect(await page.evaluate(() => document.title)).toBe('Tutorfolio');
    release();
    // The app runs the page now: the tab's title is the owner's.
    await expect(page).toHaveTitle(owner.siteTitle);
    await expect(page.getByRole('button', { name: 'Pause' }).first()).toBeEnabled();
    expect(complaints.filter((text) => /hydrat|did not match|mismatch/i.test(text))).toEqual([]);
  });
});
