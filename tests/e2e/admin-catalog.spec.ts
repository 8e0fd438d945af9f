import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { makeJpeg, makeMp3, makePng, makeWav } from '../fixtures/media.ts';
import { createAlbum, createArtist, createSong } from '../helpers/factories.ts';
import { seriousViolations } from './axe.ts';
import { expect, expectAudioAdvancing, test } from './fixtures.ts';
import {
  createListener,
  expectListLoadRetried,
  expectOneRequestPerDoubleClick,
  holdRequests,
  newAdminPage,
  recordErrorToasts,
  serverDeps,
  signIn,
} from './support.ts';

/** Named and typed as a PNG, so only the server, which reads its bytes, can tell it is not one. */
const FAKE_PNG = {
  name: 'fake.png',
  mimeType: 'image/png',
  buffer: Buffer.from('these bytes are no picture'),
};

/** The addresses of the admin calls `page` makes from now on that change something (not GET). */
function adminWrites(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.url().includes('/api/admin/'))
      urls.push(request.url());
  });
  return urls;
}

test('an admin adds an artist with an image and a song with audio and cover; it plays on the home page; a soft delete hides it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const artistName = `Journey Artist ${stamp}`;
  const songTitle = `Journey Song ${stamp}`;
  const admin = await createListener({ role: 'admin' });
  const adminContext = await browser.newContext();
  await signIn(adminContext, admin, { isAdmin: true });
  const page = await adminContext.newPage();

  // Add an artist: create stays disabled until name, description and image are set.
  await page.goto('/admin_artist');
  await page.getByRole('button', { name: 'Add New Artist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Artist' });
  const create = dialog.getByRole('button', { name: 'Create Artist' });
  await dialog.getByLabel('Artist Name *').fill(artistName);
  await dialog.getByLabel('Description *').fill('Made by a journey');
  await expect(create).toBeDisabled();
  await dialog.getByLabel('Image *').setInputFiles({
    name: 'artist.png',
    mimeType: 'image/png',
    buffer: await makePng(64, '#cc3355'),
  });
  await expect(create).toBeEnabled();
  await create.click();
  await expect(page.getByText('Artist created successfully!')).toBeVisible();
  const artistRow = page.getByTestId('artist-row').filter({ hasText: artistName });
  await expect(artistRow).toBeVisible();
  await expect(artistRow.locator('img')).toHaveAttribute('src', /\/api\/images\//);

  // Add a song: choosing the audio fills the title and the duration from the file.
  await page.goto('/admin_songs');
  await page.getByRole('button', { name: 'Add New Song' }).click();
  const form = page.getByRole('form', { name: 'Add New Song' });
  await form.getByRole('button', { name: 'Add Song' }).click();
  await expect(form.getByText('Please fill in all required fields')).toHaveCount(1);
  await expect(form.getByLabel('Title *')).toHaveAccessibleDescription('Title is required');
  await form
    .getByLabel('Audio File *')
    .setInputFiles({ name: `${songTitle}.mp3`, mimeType: 'audio/mpeg', buffer: makeMp3(4, 262) });
  await expect(form.getByLabel('Title *')).toHaveValue(songTitle);
  // The title filled in answers its "required" as a typed one does.
  await expect(form.getByLabel('Title *')).not.toHaveAttribute('aria-invalid');
  await expect(form.getByText('Title is required')).toHaveCount(0);
  await expect(form.getByLabel('Duration')).toHaveValue(/^0:0[34]$/);
  await expect(form.getByLabel('Status')).toHaveValue('Active');
  await form.getByLabel('Artist *').selectOption({ label: artistName });
  await form.getByLabel('Genre *').selectOption('Jazz');
  await form.getByRole('button', { name: 'Add Song' }).click();
  await expect(form.getByText('Please select both audio and image files')).toHaveCount(1);
  await expect(form.getByLabel('Cover Image *')).toHaveAccessibleDescription(
    'Please select a cover image',
  );
  await form.getByLabel('Cover Image *').setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: await makePng(80, '#2266aa'),
  });
  await form.getByRole('button', { name: 'Add Song' }).click();
  await expect(page.getByText('Song added successfully!')).toBeVisible();
  const songRow = page.getByTestId('song-row').filter({ hasText: songTitle });
  await expect(songRow).toContainText(artistName);
  await expect(songRow).toContainText('Jazz');

  // Listening makes it trend, so it reaches the home page's row.
  const deps = await serverDeps();
  const song = await deps.db
    .selectFrom('songs')
    .select('id')
    .where('title', '=', songTitle)
    .executeTakeFirstOrThrow();
  const now = Date.now();
  await deps.db
    .insertInto('plays')
    .values(
      Array.from({ length: 5000 }, (_, i) => ({
        song_id: song.id,
        user_id: null,
        listener_key: `a:journey-${stamp}-${i}`,
        played_at: new Date(now - 60_000 - i).toISOString(),
      })),
    )
    .execute();

  const listenerContext = await browser.newContext();
  const home = await listenerContext.newPage();
  const play = home.getByRole('button', { name: `Play ${songTitle}` });
  await expect
    .poll(
      async () => {
        await home.goto('/');
        await home.getByRole('heading', { name: 'Trending songs' }).waitFor();
        return play.count();
      },
      { timeout: 40_000, intervals: [1000, 2000, 3000] },
    )
    .toBeGreaterThan(0);
  await play.first().click({ force: true });
  await expectAudioAdvancing(home, 0.5);

  // Soft delete, after the confirmation; listeners no longer get it.
  await songRow.getByRole('button', { name: `Delete ${songTitle}` }).click();
  await expect(page.getByText('Are you sure you want to delete this song?')).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(songRow).toHaveCount(0);
  const response = await home.request.get(`/api/songs/${song.id}`);
  expect(response.status()).toBe(404);
  await expect
    .poll(
      async () => {
        await home.goto('/');
        await home.getByRole('heading', { name: 'Trending songs' }).waitFor();
        return play.count();
      },
      { timeout: 40_000, intervals: [1000, 2000, 3000] },
    )
    .toBe(0);

  // The Deleted filter shows it, with a restore.
  await page.getByRole('tab', { name: /^Deleted/ }).click();
  await expect(page.getByTestId('song-row').filter({ hasText: songTitle })).toBeVisible();
  await adminContext.close();
  await listenerContext.close();
});

