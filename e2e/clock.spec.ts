import { E2E_START, e2eNow } from './clock.ts';
import { apiAs, demo, expect, signUp, test, uniqueName } from './fixtures.ts';

/**
 * The server, the browsers and the tests read one clock (e2e/clock.ts), which started at E2E_START
 * (Tuesday 10 March 2026, 10:00 in Seoul) when the run did, so no browser test depends on the day,
 * hour or month the suite is run in.
 */
test('the server, the browser and the tests share one clock that started at E2E_START', async ({
  page,
  playwright,
  baseURL,
}) => {
  const now = e2eNow().getTime();
  expect(now - E2E_START.getTime()).toBeGreaterThanOrEqual(0);
  expect(now - E2E_START.getTime()).toBeLessThan(60 * 60_000);

  await page.goto('/login');
  const browserNow = await page.evaluate(() => Date.now());
  expect(Math.abs(browserNow - e2eNow().getTime())).toBeLessThan(60_000);

  // The server takes a due date 25 hours after the e2e clock's now (one in the machine's past, were
  // it on the machine's clock, would be refused) and counts the time left from its own clock.
  const name = uniqueName('clock');
  const api = await playwright.request.newContext({ baseURL });
  await signUp(api, name, 'clock secret 2026');
  const teacher = await apiAs(await playwright.request.newContext({ baseURL }), baseURL!, demo.teacher);
  await teacher.post('questions', {
    title: 'Clock',
    question: 'What time is it?',
    type: 'm',
    candidates: ['now', 'later'],
    answer: 'now',
    explanation: 'It is now.',
    students: [name],
    targetDate: new Date(e2eNow().getTime() + 25 * 3_600_000).toISOString(),
  });
  const login = await api.post('/api/v1/users/login', {
    data: { email: `${name}@example.com`, password: 'clock secret 2026' },
  });
  expect(login.status()).toBe(200);
  const pending = await api.get(`/api/v1/questions/student/${name}?page=0&size=5`);
  expect(pending.status()).toBe(200);
  const [question] = (await pending.json()).content;
  expect(question.hourLeft).toBeGreaterThanOrEqual(24);
  expect(question.hourLeft).toBeLessThanOrEqual(25);
  await api.dispose();
});
