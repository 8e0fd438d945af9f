import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createPlaylist } from '../helpers/factories.ts';
import { expect, expectAudioAdvancing, test } from './fixtures.ts';
import { createListener, serverDeps, signIn } from './support.ts';

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test('home opens an album page that plays', async ({ page }) => {
  await page.goto('/');
  const albums = page.locator('section', {
    has: page.getByRole('heading', { name: 'Popular albums and singles' }),
  });
  const links = albums.locator('a[href^="/album/"]');
  await expect(links).toHaveCount(6);
  const title = ((await links.first().locator('p').first().textContent()) ?? '').trim();
  await links.first().click();
  await expect(page).toHaveURL(/\/album\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: `Play ${title}` }).click();
  await expectAudioAdvancing(page, 0.3);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the artist page shows stats and songs; visitors are asked to log in to follow', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/AllArtist');
  await expect(page.getByRole('heading', { name: 'All Artists' })).toBeVisible();
  const artists = page.locator('a[href^="/viewArtistSongs/"]');
  await expect(artists.first()).toBeVisible();
  expect(await artists.count()).toBeGreaterThanOrEqual(12);
  const name = ((await artists.first().locator('p').first().textContent()) ?? '').trim();
  await artists.first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTestId('artist-stats')).toHaveText(
    /^([\d,]+ monthly listeners|1 monthly listener) · ([\d,]+ followers|1 follower)$/,
  );
  await expect(
    page
      .getByLabel(`Popular songs by ${name}`)
      .or(page.getByText('No songs found for this artist')),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Follow' }).click();
  const prompt = page.getByRole('dialog', { name: 'Please Login' });
  await expect(prompt).toContainText('You need to be logged in to follow artists.');
  // The one prompt, modal: Escape closes it and the focus goes back to Follow.
  await page.keyboard.press('Escape');
  await expect(prompt).toBeHidden();
  await expect(page.getByRole('button', { name: 'Follow' })).toBeFocused();
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByText('Link copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  expect(await seriousViolations(page)).toEqual([]);
});

test('a logged-in listener follows an artist and it is saved', async ({ page, context }) => {
  const user = await createListener();
  await signIn(context, user);
  await page.goto('/');
  const first = page.locator('a[href^="/viewArtistSongs/"]').first();
  await first.click();
  const stats = page.getByTestId('artist-stats');
  await expect(stats).toBeVisible();
  const followers = Number(
    /· ([\d,]+) followers?$/.exec((await stats.textContent()) ?? '')![1]!.replace(/,/g, ''),
  );
  await page.getByRole('button', { name: 'Follow' }).click();
  await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Following' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const after = followers + 1;
  // One follower is singular.
  await expect(stats).toHaveText(
    new RegExp(`· ${after.toLocaleString('en-US')} ${after === 1 ? 'follower' : 'followers'}$`),
  );
  await page.getByRole('button', { name: 'Following' }).click();
  await expect(page.getByRole('button', { name: 'Follow' })).toBeVisible();
});

test('search finds a demo song by a partial, accent-free, different-case query and plays it', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('searchbox').first().fill('CAFE DEL');
  await expect(page).toHaveURL(/\/search\?q=CAFE(%20|\+)DEL$/);
  const play = page.getByRole('button', { name: 'Play Café del Mar' });
  await expect(play).toBeAttached();
  await play.click({ force: true });
  await expect(page.getByTestId('now-playing-title')).toHaveText('Café del Mar');
  await expectAudioAdvancing(page, 0.3);

  await page.getByRole('searchbox').first().fill('zoe arm');
  // The page shows these words, and their results no longer dimmed: the last words' results
  // stay on screen, dimmed, while the new ones load, and the scan is of what settles.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Search results for "zoe arm"' }),
  ).toBeAttached();
  await expect(page.locator('[aria-busy="false"]')).toBeVisible();
  await expect(page.getByRole('link', { name: /Zoë Ármann/ }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('searchbox').first().fill('qqxxzz');
  await expect(page.getByText('No results found for "qqxxzz"')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).first().click();
  await expect(page.getByText('Search Chorus')).toBeVisible();
});

