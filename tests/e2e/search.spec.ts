import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createAlbum, createArtist, createSong } from '../helpers/factories.ts';
import { expect, test } from './fixtures.ts';
import { createListener, serverDeps, signIn } from './support.ts';

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test('search finds "artist song", shows a top result, filters by chip and remembers the search', async ({
  page,
  context,
}) => {
  const deps = await serverDeps();
  const stamp = Date.now().toString(36);
  const artistName = `Quillon Marsh ${stamp}`;
  const artist = await createArtist(deps, { name: artistName });
  const album = await createAlbum(
    deps,
    artist.id,
    `Saltwater ${stamp}`,
    new Date('2001-01-01T00:00:00.000Z'),
  );
  await createSong(deps, { title: 'Ember Tide', artistIds: [artist.id], albumId: album.id });
  const user = await createListener();
  await signIn(context, user);

  await page.goto('/search');
  await expect(page.getByText('Search Chorus')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(`${stamp} ember`);
  // The artist's word and the title's word together find the song, and it is the top result.
  const top = page.locator('section', { has: page.getByRole('heading', { name: 'Top result' }) });
  await expect(top.getByText('Ember Tide')).toBeVisible();
  await expect(top.getByRole('button', { name: 'Play the top result' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Play Ember Tide' })).toBeAttached();

  // Typing the artist's name makes the artist the top result.
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('quillon marsh');
  await expect(top.getByRole('link', { name: new RegExp(artistName) })).toBeVisible();

  // Chips: Artists shows only artists, and survives a reload and Back.
  await page.getByRole('button', { name: 'Artists', exact: true }).click();
  await expect(page).toHaveURL(/type=artists/);
  await expect(page.getByRole('button', { name: 'Artists', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('heading', { name: 'Artists', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Songs', exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Top result' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Artists', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: 'Songs', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Play Ember Tide' })).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Artists', exact: true })).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/type=artists/);
  await page.getByRole('button', { name: 'All', exact: true }).click();
  // Once the chip shows as pressed, its fade to white has begun, and the check waits it out.
  await expect(page.getByRole('button', { name: 'All', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(await seriousViolations(page)).toEqual([]);

  // Opening a result remembers the search; it shows on the empty search page, and goes.
  await top.getByRole('link', { name: new RegExp(artistName) }).click();
  await expect(page).toHaveURL(/\/viewArtistSongs\//);
  await page.goto('/search');
  const recent = page.locator('section', {
    has: page.getByRole('heading', { name: 'Recent searches' }),
  });
  await expect(recent.getByRole('link', { name: 'quillon marsh' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await recent.getByRole('button', { name: 'Remove "quillon marsh" from recent searches' }).click();
  await expect(page.getByRole('heading', { name: 'Recent searches' })).toHaveCount(0);
});

test('the genre grid on the empty search page opens a genre and its songs play', async ({
  page,
}) => {
  await page.goto('/search');
  await expect(page).toHaveTitle('Search · Chorus');
  const grid = page.locator('section', { has: page.getByRole('heading', { name: 'Browse all' }) });
  const first = grid.getByRole('link').first();
  await expect(first).toBeVisible();
  const genre = ((await first.textContent()) ?? '').trim();
  await first.click();
  await expect(page).toHaveURL(/\/search\?genre=/);
  await expect(page.getByRole('heading', { name: genre, level: 2 })).toBeVisible();
  // The tab is named after the genre, as an album's or an artist's is, opened or reloaded.
  await expect(page).toHaveTitle(`${genre} · Chorus`);
  await page.reload();
  await expect(page).toHaveTitle(`${genre} · Chorus`);
  await page.goBack();
  await expect(page).toHaveTitle('Search · Chorus');
  await page.goForward();
  const play = page.getByRole('button', { name: /^Play / }).first();
  await expect(play).toBeAttached();
  await play.click({ force: true });
  await expect(page.getByTestId('now-playing-title')).not.toBeEmpty();
  // The queue names the genre the songs come from.
  await page.getByRole('region', { name: 'Player' }).getByRole('button', { name: 'Queue' }).click();
  await expect(
    page
      .getByRole('complementary', { name: 'Queue' })
      .getByText(`Next from: ${genre}`, { exact: true }),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("a genre's big Play button plays its songs in order, and pauses them", async ({ page }) => {
  const listed = (await (await page.request.get('/api/genres/Rock/songs?limit=50')).json()) as {
    songs: { title: string }[];
  };
  expect(listed.songs.length).toBeGreaterThan(1);
  const [first, second] = listed.songs as [{ title: string }, { title: string }];
  await page.goto('/search?genre=Rock');
  await expect(page.getByRole('heading', { name: 'Rock', level: 2 })).toBeVisible();
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Play Rock', exact: true }).click();
  const title = page.getByTestId('now-playing-title');
  await expect(title).toHaveText(first.title);
  await expect(main.getByRole('button', { name: 'Pause Rock', exact: true })).toBeVisible();
  const playerBar = page.getByRole('region', { name: 'Player' });
  await playerBar.getByRole('button', { name: 'Queue' }).click();
  const queue = page.getByRole('complementary', { name: 'Queue' });
  await expect(queue.getByRole('link', { name: 'Rock', exact: true })).toHaveAttribute(
    'href',
    '/search?genre=Rock',
  );
  await expect(
    queue.getByRole('list', { name: 'Next from Rock' }).getByRole('listitem').first(),
  ).toContainText(second.title);
  await main.getByRole('button', { name: 'Pause Rock', exact: true }).click();
  await expect(main.getByRole('button', { name: 'Play Rock', exact: true })).toBeVisible();
  await expect(playerBar.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
});

test('Enter in the search box records the search; an empty one is not, nor a reload', async ({
  page,
  context,
}) => {
  const user = await createListener();
  await signIn(context, user);
  const recorded = async () => {
    const response = await page.request.get('/api/me/recent-searches');
    expect(response.ok()).toBe(true);
    return ((await response.json()).items as { q: string }[]).map((item) => item.q);
  };
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/me/recent-searches'))
      posts.push(request.postDataJSON().q);
  });

  await page.goto('/');
  const box = page.getByRole('searchbox', { name: 'Search', exact: true });
  await box.fill('   ');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search$/);
  // From the top bar on any page: Enter opens the results and records the words.
  await page.goto('/');
  await box.fill('harbour lights');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=harbour%20lights$/);
  await expect.poll(recorded).toEqual(['harbour lights']);
  // Typing alone does not record; Enter on the results page does.
  await box.fill('velvet rain');
  await expect(page).toHaveURL(/q=velvet%20rain$/);
  await page.waitForTimeout(300);
  expect(await recorded()).toEqual(['harbour lights']);
  await box.press('Enter');
  await expect.poll(recorded).toEqual(['velvet rain', 'harbour lights']);
  await page.reload();
  await expect(box).toHaveValue('velvet rain');
  await page.goBack();
  await page.goForward();
  await expect(page).toHaveURL(/q=velvet%20rain$/);
  expect(posts).toEqual(['harbour lights', 'velvet rain']);
  await page.goto('/search');
  const recent = page.locator('section', {
    has: page.getByRole('heading', { name: 'Recent searches' }),
  });
  await expect(recent.getByRole('link')).toHaveText(['velvet rain', 'harbour lights']);
});

test('a visitor pressing Enter gets the results, and nothing is recorded', async ({ page }) => {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/me/recent-searches')) posts.push(request.method());
  });
  await page.goto('/search');
  const box = page.getByRole('searchbox', { name: 'Search', exact: true });
  await box.fill('harbour lights');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=harbour%20lights$/);
  await expect(
    page.getByRole('heading', { name: 'Search results for "harbour lights"' }),
  ).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Recent searches' })).toHaveCount(0);
  expect(posts).toEqual([]);
});

/** Answers calls matching `url` with `status` and the server's JSON `message` while `failing()`. */
async function failWhile(
  page: Page,
  url: RegExp,
  failing: () => { status: number; message: string } | null,
): Promise<void> {
  await page.route(url, (route) => {
    const failure = failing();
    if (!failure) return route.fallback();
    return route.fulfill({
      status: failure.status,
      contentType: 'application/json',
      body: JSON.stringify({ message: failure.message }),
    });
  });
}

test('a busy or failing search says so, and Try Again asks again', async ({ page }) => {
  let failure: { status: number; message: string } | null = {
    status: 429,
    message: 'Too many attempts. Please try again in 5 seconds.',
  };
  await failWhile(page, /\/api\/search\?/, () => failure);
  let searches = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/search?')) searches++;
  });
  // Marks the page once the connection banner has shown, however briefly.
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="connection-banner"]')) {
        document.documentElement.dataset.bannerShown = '';
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/search?q=cafe');
  const error = page.getByRole('alert').filter({ hasText: 'Error loading search results' });
  await expect(error).toContainText('Too many attempts. Please try again in 5 seconds.');
  expect(await seriousViolations(page)).toEqual([]);

  // The server is busy the next time too: the new answer replaces the old.
  failure = {
    status: 503,
    message: 'The database cannot be reached right now. Please try again in a moment.',
  };
  await error.getByRole('button', { name: 'Try Again' }).click();
  await expect(error).toContainText('The database cannot be reached right now.');
  // Chorus answered, busy: no banner says it cannot be reached, and the error stays, the page
  // not asking again and again by itself while the server is busy.
  const asked = searches;
  await page.waitForTimeout(3000);
  expect(searches).toBe(asked);
  await expect(error).toContainText('The database cannot be reached right now.');
  await expect(page.locator('html')).not.toHaveAttribute('data-banner-shown');

  failure = null;
  await error.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('button', { name: 'Play Café del Mar' })).toBeAttached();
  await expect(error).toHaveCount(0);
});

test('genres that fail to load leave "Browse all" with the error and Try Again', async ({
  page,
}) => {
  let failing = true;
  await failWhile(page, /\/api\/genres$/, () =>
    failing
      ? { status: 500, message: 'Something went wrong on our side. Please try again.' }
      : null,
  );
  await page.goto('/search');
  const browse = page.locator('section', {
    has: page.getByRole('heading', { name: 'Browse all' }),
  });
  const error = browse.getByRole('alert');
  await expect(error).toContainText('Error loading genres');
  await expect(error).toContainText('Something went wrong on our side.');
  expect(await seriousViolations(page)).toEqual([]);

  failing = false;
  await error.getByRole('button', { name: 'Try Again' }).click();
  await expect(browse.getByRole('link').first()).toBeVisible();
  await expect(error).toHaveCount(0);
});