test('the edit-artist page checks images and the name, and saves a new image', async ({
  browser,
}) => {
  const admin = await createListener({ role: 'admin' });
  const context = await browser.newContext();
  await signIn(context, admin, { isAdmin: true });
  const page = await context.newPage();
  const deps = await serverDeps();
  const now = new Date().toISOString();
  const name = `Editable ${Date.now().toString(36)}`;
  const artist = await deps.db
    .insertInto('artists')
    .values({
      name,
      description: 'To be edited',
      email: null,
      image_key: null,
      is_disabled: 0,
      verified: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  await page.goto(`/admin_artist_edit/${artist.id}`);
  await expect(page.getByRole('heading', { name: 'Edit Artist' })).toBeVisible();
  await expect(page.getByLabel('No image')).toBeVisible();
  const picker = page.getByText('Upload Image');
  await expect(picker).toBeVisible();
  const input = page.locator('input[type="file"]');

  await input.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  });
  await expect(page.getByText('Image size must be less than 5MB')).toBeVisible();
  await input.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hi'),
  });
  await expect(
    page.getByText('Please select a valid image file (JPEG, PNG, or GIF)'),
  ).toBeVisible();
  await input.setInputFiles({
    name: 'face.png',
    mimeType: 'image/png',
    buffer: await makePng(64, '#44aa11'),
  });
  await expect(page.getByText('Change Image')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Artist' })).toBeVisible();

  const nameField = page.getByPlaceholder('Enter artist name');
  await expect(nameField).toHaveValue(name);
  await nameField.fill('');
  await page.getByRole('button', { name: 'Save Artist' }).click();
  await expect(page.getByText('Artist name is required')).toBeVisible();
  await nameField.fill(`${name} Renamed`);
  await page.getByRole('button', { name: 'Save Artist' }).click();
  await expect(page.getByText('Artist updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin_artist$/);

  const row = await deps.db
    .selectFrom('artists')
    .select(['name', 'image_key'])
    .where('id', '=', artist.id)
    .executeTakeFirstOrThrow();
  expect(row.name).toBe(`${name} Renamed`);
  expect(row.image_key).toMatch(/^[a-f0-9]{64}$/);
  const image = await page.request.get(`/api/images/${row.image_key}/300.webp`);
  expect(image.status()).toBe(200);

  // An unknown artist sends the admin back to the list.
  await page.goto('/admin_artist_edit/99999999');
  await expect(page.getByText('Artist not found')).toBeVisible();
  await expect(page).toHaveURL(/\/admin_artist$/);
  await context.close();
});

test('Add Song credits two artists, makes a new album, previews the cover and reads the duration', async ({
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const deps = await serverDeps();
  const first = await createArtist(deps, { name: `Duo Lead ${stamp}` });
  const second = await createArtist(deps, { name: `Duo Guest ${stamp}` });
  const existing = await createAlbum(
    deps,
    first.id,
    `Older Album ${stamp}`,
    new Date('2001-01-01T00:00:00.000Z'),
  );
  const admin = await createListener({ role: 'admin' });
  const context = await browser.newContext();
  await signIn(context, admin, { isAdmin: true });
  const page = await context.newPage();
  const songTitle = `Duo Song ${stamp}`;
  const albumTitle = `Fresh Album ${stamp}`;

  await page.goto('/admin_songs');
  await page.getByRole('button', { name: 'Add New Song' }).click();
  const form = page.getByRole('form', { name: 'Add New Song' });
  await form
    .getByLabel('Audio File *')
    .setInputFiles({ name: `${songTitle}.mp3`, mimeType: 'audio/mpeg', buffer: makeMp3(4, 262) });
  const duration = form.getByLabel('Duration');
  await expect(duration).toHaveValue(/^0:0[34]$/);
  await expect(duration).toHaveAttribute('readonly', '');

  const album = form.getByLabel('Album');
  await expect(album).toBeDisabled();
  await form.getByLabel('Artist *').selectOption({ label: first.name });
  await form.getByLabel('Artist *').selectOption({ label: second.name });
  const credited = form.getByRole('list', { name: 'Credited artists' });
  await expect(credited.getByRole('listitem')).toHaveText([first.name, second.name]);
  // The album choices are the chosen artists' albums, and a new one.
  await expect(album.locator('option', { hasText: existing.title })).toHaveCount(1);
  await album.selectOption({ label: 'New album…' });
  await form.getByLabel('New album title *').fill(albumTitle);
  await form.getByLabel('Genre *').selectOption('Country');

  await form.getByLabel('Cover Image *').setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: await makePng(80, '#aa6622'),
  });
  const preview = form.getByRole('img', { name: 'Cover preview' });
  await expect(preview).toBeVisible();
  await expect(preview).toHaveAttribute('src', /^blob:/);
  expect(await seriousViolations(page, 'form[aria-label="Add New Song"]')).toEqual([]);

  await form.getByRole('button', { name: 'Add Song' }).click();
  await expect(page.getByText('Song added successfully!')).toBeVisible();
  const row = page.getByTestId('song-row').filter({ hasText: songTitle });
  await expect(row).toContainText(`${first.name}, ${second.name}`);

  // The new album belongs to the first artist and holds the song.
  const stored = await deps.db
    .selectFrom('songs')
    .innerJoin('albums', 'albums.id', 'songs.album_id')
    .select(['albums.id', 'albums.artist_id', 'albums.title'])
    .where('songs.title', '=', songTitle)
    .executeTakeFirstOrThrow();
  expect(stored).toMatchObject({ artist_id: first.id, title: albumTitle });
  const albumPage = await (await page.request.get(`/api/albums/${stored.id}`)).json();
  expect(albumPage.songs.map((song: { title: string }) => song.title)).toEqual([songTitle]);
  expect(albumPage.artist.name).toBe(first.name);
  // Dated long ago, so the home page's newest albums stay as other journeys expect them.
  await deps.db
    .updateTable('albums')
    .set({ created_at: '2001-01-01T00:00:00.000Z' })
    .where('id', 'in', [stored.id, existing.id])
    .execute();
  await context.close();
});

