import fs from 'node:fs';

/** Debian's Chromium, or CHROMIUM_PATH; no browser is ever downloaded. */
export function chromiumPath(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ].filter((path): path is string => Boolean(path));
  const found = candidates.find((path) => fs.existsSync(path));
  if (!found) {
    throw new Error(
      'No Chromium found for the browser tests. Install it (Debian: `apt-get install chromium`) or set CHROMIUM_PATH.',
    );
  }
  return found;
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];
