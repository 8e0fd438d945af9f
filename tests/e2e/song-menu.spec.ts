import type { APIRequestContext } from '@playwright/test';
import { recordPlays } from '../helpers/factories.ts';
import { expect, test } from './fixtures.ts';
import {
  type ApiSong,
  albumWith,
  longPress,
  menuOf,
  PHONE,
  playlistOf,
  rowOf,
  seriousViolations,
} from './song-lists.ts';
import { createListener, serverDeps, signIn } from './support.ts';

/** A song of the demo catalog with two artists or more. */
async function songWithSeveralArtists(request: APIRequestContext): Promise<ApiSong> {
  const songs = (await (await request.get('/api/songs?limit=100')).json()).items as ApiSong[];
  const song = songs.find((entry) => entry.artist.length > 1);
  if (!song) throw new Error('No song with several artists');
  return song;
}

test('an album row opens the song menu by "⋯", by right-click and from the keyboard', async ({
  page,
  context,
}) => {
  const user = await createListener();
  await signIn(context, user);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const album = await albumWith(page.request, 3);
  const [first, second] = album.songs as [ApiSong, ApiSong];
  await page.goto(`/album/${album._id}`);

  // The heart and "⋯" show when the row is hovered.
  const row = rowOf(page, first.title);
  const more = row.getByRole('button', { name: `More options for ${first.title}` });
  await expect(more).toHaveCSS('opacity', '0');
  await row.hover();
  await expect(more).toHaveCSS('opacity', '1');
  await expect(
    row.getByRole('button', { name: `Save ${first.title} to Liked Songs` }),
  ).toBeVisible();

  await more.click();
  const menu = menuOf(page, first.title);
  await expect(menu).toBeVisible();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Add to playlist',
    'Save to Liked Songs',
    'Add to queue',
    'Play next',
    /^Go to artist/,
    'Go to album',
    'Copy song link',
  ]);
  await expect(menu.getByRole('menuitem', { name: 'Add to playlist' })).toBeFocused();
  expect(await seriousViolations(page, '[role="menu"]')).toEqual([]);

  // Like from the menu: the row's heart turns on and stays shown.
  await menu.getByRole('menuitem', { name: 'Save to Liked Songs' }).click();
  await expect(menu).toBeHidden();
  await expect(more).toBeFocused();
  const liked = row.getByRole('button', { name: `Remove ${first.title} from Liked Songs` });
  await expect(liked).toHaveAttribute('aria-pressed', 'true');
  await page.mouse.move(0, 0);
  await expect(liked).toHaveCSS('opacity', '1');

  // Right-click a row: the menu opens where the pointer is; "Copy song link" copies its album.
  const other = rowOf(page, second.title);
  const box = (await other.getByTestId('song-title').boundingBox())!;
  await page.mouse.click(box.x + 5, box.y + 5, { button: 'right' });
  const secondMenu = menuOf(page, second.title);
  await expect(secondMenu).toBeVisible();
  const menuBox = (await secondMenu.boundingBox())!;
  expect(Math.abs(menuBox.x - (box.x + 5))).toBeLessThanOrEqual(2);
  await expect(secondMenu.getByRole('menuitem', { name: 'Save to Liked Songs' })).toBeVisible();
  await secondMenu.getByRole('menuitem', { name: 'Copy song link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(new URL(`/album/${album._id}`, page.url()).href);

  // From the keyboard: ArrowDown on "⋯" opens it, letters move, Escape closes and refocuses.
  await other.hover();
  const otherMore = other.getByRole('button', { name: `More options for ${second.title}` });
  await otherMore.focus();
  await page.keyboard.press('ArrowDown');
  await expect(secondMenu.getByRole('menuitem', { name: 'Add to playlist' })).toBeFocused();
  await page.keyboard.press('p');
  await expect(secondMenu.getByRole('menuitem', { name: 'Play next' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(secondMenu).toBeHidden();
  await expect(otherMore).toBeFocused();

  // A click outside closes it.
  await otherMore.click();
  await expect(secondMenu).toBeVisible();
  await page.mouse.click(5, 400);
  await expect(secondMenu).toBeHidden();

  // "Go to album" and "Go to artist".
  await page.goto('/');
  await page.goto(`/album/${album._id}`);
  await rowOf(page, first.title).click({ button: 'right' });
  await menuOf(page, first.title).getByRole('menuitem', { name: 'Go to album' }).click();
  await expect(page).toHaveURL(new RegExp(`/album/${album._id}$`));
  await rowOf(page, first.title).click({ button: 'right' });
  const artistItem = menuOf(page, first.title).getByRole('menuitem', { name: 'Go to artist' });
  if ((first.artist.length ?? 0) > 1) {
    await artistItem.click();
    await page.getByRole('menuitem', { name: first.artist[0]!.name }).click();
  } else await artistItem.click();
  await expect(page).toHaveURL(new RegExp(`/viewArtistSongs/${first.artist[0]!._id}$`));
});

test('a song with several artists offers each in a submenu, from the keyboard too', async ({
  page,
}) => {
  const song = await songWithSeveralArtists(page.request);
  const [main, featured] = song.artist as [ApiSong['artist'][0], ApiSong['artist'][0]];
  await page.goto(`/viewArtistSongs/${main._id}`);
  const row = rowOf(page, song.title).first();
  await row.hover();
  await row.getByRole('button', { name: `More options for ${song.title}` }).click();
  const menu = menuOf(page, song.title);
  const goTo = menu.getByRole('menuitem', { name: 'Go to artist' });
  await expect(goTo).toHaveAttribute('aria-haspopup', 'menu');
  await goTo.focus();
  await page.keyboard.press('ArrowRight');
  const artists = page.getByRole('menu', { name: 'Go to artist' });
  await expect(artists.getByRole('menuitem')).toHaveText(song.artist.map((a) => a.name));
  await expect(artists.getByRole('menuitem').first()).toBeFocused();
  expect(await seriousViolations(page, '[role="menu"]')).toEqual([]);
  // ArrowLeft goes back to the item; ArrowRight again, then the featured artist.
  await page.keyboard.press('ArrowLeft');
  await expect(artists).toBeHidden();
  await expect(goTo).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/viewArtistSongs/${featured._id}$`));
  await expect(menu).toBeHidden();
});

test('on an owned playlist the menu removes the song; liked, search and profile rows have it too', async ({
  page,
  context,
}) => {
  const user = await createListener();
  await signIn(context, user);
  const album = await albumWith(page.request, 3);
  const [first, second, third] = album.songs as [ApiSong, ApiSong, ApiSong];
  const playlistId = await playlistOf(page.request, user, 'Menu mix', [first._id, second._id]);
  const headers = { authorization: `Bearer ${user.token}` };
  await page.request.put(`/api/songs/${third._id}/like`, { headers });
  const deps = await serverDeps();
  await recordPlays(deps, second._id, 1, {
    agoMs: 60_000,
    userId: user.id,
    listener: () => `u:${user.id}`,
  });

  await page.goto(`/viewPlaylist/${playlistId}`);
  await rowOf(page, first.title).click({ button: 'right' });
  await menuOf(page, first.title)
    .getByRole('menuitem', { name: 'Remove from this playlist' })
    .click();
  await expect(page.getByText('Removed from playlist')).toBeVisible();
  await expect(page.getByTestId('song-title')).toHaveText([second.title]);

  await page.goto('/likedSongs');
  await rowOf(page, third.title).hover();
  await rowOf(page, third.title)
    .getByRole('button', { name: `More options for ${third.title}` })
    .click();
  const likedMenu = menuOf(page, third.title);
  await expect(likedMenu.getByRole('menuitem', { name: 'Remove from Liked Songs' })).toBeVisible();
  await expect(likedMenu.getByRole('menuitem', { name: 'Remove from this playlist' })).toHaveCount(
    0,
  );
  await likedMenu.getByRole('menuitem', { name: 'Remove from Liked Songs' }).click();
  await expect(page.getByTestId('song-row')).toHaveCount(0);

  await page.goto(`/search?q=${encodeURIComponent(first.title)}`);
  await rowOf(page, first.title).first().click({ button: 'right' });
  await expect(menuOf(page, first.title)).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/profile');
  const track = page.getByTestId('top-track').filter({ hasText: second.title });
  await track.getByRole('button', { name: `More options for ${second.title}` }).click();
  await expect(
    menuOf(page, second.title).getByRole('menuitem', { name: 'Add to queue' }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await track.click({ button: 'right' });
  await expect(menuOf(page, second.title)).toBeVisible();
});

test('a visitor gets the one log-in prompt from the menu and the player', async ({ page }) => {
  const album = await albumWith(page.request, 2);
  const [first] = album.songs as [ApiSong];
  await page.goto(`/album/${album._id}`);
  const row = rowOf(page, first.title);
  await row.hover();
  const more = row.getByRole('button', { name: `More options for ${first.title}` });
  await more.click();
  await menuOf(page, first.title).getByRole('menuitem', { name: 'Save to Liked Songs' }).click();
  const prompt = page.getByRole('dialog', { name: 'Please Login' });
  await expect(prompt).toContainText(
    'You need to be logged in to save songs to Liked Songs. Please log in to continue.',
  );
  expect(await seriousViolations(page, 'dialog')).toEqual([]);
  await prompt.getByRole('button', { name: 'Cancel' }).click();
  await expect(prompt).toBeHidden();

  // The row's heart and the menu's "Add to playlist" ask the same way.
  await row.hover();
  await row.getByRole('button', { name: `Save ${first.title} to Liked Songs` }).click();
  await expect(prompt).toContainText('You need to be logged in to save songs to Liked Songs.');
  await page.keyboard.press('Escape');
  await expect(prompt).toBeHidden();
  await more.click();
  await menuOf(page, first.title).getByRole('menuitem', { name: 'Add to playlist' }).click();
  await expect(prompt).toContainText('You need to be logged in to add songs to your playlists.');
  await prompt.getByRole('button', { name: 'Cancel' }).click();

  // The player's own "Add to playlist" too; Login goes to the log-in page.
  await row.getByRole('button', { name: `Play ${first.title}` }).click();
  const player = page.getByRole('region', { name: 'Player' });
  await player.getByRole('button', { name: 'Add to playlist' }).click();
  await expect(prompt).toContainText('You need to be logged in to add songs to your playlists.');
  await prompt.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test('a long-press on a row opens its menu without playing the song', async ({
    page,
    context,
  }) => {
    const user = await createListener();
    await signIn(context, user);
    const album = await albumWith(page.request, 2);
    const [, second] = album.songs as [ApiSong, ApiSong];
    await page.goto(`/album/${album._id}`);
    const row = rowOf(page, second.title);
    await expect(row).toBeVisible();
    // The "⋯" button shows without hovering on a phone.
    await expect(
      row.getByRole('button', { name: `More options for ${second.title}` }),
    ).toBeVisible();
    await longPress(page, row.getByTestId('song-title'));
    const menu = menuOf(page, second.title);
    await expect(menu).toBeVisible();
    await expect(menu).toBeInViewport({ ratio: 1 });
    // The finger lifted on the row: that did not play it.
    await expect(page.getByTestId('mini-title')).toHaveCount(0);
    await menu.getByRole('menuitem', { name: 'Add to queue' }).tap();
    await expect(menu).toBeHidden();
    // With nothing playing, "Add to queue" plays the song.
    await expect(page.getByTestId('mini-title')).toHaveText(second.title);

    // A long-press on the mini player opens the playing song's menu.
    await longPress(page, page.getByTestId('mini-title'));
    await expect(menuOf(page, second.title)).toBeVisible();
    await expect(page).toHaveURL(/\/album\//);
  });
});