test('the Add Song form shows each error once, in the form and never as a toast, then adds', async ({
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const deps = await serverDeps();
  const artist = await createArtist(deps, { name: `Careful Artist ${stamp}` });
  const admin = await createListener({ role: 'admin' });
  const context = await browser.newContext();
  await signIn(context, admin, { isAdmin: true });
  const page = await context.newPage();
  const errorToasts = await recordErrorToasts(page);
  const songTitle = `Careful Song ${stamp}`;

  await page.goto('/admin_songs');
  await page.getByRole('button', { name: 'Add New Song' }).click();
  const form = page.getByRole('form', { name: 'Add New Song' });
  const add = form.getByRole('button', { name: 'Add Song' });
  const title = form.getByLabel('Title *');
  const audio = form.getByLabel('Audio File *');
  const cover = form.getByLabel('Cover Image *');

  // What the form checks: each message under its field, which it describes.
  await add.click();
  await expect(title).toHaveAccessibleDescription('Title is required');
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  // The list of credited artists describes the choice too.
  await expect(form.getByLabel('Artist *')).toHaveAccessibleDescription(
    /^Choose at least one artist/,
  );
  await expect(form.getByLabel('Genre *')).toHaveAccessibleDescription('Genre is required');
  await expect(audio).toHaveAccessibleDescription('Please select an audio file');
  await expect(cover).toHaveAccessibleDescription('Please select a cover image');
  await expect(form.getByText('Title is required')).toHaveCount(1);
  expect(await seriousViolations(page, 'form[aria-label="Add New Song"]')).toEqual([]);

  await title.fill(songTitle);
  await expect(title).not.toHaveAttribute('aria-invalid');
  await form.getByLabel('Artist *').selectOption({ label: artist.name });
  await form.getByLabel('Genre *').selectOption('Blues');
  // Inactive, so listeners' screens, which other journeys count, never show it.
  await form.getByLabel('Status').selectOption('Inactive');
  await cover.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await makePng() });

  // Text named .mp3: the server's refusal goes under the audio field, and the form lets go of
  // the file, so pressing Add Song again cannot send it again.
  await audio.setInputFiles({
    name: 'song.mp3',
    mimeType: 'audio/mpeg',
    buffer: Buffer.from('these words are not music\n'.repeat(40)),
  });
  await add.click();
  await expect(audio).toHaveAccessibleDescription(
    /^The audio file is not a recognised audio format/,
  );
  await expect(audio).toHaveValue('');
  await expect(form.getByRole('alert')).toHaveCount(0);

  // The server's refusal of a field goes under that field, once.
  await audio.setInputFiles({ name: 'song.mp3', mimeType: 'audio/mpeg', buffer: makeMp3(3, 294) });
  await cover.setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not an image at all'),
  });
  await add.click();
  await expect(cover).toHaveAccessibleDescription(
    'Please select a valid image file (JPEG, PNG, or GIF)',
  );
  await expect(form.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText('Please select a valid image file (JPEG, PNG, or GIF)')).toHaveCount(
    1,
  );

  await cover.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await makePng() });
  await expect(cover).not.toHaveAttribute('aria-invalid');
  await add.click();
  // The outcome is a toast; the errors before it never were.
  await expect(page.getByText('Song added successfully!')).toBeVisible();
  expect(await errorToasts()).toEqual([]);
  await context.close();
});

