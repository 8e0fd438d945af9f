import type { BrowserContext, Page } from '@playwright/test';
import { createArtist } from '../helpers/factories.ts';
import { seriousViolations } from './axe.ts';
import { expect, expectAudioAdvancing, test } from './fixtures.ts';
import { longPress } from './song-lists.ts';
import { createListener, serverDeps, signIn } from './support.ts';

/** A playlist of `owner`'s, made through the API. */
async function makePlaylist(page: Page, owner: { token: string }, name: string): Promise<number> {
  const created = await page.request.post('/api/user/addPlaylist', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { name, description: 'On the go' },
  });
  expect(created.ok()).toBe(true);
  return (await created.json()).data._id;
}

async function signedIn(context: BrowserContext) {
  const listener = await createListener();
  await signIn(context, listener);
  return listener;
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the playlist page's menu edits details, makes it private and deletes it, by touch", async ({
    page,
    context,
  }) => {
    const owner = await signedIn(context);
    const id = await makePlaylist(page, owner, 'Pocket mix');
    await page.goto(`/viewPlaylist/${id}`);
    await expect(page.getByRole('heading', { name: 'Pocket mix' })).toBeVisible();

    const menu = page.getByRole('button', { name: 'More options for Pocket mix' });
    await menu.tap();
    await expect(page.getByRole('menuitem', { name: 'Change cover' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('menuitem', { name: 'Edit details' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Edit details' });
    await expect(dialog.getByLabel('Choose photo')).toBeAttached();
    // The cover sits above the fields, so the name has the dialog's width, not a third of it.
    const name = (await dialog.getByPlaceholder('Add a name').boundingBox())!;
    const cover = (await dialog.getByTitle('Choose photo').boundingBox())!;
    expect(name.width).toBeGreaterThan((await dialog.boundingBox())!.width * 0.75);
    expect(name.y).toBeGreaterThanOrEqual(cover.y + cover.height);
    await dialog.getByPlaceholder('Add a name').fill('Pocket mix II');
    await dialog.getByRole('button', { name: 'Save' }).tap();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Pocket mix II' })).toBeVisible();

    await page.getByRole('button', { name: 'More options for Pocket mix II' }).tap();
    await page.getByRole('menuitem', { name: 'Make private' }).tap();
    await expect(page.getByText('Private Playlist')).toBeVisible();

    await page.getByRole('button', { name: 'More options for Pocket mix II' }).tap();
    await page.getByRole('menuitem', { name: 'Delete playlist' }).tap();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure you want to delete "Pocket mix II"?');
    await confirm.getByRole('button', { name: 'Delete' }).tap();
    await expect(page).toHaveURL(/\/$/);
    expect((await page.request.get(`/api/playlists/${id}`)).status()).toBe(404);
  });

  test("a visitor's Create playlist in the library drawer asks to log in, all of it on screen", async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Your Library' }).tap();
    await page.getByRole('button', { name: 'Create playlist' }).tap();
    const prompt = page.getByRole('dialog').filter({ hasText: 'Please Login' });
    await expect(prompt).toContainText('You need to be logged in to create a playlist.');
    const box = (await prompt.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await prompt.getByRole('button', { name: 'Login' }).tap();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the tab bar marks Your Library on Liked Songs and on a playlist, and Home on the home page', async ({
    page,
    context,
  }) => {
    const owner = await signedIn(context);
    const id = await makePlaylist(page, owner, 'Marked mix');
    const tabs = page.getByRole('navigation', { name: 'Tabs' });
    const library = tabs.getByRole('button', { name: 'Your Library' });
    const current = tabs.locator('[aria-current="page"]');

    await page.goto('/likedSongs');
    await expect(page.getByRole('heading', { name: 'Liked Songs', level: 1 })).toBeVisible();
    await expect(library).toHaveAttribute('aria-current', 'page');
    await expect(current).toHaveCount(1);

    await page.goto(`/viewPlaylist/${id}`);
    await expect(page.getByRole('heading', { name: 'Marked mix' })).toBeVisible();
    await expect(library).toHaveAttribute('aria-current', 'page');
    await expect(current).toHaveCount(1);

    await tabs.getByRole('link', { name: 'Home' }).tap();
    await expect(page).toHaveURL(/\/$/);
    await expect(tabs.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(library).not.toHaveAttribute('aria-current');
    await expect(current).toHaveCount(1);
  });

  test("library rows show their menu button without hover, and it opens the row's menu", async ({
    page,
    context,
  }) => {
    const owner = await signedIn(context);
    await makePlaylist(page, owner, 'Drawer mix');
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Tabs' })
      .getByRole('button', { name: 'Your Library' })
      .tap();
    const drawer = page.getByRole('dialog', { name: 'Your Library' });
    const more = drawer.getByRole('button', { name: 'More options for Drawer mix' });
    await expect(more).toHaveCSS('opacity', '1');
    await more.tap();
    await expect(page.getByRole('menuitem', { name: 'Delete playlist' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Make private' })).toBeVisible();
  });

  test('a long-press on a library row opens its menu, without opening the playlist; rename and delete work', async ({
    page,
    context,
  }) => {
    const owner = await signedIn(context);
    const id = await makePlaylist(page, owner, 'Thumb mix');
    await page.goto('/');
    const openDrawer = () =>
      page
        .getByRole('navigation', { name: 'Tabs' })
        .getByRole('button', { name: 'Your Library' })
        .tap();
    await openDrawer();
    const drawer = page.getByRole('dialog', { name: 'Your Library' });
    const row = (name: string) => drawer.getByTestId('library-playlist').filter({ hasText: name });

    await longPress(page, row('Thumb mix').getByText('Thumb mix'));
    await expect(page.getByRole('menuitem', { name: 'Edit details' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      row('Thumb mix').getByRole('button', { name: 'More options for Thumb mix' }),
    ).toHaveAttribute('aria-expanded', 'true');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('menuitem', { name: 'Edit details' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Edit details' });
    await dialog.getByPlaceholder('Add a name').fill('Thumb mix II');
    await dialog.getByRole('button', { name: 'Save' }).tap();
    await expect(dialog).toBeHidden();
    await expect(row('Thumb mix II')).toBeVisible();

    // A short tap still opens the playlist; the menu stays shut.
    await row('Thumb mix II').getByText('Thumb mix II').tap();
    await expect(page).toHaveURL(new RegExp(`/viewPlaylist/${id}$`));
    await expect(page.getByRole('menuitem', { name: 'Edit details' })).toHaveCount(0);

    await openDrawer();
    await longPress(page, row('Thumb mix II').getByText('Thumb mix II'));
    await page.getByRole('menuitem', { name: 'Delete playlist' }).tap();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure you want to delete "Thumb mix II"?');
    await confirm.getByRole('button', { name: 'Delete' }).tap();
    await expect(confirm).toBeHidden();
    await expect(row('Thumb mix II')).toHaveCount(0);
    expect((await page.request.get(`/api/playlists/${id}`)).status()).toBe(404);
  });

  test("a long-press on a followed artist's row opens its menu, which unfollows", async ({
    page,
    context,
  }) => {
    const owner = await signedIn(context);
    const artist = await createArtist(await serverDeps(), {
      name: `Thumb Artist ${Date.now().toString(36)}`,
    });
    const followed = await page.request.put(`/api/artists/${artist.id}/follow`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(followed.ok()).toBe(true);
    await page.goto('/');
    const drawer = page.getByRole('dialog', { name: 'Your Library' });
    const openDrawer = async () => {
      await page
        .getByRole('navigation', { name: 'Tabs' })
        .getByRole('button', { name: 'Your Library' })
        .tap();
      await drawer.getByRole('tab', { name: 'Artists' }).tap();
    };
    await openDrawer();
    const row = drawer.getByTestId('library-artist').filter({ hasText: artist.name });
    await expect(row.getByRole('button', { name: `More options for ${artist.name}` })).toHaveCSS(
      'opacity',
      '1',
    );

    await longPress(page, row.getByText(artist.name));
    await expect(page.getByRole('menuitem', { name: 'Go to artist' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('menuitem', { name: 'Go to artist' }).tap();
    await expect(page).toHaveURL(new RegExp(`/viewArtistSongs/${artist.id}$`));
    await expect(drawer).toBeHidden();

    await openDrawer();
    await longPress(page, row.getByText(artist.name));
    await page.getByRole('menuitem', { name: 'Unfollow' }).tap();
    await expect(row).toHaveCount(0);
    const state = await page.request.get(`/api/artists/${artist.id}`);
    expect((await state.json()).following).toBe(false);
  });
});

test('with a mouse on a wide screen, a library row shows its menu button on hover, and right-click opens it', async ({
  page,
  context,
}) => {
  const owner = await signedIn(context);
  await makePlaylist(page, owner, 'Hover mix');
  await page.goto('/');
  const row = page
    .getByRole('complementary', { name: 'Your Library' })
    .getByTestId('library-playlist')
    .filter({ hasText: 'Hover mix' });
  const more = row.getByRole('button', { name: 'More options for Hover mix' });
  await page.mouse.move(900, 10);
  await expect(more).toHaveCSS('opacity', '0');
  await row.hover();
  await expect(more).toHaveCSS('opacity', '1');
  // A right-click on the row opens the same menu, and the page stays.
  await row.getByText('Hover mix').click({ button: 'right' });
  await expect(page.getByRole('menuitem', { name: 'Delete playlist' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'Delete playlist' })).toHaveCount(0);
});

test('"+" creates a playlist over the page while the music plays, then opens it', async ({
  page,
  context,
}) => {
  await signedIn(context);
  await page.goto('/');
  const albums = page.locator('section', {
    has: page.getByRole('heading', { name: 'Popular albums and singles' }),
  });
  await albums.locator('a[href^="/album/"]').first().click();
  await page
    .getByRole('button', { name: /^Play / })
    .first()
    .click();
  await expectAudioAdvancing(page, 0.3);
  const albumUrl = page.url();

  await page
    .getByRole('complementary', { name: 'Your Library' })
    .getByRole('button', { name: 'Create a new playlist' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Edit details' });
  await expect(dialog).toBeVisible();
  expect(page.url()).toBe(albumUrl);
  // The dialog hides the page from the accessibility tree, not from the eye.
  await expect(page.locator('section[aria-label="Player"]')).toBeVisible();
  await expect(page.getByTestId('now-playing-title')).not.toBeEmpty();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByPlaceholder('Add a name').fill('Made in place');
  await dialog.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/viewPlaylist\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Made in place' })).toBeVisible();
  await expect(
    page.getByRole('complementary', { name: 'Your Library' }).getByText('Made in place'),
  ).toBeVisible();
  // The music never stopped.
  await expectAudioAdvancing(page, 1);
});

test('a visitor pressing "+" is asked to log in before any form', async ({ page }) => {
  await page.goto('/');
  await page
    .getByRole('complementary', { name: 'Your Library' })
    .getByRole('button', { name: 'Create a new playlist' })
    .click();
  const prompt = page.getByRole('dialog').filter({ hasText: 'Please Login' });
  await expect(prompt).toContainText('You need to be logged in to create a playlist.');
  await expect(page.getByRole('dialog', { name: 'Edit details' })).toHaveCount(0);
  await prompt.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
