import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';

/** Helpers for journeys through song lists, the song menu and the queue. */

export interface ApiSong {
  _id: number;
  title: string;
  artist: { _id: number; name: string }[];
  album: { _id: number; title: string } | null;
}

/** An album of the demo catalog with at least `count` songs. */
export async function albumWith(request: APIRequestContext, count: number) {
  const albums = (await (await request.get('/api/albums?limit=50')).json()).items as {
    _id: number;
  }[];
  for (const { _id } of albums) {
    const album = (await (await request.get(`/api/albums/${_id}`)).json()) as {
      _id: number;
      title: string;
      songs: ApiSong[];
    };
    if (album.songs.length >= count) return album;
  }
  throw new Error(`No album with ${count} songs`);
}

/** A song list's row, by its song's title. */
export const rowOf = (page: Page, title: string) =>
  page.getByTestId('song-row').filter({ has: page.getByTestId('song-title').getByText(title) });

export const menuOf = (page: Page, title: string) =>
  page.getByRole('menu', { name: `Options for ${title}` });

/** Ids of the serious or critical accessibility violations inside `selector`. */
export async function seriousViolations(page: Page, selector: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include(selector).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id);
}

/** A long press of a finger (touch events, as a phone sends them) in the middle of `target`. */
export async function longPress(page: Page, target: Locator): Promise<void> {
  const box = (await target.boundingBox())!;
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await page.waitForTimeout(700);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** Jumps the main <audio> to just before its end, so `ended` comes quickly. */
export async function nearEnd(page: Page): Promise<void> {
  await page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('audio[data-player="main"]')!;
    audio.currentTime = Math.max(0, audio.duration - 0.4);
  });
}

/** A playlist of `owner`'s, made through the API, holding `songIds`; answers its id. */
export async function playlistOf(
  request: APIRequestContext,
  owner: { token: string },
  name: string,
  songIds: number[] = [],
): Promise<number> {
  const headers = { authorization: `Bearer ${owner.token}` };
  const created = await request.post('/api/user/addPlaylist', { headers, data: { name } });
  const id = (await created.json()).data._id as number;
  for (const songId of songIds) {
    await request.post(`/api/user/addSongPlaylist/${id}`, { headers, data: { songId } });
  }
  return id;
}

/** A phone of 390 × 844 with a touch screen. */
export const PHONE = { hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } };
