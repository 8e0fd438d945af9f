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
  const grid = page.locator('section', { has: page.getByRole('heading', { name: 'Browse all' }) });
  const first = grid.getByRole('link').first();
  await expect(first).toBeVisible();
  const genre = ((await first.textContent()) ?? '').trim();
  await first.click();
  await expect(page).toHaveURL(/\/search\?genre=/);
  await expect(page.getByRole('heading', { name: genre, level: 2 })).toBeVisible();
  const play = page.getByRole('button', { name: /^Play / }).first();
  await expect(play).toBeAttached();
  await play.click({ force: true });
  await expect(page.getByTestId('now-playing-title')).not.toBeEmpty();
  expect(await seriousViolations(page)).toEqual([]);
});
