import type { Page } from '@playwright/test';
import { recordPlays } from '../helpers/factories.ts';
import { expect, expectAudioAdvancing, test } from './fixtures.ts';
import {
  type ApiSong,
  albumWith,
  menuOf,
  nearEnd,
  PHONE,
  playlistOf,
  rowOf,
  seriousViolations,
} from './song-lists.ts';
import { createListener, serverDeps, signIn } from './support.ts';

const player = (page: Page) => page.getByRole('region', { name: 'Player' });
const nowPlaying = (page: Page) => page.getByTestId('now-playing-title');
const queuePanel = (page: Page) => page.getByRole('complementary', { name: 'Queue' });
const queued = (page: Page) =>
  queuePanel(page).getByRole('list', { name: 'Next in queue' }).getByRole('listitem');
/** Titles of the queued songs, in order. */
const queuedTitles = (page: Page) =>
  queued(page).evaluateAll((rows) =>
    rows.map((row) => row.querySelector('[data-control="play"] span span')?.textContent ?? ''),
  );

async function fromMenu(page: Page, title: string, action: string): Promise<void> {
  await rowOf(page, title).click({ button: 'right' });
  await menuOf(page, title).getByRole('menuitem', { name: action }).click();
}

/** Opens the menu of the queue panel's row of `title` by a right-click and chooses `action`. */
async function fromQueueMenu(page: Page, title: string, action: string): Promise<void> {
  await queuePanel(page)
    .getByRole('listitem')
    .filter({ hasText: title })
    .first()
    .click({ button: 'right' });
  await menuOf(page, title).getByRole('menuitem', { name: action }).click();
}

/** Opens the album's page and plays the song `title` from its row's button. */
async function playFromRow(page: Page, albumId: number, title: string): Promise<void> {
  await page.goto(`/album/${albumId}`);
  await rowOf(page, title).hover();
  await rowOf(page, title)
    .getByRole('button', { name: `Play ${title}` })
    .click();
  await expect(nowPlaying(page)).toHaveText(title);
}

type Box = { x: number; y: number; width: number; height: number };

/** Where the toast saying `text` rests once it has slid in. */
async function toastBox(page: Page, text: string): Promise<Box> {
  const toast = page.locator('.Toastify__toast').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast.evaluate((element) =>
    Promise.all(element.getAnimations().map((animation) => animation.finished)),
  );
  return (await toast.boundingBox())!;
}

function overlapping(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test('add to queue and play next build a queue that plays first, reorders and survives a reload', async ({
  page,
}) => {
  const album = await albumWith(page.request, 5);
  const [a, b, c, d, e] = album.songs.map((song) => song.title) as [
    string,
    string,
    string,
    string,
    string,
  ];
  await playFromRow(page, album._id, a);

  // Add to queue appends; play next goes first.
  await fromMenu(page, e, 'Add to queue');
  await expect(page.getByText('Added to queue')).toBeVisible();
  await fromMenu(page, d, 'Add to queue');
  await fromMenu(page, c, 'Play next');
  await player(page).getByRole('button', { name: 'Queue' }).click();
  await expect(queuePanel(page).getByText('Next in queue')).toBeVisible();
  await expect(
    queuePanel(page).getByText(`Next from: ${album.title}`, { exact: true }),
  ).toBeVisible();
  expect(await queuedTitles(page)).toEqual([c, e, d]);
  expect(await seriousViolations(page, 'aside[aria-label="Queue"]')).toEqual([]);

  // The handle's arrows move a song and keep the focus on it.
  await queued(page)
    .nth(2)
    .getByRole('button', { name: `Move ${d}`, exact: true })
    .focus();
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => queuedTitles(page)).toEqual([c, d, e]);
  await expect(
    queued(page)
      .nth(1)
      .getByRole('button', { name: `Move ${d}`, exact: true }),
  ).toBeFocused();
  // Alt+↓ on a song's own button.
  await queued(page)
    .nth(0)
    .getByRole('button', { name: new RegExp(`^${c}`) })
    .focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect.poll(() => queuedTitles(page)).toEqual([d, c, e]);
  // And by dragging.
  await queued(page).nth(2).dragTo(queued(page).nth(0));
  await expect.poll(() => queuedTitles(page)).toEqual([e, d, c]);
  // × takes one out.
  await queued(page)
    .nth(1)
    .getByRole('button', { name: `Remove ${d} from queue` })
    .click();
  await expect.poll(() => queuedTitles(page)).toEqual([e, c]);

  // Next plays the queue before the album goes on after its song.
  await player(page).getByRole('button', { name: 'Next' }).click();
  await expect(nowPlaying(page)).toHaveText(e);
  await expect.poll(() => queuedTitles(page)).toEqual([c]);
  await expectAudioAdvancing(page, 0.2);

  // The queue survives a reload.
  await page.reload();
  await expect(nowPlaying(page)).toHaveText(e);
  await player(page).getByRole('button', { name: 'Queue' }).click();
  await expect.poll(() => queuedTitles(page)).toEqual([c]);
  await player(page).getByRole('button', { name: /^Play/ }).click();
  await nearEnd(page);
  await expect(nowPlaying(page)).toHaveText(c, { timeout: 10_000 });
  await expect(queued(page)).toHaveCount(0);
  await player(page).getByRole('button', { name: 'Next' }).click();
  await expect(nowPlaying(page)).toHaveText(b);
});

