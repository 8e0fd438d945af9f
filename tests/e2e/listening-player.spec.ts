import type { Page } from '@playwright/test';
import { createAlbum, createArtist, createSong } from '../helpers/factories.ts';
import { audioTime, expect, expectAudioAdvancing, test } from './fixtures.ts';
import { recordErrorToasts, serverDeps } from './support.ts';

const trending = (page: Page) =>
  page.locator('section', { has: page.getByRole('heading', { name: 'Trending songs' }) });

/** Titles of the trending row, in order, read from its play buttons. */
async function trendingTitles(page: Page): Promise<string[]> {
  const labels = await trending(page)
    .getByRole('button', { name: /^(Play|Pause) / })
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.replace(/^(Play|Pause) /, ''));
}

const nowPlaying = (page: Page) => page.getByTestId('now-playing-title');
const player = (page: Page) => page.getByRole('region', { name: 'Player' });

async function playTrending(page: Page, index: number): Promise<string[]> {
  await page.goto('/');
  await expect(
    trending(page)
      .getByRole('button', { name: /^Play / })
      .first(),
  ).toBeAttached();
  const titles = await trendingTitles(page);
  await trending(page)
    .getByRole('button', { name: `Play ${titles[index]}`, exact: true })
    .click({ force: true });
  await expect(nowPlaying(page)).toHaveText(titles[index]!);
  await expectAudioAdvancing(page, 0.3);
  return titles;
}

/** Jumps the main <audio> to just before its end, so `ended` comes quickly. */
async function nearEnd(page: Page): Promise<void> {
  await page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('audio[data-player="main"]')!;
    audio.currentTime = Math.max(0, audio.duration - 0.4);
  });
}

test('a song played from home advances to the next one at its end', async ({ page }) => {
  const titles = await playTrending(page, 0);
  expect(titles.length).toBeGreaterThanOrEqual(3);
  await nearEnd(page);
  await expect(nowPlaying(page)).toHaveText(titles[1]!, { timeout: 10_000 });
  await expectAudioAdvancing(page, 0.2);
});

test('next wraps from the last song to the first, previous back to the last', async ({ page }) => {
  const titles = await playTrending(page, 9);
  await player(page).getByRole('button', { name: 'Next' }).click();
  await expect(nowPlaying(page)).toHaveText(titles[0]!);
  await player(page).getByRole('button', { name: 'Previous' }).click();
  await expect(nowPlaying(page)).toHaveText(titles[9]!);
  await expectAudioAdvancing(page, 0.2);
});

test('shuffle keeps the song playing first and shows the whole list in the queue', async ({
  page,
}) => {
  const titles = await playTrending(page, 4);
  const shuffle = player(page).getByRole('button', { name: 'Shuffle' });
  await shuffle.click();
  await expect(shuffle).toHaveAttribute('aria-pressed', 'true');
  await expect(nowPlaying(page)).toHaveText(titles[4]!);
  // The player writes its state a moment later (deferred-storage.ts), so it is read until then.
  await expect
    .poll(() =>
      page.evaluate(() => JSON.parse(localStorage.getItem('chorus-player') ?? '{}').state),
    )
    .toMatchObject({ index: 0, shuffle: true });
  await player(page).getByRole('button', { name: 'Queue' }).click();
  const queue = page.getByRole('complementary', { name: 'Queue' });
  // The row's songs play as the list they are, named as on the page.
  await expect(queue.getByText('Next from: Trending songs')).toBeVisible();
  await expect(queue.getByRole('listitem')).toHaveCount(titles.length - 1);
  const upcoming = await queue.getByRole('listitem').allInnerTexts();
  expect(upcoming.map((text) => text.split('\n')[0]).sort()).toEqual(
    titles.filter((_, i) => i !== 4).sort(),
  );
});

test('repeat one restarts the same song at its end', async ({ page }) => {
  const titles = await playTrending(page, 2);
  const repeat = player(page).getByRole('button', { name: /^Repeat/ });
  // Off → all → one.
  await repeat.click();
  await repeat.click();
  await expect(repeat).toHaveAccessibleName('Repeat one');
  await expect(repeat).toHaveAttribute('aria-pressed', 'true');
  await expect(player(page).getByTestId('repeat-one-badge')).toHaveText('1');
  await nearEnd(page);
  // It ends, starts again from 0 and keeps playing the same song.
  await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeLessThan(1.5);
  await expectAudioAdvancing(page, 0.2);
  await expect(nowPlaying(page)).toHaveText(titles[2]!);
});

