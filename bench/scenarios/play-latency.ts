import fs from 'node:fs';
import os from 'node:os';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../../tests/helpers/chromium.ts';
import { freshDemoDataDir } from '../../tests/helpers/demo-template.ts';
import { startServer } from '../../tests/helpers/server-process.ts';
import { type Figure, percentile, type Scenario } from '../scenario.ts';

/** Fresh browser contexts (each with an empty cache), each clicking every trending song once. */
const ROUNDS = 6;

declare global {
  interface Window {
    /** Milliseconds from each play click to the `playing` event that followed it. */
    __playLatencies: number[];
    /** Milliseconds from each play click to the `loadstart` of its song: the app's own part. */
    __loadStarts: number[];
  }
}

const trending = (page: Page) =>
  page.locator('section', { has: page.getByRole('heading', { name: 'Trending songs' }) });

/** Clicks each trending song's Play button once, paused in between; returns the latencies. */
async function round(page: Page, url: string): Promise<{ playing: number[]; loadStart: number[] }> {
  await page.goto(url);
  const buttons = trending(page).getByRole('button', { name: /^Play / });
  await buttons.first().waitFor({ state: 'attached' });
  // A listener clicks once the page is there: its images and idle-time code have arrived.
  await page.waitForLoadState('networkidle');
  const labels = await buttons.evaluateAll((all) => all.map((b) => b.getAttribute('aria-label')!));
  // Last to first: the player preloads the song after the current one, so walking backwards
  // makes every click a song the browser has not fetched yet (the slow case).
  for (const label of labels.reverse()) {
    // Waits inside the page for the next sample, checking rarely so as not to busy the page.
    const next = page.evaluate(
      (n) =>
        new Promise<void>((resolve) => {
          const timer = setInterval(() => {
            if (window.__playLatencies.length <= n) return;
            clearInterval(timer);
            resolve();
          }, 50);
        }),
      await page.evaluate(() => window.__playLatencies.length),
    );
    await trending(page).getByRole('button', { name: label, exact: true }).click({ force: true });
    await next;
    await page.evaluate(() => {
      const audio = document.querySelector<HTMLAudioElement>('audio[data-player="main"]')!;
      audio.pause();
    });
    await trending(page).getByRole('button', { name: label, exact: true }).waitFor();
    // …and picks another song after listening a while, when the browser has finished buffering
    // this one (and warming the next): wait until no <audio> is downloading (at most 3 s).
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const started = Date.now();
          const timer = setInterval(() => {
            const busy = [...document.querySelectorAll('audio')].some(
              (audio) => audio.networkState === HTMLMediaElement.NETWORK_LOADING,
            );
            if (busy && Date.now() - started < 3000) return;
            clearInterval(timer);
            resolve();
          }, 50);
        }),
    );
  }
  return page.evaluate(() => ({ playing: window.__playLatencies, loadStart: window.__loadStarts }));
}

const scenario: Scenario = {
  name: 'play-latency',
  description:
    'click on a home Play button → the <audio> `playing` event, measured in Chromium on localhost (demo catalog, songs not yet cached)',
  async run(): Promise<Figure[]> {
    const dataDir = await freshDemoDataDir('chorus-bench-play-');
    const server = await startServer({ DATA_DIR: dataDir, DEMO_CATALOG: 'on' }, 120_000);
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    try {
      const latencies: number[] = [];
      const firstClicks: number[] = [];
      const loadStarts: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        await context.addInitScript(() => {
          window.__playLatencies = [];
          window.__loadStarts = [];
          let clickedAt: number | null = null;
          let loadStarted = false;
          // Capture phase, so the time is taken before the app's own handler runs; the event's
          // timeStamp is when the browser received the click.
          document.addEventListener(
            'click',
            (event) => {
              const target = event.target as Element | null;
              if (!target?.closest('button[aria-label^="Play "]')) return;
              clickedAt = event.timeStamp;
              loadStarted = false;
            },
            true,
          );
          // The browser starts fetching the song: what happens before depends on the app alone.
          document.addEventListener(
            'loadstart',
            (event) => {
              const audio = event.target as HTMLElement;
              if (clickedAt === null || loadStarted || audio.dataset.player !== 'main') return;
              loadStarted = true;
              window.__loadStarts.push(performance.now() - clickedAt);
            },
            true,
          );
          // `playing` does not bubble, but capture listeners on the document still see it.
          document.addEventListener(
            'playing',
            (event) => {
              const audio = event.target as HTMLElement;
              if (clickedAt === null || audio.dataset.player !== 'main') return;
              window.__playLatencies.push(performance.now() - clickedAt);
              clickedAt = null;
            },
            true,
          );
        });
        const page = await context.newPage();
        const got = await round(page, server.url);
        if (process.env.BENCH_VERBOSE) {
          console.log(got.playing.map((v) => v.toFixed(0)).join(' '));
        }
        latencies.push(...got.playing);
        loadStarts.push(...got.loadStart);
        firstClicks.push(got.playing[0]!);
        await context.close();
      }
      const load = os.loadavg().map((value) => value.toFixed(2));
      return [
        {
          name: 'click → playing (median)',
          value: percentile(latencies, 50),
          unit: 'ms',
          budget: { op: '<=', value: 150 },
          note: `${latencies.length} clicks; load average ${load.join(' ')}`,
        },
        {
          name: 'click → playing (p95)',
          value: percentile(latencies, 95),
          unit: 'ms',
          budget: { op: '<=', value: 150 },
          note: `max ${Math.max(...latencies).toFixed(0)} ms`,
        },
        {
          name: 'click → the browser starts loading the song (median)',
          value: percentile(loadStarts, 50),
          unit: 'ms',
          note: `p95 ${percentile(loadStarts, 95).toFixed(1)} ms: the app's share, before network and decoding`,
        },
        {
          name: 'first click after the page loads (median)',
          value: percentile(firstClicks, 50),
          unit: 'ms',
          note: `max ${Math.max(...firstClicks).toFixed(0)} ms over ${firstClicks.length} page loads`,
        },
      ];
    } finally {
      await browser.close();
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

export default scenario;