test('repeat off stops after the last song; repeat all wraps; repeat one shows its badge', async ({
  page,
}) => {
  const album = await albumWith(page.request, 2);
  const titles = album.songs.map((song) => song.title);
  const last = titles.at(-1)!;
  await page.goto(`/album/${album._id}`);
  await rowOf(page, last).hover();
  await rowOf(page, last)
    .getByRole('button', { name: `Play ${last}` })
    .click();
  await expectAudioAdvancing(page, 0.2);
  const repeat = player(page).getByRole('button', { name: /^Repeat/ });
  await expect(repeat).toHaveAttribute('aria-pressed', 'false');
  // The queue says what playback will do: nothing after the last song with repeat off…
  await player(page).getByRole('button', { name: 'Queue' }).click();
  const nextFrom = queuePanel(page).getByRole('list', {
    name: `Next from ${album.title}`,
  });
  await expect(queuePanel(page).getByText('Nothing after this song.')).toBeVisible();
  await repeat.click();
  // …and the list again from its start with repeat all.
  await expect(nextFrom.getByRole('listitem')).toHaveCount(titles.length - 1);
  await expect(nextFrom.getByRole('listitem').first()).toContainText(titles[0]!);
  await repeat.click();
  await repeat.click();
  await expect(repeat).toHaveAttribute('aria-pressed', 'false');
  await queuePanel(page).getByRole('button', { name: 'Close queue' }).click();

  // Off: the last song ends and playback stops there, the song still current at its end.
  await nearEnd(page);
  await expect(player(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible({
    timeout: 10_000,
  });
  await expect(nowPlaying(page)).toHaveText(last);
  const stopped = await page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('audio[data-player="main"]')!;
    return { paused: audio.paused, ended: audio.ended };
  });
  expect(stopped).toEqual({ paused: true, ended: true });

  // All: the last song wraps to the first.
  await repeat.click();
  await expect(repeat).toHaveAttribute('aria-pressed', 'true');
  await expect(repeat).toHaveAccessibleName('Repeat');
  await player(page).getByRole('button', { name: 'Play', exact: true }).click();
  await expectAudioAdvancing(page, 0.2);
  await nearEnd(page);
  await expect(nowPlaying(page)).toHaveText(titles[0]!, { timeout: 10_000 });
  await expectAudioAdvancing(page, 0.2);

  // One: a "1" on the button; then off again.
  await repeat.click();
  await expect(repeat).toHaveAccessibleName('Repeat one');
  await expect(repeat.getByTestId('repeat-one-badge')).toHaveText('1');
  await repeat.click();
  await expect(repeat).toHaveAttribute('aria-pressed', 'false');
  await expect(repeat.getByTestId('repeat-one-badge')).toHaveCount(0);
});