test('search keeps old results dimmed while new ones load, rings cards whole, and clears back into the box', async ({
  page,
}) => {
  await page.goto('/search?q=zoe');
  // The artist's card (song rows link the name too).
  const card = page
    .locator('section', { has: page.getByRole('heading', { name: 'Artists' }) })
    .getByRole('link', { name: /Zoë Ármann/ })
    .first();
  await expect(card).toBeVisible();
  // The ring drawn 2 px outside a card (4 px in all) stays inside the row that scrolls.
  const [cardBox, rowBox] = await card.evaluate((element) => [
    element.getBoundingClientRect().toJSON(),
    element.parentElement!.getBoundingClientRect().toJSON(),
  ]);
  expect(cardBox.left - 4).toBeGreaterThanOrEqual(rowBox.left);
  expect(cardBox.top - 4).toBeGreaterThanOrEqual(rowBox.top);

  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/search?q=zoe%20arm*', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('searchbox').first().fill('zoe arm');
  await expect(page.locator('[aria-busy="true"]')).toBeVisible();
  await expect(card).toBeVisible();
  release();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

  await page.getByRole('button', { name: 'Clear search' }).first().click();
  await expect(page.getByRole('searchbox').first()).toBeFocused();
});

test('at 375 px a link with an over-long query is cut to what the box takes and wraps', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/search?q=${'x'.repeat(300)}`);
  await expect(page.getByText(`No results found for "${'x'.repeat(200)}"`)).toBeVisible();
  await expect(page.getByRole('searchbox')).toHaveValue('x'.repeat(200));
  const main = page.locator('main');
  expect(await main.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
});

test('home has no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('a[href^="/viewArtistSongs/"]').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('at 375 px the tab bar, mini player and full-screen player work', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Tabs' })).toBeVisible();
  const trending = page.locator('section', {
    has: page.getByRole('heading', { name: 'Trending songs' }),
  });
  await trending
    .getByRole('button', { name: /^Play / })
    .first()
    .click();
  const mini = page.getByRole('region', { name: 'Mini player' });
  await expect(mini).toBeVisible();
  await expectAudioAdvancing(page, 0.3);
  const title = (await page.getByTestId('mini-title').textContent()) ?? '';
  await mini.getByRole('button', { name: 'Pause' }).click();
  await expect(mini.getByRole('button', { name: 'Play' })).toBeVisible();
  await page.getByTestId('mini-title').click();
  await expect(page).toHaveURL(/\/SongFullScreen$/);
  await expect(page.getByTestId('fullscreen-title')).toHaveText(title);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth > window.innerWidth + 1,
  );
  expect(overflow).toBe(false);
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('link', { name: 'Search' }).click();
  await page.getByRole('searchbox').fill('cafe');
  await expect(page.getByRole('button', { name: 'Play Café del Mar' })).toBeAttached();
});

test('at 375 px song lists show their titles, a tap plays, and the queue opens', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  // An album of several songs (other journeys add albums of one to the newest).
  const links = page.locator('a[href^="/album/"]');
  await expect(links.first()).toBeVisible();
  let albumId = '';
  let album: { songs: unknown[] } = { songs: [] };
  for (const href of await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))) {
    albumId = /\/album\/(\d+)$/.exec(href ?? '')?.[1] ?? '';
    album = (await (await page.request.get(`/api/albums/${albumId}`)).json()) as typeof album;
    if (album.songs.length > 1) break;
  }
  await page.locator(`a[href="/album/${albumId}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/album/${albumId}$`));
  const rows = page.getByTestId('song-row');
  await expect(rows.first()).toBeVisible();
  // The first row: the queue then lists every other song of the album after it.
  const titleCell = rows.first().getByTestId('song-title');
  // The title has the room the album and duration columns give up on a phone: not cut short.
  const room = await titleCell.evaluate((cell) => ({
    cell: cell.parentElement!.parentElement!.getBoundingClientRect().width,
    cut: cell.scrollWidth > cell.clientWidth,
  }));
  expect(room.cell).toBeGreaterThan(200);
  expect(room.cut).toBe(false);
  const title = (await titleCell.textContent()) ?? '';
  // A tap on the title, whatever covers it.
  const box = (await titleCell.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByTestId('mini-title')).toHaveText(title);
  await expectAudioAdvancing(page, 0.3);

  await page.getByTestId('mini-title').click();
  await expect(page).toHaveURL(/\/SongFullScreen$/);
  await page.getByRole('button', { name: 'Queue' }).click();
  const queue = page.getByRole('complementary', { name: 'Queue' });
  await expect(queue).toBeInViewport({ ratio: 1 });
  await expect(queue.getByText('Now playing')).toBeVisible();
  const upcoming = queue.getByRole('listitem');
  await expect(upcoming).toHaveCount(album.songs.length - 1);
  const nextTitle = (await upcoming.first().locator('span > span').first().textContent()) ?? '';
  await upcoming.first().getByRole('button').first().click();
  await expect(page.getByTestId('fullscreen-title')).toHaveText(nextTitle);
  // The open queue leaves the player's controls free: a tap on them reaches them.
  const controls = page.getByRole('region', { name: 'Player' });
  for (const name of ['Seek', 'Volume']) {
    const box = (await controls.getByRole('slider', { name }).boundingBox())!;
    const queueBox = (await queue.boundingBox())!;
    expect(box.y, name).toBeGreaterThan(queueBox.y + queueBox.height);
  }
  await controls.getByRole('button', { name: /^Pause/ }).click();
  await expect(controls.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await expect(queue).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(queue).toBeHidden();
});

test("at 375 px an artist's actions keep to one line", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/AllArtist');
  await page.locator('a[href^="/viewArtistSongs/"]').first().click();
  const follow = page.getByRole('button', { name: 'Follow', exact: true });
  const share = page.getByRole('button', { name: 'Share', exact: true });
  await expect(share).toBeVisible();
  const rowOf = async (locator: typeof share) => {
    const box = (await locator.boundingBox())!;
    return Math.round(box.y + box.height / 2);
  };
  expect(Math.abs((await rowOf(share)) - (await rowOf(follow)))).toBeLessThanOrEqual(2);
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, viewport: { width: 375, height: 740 } });

  test('the full-screen player has its queue but no keyboard-shortcuts button', async ({
    page,
  }) => {
    await page.goto('/');
    await page
      .locator('section', { has: page.getByRole('heading', { name: 'Trending songs' }) })
      .getByRole('button', { name: /^Play / })
      .first()
      .click();
    await expectAudioAdvancing(page, 0.2);
    await page.getByTestId('mini-title').click();
    await expect(page).toHaveURL(/\/SongFullScreen$/);
    const controls = page.getByRole('region', { name: 'Player' });
    await expect(controls.getByRole('button', { name: 'Queue' })).toBeVisible();
    await expect(controls.getByRole('button', { name: 'Keyboard shortcuts' })).toBeHidden();
  });
});

