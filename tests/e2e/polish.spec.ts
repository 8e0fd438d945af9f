import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createListener, seriousViolations, signIn } from './support.ts';

const toasts = (page: Page) => page.locator('.Toastify__toast');

/** The ids of the first `count` artists the catalog lists. */
async function artistIds(page: Page, count: number): Promise<number[]> {
  await page.goto('/AllArtist');
  const links = page.locator('a[href^="/viewArtistSongs/"]');
  await expect(links.first()).toBeVisible();
  const hrefs = await links.evaluateAll((all) => all.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.slice(0, count).map((href) => Number(href.split('/').at(-1)));
}

test('every page names its tab', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Chorus');
  const album = page.locator('a[href^="/album/"]').first();
  const albumTitle = ((await album.locator('p').first().textContent()) ?? '').trim();
  await album.click();
  await expect(page).toHaveTitle(`${albumTitle} · Chorus`);
  await page.goto('/search');
  await expect(page).toHaveTitle('Search · Chorus');
  await page.goto('/login');
  await expect(page).toHaveTitle('Log in · Chorus');
  await page.goto('/signup');
  await expect(page).toHaveTitle('Sign up · Chorus');
  await page.goto('/no-such-page');
  await expect(page).toHaveTitle('Page not found · Chorus');
  await expect(page.getByTestId('empty-state')).toContainText('Page not found');
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/viewArtistSongs/999999');
  await expect(page.getByTestId('empty-state')).toContainText('No artist data found');
});

test('a skip link leads past the sidebar and top bar to the page', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('a[href^="/viewArtistSongs/"]').first()).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main-content')).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  expect(page.url()).not.toContain('#');
});

test('the top bar stays, and a bar with the play button follows once the hero scrolls away', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 560 });
  // A demo artist with a list of songs, so the page scrolls (other journeys add bare artists).
  const home = (await (await page.request.get('/api/home')).json()) as {
    popularArtists: Array<{ _id: number }>;
  };
  let target: { id: number; name: string } | null = null;
  for (const { _id } of home.popularArtists) {
    const detail = (await (await page.request.get(`/api/artists/${_id}`)).json()) as {
      name: string;
      songs: unknown[];
    };
    if (detail.songs.length >= 5) {
      target = { id: _id, name: detail.name };
      break;
    }
  }
  expect(target).not.toBeNull();
  const { id, name } = target!;
  await page.goto('/');
  await page.locator(`a[href="/viewArtistSongs/${id}"]`).first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTestId('sticky-play-header')).toHaveCount(0);
  await page.locator('main#main-content').evaluate((main) => main.scrollTo(0, 600));
  const sticky = page.getByTestId('sticky-play-header');
  await expect(sticky).toBeVisible();
  await expect(sticky).toBeInViewport();
  await expect(sticky.getByRole('button', { name: `Play ${name}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Home', exact: true })).toBeInViewport();
  expect(await seriousViolations(page, '[data-testid="sticky-play-header"]')).toEqual([]);
  await page.locator('main#main-content').evaluate((main) => main.scrollTo(0, 0));
  await expect(sticky).toHaveCount(0);
});

test("the library's Artists tab shows a new follow at once, and all of them on 'Show all'", async ({
  page,
  context,
}) => {
  const user = await createListener();
  await signIn(context, user);
  const ids = await artistIds(page, 6);
  expect(ids).toHaveLength(6);
  const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  for (const id of ids.slice(1)) {
    const response = await page.request.put(`/api/artists/${id}/follow`, {
      headers: { 'x-xsrf-token': xsrf },
    });
    expect(response.ok()).toBe(true);
  }
  await page.goto(`/viewArtistSongs/${ids[0]}`);
  const name = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
  const library = page
    .getByRole('complementary', { name: 'Your Library' })
    .or(page.getByRole('region', { name: 'Your Library' }));
  await library.getByRole('tab', { name: 'Artists' }).click();
  const followed = library.getByRole('list', { name: 'Artists' }).getByRole('listitem');
  await expect(followed).toHaveCount(4);
  await expect(followed.filter({ hasText: name })).toHaveCount(0);

  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
  // The newest follow comes first, without a reload.
  await expect(followed.first()).toContainText(name);
  await library.getByRole('button', { name: 'Show all' }).click();
  await expect(followed).toHaveCount(6);
  await expect(library.getByRole('button', { name: 'Show all' })).toHaveCount(0);
});

test('toasts of a finished flow close when the next one starts', async ({ page }) => {
  const user = await createListener();
  await page.goto('/');
  await page.getByRole('button', { name: 'Explore Premium' }).click();
  await expect(toasts(page)).toHaveCount(1);
  // Top right, under the top bar rather than over its buttons.
  const header = (await page.locator('header').first().boundingBox())!;
  await expect
    .poll(async () => (await toasts(page).boundingBox())?.y ?? 0)
    .toBeGreaterThanOrEqual(header.y + header.height);
  // Held open by the pointer, so only the next page can close it before its 3 s are up.
  await toasts(page).hover();
  await page.waitForTimeout(1100);
  await page.getByRole('link', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toasts(page)).toHaveCount(0, { timeout: 1500 });

  await page.goto('/loginWithPass');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password-1');
  await page.getByRole('button', { name: 'Log In' }).click();
  // A field error shows under the form, not again as a toast.
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(toasts(page)).toHaveCount(0);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toasts(page)).toHaveCount(1);
  await expect(toasts(page)).toHaveText('Login successfully');
});

test('on a phone a toast sits above the mini player and tab bar, clear of the header, close button in view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const trending = page.locator('section', {
    has: page.getByRole('heading', { name: 'Trending songs' }),
  });
  await trending
    .getByRole('button', { name: /^Play / })
    .first()
    .click();
  const mini = page.getByRole('region', { name: 'Mini player' });
  await expect(mini).toBeVisible();
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Explore Premium' }).click();
  const toast = toasts(page);
  await expect(toast).toBeVisible();
  // The pointer on it holds it open (it would close by itself after 3 s).
  await toast.hover();
  await page.waitForTimeout(500); // the entrance animation
  const box = (await toast.boundingBox())!;
  const header = (await page.locator('header').first().boundingBox())!;
  const miniBox = (await mini.boundingBox())!;
  const tabs = (await page.getByRole('navigation', { name: 'Tabs' }).boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
  expect(box.y + box.height).toBeLessThanOrEqual(miniBox.y);
  expect(box.y + box.height).toBeLessThanOrEqual(tabs.y);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  const close = toast.getByRole('button', { name: /close/i });
  await expect(close).toBeInViewport({ ratio: 1 });
  expect(await seriousViolations(page, '.Toastify')).toEqual([]);
  await close.click();
  await expect(toast).toHaveCount(0);
});