test('the big play button names the list it starts in the queue, as a row does', async ({
  page,
}) => {
  const album = await albumWith(page.request, 2);
  await page.goto(`/album/${album._id}`);
  await page.getByRole('button', { name: `Play ${album.title}`, exact: true }).click();
  await expect(nowPlaying(page)).toHaveText(album.songs[0]!.title);
  await player(page).getByRole('button', { name: 'Queue' }).click();
  await expect(
    queuePanel(page).getByText(`Next from: ${album.title}`, { exact: true }),
  ).toBeVisible();
});

test("a page's big play button starts its own list when one of its songs plays from another", async ({
  page,
}) => {
  const album = await albumWith(page.request, 3);
  const [first, second] = album.songs as [ApiSong, ApiSong];
  await page.goto(`/search?q=${encodeURIComponent(second.title)}`);
  const found = rowOf(page, second.title).first();
  await found.hover();
  await found.getByRole('button', { name: `Play ${second.title}` }).click();
  await expect(nowPlaying(page)).toHaveText(second.title);

  // The album's song plays, but from the search: the album's own list is not playing.
  await found.getByRole('link', { name: album.title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/album/${album._id}$`));
  const big = page
    .getByRole('main')
    .getByRole('button', { name: `Play ${album.title}`, exact: true });
  await expect(big).toBeVisible();
  await expectAudioAdvancing(page, 0.2);
  await big.click();
  await expect(nowPlaying(page)).toHaveText(first.title);
  await expect(
    page.getByRole('main').getByRole('button', { name: `Pause ${album.title}`, exact: true }),
  ).toBeVisible();
  await player(page).getByRole('button', { name: 'Queue' }).click();
  await expect(
    queuePanel(page).getByText(`Next from: ${album.title}`, { exact: true }),
  ).toBeVisible();
});

test('"Next from" stops linking to a playlist once it is deleted; its songs play on', async ({
  page,
  context,
}) => {
  const owner = await createListener();
  await signIn(context, owner);
  const album = await albumWith(page.request, 3);
  const id = await playlistOf(
    page.request,
    owner,
    'Short-lived mix',
    album.songs.map((song) => song._id),
  );
  await page.goto(`/viewPlaylist/${id}`);
  await page.getByRole('main').getByRole('button', { name: 'Play', exact: true }).click();
  await expect(nowPlaying(page)).toHaveText(album.songs[0]!.title);
  await player(page).getByRole('button', { name: 'Queue' }).click();
  const heading = queuePanel(page).getByRole('heading', { name: 'Next from: Short-lived mix' });
  await expect(heading.getByRole('link', { name: 'Short-lived mix' })).toHaveAttribute(
    'href',
    `/viewPlaylist/${id}`,
  );

  await page.getByRole('button', { name: 'More options for Short-lived mix' }).first().click();
  await page.getByRole('menuitem', { name: 'Delete playlist' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/$/);
  // The name still says where the songs come from, but there is no page left to open.
  await expect(heading).toBeVisible();
  await expect(heading.getByRole('link')).toHaveCount(0);
  await expect(nowPlaying(page)).toHaveText(album.songs[0]!.title);
  await page.reload();
  await player(page).getByRole('button', { name: 'Queue' }).click();
  await expect(heading).toBeVisible();
  await expect(heading.getByRole('link')).toHaveCount(0);
});

test('logging out stops the music and forgets the queue and the hearts', async ({
  page,
  context,
}) => {
  await signIn(context, await createListener());
  const album = await albumWith(page.request, 2);
  const [a] = album.songs as [ApiSong];
  await page.goto(`/album/${album._id}`);
  await rowOf(page, a.title).hover();
  await rowOf(page, a.title)
    .getByRole('button', { name: `Play ${a.title}` })
    .click();
  await expectAudioAdvancing(page, 0.2);
  await player(page)
    .getByRole('button', { name: `Save ${a.title} to Liked Songs` })
    .click();
  await expect(
    player(page).getByRole('button', { name: `Remove ${a.title} from Liked Songs` }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(nowPlaying(page)).toHaveCount(0);
  const audio = () =>
    page.evaluate(() => {
      const main = document.querySelector<HTMLAudioElement>('audio[data-player="main"]');
      return { paused: main?.paused ?? true, src: main?.getAttribute('src') ?? null };
    });
  expect(await audio()).toEqual({ paused: true, src: null });
  // The album's row heart shows the visitor's (empty) Liked Songs.
  await page.goto(`/album/${album._id}`);
  await expect(
    rowOf(page, a.title).getByRole('button', { name: `Save ${a.title} to Liked Songs` }),
  ).toBeAttached();
  await page.reload();
  await expect(rowOf(page, a.title)).toBeVisible();
  await expect(nowPlaying(page)).toHaveCount(0);
});

test("a listener's recently played songs come from the server, in the queue panel", async ({
  page,
  context,
}) => {
  const user = await createListener();
  await signIn(context, user);
  const album = await albumWith(page.request, 3);
  const [a, b, c] = album.songs as [ApiSong, ApiSong, ApiSong];
  const deps = await serverDeps();
  const heard = (song: ApiSong, agoMs: number) =>
    recordPlays(deps, song._id, 1, { agoMs, userId: user.id, listener: () => `u:${user.id}` });
  await heard(b, 90_000);
  await heard(c, 60_000);
  await page.goto(`/album/${album._id}`);
  await rowOf(page, a.title).hover();
  await rowOf(page, a.title)
    .getByRole('button', { name: `Play ${a.title}` })
    .click();
  await player(page).getByRole('button', { name: 'Queue' }).click();
  await queuePanel(page).getByRole('button', { name: 'Recently played' }).click();
  const recent = queuePanel(page).getByRole('list', { name: 'Recently played' });
  await expect(recent.getByRole('listitem')).toHaveCount(2);
  await expect(recent.getByRole('listitem').first()).toContainText(c.title);
  await recent.getByRole('listitem').nth(1).getByRole('button').first().click();
  await expect(nowPlaying(page)).toHaveText(b.title);
  await expect(queuePanel(page).getByText('Next from: Recently played')).toBeVisible();
});

test('the open queue panel takes its room beside the page, so every row stays in reach', async ({
  page,
}) => {
  const album = await albumWith(page.request, 5);
  const titles = album.songs.map((song) => song.title);
  await playFromRow(page, album._id, titles[0]!);
  await player(page).getByRole('button', { name: 'Queue' }).click();
  const panel = (await queuePanel(page).boundingBox())!;
  // Each row's last controls (its menu, its length) sit left of the panel, and take a click.
  for (const title of titles) {
    const menu = rowOf(page, title).getByRole('button', { name: `More options for ${title}` });
    await rowOf(page, title).hover();
    const box = (await menu.boundingBox())!;
    expect(box.x + box.width, `${title}'s menu`).toBeLessThanOrEqual(panel.x);
    await menu.click({ trial: true, timeout: 2000 });
  }
  // Closed, the page has its full width again.
  await queuePanel(page).getByRole('button', { name: 'Close queue' }).click();
  const wide = (await page.locator('#main-content').boundingBox())!;
  expect(wide.x + wide.width).toBeGreaterThan(panel.x + panel.width / 2);
});

test('toasts of songs queued from the open queue panel sit clear of it, its header included', async ({
  page,
}) => {
  // A laptop's short window, where the panel reaches up to the toasts' corner.
  await page.setViewportSize({ width: 1280, height: 680 });
  const album = await albumWith(page.request, 5);
  const [a, b, c] = album.songs.map((song) => song.title) as [string, string, string];
  await playFromRow(page, album._id, a);
  await player(page).getByRole('button', { name: 'Queue' }).click();
  // Two in a row, as a listener building a queue does: their toasts stack.
  await fromQueueMenu(page, b, 'Add to queue');
  await fromQueueMenu(page, c, 'Play next');
  const panel = (await queuePanel(page).boundingBox())!;
  for (const text of ['Added to queue', 'Playing next']) {
    expect(overlapping(await toastBox(page, text), panel), text).toBe(false);
  }
  await queuePanel(page).getByRole('button', { name: 'Close queue' }).click();
  await expect(queuePanel(page)).toHaveCount(0);
});

/** On a phone: plays the first song of an album of `count` songs or more, from its row. */
async function playAlbumOnPhone(page: Page, count: number) {
  const album = await albumWith(page.request, count);
  const first = album.songs[0]!;
  await page.goto(`/album/${album._id}`);
  // On a phone the whole row is its play button.
  await rowOf(page, first.title)
    .getByRole('button', { name: `Play ${first.title}` })
    .tap();
  await expect(page.getByTestId('mini-title')).toHaveText(first.title);
  return album;
}

/** On a phone: the mini player's title opens the full-screen player. */
async function openFullScreen(page: Page): Promise<void> {
  await page.getByTestId('mini-title').tap();
  await expect(page).toHaveURL(/\/SongFullScreen$/);
}

test.describe('on a phone', () => {
  test.use(PHONE);

  test('leaving the full-screen player, by Back or by its own back button, closes its queue', async ({
    page,
  }) => {
    const album = await playAlbumOnPhone(page, 2);
    const [first] = album.songs as [ApiSong];
    const openQueueFullScreen = async () => {
      await openFullScreen(page);
      await player(page).getByRole('button', { name: 'Queue' }).tap();
      await expect(queuePanel(page)).toBeVisible();
    };
    /**
     * Back on the album page with no queue over it: the wide bar's Queue button, rendered though
     * hidden on a phone, says the panel is closed, so the panel is not merely still loading.
     */
    const expectNoQueue = async () => {
      await expect(page).toHaveURL(new RegExp(`/album/${album._id}$`));
      await expect(page.getByTestId('mini-title')).toHaveText(first.title);
      await expect(
        page.getByRole('button', { name: 'Queue', exact: true, includeHidden: true }),
      ).toHaveAttribute('aria-pressed', 'false');
      await expect(queuePanel(page)).toHaveCount(0);
    };

    await openQueueFullScreen();
    await page.goBack();
    await expectNoQueue();

    await openQueueFullScreen();
    await page.getByRole('button', { name: 'Back', exact: true }).tap();
    await expectNoQueue();
  });

  test("on the full-screen player a toast covers neither the controls nor the queue's header", async ({
    page,
  }) => {
    const album = await playAlbumOnPhone(page, 3);
    const [, second] = album.songs as [ApiSong, ApiSong];
    await openFullScreen(page);
    await player(page).getByRole('button', { name: 'Queue' }).tap();
    await fromQueueMenu(page, second.title, 'Play next');
    const toast = await toastBox(page, 'Playing next');
    const controls = (await player(page).boundingBox())!;
    const panel = (await queuePanel(page).boundingBox())!;
    const back = (await page.getByRole('button', { name: 'Back', exact: true }).boundingBox())!;
    expect(overlapping(toast, controls), 'over the controls').toBe(false);
    expect(overlapping(toast, panel), 'over the queue').toBe(false);
    expect(overlapping(toast, back), 'over Back').toBe(false);
    expect(toast.y).toBeGreaterThanOrEqual(0);
  });

  test('on the full-screen player a second toast replaces the first, so neither reaches the queue', async ({
    page,
  }) => {
    const album = await playAlbumOnPhone(page, 3);
    const [, second, third] = album.songs as [ApiSong, ApiSong, ApiSong];
    await openFullScreen(page);
    await player(page).getByRole('button', { name: 'Queue' }).tap();
    await fromQueueMenu(page, second.title, 'Play next');
    await toastBox(page, 'Playing next');
    await queuePanel(page)
      .getByRole('button', { name: `More options for ${third.title}` })
      .first()
      .tap();
    await menuOf(page, third.title).getByRole('menuitem', { name: 'Add to queue' }).tap();
    // The top row holds one toast: a phone shows the newest message there, as its own snackbars do.
    await toastBox(page, 'Added to queue');
    // Read at once: the first toast closes by itself 3 s after it opened.
    const panel = (await queuePanel(page).boundingBox())!;
    const shown = await page
      .locator('.Toastify__toast')
      .evaluateAll((toasts) =>
        toasts
          .filter((toast) => toast.checkVisibility({ visibilityProperty: true }))
          .map((toast) => toast.getBoundingClientRect().toJSON() as DOMRect),
      );
    expect(shown).toHaveLength(1);
    for (const box of shown) expect(overlapping(box, panel), 'over the queue').toBe(false);
    // The queue's header takes a tap at once, with no toast over its Close button.
    await queuePanel(page)
      .getByRole('button', { name: 'Close queue' })
      .tap({ trial: true, timeout: 1000 });
    await queuePanel(page).getByRole('button', { name: 'Close queue' }).tap();
    await expect(queuePanel(page)).toHaveCount(0);
    // The toast shown still takes its own taps.
    const newest = page.locator('.Toastify__toast').filter({ hasText: 'Added to queue' });
    await newest.getByRole('button', { name: 'close' }).tap();
    await expect(newest).toHaveCount(0);
  });

  test('a listener adds the playing song to a playlist from the full-screen player', async ({
    page,
    context,
  }) => {
    const user = await createListener();
    await signIn(context, user);
    const playlistId = await playlistOf(page.request, user, 'Phone mix');
    const headers = { authorization: `Bearer ${user.token}` };
    const album = await playAlbumOnPhone(page, 2);
    const [first] = album.songs as [ApiSong];
    await openFullScreen(page);

    // Heart, add to playlist and the song menu sit under the title, all on screen.
    const actions = page.getByTestId('fullscreen-song-actions');
    for (const name of [
      `Save ${first.title} to Liked Songs`,
      'Add to playlist',
      `More options for ${first.title}`,
    ]) {
      await expect(actions.getByRole('button', { name })).toBeInViewport({ ratio: 1 });
    }
    await actions.getByRole('button', { name: `More options for ${first.title}` }).tap();
    const menu = page.getByRole('menu', { name: `Options for ${first.title}` });
    await expect(menu).toBeInViewport({ ratio: 1 });
    await menu.getByRole('menuitem', { name: 'Add to playlist' }).tap();
    const chooser = page.getByRole('dialog', { name: 'Add to playlist' });
    await expect(chooser).toBeInViewport({ ratio: 1 });
    const choice = chooser.getByRole('menuitemcheckbox', { name: /Phone mix/ });
    await choice.tap();
    await expect(choice).toHaveAttribute('aria-checked', 'true');
    await expect
      .poll(async () => {
        const playlist = await page.request.get(`/api/playlists/${playlistId}`, { headers });
        return ((await playlist.json()).data.songs as ApiSong[]).map((song) => song._id);
      })
      .toEqual([first._id]);
    await page.keyboard.press('Escape');
    await expect(chooser).toBeHidden();

    // The heart, and the queue, from the same screen.
    await actions.getByRole('button', { name: `Save ${first.title} to Liked Songs` }).tap();
    await expect(
      actions.getByRole('button', { name: `Remove ${first.title} from Liked Songs` }),
    ).toBeVisible();
    await page.getByRole('region', { name: 'Player' }).getByRole('button', { name: 'Queue' }).tap();
    await expect(queuePanel(page)).toBeInViewport({ ratio: 1 });
  });
});
