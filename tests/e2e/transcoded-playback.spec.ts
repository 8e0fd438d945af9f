import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { audioKey } from '../../server/media/media-store.ts';
import { createAlbum, createArtist, createSong } from '../helpers/factories.ts';
import { expect, expectAudioAdvancing, test } from './fixtures.ts';
import { serverDeps } from './support.ts';

/** Ten minutes: far more than the browser has received when the journey seeks. */
const SECONDS = 600;

/** An album holding one song stored as AIFF, which browsers cannot play as it is. */
async function aiffAlbum() {
  const deps = await serverDeps();
  const stamp = Date.now().toString(36);
  const artist = await createArtist(deps, { name: `Aiff Artist ${stamp}` });
  const album = await createAlbum(
    deps,
    artist.id,
    `Lossless ${stamp}`,
    new Date('2001-01-01T00:00:00.000Z'),
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chorus-aiff-'));
  const file = path.join(dir, 'tone.aiff');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', `sine=frequency=440:sample_rate=8000:duration=${SECONDS}`, '-ac', '1', file],
  ]);
  const data = fs.readFileSync(file);
  fs.rmSync(dir, { recursive: true, force: true });
  const key = audioKey(createHash('sha256').update(data).digest('hex'), 'aiff');
  await deps.media.putBuffer(key, data);
  const song = await createSong(deps, {
    title: `Aiff Tone ${stamp}`,
    artistIds: [artist.id],
    albumId: album.id,
    duration: SECONDS,
    audio: { key, size: data.length, mime: 'audio/aiff', codec: 'PCM', bitrate: 128_000 },
  });
  return { album, songId: song.id };
}

/** Seconds shown as m:ss by the player, read back. */
const shownSeconds = (text: string | null) => {
  const [minutes, seconds] = (text ?? '').split(':').map(Number);
  return (minutes ?? 0) * 60 + (seconds ?? 0);
};

test('a song browsers cannot play plays through a live transcode, with its real length, and seeks in its first play', async ({
  page,
}) => {
  const { album, songId } = await aiffAlbum();
  await page.goto(`/album/${album.id}`);
  const stream = page.waitForResponse((response) =>
    response.url().includes(`/api/songs/${songId}/stream`),
  );
  await page.getByRole('button', { name: `Play ${album.title}` }).click();
  // The first play is a transcode made as it is heard, not yet in the cache.
  const first = await stream;
  expect(first.headers()['x-transcode-cache']).toBe('miss');
  expect(first.headers()['content-type']).toBe('audio/mpeg');
  await expectAudioAdvancing(page, 0.5);

  const player = page.getByRole('region', { name: 'Player' });
  const total = player.getByTestId('total');
  const elapsed = player.getByTestId('elapsed');
  // The song's own length from the start, and it stays so while the transcode goes on.
  await expect(total).toHaveText('10:00');
  await page.waitForTimeout(1_500);
  await expect(total).toHaveText('10:00');
  await expect(player.getByRole('slider', { name: 'Seek' })).toHaveAttribute(
    'max',
    String(SECONDS),
  );

  // A seek far past what has arrived asks the server for the song from there (the browser
  // would guess a byte offset in a stream of unknown length), and plays from there.
  const fromThere = page.waitForResponse(
    (response) =>
      response.url().includes(`/api/songs/${songId}/stream?`) && response.url().includes('t=480'),
  );
  await player.getByRole('slider', { name: 'Seek' }).fill('480');
  const seeked = await fromThere;
  expect(seeked.status()).toBe(200);
  expect(seeked.headers()['content-type']).toBe('audio/mpeg');
  await expect
    .poll(async () => shownSeconds(await elapsed.textContent()))
    .toBeGreaterThanOrEqual(480);
  const after = shownSeconds(await elapsed.textContent());
  await expect
    .poll(async () => shownSeconds(await elapsed.textContent()), { timeout: 10_000 })
    .toBeGreaterThan(after + 1);
  expect(shownSeconds(await elapsed.textContent())).toBeLessThan(490);
  await expect(total).toHaveText('10:00');
  await expect(player.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
});