test('volume starts at 0.7, mute silences, and a volume of 0 counts as muted', async ({ page }) => {
  await playTrending(page, 0);
  const audioVolume = () =>
    page.evaluate(
      () => document.querySelector<HTMLAudioElement>('audio[data-player="main"]')!.volume,
    );
  const slider = player(page).getByRole('slider', { name: 'Volume' });
  await expect(slider).toHaveValue('0.7');
  // Read out as a percentage.
  await expect(slider).toHaveAttribute('aria-valuetext', '70%');
  expect(await audioVolume()).toBeCloseTo(0.7);
  await player(page).getByRole('button', { name: 'Mute' }).click();
  expect(await audioVolume()).toBe(0);
  await expect(slider).toHaveValue('0');
  await player(page).getByRole('button', { name: 'Unmute' }).click();
  expect(await audioVolume()).toBeCloseTo(0.7);
  await slider.fill('0');
  await expect(player(page).getByRole('button', { name: 'Unmute' })).toBeVisible();
  expect(await audioVolume()).toBe(0);
  await slider.fill('0.35');
  expect(await audioVolume()).toBeCloseTo(0.35);
  // Volume survives a reload.
  await page.reload();
  await expect(player(page).getByRole('slider', { name: 'Volume' })).toHaveValue('0.35');
});

test('seeking moves the song and shows m:ss; shortcuts work and "?" explains them', async ({
  page,
}) => {
  await playTrending(page, 0);
  await page
    .getByRole('button', { name: /^Pause / })
    .first()
    .focus();
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  const before = await audioTime(page);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => audioTime(page)).toBeGreaterThan(before + 3);
  await expect(page.getByTestId('elapsed')).toHaveText(/^\d+:\d\d$/);
  await expect(page.getByTestId('total')).toHaveText(/^\d+:\d\d$/);
  const seekBar = player(page).getByRole('slider', { name: 'Seek' });
  await seekBar.fill('1');
  await expect.poll(() => audioTime(page)).toBeLessThan(3);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Space');
  await expect(player(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  // On the seek bar itself (paused) the arrows step 5 s too, and it reads out as m:ss of m:ss.
  await seekBar.focus();
  const paused = await audioTime(page);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => audioTime(page)).toBeGreaterThan(paused + 4);
  await expect(seekBar).toHaveAttribute('aria-valuetext', /^\d+:\d\d of \d+:\d\d$/);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  // With a mouse, the player offers the list as a button too.
  await expect(player(page).getByRole('button', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help).toContainText('Play or pause');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
});

test('the full-screen player shows the song and controls it; Media Session knows it', async ({
  page,
}) => {
  const titles = await playTrending(page, 1);
  const metadata = await page.evaluate(() => ({
    title: navigator.mediaSession.metadata?.title,
    artist: navigator.mediaSession.metadata?.artist,
    artwork: navigator.mediaSession.metadata?.artwork.length,
    state: navigator.mediaSession.playbackState,
  }));
  expect(metadata.title).toBe(titles[1]);
  const home = (await (await page.request.get('/api/home')).json()) as {
    trendingSongs: { title: string; artistName: string }[];
  };
  const expectedArtist = home.trendingSongs.find((song) => song.title === titles[1])?.artistName;
  expect(expectedArtist).toBeDefined();
  expect(metadata.artist).toBe(expectedArtist);
  expect(metadata.artwork).toBeGreaterThan(0);
  expect(metadata.state).toBe('playing');

  await player(page).getByRole('link', { name: 'Full screen' }).click();
  await expect(page).toHaveURL(/\/SongFullScreen$/);
  await expect(page.getByTestId('fullscreen-title')).toHaveText(titles[1]!);
  // Every control fits the window (1280 × 800) unscrolled, down to the volume and the panels.
  for (const control of [
    page.getByRole('slider', { name: 'Volume' }),
    page.getByRole('button', { name: 'Queue' }),
  ]) {
    await expect(control).toBeInViewport({ ratio: 1 });
  }
  await expectAudioAdvancing(page, 0.2);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('fullscreen-title')).toHaveText(titles[2]!);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(nowPlaying(page)).toHaveText(titles[2]!);
});

test('the keyboard shortcuts opened on the full-screen player close as it is left', async ({
  page,
}) => {
  await playTrending(page, 1);
  await player(page).getByRole('link', { name: 'Full screen' }).click();
  await expect(page).toHaveURL(/\/SongFullScreen$/);
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await page.keyboard.press('?');
  await expect(help).toBeVisible();
  // The browser's Back leaves the player: the list does not come along over the page below.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Trending songs' })).toBeVisible();
  // The bar's panels load on demand: once its queue shows, a list still open would show too.
  await player(page).getByRole('button', { name: 'Queue' }).dispatchEvent('click');
  await expect(page.getByRole('complementary', { name: 'Queue' })).toBeVisible();
  await expect(help).toHaveCount(0);
});

