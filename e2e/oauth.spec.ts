import type { APIRequestContext, Page } from '@playwright/test';
import { oauthTexts } from '../common/messages.ts';
import { OAUTH_PROVIDERS, type OAuthProvider, providerLabels } from '../common/oauth.ts';
import type { TestIdentity } from '../server/test/oauthProvider.ts';
import { demo, expect, openSignIn, signIn, test, uniqueName } from './fixtures.ts';
import { workerServers } from './servers.ts';

/**
 * Provider sign-in in Chromium, the whole redirect flow: our server ⇄ a local Google, Naver or Kakao
 * (e2e/providers.ts, started by the Playwright config for each worker) answering with each provider's token and
 * profile shapes. Who signs in at the provider next is set through its test endpoint.
 */
const providerUrl = (provider: OAuthProvider) => `http://127.0.0.1:${workerServers().oauth[provider]}`;

async function nextSignIn(request: APIRequestContext, provider: OAuthProvider, identity: TestIdentity) {
  const response = await request.post(`${providerUrl(provider)}/test/next-sign-in`, { data: identity });
  expect(response.status()).toBe(204);
}

let seq = 0;
function newPerson(provider: OAuthProvider): TestIdentity & { name: string; email: string } {
  seq++;
  const name = uniqueName(`${provider}Kim`);
  // Kakao's ids are numbers.
  const subject = `${Date.now()}${seq}`;
  return { subject, name, email: `${name.toLowerCase()}@example.com` };
}

const button = (page: Page, provider: OAuthProvider) =>
  page.getByRole('link', { name: oauthTexts.continueWith(providerLabels[provider]) });

async function logOut(page: Page) {
  await page.getByRole('link', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/login');
}

for (const provider of OAUTH_PROVIDERS) {
  test(`${provider}: a new person confirms, gets an account and their dashboard; next time straight in`, async ({
    page,
    request,
  }) => {
    const who = newPerson(provider);
    await openSignIn(page);
    await nextSignIn(request, provider, who);

    // Keyboard: the button is reached by Tab from the form and started with Enter.
    const authorize = page.waitForRequest((r) => r.url().startsWith(providerUrl(provider)));
    await page.getByRole('button', { name: 'Sign in' }).focus();
    await page.keyboard.press('Tab');
    while (!(await button(page, provider).evaluate((el) => el === document.activeElement))) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    const sent = new URL((await authorize).url());
    expect(sent.searchParams.get('code_challenge_method')).toBe('S256');
    expect(sent.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    await expect(page).toHaveURL(/\/oauth2\/register\?token=/);
    await expect(page.getByRole('heading', { name: oauthTexts.registerQuestion })).toBeVisible();
    await page.getByRole('button', { name: oauthTexts.registerConfirm }).click();
    await expect(page).toHaveURL(`/user/${encodeURIComponent(who.name)}`);
    await expect(page.getByRole('heading', { name: who.name })).toBeVisible();

    await logOut(page);
    await nextSignIn(request, provider, who);
    await button(page, provider).click();
    await expect(page).toHaveURL(`/user/${encodeURIComponent(who.name)}`);
    await expect(page.getByRole('heading', { name: who.name })).toBeVisible();
  });
}

test('the buttons sit under the form in provider colours, and fit a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openSignIn(page);
  const form = await page.getByRole('button', { name: 'Sign in' }).boundingBox();
  const colours: Record<string, string> = {};
  for (const provider of OAUTH_PROVIDERS) {
    const link = button(page, provider);
    await expect(link).toBeVisible();
    expect((await link.boundingBox())!.y).toBeGreaterThan(form!.y);
    colours[provider] = await link.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await link.locator('svg').count()).toBe(1);
  }
  expect(colours).toEqual({
    google: 'rgb(255, 255, 255)',
    naver: 'rgb(0, 132, 61)',
    kakao: 'rgb(254, 229, 0)',
  });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('a provider sign-in returns to the page that asked for it', async ({ page, request }) => {
  const who = newPerson('google');
  await nextSignIn(request, 'google', who);
  await openSignIn(page);
  await button(page, 'google').click();
  await page.getByRole('button', { name: oauthTexts.registerConfirm }).click();
  await expect(page).toHaveURL(`/user/${encodeURIComponent(who.name)}`);
  await logOut(page);

  await page.goto(`/submission/${encodeURIComponent(who.name)}`);
  await expect(page).toHaveURL('/login');
  await nextSignIn(request, 'google', who);
  await button(page, 'google').click();
  await expect(page).toHaveURL(`/submission/${encodeURIComponent(who.name)}`);
});

test('declining, or opening the register page without a token, goes to sign-in and makes no account', async ({
  page,
  request,
}) => {
  const who = newPerson('naver');
  await nextSignIn(request, 'naver', who);
  await openSignIn(page);
  await button(page, 'naver').click();
  await page.getByRole('button', { name: oauthTexts.registerDecline }).click();
  await expect(page).toHaveURL('/login');
  // Still nobody: the same person is asked again.
  await nextSignIn(request, 'naver', who);
  await button(page, 'naver').click();
  await expect(page).toHaveURL(/\/oauth2\/register\?token=/);

  await page.goto('/oauth2/register');
  await expect(page).toHaveURL('/login');
});

test('a replayed callback (the same code and state again) is refused with a message', async ({
  page,
  request,
}) => {
  const who = newPerson('kakao');
  await nextSignIn(request, 'kakao', who);
  await openSignIn(page);
  const callback = page.waitForRequest((r) => r.url().includes('/login/oauth2/code/kakao'));
  await button(page, 'kakao').click();
  const callbackUrl = (await callback).url();
  await page.getByRole('button', { name: oauthTexts.registerConfirm }).click();
  await expect(page).toHaveURL(`/user/${encodeURIComponent(who.name)}`);
  await logOut(page);

  await page.goto(callbackUrl);
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('alert')).toContainText(oauthTexts.outcome.expired('Kakao'));
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
});

test('a tampered state is refused before the code is used', async ({ page, request }) => {
  await nextSignIn(request, 'google', newPerson('google'));
  await openSignIn(page);
  // The browser's own cookies (page.request shares them) with the provider's answer tampered with:
  // the same code, another state.
  const start = await page.request.get('/oauth2/authorization/google', { maxRedirects: 0 });
  const atProvider = await page.request.get(start.headers().location!, { maxRedirects: 0 });
  const callback = new URL(atProvider.headers().location!);
  expect(callback.searchParams.get('code')).toBeTruthy();
  callback.searchParams.set('state', 'A'.repeat(43));
  await page.goto(callback.href);
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('alert')).toContainText(oauthTexts.outcome.expired('Google'));
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
});

