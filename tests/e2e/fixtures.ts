import { test as base, expect } from '@playwright/test';

/** Journeys get `baseURL` pointing at the server the global setup started. */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; it has none.
  baseURL: async ({}, use) => {
    const url = process.env.CHORUS_URL;
    if (!url)
      throw new Error('CHORUS_URL is not set: run the journeys through playwright.config.ts');
    await use(url);
  },
});

export { expect };

/** Seconds the page's main <audio> element has played. */
export async function audioTime(page: import('@playwright/test').Page): Promise<number> {
  return page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('audio[data-player="main"]');
    return audio ? audio.currentTime : -1;
  });
}

/** Waits until the main <audio> element has really advanced past `seconds`. */
export async function expectAudioAdvancing(
  page: import('@playwright/test').Page,
  seconds = 0.5,
): Promise<void> {
  await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(seconds);
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const audio = document.querySelector<HTMLAudioElement>('audio[data-player="main"]');
          return Boolean(audio && !audio.paused);
        }),
      { timeout: 5_000 },
    )
    .toBe(true);
}