test('with nothing selected the full-screen player says so', async ({ page }) => {
  await page.goto('/SongFullScreen');
  await expect(page.getByRole('heading', { name: 'No song selected' })).toBeVisible();
  await expect(page.getByText('Unknown Artist')).toBeVisible();
  await expect(page.getByText('Unknown Album')).toBeVisible();
  // Opened as the tab's first page, Back stays in Chorus.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Trending songs' })).toBeVisible();
});

test('with no song the seek bar is disabled and out of the tab order; the volume still works', async ({
  page,
}) => {
  await page.goto('/SongFullScreen');
  await expect(page.getByRole('heading', { name: 'No song selected' })).toBeVisible();
  const seekBar = player(page).getByRole('slider', { name: 'Seek' });
  await expect(seekBar).toBeDisabled();
  // Tab goes from Back through every control of the page: never to the seek bar.
  const reached: string[] = [];
  await page.getByRole('button', { name: 'Back' }).focus();
  for (let step = 0; step < 12; step++) {
    await page.keyboard.press('Tab');
    reached.push(
      await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''),
    );
  }
  expect(reached).toContain('Volume');
  expect(reached).not.toContain('Seek');
  // A click on it moves nothing.
  await seekBar.click({ force: true, position: { x: 40, y: 2 } });
  await expect(seekBar).toHaveValue('0');
  await expect(page.getByTestId('elapsed')).toHaveText('0:00');
  const volume = player(page).getByRole('slider', { name: 'Volume' });
  await expect(volume).toBeEnabled();
  await volume.fill('0.4');
  await expect(volume).toHaveValue('0.4');
});

test('the queue and position survive a reload and navigation; Media Session follows', async ({
  page,
}) => {
  const titles = await playTrending(page, 3);
  await page.getByRole('link', { name: 'Show all' }).first().click();
  await expect(page.getByRole('heading', { name: 'All Artists' })).toBeVisible();
  await expectAudioAdvancing(page, 0.5);
  await expect(nowPlaying(page)).toHaveText(titles[3]!);
  await page.reload();
  await expect(nowPlaying(page)).toHaveText(titles[3]!);
  // Media Session's code arrives after the page: it then shows the restored song, paused.
  const session = () =>
    page.evaluate(() => [
      navigator.mediaSession.metadata?.title ?? null,
      navigator.mediaSession.playbackState,
    ]);
  await expect.poll(session).toEqual([titles[3], 'paused']);
  await player(page).getByRole('button', { name: 'Play', exact: true }).click();
  await expectAudioAdvancing(page, 0.5);
  await expect.poll(session).toEqual([titles[3], 'playing']);
});

test('a song that cannot play shows one toast and the next one plays, full screen too', async ({
  page,
}) => {
  const home = (await (await page.request.get('/api/home')).json()) as {
    trendingSongs: { title: string; url: string }[];
  };
  const path = (index: number) => new URL(home.trendingSongs[index]!.url, 'http://x').pathname;
  const broken = new Set([path(1)]);
  await page.route(
    (url) => broken.has(url.pathname),
    (route) => route.fulfill({ status: 404, body: 'gone' }),
  );
  const toast = page.getByText('This song could not be played');
  const titles = await playTrending(page, 0);

  await player(page).getByRole('button', { name: 'Next' }).click();
  // One toast for the broken second song, then the third plays: not two songs skipped.
  await expect(nowPlaying(page)).toHaveText(titles[2]!);
  await expectAudioAdvancing(page, 0.2);
  await expect(toast).toHaveCount(1);
  await expect(toast).toHaveCount(0, { timeout: 8_000 });

  // The full-screen player has no bar, yet the listener is told, and the music goes on.
  broken.add(path(3));
  await player(page).getByRole('link', { name: 'Full screen' }).click();
  await expect(page.getByTestId('fullscreen-title')).toHaveText(titles[2]!);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('fullscreen-title')).toHaveText(titles[4]!);
  await expect(toast).toHaveCount(1);
  await expectAudioAdvancing(page, 0.2);
});