test('an expired or already used registration code is refused: back to sign-in, no account', async ({
  page,
  context,
  request,
}) => {
  const who = newPerson('google');
  await nextSignIn(request, 'google', who);
  await openSignIn(page);
  await button(page, 'google').click();
  await expect(page).toHaveURL(/\/oauth2\/register\?token=/);
  const registerUrl = page.url();
  // Five minutes later the browser has dropped the cookie the code is bound to.
  await context.clearCookies({ name: 'tf_oauth_pending' });
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/v1/users/oauth/register'));
  await page.getByRole('button', { name: oauthTexts.registerConfirm }).click();
  expect((await refused).status()).toBe(401);
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();

  // A code that did make an account cannot make another.
  const second = newPerson('google');
  await nextSignIn(request, 'google', second);
  await button(page, 'google').click();
  const usedUrl = page.url();
  await page.getByRole('button', { name: oauthTexts.registerConfirm }).click();
  await expect(page).toHaveURL(`/user/${encodeURIComponent(second.name)}`);
  await logOut(page);
  await page.goto(usedUrl);
  await page.getByRole('button', { name: oauthTexts.registerConfirm }).click();
  await expect(page).toHaveURL('/login');
  expect(registerUrl).not.toBe(usedUrl);
});

test('an unverified email, or a cancelled consent, is refused with a message', async ({ page, request }) => {
  await openSignIn(page);
  await nextSignIn(request, 'kakao', { ...newPerson('kakao'), emailVerified: false });
  await button(page, 'kakao').click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('alert')).toContainText(oauthTexts.outcome.unverified('Kakao'));

  await nextSignIn(request, 'naver', { subject: 'x', cancel: true });
  await button(page, 'naver').click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('alert')).toContainText(oauthTexts.outcome.cancelled('Naver'));
});

test("a provider with a password account's email is linked only after that password is entered", async ({
  page,
  request,
}) => {
  const bobAtGoogle = { subject: `bob${Date.now()}`, email: demo.bob.email, name: 'Robert' };
  await nextSignIn(request, 'google', bobAtGoogle);
  await openSignIn(page);
  await button(page, 'google').click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('status').filter({ hasText: oauthTexts.outcome.link('Google') })).toBeVisible();

  await signIn(page, demo.bob);
  await expect(page).toHaveURL(`/user/${demo.bob.name}`);
  await logOut(page);

  await nextSignIn(request, 'google', bobAtGoogle);
  await button(page, 'google').click();
  await expect(page).toHaveURL(`/user/${demo.bob.name}`);
});

test("the variant sign-in page at /signin: 'Welcome Back', the same form and buttons", async ({ page }) => {
  await page.goto('/signin');
  await expect(page.getByRole('heading', { name: oauthTexts.welcomeTitle })).toBeVisible();
  await expect(page.getByText(oauthTexts.welcomeSubtitle)).toBeVisible();
  for (const provider of OAUTH_PROVIDERS) await expect(button(page, provider)).toBeVisible();
  await signIn(page, demo.alice);
  await expect(page).toHaveURL(`/user/${demo.alice.name}`);
});

test('an unknown provider has a page saying so', async ({ page }) => {
  const response = await page.goto('/oauth2/authorization/facebook');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: oauthTexts.unknownProvider })).toBeVisible();
  await page.getByRole('link', { name: 'Back to sign-in' }).click();
  await expect(page).toHaveURL('/login');
});