test("a page's first data comes from the HTML's preload hint, asked for once", async ({ page }) => {
  const albumHref = await (async () => {
    await page.goto('/');
    return page.locator('a[href^="/album/"]').first().getAttribute('href');
  })();
  const artistHref = await (async () => {
    await page.goto('/AllArtist');
    return page.locator('a[href^="/viewArtistSongs/"]').first().getAttribute('href');
  })();
  const albumId = albumHref?.split('/').pop();
  const artistId = artistHref?.split('/').pop();
  const pages = [
    { path: '/', data: '/api/home', ready: page.locator('a[href^="/album/"]').first() },
    {
      path: `/album/${albumId}`,
      data: `/api/albums/${albumId}`,
      ready: page.getByRole('heading', { level: 1 }),
    },
    {
      path: `/viewArtistSongs/${artistId}`,
      data: `/api/artists/${artistId}`,
      ready: page.getByRole('heading', { level: 1 }),
    },
  ];
  for (const { path, data, ready } of pages) {
    const response = await page.goto(path);
    expect(response?.headers().link).toContain(`<${data}>; rel=preload; as=fetch`);
    await expect(ready).toBeVisible();
    // One fetch of the data: the page used the preloaded answer instead of asking again.
    const fetched = await page.evaluate(
      (url) =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname + new URL(entry.name).search === url)
          .length,
      data,
    );
    expect(fetched, path).toBe(1);
  }
});

/** Scrolls the main pane to `top`; answers where it stands once the pane has told the page. */
async function scrollPane(page: Page, top: number): Promise<number> {
  await page.locator('main#main-content').evaluate((main, to) => main.scrollTo(0, to), top);
  await scrollEventsOut(page);
  return paneTop(page);
}