test("a song that fails while the server is busy stops there, with the server's reason", async ({
  page,
}) => {
  const home = (await (await page.request.get('/api/home')).json()) as {
    trendingSongs: { _id: number; title: string; url: string }[];
  };
  const failing = home.trendingSongs[1]!;
  const busy = 'The database cannot be reached right now. Please try again in a moment.';
  // The server answers, but busy: the song's stream and the player's look at the song are refused
  // with its own 503.
  const refused = new Set([new URL(failing.url, 'http://x').pathname, `/api/songs/${failing._id}`]);
  await page.route(
    (url) => refused.has(url.pathname),
    (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: busy }),
      }),
  );
  const errors = await recordErrorToasts(page);
  const titles = await playTrending(page, 0);

  await player(page).getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(busy)).toBeVisible();
  // Playback stops on the song that failed, rather than failing through the queue, and no
  // connection banner claims the server is away.
  await expect(nowPlaying(page)).toHaveText(titles[1]!);
  await expect
    .poll(() =>
      page.evaluate(
        () => document.querySelector<HTMLAudioElement>('audio[data-player="main"]')?.paused,
      ),
    )
    .toBe(true);
  await expect(page.getByTestId('connection-banner')).toHaveCount(0);
  expect(await errors()).toEqual([busy]);
});

test('a song taken down stops playing at once, even where the browser holds its bytes', async ({
  page,
}) => {
  const deps = await serverDeps();
  const stamp = Date.now().toString(36);
  const artist = await createArtist(deps, { name: `Takedown Artist ${stamp}` });
  // Dated long ago, so no other journey's home page shows it.
  const album = await createAlbum(deps, artist.id, `Takedown ${stamp}`, new Date('2001-01-01'));
  const [gone, next] = [
    await createSong(deps, { title: `Gone ${stamp}`, artistIds: [artist.id], albumId: album.id }),
    await createSong(deps, { title: `Next ${stamp}`, artistIds: [artist.id], albumId: album.id }),
  ];
  await page.goto(`/album/${album.id}`);
  await page.getByRole('button', { name: `Play Takedown ${stamp}`, exact: true }).click();
  await expect(nowPlaying(page)).toHaveText(gone.title);
  await expectAudioAdvancing(page, 0.2);
  await player(page).getByRole('button', { name: 'Pause', exact: true }).click();

  await deps.db.updateTable('songs').set({ is_deleted: 1 }).where('id', '=', gone.id).execute();
  // Once the server refuses it (its stream lookup may be a moment old).
  await expect
    .poll(async () => (await page.request.get(`/api/songs/${gone.id}/stream`)).status())
    .toBe(404);
  // The player comes back with the song after a reload, and its bytes are in the browser's cache:
  // the browser still asks the server, which refuses, and the player moves on to the next song.
  const answers: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === `/api/songs/${gone.id}/stream`) {
      answers.push(response.status());
    }
  });
  const errors = await recordErrorToasts(page);
  await page.reload();
  await expect(nowPlaying(page)).toHaveText(next.title);
  expect(answers).toEqual([404]);
  // Found gone when only shown, it leaves quietly, and for good: the next load never asks.
  expect(await errors()).toEqual([]);
  await page.reload();
  await expect(nowPlaying(page)).toHaveText(next.title);
  expect(answers).toEqual([404]);
});

test('after a slider or a button is used with the mouse, Space and the arrows are shortcuts again', async ({
  page,
}) => {
  await playTrending(page, 0);
  const volume = () =>
    page.evaluate(
      () => document.querySelector<HTMLAudioElement>('audio[data-player="main"]')!.volume,
    );
  await player(page).getByRole('slider', { name: 'Volume' }).click();
  const set = await volume();
  await page.keyboard.press('ArrowUp');
  // The shortcut's step (0.1), not the slider's own (0.01).
  await expect.poll(volume).toBeCloseTo(Math.min(1, set + 0.1), 2);
  await player(page).getByRole('slider', { name: 'Seek' }).click();
  await page.keyboard.press('Space');
  await expect(player(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();

  // A button clicked with the mouse does not take Space: it plays or pauses, and Shuffle stays on.
  await player(page).getByRole('button', { name: 'Shuffle' }).click();
  await expect(player(page).getByRole('button', { name: 'Shuffle' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.keyboard.press('Space');
  await expect(player(page).getByRole('button', { name: /^Pause/ })).toBeVisible();
  await expect(player(page).getByRole('button', { name: 'Shuffle' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // One reached with Tab keeps Space for itself.
  await player(page).getByRole('button', { name: 'Shuffle' }).focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Space');
  await expect(player(page).getByRole('button', { name: 'Shuffle' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  // Seven steps down from 0.7 land on exactly 0, which is muted.
  await player(page).getByRole('slider', { name: 'Volume' }).fill('0.7');
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  for (let step = 0; step < 7; step++) await page.keyboard.press('ArrowDown');
  await expect(player(page).getByRole('button', { name: 'Unmute' })).toBeVisible();
  expect(await volume()).toBe(0);
  // Unmuting returns to the last volume heard.
  await page.keyboard.press('m');
  expect(await volume()).toBeCloseTo(0.1);
});
