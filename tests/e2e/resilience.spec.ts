import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { freshDemoDataDir } from '../helpers/demo-template.ts';
import { freePort, type RunningServer, startServer } from '../helpers/server-process.ts';
import { expect, expectAudioAdvancing, test } from './fixtures.ts';
import { createListener, seriousViolations, signIn } from './support.ts';

const toasts = (page: Page) => page.locator('.Toastify__toast');

test('a page whose code is gone after a deploy reloads once by itself and shows', async ({
  page,
}) => {
  await page.goto('/');
  const artist = page.locator('a[href^="/viewArtistSongs/"]').first();
  await expect(artist).toBeVisible();
  const name = ((await artist.locator('p').first().textContent()) ?? '').trim();
  // The artist page's file of the old build is gone: the first ask gets a 404.
  let refused = 0;
  await page.route(/\/assets\/artist-page-[^/]+\.js$/, async (route) => {
    if (refused === 0) {
      refused++;
      await route.fulfill({ status: 404, body: 'Not found' });
    } else {
      await route.continue();
    }
  });
  const reloaded = page.waitForEvent('load');
  await artist.click();
  await reloaded;
  expect(refused).toBe(1);
  await expect(page).toHaveURL(/\/viewArtistSongs\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveTitle(`${name} · Chorus`);
  expect(
    await page.evaluate(() => Number(sessionStorage.getItem('chorus-reloaded-for-code'))),
  ).toBeGreaterThan(0);
});

test('code that stays missing after the reload shows the error page instead of reloading again', async ({
  page,
}) => {
  await page.goto('/');
  const artist = page.locator('a[href^="/viewArtistSongs/"]').first();
  await expect(artist).toBeVisible();
  await page.route(/\/assets\/artist-page-[^/]+\.js$/, (route) =>
    route.fulfill({ status: 404, body: 'Not found' }),
  );
  let loads = 0;
  page.on('load', () => loads++);
  await artist.click();
  // The error page shows while the app asks whether the server is there; then one reload.
  await expect.poll(() => loads, { timeout: 15_000 }).toBe(1);
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible({
    timeout: 15_000,
  });
  // After the reload the guard holds: the error page stays.
  await page.waitForTimeout(1000);
  expect(loads).toBe(1);
});

test('a failed like reverts with one toast', async ({ page, context }) => {
  const user = await createListener();
  await signIn(context, user);
  await page.goto('/');
  const trending = page.locator('section', {
    has: page.getByRole('heading', { name: 'Trending songs' }),
  });
  await trending
    .getByRole('button', { name: /^Play / })
    .first()
    .click();
  const player = page.getByRole('region', { name: 'Player' });
  const heart = player.getByRole('button', { name: /Liked Songs$/ });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await page.route('**/api/songs/*/like', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Something went wrong on our side' }),
    }),
  );
  await heart.click();
  await expect(toasts(page)).toHaveCount(1);
  await expect(toasts(page)).toContainText('Something went wrong on our side');
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
});

test('a failed follow reverts with one toast', async ({ page, context }) => {
  const user = await createListener();
  await signIn(context, user);
  await page.goto('/');
  await page.locator('a[href^="/viewArtistSongs/"]').first().click();
  await expect(page.getByTestId('artist-stats')).toBeVisible();
  await page.route('**/api/artists/*/follow', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Something went wrong on our side' }),
    }),
  );
  const follow = page.getByRole('button', { name: 'Follow', exact: true });
  await follow.click();
  await expect(toasts(page)).toHaveCount(1);
  await expect(toasts(page)).toContainText('Something went wrong on our side');
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
});

test.describe('when the server goes away and comes back', () => {
  let server: RunningServer | null = null;
  let dataDir = '';
  let port = 0;

  const start = async () => {
    server = await startServer({ DATA_DIR: dataDir, DEMO_CATALOG: 'on', PORT: String(port) });
  };

  test.beforeAll(async () => {
    dataDir = await freshDemoDataDir('chorus-e2e-outage-');
    port = await freePort();
    await start();
  });

  test.afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('one banner says so, playback stops without toasts, and the page recovers by itself', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const url = server!.url;
    // The search page's code is here before the outage (a page not yet loaded reloads on return).
    await page.goto(`${url}/search`);
    await page.goto(`${url}/`);
    const trending = page.locator('section', {
      has: page.getByRole('heading', { name: 'Trending songs' }),
    });
    await trending
      .getByRole('button', { name: /^Play / })
      .first()
      .click();
    await expectAudioAdvancing(page, 0.3);

    await server!.stop('SIGKILL');
    const next = page.getByRole('region', { name: 'Player' }).getByRole('button', { name: 'Next' });
    for (let i = 0; i < 4; i++) await next.click();
    await page.getByRole('searchbox').fill('cafe');

    const banner = page.getByTestId('connection-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toHaveText("Can't reach Chorus. Trying again…");
    await expect(banner).toHaveCount(1);
    await expect
      .poll(() =>
        page.evaluate(
          () => document.querySelector<HTMLAudioElement>('audio[data-player="main"]')?.paused,
        ),
      )
      .toBe(true);
    // A moment for any error toast to have shown up: none does.
    await page.waitForTimeout(1500);
    await expect(toasts(page)).toHaveCount(0);
    expect(await seriousViolations(page, '[data-testid="connection-banner"]')).toEqual([]);

    await start();
    await expect(banner).toBeHidden({ timeout: 30_000 });
    // The search that failed meanwhile is asked again and answers.
    await expect(page.getByRole('button', { name: 'Play Café del Mar' })).toBeAttached({
      timeout: 15_000,
    });
    await expect(toasts(page)).toHaveCount(0);
  });
});