/** Scroll events come with the next frame. */
function scrollEventsOut(page: Page): Promise<unknown> {
  return page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

function paneTop(page: Page): Promise<number> {
  return page.locator('main#main-content').evaluate((main) => main.scrollTop);
}

/** A demo artist with songs enough to make the page scroll. */
async function longArtist(page: Page): Promise<number> {
  const home = (await (await page.request.get('/api/home')).json()) as {
    popularArtists: Array<{ _id: number }>;
  };
  for (const { _id } of home.popularArtists) {
    const detail = (await (await page.request.get(`/api/artists/${_id}`)).json()) as {
      songs: unknown[];
    };
    if (detail.songs.length >= 5) return _id;
  }
  throw new Error('No artist with five songs');
}

test('Back and Forward return to where each page was left; a link opens its page at the top', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 560 });
  // An artist whose page is long enough to scroll, whatever other journeys made meanwhile.
  const id = await longArtist(page);
  await page.goto('/');
  const main = page.locator('main#main-content');
  await expect(main.getByRole('heading', { name: 'Trending songs' })).toBeVisible();
  const homeTop = await scrollPane(page, 240);
  expect(homeTop).toBe(240);
  // Clicked in the page, so the browser does not first scroll the link into view.
  await main
    .locator(`a[href="/viewArtistSongs/${id}"]`)
    .first()
    .evaluate((link: HTMLElement) => link.click());
  await expect(page).toHaveURL(/\/viewArtistSongs\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await paneTop(page)).toBe(0);
  // Above where home was left, so neither place can pass for the other; the songs may come after
  // the heading, and the page is tall enough only then.
  const artistTop = Math.floor(homeTop / 2);
  await expect.poll(() => scrollPane(page, artistTop)).toBe(artistTop);

  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => paneTop(page)).toBe(homeTop);
  await page.goForward();
  await expect(page).toHaveURL(/\/viewArtistSongs\/\d+$/);
  await expect.poll(() => paneTop(page)).toBe(artistTop);
  // Home through its button is a new visit: it opens at the top.
  await page.getByRole('button', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => paneTop(page)).toBe(0);
});

test('only the main pane scrolls on an artist page, down to its end', async ({ page }) => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto(`/viewArtistSongs/${await longArtist(page)}`);
    await expect(page.getByRole('heading', { name: 'Discography' })).toBeVisible();
    await scrollPane(page, 100_000);
    const windowRoom = await page.evaluate(
      () => document.documentElement.scrollHeight - window.innerHeight,
    );
    expect(windowRoom, `${viewport.width} px`).toBeLessThanOrEqual(0);
  }
});

test('a filter chip on the search results leaves the pane where it is', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 560 });
  await page.goto('/search?q=zoe&type=songs');
  const main = page.locator('main#main-content');
  await expect(main.getByRole('link', { name: /Zoë Ármann/ }).first()).toBeVisible();
  await expect
    .poll(() => main.evaluate((pane) => pane.scrollHeight - pane.clientHeight))
    .toBeGreaterThan(40);
  const top = await scrollPane(page, 40);
  expect(top).toBe(40);
  // Clicked in the page, so the browser does not first scroll the chip into view.
  await main
    .getByRole('button', { name: 'All', exact: true })
    .evaluate((chip: HTMLElement) => chip.click());
  await expect(page).toHaveURL(/\/search\?q=zoe$/);
  await expect(main.getByRole('heading', { name: 'Artists', exact: true })).toBeVisible();
  expect(await paneTop(page)).toBe(40);
});

test("a page's own Back arrow returns to where the page before was left, even when its data comes late", async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 1280, height: 560 });
  const user = await createListener();
  const playlist = await createPlaylist(await serverDeps(), user.id);
  await signIn(context, user);
  const id = await longArtist(page);
  await page.goto(`/viewArtistSongs/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const artistTop = 350;
  expect(await scrollPane(page, artistTop)).toBe(artistTop);

  await page
    .getByRole('complementary', { name: 'Your Library' })
    .getByRole('link', { name: playlist.name })
    .click();
  await expect(page.getByRole('heading', { name: playlist.name })).toBeVisible();
  expect(await paneTop(page)).toBe(0);
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/viewArtistSongs/${id}$`));
  await expect.poll(() => paneTop(page)).toBe(artistTop);

  // Logging out forgets every answer, so Back to the artist waits for the page's data.
  await page.route(`**/api/artists/${id}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await page.goBack();
  await expect(page.getByText('Loading artist data...')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => paneTop(page)).toBe(artistTop);
});