test('the Edit Song dialog shows its errors in the form, not as toasts, then saves', async ({
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const deps = await serverDeps();
  const artist = await createArtist(deps, { name: `Edit Artist ${stamp}` });
  const song = await createSong(deps, { title: `Edit Song ${stamp}`, artistIds: [artist.id] });
  const admin = await createListener({ role: 'admin' });
  const context = await browser.newContext();
  await signIn(context, admin, { isAdmin: true });
  const page = await context.newPage();
  const toasts = page.locator('.Toastify__toast');
  const errorToasts = await recordErrorToasts(page);

  await page.goto('/admin_songs');
  await page.getByLabel('Search songs').fill(song.title);
  await page
    .getByTestId('song-row')
    .filter({ hasText: song.title })
    .getByRole('button', { name: `Edit ${song.title}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Edit Song' });
  const title = dialog.getByLabel('Title *');
  const save = dialog.getByRole('button', { name: 'Save Song' });

  // A field the form checks: the message sits under the field and describes it.
  await title.fill('');
  await save.click();
  await expect(title).toHaveAccessibleDescription('Title is required');
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await expect(toasts).toHaveCount(0);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await title.fill('A');
  await expect(dialog.getByText('Title is required')).toHaveCount(0);

  // The server's 4xx about a field goes under that field too.
  await title.fill('x'.repeat(201));
  await save.click();
  await expect(title).toHaveAccessibleDescription('Title must be at most 200 characters');
  await title.fill(`Edited ${stamp}`);
  const cover = dialog.getByLabel('Cover Image');
  await cover.setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not an image at all'),
  });
  await save.click();
  await expect(cover).toHaveAccessibleDescription(
    'Please select a valid image file (JPEG, PNG, or GIF)',
  );
  await expect(title).not.toHaveAttribute('aria-invalid');
  await expect(toasts).toHaveCount(0);
  await expect(dialog).toBeVisible();

  await cover.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await makePng() });
  await save.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Song updated successfully!')).toBeVisible();
  await page.getByLabel('Search songs').fill(`Edited ${stamp}`);
  const row = page.getByTestId('song-row').filter({ hasText: `Edited ${stamp}` });
  await expect(row).toBeVisible();

  // One the server names no field for shows at the form's top: the song is gone meanwhile.
  await row.getByRole('button', { name: `Edit Edited ${stamp}` }).click();
  await expect(dialog).toBeVisible();
  await deps.db.deleteFrom('songs').where('id', '=', song.id).execute();
  await save.click();
  await expect(dialog.getByRole('alert')).toHaveText('Song not found');
  await expect(title).not.toHaveAttribute('aria-invalid');
  expect(await errorToasts()).toEqual([]);
  await context.close();
});

/** An artist with a song, and a page signed in as a new administrator; `label` names them. */
async function adminWithSong(browser: Browser, label: string) {
  const stamp = Date.now().toString(36);
  const deps = await serverDeps();
  const artist = await createArtist(deps, { name: `${label} Artist ${stamp}` });
  const song = await createSong(deps, { title: `${label} Song ${stamp}`, artistIds: [artist.id] });
  return { stamp, artist, song, ...(await newAdminPage(browser)) };
}

/** An artist with an image, and a new administrator's page on its Edit Artist; `label` names it. */
async function adminEditingArtist(browser: Browser, label: string) {
  const deps = await serverDeps();
  const artist = await createArtist(deps, {
    name: `${label} ${Date.now().toString(36)}`,
    withImage: true,
  });
  const { context, page } = await newAdminPage(browser);
  await page.goto(`/admin_artist_edit/${artist.id}`);
  return { deps, artist, context, page };
}

test('closing an admin dialog returns focus to what opened it, or to the list once its row is gone', async ({
  browser,
}) => {
  const { stamp, song, context, page } = await adminWithSong(browser, 'Focus');

  // Add Artist: closed by Escape, by Cancel, and after creating one.
  await page.goto('/admin_artist');
  const add = page.getByRole('button', { name: 'Add New Artist' });
  const dialog = page.getByRole('dialog', { name: 'Add New Artist' });
  await add.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();
  await add.press('Enter');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(add).toBeFocused();
  await add.click();
  await dialog.getByLabel('Artist Name *').fill(`Focus Made ${stamp}`);
  await dialog.getByLabel('Description *').fill('Made to test focus');
  await dialog.getByLabel('Image *').setInputFiles({
    name: 'artist.png',
    mimeType: 'image/png',
    buffer: await makePng(32, '#3355cc'),
  });
  await dialog.getByRole('button', { name: 'Create Artist' }).click();
  await expect(page.getByText('Artist created successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();
  // Opened from the address, nothing opened it: the page's heading takes focus, not the body.
  await page.goto('/admin_artist?add=1');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Artists', level: 1 })).toBeFocused();

  // Songs: the Edit Song dialog and the delete confirmation.
  await page.goto('/admin_songs');
  await page.getByLabel('Search songs').fill(song.title);
  const row = page.getByTestId('song-row').filter({ hasText: song.title });
  const edit = row.getByRole('button', { name: `Edit ${song.title}` });
  await edit.click();
  await expect(page.getByRole('dialog', { name: 'Edit Song' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(edit).toBeFocused();
  const remove = row.getByRole('button', { name: `Delete ${song.title}` });
  const confirm = page.getByRole('alertdialog');
  await remove.click();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(remove).toBeFocused();
  await remove.click();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(remove).toBeFocused();
  await remove.click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('heading', { name: /^All Songs/ })).toBeFocused();
  await context.close();
});

test('Edit Artist shows the current image again when the server refuses a new one', async ({
  browser,
}) => {
  const { deps, artist, context, page } = await adminEditingArtist(browser, 'Pictured');
  const preview = page.getByRole('img', { name: 'Artist' });
  await expect(preview).toHaveAttribute('src', /\/api\/images\//);
  const current = await preview.getAttribute('src');

  await page.locator('input[type="file"]').setInputFiles(FAKE_PNG);
  await expect(preview).toHaveAttribute('src', /^data:/);
  await page.getByRole('button', { name: 'Save Artist' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Please select a valid image file (JPEG, PNG, or GIF)' }),
  ).toBeVisible();
  await expect(preview).toHaveAttribute('src', current!);
  await expect(page.getByText('Change Image')).toBeVisible();

  // The refused file is dropped: saving again keeps the artist's image.
  const imageKey = async () =>
    (
      await deps.db
        .selectFrom('artists')
        .select('image_key')
        .where('id', '=', artist.id)
        .executeTakeFirstOrThrow()
    ).image_key;
  const before = await imageKey();
  await page.getByRole('button', { name: 'Save Artist' }).click();
  await expect(page.getByText('Artist updated successfully!')).toBeVisible();
  expect(await imageKey()).toBe(before);
  await context.close();
});

test('the admin forms refuse an image over the upload limit, or not a JPEG, PNG, GIF or WebP, when it is chosen, sending nothing', async ({
  browser,
}) => {
  const { stamp, song, context, page } = await adminWithSong(browser, 'Limit');
  const uploads = adminWrites(page);
  const refused = [
    {
      file: { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) },
      message: 'Image size must be less than 5MB',
    },
    {
      file: { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('no picture') },
      message: 'Please select a valid image file (JPEG, PNG, or GIF)',
    },
  ];

  await page.goto('/admin_songs?add=1');
  const form = page.getByRole('form', { name: 'Add New Song' });
  const cover = form.getByLabel('Cover Image *');
  for (const { file, message } of refused) {
    await cover.setInputFiles(file);
    await expect(cover).toHaveAccessibleDescription(message);
    await expect(cover).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByRole('img', { name: 'Cover preview' })).toHaveCount(0);
  }

  await page.getByLabel('Search songs').fill(song.title);
  await page.getByRole('button', { name: `Edit ${song.title}` }).click();
  const newCover = page.getByRole('dialog', { name: 'Edit Song' }).getByLabel('Cover Image');
  for (const { file, message } of refused) {
    await newCover.setInputFiles(file);
    await expect(newCover).toHaveAccessibleDescription(message);
  }
  await page.keyboard.press('Escape');

  await page.goto('/admin_artist?add=1');
  const addArtist = page.getByRole('dialog', { name: 'Add New Artist' });
  const create = addArtist.getByRole('button', { name: 'Create Artist' });
  await addArtist.getByLabel('Artist Name *').fill(`Limit Made ${stamp}`);
  await addArtist.getByLabel('Description *').fill('Pictured in a JPEG');
  const image = addArtist.getByLabel('Image *');
  for (const { file, message } of refused) {
    await image.setInputFiles(file);
    await expect(image).toHaveAccessibleDescription(message);
    await expect(image).toHaveAttribute('aria-invalid', 'true');
    await expect(create).toBeDisabled();
  }
  expect(uploads).toEqual([]);

  // A JPEG its system labels 'image/jpg' is taken: the server reads the bytes, not the label.
  await image.setInputFiles({
    name: 'face.jpg',
    mimeType: 'image/jpg',
    buffer: await makeJpeg(32, '#bb7733'),
  });
  await expect(image).not.toHaveAttribute('aria-invalid');
  await create.click();
  await expect(page.getByText('Artist created successfully!')).toBeVisible();
  await context.close();
});

test('Add Artist shows each problem under its field, the server refusals too, never as a toast', async ({
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const admin = await createListener({ role: 'admin' });
  const context = await browser.newContext();
  await signIn(context, admin, { isAdmin: true });
  const page = await context.newPage();
  const errorToasts = await recordErrorToasts(page);
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/admin/addArtist')) {
      uploads.push(request.url());
    }
  });

  await page.goto('/admin_artist?add=1');
  const dialog = page.getByRole('dialog', { name: 'Add New Artist' });
  const name = dialog.getByLabel('Artist Name *');
  const email = dialog.getByLabel('Email');
  const create = dialog.getByRole('button', { name: 'Create Artist' });
  await name.fill(`Fielded ${stamp}`);
  await dialog.getByLabel('Description *').fill('Checked field by field');
  await dialog.getByLabel('Image *').setInputFiles({
    name: 'artist.png',
    mimeType: 'image/png',
    buffer: await makePng(32, '#55aa33'),
  });

  // The e-mail is checked by the server's rule before the image is sent with it.
  await email.fill('not an address');
  await create.click();
  await expect(email).toHaveAccessibleDescription('Please enter a valid email');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  expect(uploads).toEqual([]);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await email.fill('');
  await expect(email).not.toHaveAttribute('aria-invalid');

  // A name the server refuses shows under the name, named as the form labels it.
  await name.fill('x'.repeat(201));
  await create.click();
  await expect(name).toHaveAccessibleDescription('Artist name must be at most 200 characters');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Artist name must be at most 200 characters')).toHaveCount(1);
  expect(uploads).toHaveLength(1);

  await name.fill(`Fielded ${stamp}`);
  await expect(name).not.toHaveAttribute('aria-invalid');
  await create.click();
  await expect(page.getByText('Artist created successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await errorToasts()).toEqual([]);
  await context.close();
});

test("a refused file's reason stays under its field through a submit, until another file is chosen", async ({
  browser,
}) => {
  const { song, context, page } = await adminWithSong(browser, 'Reason');
  const uploads = adminWrites(page);
  const hugeImage = {
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  };
  const imageMessage = 'Image size must be less than 5MB';
  const audioMessage = 'The audio file is too large (the limit is 200 MB)';
  // Sparse: it weighs 200 MB to the browser and nothing on disk, and the form reads only its size.
  const hugeAudio = test.info().outputPath('huge.mp3');
  fs.writeFileSync(hugeAudio, '');
  fs.truncateSync(hugeAudio, 200 * 1024 * 1024 + 1);

  await page.goto('/admin_songs?add=1');
  const form = page.getByRole('form', { name: 'Add New Song' });
  const cover = form.getByLabel('Cover Image *');
  const audio = form.getByLabel('Audio File *');
  await cover.setInputFiles(hugeImage);
  await audio.setInputFiles(hugeAudio);
  await expect(audio).toHaveAccessibleDescription(audioMessage);
  await form.getByRole('button', { name: 'Add Song' }).click();
  await expect(form.getByLabel('Title *')).toHaveAccessibleDescription('Title is required');
  await expect(cover).toHaveAccessibleDescription(imageMessage);
  await expect(audio).toHaveAccessibleDescription(audioMessage);
  await form.getByRole('button', { name: 'Add Song' }).click();
  await expect(cover).toHaveAccessibleDescription(imageMessage);
  // Another file is another answer.
  await cover.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await makePng() });
  await expect(cover).not.toHaveAttribute('aria-invalid');
  await form.getByRole('button', { name: 'Add Song' }).click();
  await expect(cover).not.toHaveAttribute('aria-invalid');
  await expect(audio).toHaveAccessibleDescription(audioMessage);

  // Edit Song: through its own check and through the server's refusal of another field.
  await page.getByLabel('Search songs').fill(song.title);
  await page.getByRole('button', { name: `Edit ${song.title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Song' });
  const title = dialog.getByLabel('Title *');
  const newCover = dialog.getByLabel('Cover Image');
  await newCover.setInputFiles(hugeImage);
  await title.fill('');
  await dialog.getByRole('button', { name: 'Save Song' }).click();
  await expect(title).toHaveAccessibleDescription('Title is required');
  await expect(newCover).toHaveAccessibleDescription(imageMessage);
  expect(uploads).toEqual([]);
  await title.fill('x'.repeat(201));
  await dialog.getByRole('button', { name: 'Save Song' }).click();
  await expect(title).toHaveAccessibleDescription('Title must be at most 200 characters');
  await expect(newCover).toHaveAccessibleDescription(imageMessage);
  await context.close();
});

test("Edit Artist shows the server's refusal under the field it names, and the product's toast", async ({
  browser,
}) => {
  const { artist, context, page } = await adminEditingArtist(browser, 'Refused Edit');
  const name = page.getByLabel('Artist Name', { exact: true });
  const description = page.getByLabel('Description', { exact: true });
  const image = page.getByLabel('Change Image');
  const save = page.getByRole('button', { name: 'Save Artist' });
  const toast = (text: string) => page.locator('.Toastify__toast--error', { hasText: text });

  // The page's own check, under the name.
  await name.fill('');
  await save.click();
  await expect(name).toHaveAccessibleDescription('Artist name is required');
  await expect(name).toHaveAttribute('aria-invalid', 'true');

  // A name the server refuses: under the name, and in the toast the product gives.
  await name.fill('x'.repeat(201));
  await save.click();
  await expect(name).toHaveAccessibleDescription('Artist name must be at most 200 characters');
  await expect(
    toast('Error updating artist: Artist name must be at most 200 characters'),
  ).toBeVisible();
  expect(await seriousViolations(page, 'form')).toEqual([]);
  await name.fill(artist.name);
  await expect(name).not.toHaveAttribute('aria-invalid');

  await description.fill('x'.repeat(5001));
  await save.click();
  await expect(description).toHaveAccessibleDescription(
    'Description must be at most 5000 characters',
  );
  await description.fill('Described again');
  await expect(description).not.toHaveAttribute('aria-invalid');

  // An image only the server, which reads its bytes, can tell is no picture: under the picker.
  await image.setInputFiles(FAKE_PNG);
  await save.click();
  await expect(image).toHaveAccessibleDescription(
    'Please select a valid image file (JPEG, PNG, or GIF)',
  );
  await expect(image).toHaveAttribute('aria-invalid', 'true');
  await expect(
    toast('Error updating artist: Please select a valid image file (JPEG, PNG, or GIF)'),
  ).toBeVisible();

  await save.click();
  await expect(page.getByText('Artist updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin_artist$/);
  await context.close();
});

test('Add Song and Edit Song let go of a file the server refuses; its reason stays under the field', async ({
  browser,
}) => {
  const { stamp, artist, song, context, page } = await adminWithSong(browser, 'Dropped');
  const deps = await serverDeps();
  const sent = adminWrites(page);
  const imageMessage = 'Please select a valid image file (JPEG, PNG, or GIF)';
  const audioMessage = 'The audio file is damaged or incomplete: it holds no playable sound';

  await page.goto('/admin_songs?add=1');
  const form = page.getByRole('form', { name: 'Add New Song' });
  const add = form.getByRole('button', { name: 'Add Song' });
  const audio = form.getByLabel('Audio File *');
  const cover = form.getByLabel('Cover Image *');
  const preview = form.getByRole('img', { name: 'Cover preview' });
  const duration = form.getByLabel('Duration');
  await form.getByLabel('Title *').fill(`Dropped New ${stamp}`);
  await form.getByLabel('Artist *').selectOption({ label: artist.name });
  await form.getByLabel('Genre *').selectOption('Blues');
  // Inactive, so listeners' screens, which other journeys count, never show it.
  await form.getByLabel('Status').selectOption('Inactive');

  // Audio the server refuses (422, too short to be a song) leaves the form.
  await audio.setInputFiles({ name: 'blip.wav', mimeType: 'audio/wav', buffer: makeWav(0.1) });
  await cover.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await makePng() });
  await add.click();
  await expect(audio).toHaveAccessibleDescription(audioMessage);
  await expect(audio).toHaveValue('');
  await expect(duration).toHaveValue('');
  // Pressing Add Song again sends nothing: the form has no audio, and still says why.
  await add.click();
  await expect(form.getByText('Please select both audio and image files')).toBeVisible();
  await expect(audio).toHaveAccessibleDescription(audioMessage);
  expect(sent).toHaveLength(1);

  // A cover the server refuses leaves the form with its preview.
  await audio.setInputFiles({ name: 'song.mp3', mimeType: 'audio/mpeg', buffer: makeMp3(3, 294) });
  await expect(duration).not.toHaveValue('');
  await cover.setInputFiles(FAKE_PNG);
  await expect(preview).toHaveCount(1);
  await add.click();
  await expect(cover).toHaveAccessibleDescription(imageMessage);
  await expect(cover).toHaveValue('');
  await expect(preview).toHaveCount(0);
  await add.click();
  await expect(form.getByText('Please select both audio and image files')).toBeVisible();
  await expect(cover).toHaveAccessibleDescription(imageMessage);
  expect(sent).toHaveLength(2);
  // A cover chosen while the form is on its way stays when the server refuses the one sent.
  await cover.setInputFiles(FAKE_PNG);
  await page.route(
    '**/api/admin/addSongs',
    async (route) => {
      await cover.setInputFiles({
        name: 'cover.png',
        mimeType: 'image/png',
        buffer: await makePng(),
      });
      await route.continue();
    },
    { times: 1 },
  );
  const refusal = page.waitForResponse('**/api/admin/addSongs');
  await add.click();
  expect((await refusal).status()).toBe(415);
  await expect(add).toBeEnabled();
  await expect(cover).toHaveValue(/cover\.png$/);
  await expect(preview).toHaveCount(1);
  await add.click();
  await expect(page.getByText('Song added successfully!')).toBeVisible();

  // Edit Song: saving again after the refusal saves the song without the refused cover.
  await page.getByLabel('Search songs').fill(song.title);
  await page.getByRole('button', { name: `Edit ${song.title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Song' });
  const newCover = dialog.getByLabel('Cover Image');
  await newCover.setInputFiles(FAKE_PNG);
  await dialog.getByRole('button', { name: 'Save Song' }).click();
  await expect(newCover).toHaveAccessibleDescription(imageMessage);
  await expect(newCover).toHaveValue('');
  await dialog.getByRole('button', { name: 'Save Song' }).click();
  await expect(page.getByText('Song updated successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  const stored = await deps.db
    .selectFrom('songs')
    .select('cover_key')
    .where('id', '=', song.id)
    .executeTakeFirstOrThrow();
  expect(stored.cover_key).toBeNull();
  await context.close();
});

test('deleting the only song of the last page under a filter goes back a page, not to an empty one', async ({
  browser,
}) => {
  const { stamp, artist, context, page } = await adminWithSong(browser, 'Paged');
  // With the song the helper made, 21 active songs: a full page and a page of one.
  const deps = await serverDeps();
  for (let i = 0; i < 20; i++) {
    await createSong(deps, { title: `Paged Song ${stamp} ${i}`, artistIds: [artist.id] });
  }
  await page.goto('/admin_songs');
  await page.getByLabel('Search songs').fill(`Paged Song ${stamp}`);
  await page.getByRole('tab', { name: /^Active/ }).click();
  const rows = page.getByTestId('song-row');
  await expect(rows).toHaveCount(20);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(rows).toHaveCount(1);
  const title = (await rows
    .first()
    .getByRole('button', { name: /^Delete / })
    .getAttribute('aria-label'))!.slice('Delete '.length);

  await rows
    .first()
    .getByRole('button', { name: `Delete ${title}` })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Are you sure you want to delete this song?')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'All Songs (20)' })).toBeVisible();
  await expect(rows).toHaveCount(20);
  await expect(page.getByText('No songs found')).toHaveCount(0);
  // Twenty songs are one page: no pager, no "Page 2 of 1".
  await expect(page.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);
  await context.close();
});

test('the songs and artists lists that fail to load say so, not that there are none, and load on Try Again', async ({
  browser,
}) => {
  const { artist, song, context, page } = await adminWithSong(browser, 'Unloaded');
  await expectListLoadRetried(page, {
    path: '/admin_songs',
    call: /\/api\/admin\/getAllSongs/,
    message: 'Songs are out of reach',
    banner: 'Error: Songs are out of reach',
    emptyText: 'No songs found',
  });
  await page.getByLabel('Search songs').fill(song.title);
  await expect(page.getByTestId('song-row').filter({ hasText: song.title })).toBeVisible();

  await expectListLoadRetried(page, {
    path: '/admin_artist',
    call: /\/api\/admin\/artists\?/,
    message: 'Artists are out of reach',
    banner: 'Error loading artists: Artists are out of reach',
    emptyText: 'No artists found',
  });
  await page.getByLabel('Search artists').fill(artist.name);
  await expect(page.getByTestId('artist-row').filter({ hasText: artist.name })).toBeVisible();
  await context.close();
});

test('Cancel, Save and Back on Edit Artist return to the artists list as it was left', async ({
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const deps = await serverDeps();
  // Under Active, 21 artists of one name: a full page and a page of one; a disabled one besides.
  for (let i = 0; i < 21; i++) {
    await createArtist(deps, { name: `Returning ${stamp} ${String(i).padStart(2, '0')}` });
  }
  await createArtist(deps, { name: `Returning ${stamp} off`, disabled: true });
  const { context, page } = await newAdminPage(browser);
  await page.goto('/admin_artist');
  await page.getByLabel('Search artists').fill(`Returning ${stamp}`);
  // The typed words reach the address once typing pauses; the rows are theirs from then on.
  await expect(page).toHaveURL(new RegExp(`q=Returning\\+${stamp}`));
  await page.getByLabel('Filter by status').selectOption('active');
  const rows = page.getByTestId('artist-row');
  await expect(rows.filter({ hasNotText: `Returning ${stamp}` })).toHaveCount(0);
  await expect(rows).toHaveCount(20);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(rows).toHaveCount(1);
  const edit = rows.first().getByRole('link', { name: /^Edit / });
  const name = (await edit.getAttribute('aria-label'))!.slice('Edit '.length);

  const expectListAsLeft = async (shown: string) => {
    await expect(page.getByLabel('Search artists')).toHaveValue(`Returning ${stamp}`);
    await expect(page.getByLabel('Filter by status')).toHaveValue('active');
    await expect(page.getByText('Page 2 of 2')).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(shown);
  };

  await edit.click();
  await expect(page.getByRole('heading', { name: 'Edit Artist' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expectListAsLeft(name);

  await edit.click();
  await page.getByPlaceholder('Enter artist name').fill(`${name} renamed`);
  await page.getByRole('button', { name: 'Save Artist' }).click();
  await expect(page.getByText('Artist updated successfully!')).toBeVisible();
  await expectListAsLeft(`${name} renamed`);

  await edit.click();
  await expect(page.getByRole('heading', { name: 'Edit Artist' })).toBeVisible();
  await page.goBack();
  await expectListAsLeft(`${name} renamed`);
  // A reload keeps it too.
  await page.reload();
  await expectListAsLeft(`${name} renamed`);
  await context.close();
});

test('the admin sidebar keeps Artists marked on Edit Artist, as on the artists list', async ({
  browser,
}) => {
  const artist = await createArtist(await serverDeps(), { name: `Marked ${Date.now()}` });
  const { context, page } = await newAdminPage(browser);
  const nav = page.getByRole('complementary', { name: 'Admin' }).getByRole('navigation');
  const artists = nav.getByRole('link', { name: 'Artists' });
  await page.goto('/admin_artist');
  await expect(artists).toHaveAttribute('aria-current', 'page');
  await expect(nav.locator('[aria-current]')).toHaveCount(1);
  const marked = await artists.evaluate((link) => getComputedStyle(link).backgroundColor);

  await page.goto(`/admin_artist_edit/${artist.id}`);
  await expect(page.getByRole('heading', { name: 'Edit Artist' })).toBeVisible();
  await expect(artists).toHaveAttribute('aria-current', 'true');
  await expect(nav.locator('[aria-current]')).toHaveCount(1);
  expect(await artists.evaluate((link) => getComputedStyle(link).backgroundColor)).toBe(marked);
  await context.close();
});

test('a double click on a song status or an artist Disable sends one request', async ({
  browser,
}) => {
  const { artist, song, context, page } = await adminWithSong(browser, 'Twice');

  await page.goto('/admin_songs');
  await page.getByLabel('Search songs').fill(song.title);
  const row = page.getByTestId('song-row').filter({ hasText: song.title });
  await expectOneRequestPerDoubleClick(
    page,
    row.getByRole('button', { name: `Status of ${song.title}: Active` }),
    { method: 'PATCH', url: /\/api\/admin\/songs\/\d+\/status$/ },
    row.getByRole('button', { name: `Status of ${song.title}: Inactive` }),
  );

  await page.goto('/admin_artist');
  await page.getByLabel('Search artists').fill(artist.name);
  const artistRow = page.getByTestId('artist-row').filter({ hasText: artist.name });
  await expectOneRequestPerDoubleClick(
    page,
    artistRow.getByRole('button', { name: 'Disable' }),
    { method: 'PATCH', url: /\/api\/admin\/toggleDisableArtist\// },
    artistRow.getByRole('button', { name: 'Enable' }),
  );
  // From the keyboard, the button keeps the focus while its request runs and after.
  await artistRow.getByRole('button', { name: 'Enable' }).focus();
  await page.keyboard.press('Enter');
  await expect(artistRow.getByRole('button', { name: 'Disable' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(artistRow.getByRole('button', { name: 'Enable' })).toBeFocused();
  await context.close();
});

test("while a song's status change is pending, its Edit and Delete wait", async ({ browser }) => {
  const { song, context, page } = await adminWithSong(browser, 'Waiting');
  await page.goto('/admin_songs');
  await page.getByLabel('Search songs').fill(song.title);
  const row = page.getByTestId('song-row').filter({ hasText: song.title });
  const edit = row.getByRole('button', { name: `Edit ${song.title}` });
  const remove = row.getByRole('button', { name: `Delete ${song.title}` });
  await expect(edit).toBeEnabled();

  // The status change is held until released, so the journey sees the row while it is pending.
  const statusChange = await holdRequests(page, /\/api\/admin\/songs\/\d+\/status$/);
  const status = row.getByRole('button', { name: `Status of ${song.title}: Active` });
  await status.click();
  await expect(status).toHaveAttribute('aria-busy', 'true');
  await expect(edit).toBeDisabled();
  await expect(remove).toBeDisabled();
  await remove.click({ force: true });
  await expect(page.getByText('Are you sure you want to delete this song?')).toHaveCount(0);
  await expect.poll(() => statusChange.sent.length).toBe(1);
  statusChange.release();
  await expect(
    row.getByRole('button', { name: `Status of ${song.title}: Inactive` }),
  ).toBeVisible();
  await expect(edit).toBeEnabled();
  await expect(remove).toBeEnabled();
  await context.close();
});

test("each artist's Disable and Enable is named with its artist, and reads as the spec's word", async ({
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const deps = await serverDeps();
  const on = await createArtist(deps, { name: `Named ${stamp} On` });
  const off = await createArtist(deps, { name: `Named ${stamp} Off`, disabled: true });
  const { context, page } = await newAdminPage(browser);
  await page.goto('/admin_artist');
  await page.getByLabel('Search artists').fill(`Named ${stamp}`);
  const rows = page.getByTestId('artist-row');
  await expect(rows).toHaveCount(2);
  // A screen reader lists the buttons by name, so a list of plain "Disable" says nothing of whom.
  const onButton = rows.filter({ hasText: on.name }).getByRole('button');
  const offButton = rows.filter({ hasText: off.name }).getByRole('button');
  await expect(onButton).toHaveAccessibleName(`Disable ${on.name}`);
  await expect(onButton).toHaveText('Disable');
  await expect(offButton).toHaveAccessibleName(`Enable ${off.name}`);
  await expect(offButton).toHaveText('Enable');

  await onButton.click();
  await expect(onButton).toHaveAccessibleName(`Enable ${on.name}`);
  await expect(onButton).toHaveText('Enable');
  await context.close();
});

test('"Showing n of total" counts the artists the search and status filter match', async ({
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const deps = await serverDeps();
  // 21 active and 2 disabled: the active ones fill a page and leave one over.
  for (let i = 0; i < 21; i++) await createArtist(deps, { name: `Counted ${stamp} ${i}` });
  for (let i = 0; i < 2; i++) {
    await createArtist(deps, { name: `Counted ${stamp} off ${i}`, disabled: true });
  }
  const { context, page } = await newAdminPage(browser);
  await page.goto('/admin_artist');
  const showing = page.getByText(/^Showing \d+ of \d+ artists$/);
  const rows = page.getByTestId('artist-row');

  await page.getByLabel('Search artists').fill(`Counted ${stamp}`);
  await expect(rows.filter({ hasNotText: `Counted ${stamp}` })).toHaveCount(0);
  await expect(showing).toHaveText('Showing 20 of 23 artists');
  await page.getByLabel('Filter by status').selectOption('disabled');
  await expect(showing).toHaveText('Showing 2 of 2 artists');
  await page.getByLabel('Filter by status').selectOption('active');
  await expect(showing).toHaveText('Showing 20 of 21 artists');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(showing).toHaveText('Showing 1 of 21 artists');

  // Without a search, under Disabled, the total is the Disabled Artists card's count.
  await page.goto('/admin_artist?status=disabled');
  const disabledCard = page.getByTestId('stat-Disabled Artists');
  await expect(disabledCard).not.toContainText('…');
  const disabled = (await disabledCard.locator('p').first().textContent())!;
  await expect(showing).toHaveText(new RegExp(`^Showing \\d+ of ${disabled} artists$`));
  await context.close();
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the users, songs and artists pages show every row action on screen, and they work', async ({
    browser,
  }) => {
    const stamp = Date.now().toString(36);
    const deps = await serverDeps();
    const listener = await createListener({ name: `Narrow ${stamp}` });
    const artist = await createArtist(deps, { name: `Narrow Artist ${stamp}` });
    const song = await createSong(deps, { title: `Narrow Song ${stamp}`, artistIds: [artist.id] });
    const admin = await createListener({ role: 'admin' });
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    await signIn(context, admin, { isAdmin: true });
    const page = await context.newPage();
    const onScreen = async (locator: import('@playwright/test').Locator) => {
      await expect(locator).toBeVisible();
      const box = await locator.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    };
    // Nothing on these pages is wider than the screen.
    const noSidewaysScroll = async () =>
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);

    await page.goto('/admin_users');
    await page.getByLabel('Search users').fill(listener.email);
    const userRow = page.getByTestId('user-row').filter({ hasText: listener.email });
    const block = userRow.getByRole('button', { name: 'Block' });
    await onScreen(block);
    await onScreen(userRow.getByLabel(`Plan of ${listener.name}`));
    await noSidewaysScroll();
    expect(await seriousViolations(page, 'main')).toEqual([]);
    await block.tap();
    await onScreen(userRow.getByRole('button', { name: 'Unblock' }));
    await userRow.getByRole('button', { name: 'Unblock' }).tap();
    await expect(userRow.getByRole('button', { name: 'Block' })).toBeVisible();

    await page.getByRole('navigation').getByRole('link', { name: 'Songs' }).tap();
    await page.getByLabel('Search songs').fill(song.title);
    const songRow = page.getByTestId('song-row').filter({ hasText: song.title });
    await onScreen(songRow.getByRole('button', { name: `Delete ${song.title}` }));
    const edit = songRow.getByRole('button', { name: `Edit ${song.title}` });
    await onScreen(edit);
    await noSidewaysScroll();
    await edit.tap();
    await expect(page.getByRole('dialog', { name: 'Edit Song' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('navigation').getByRole('link', { name: 'Artists' }).tap();
    await page.getByLabel('Search artists').fill(artist.name);
    const artistRow = page.getByTestId('artist-row').filter({ hasText: artist.name });
    await onScreen(artistRow.getByRole('button', { name: 'Disable' }));
    const editArtist = artistRow.getByRole('link', { name: `Edit ${artist.name}` });
    await onScreen(editArtist);
    await noSidewaysScroll();
    await editArtist.tap();
    await expect(page).toHaveURL(new RegExp(`/admin_artist_edit/${artist.id}$`));
    await context.close();
  });
});
