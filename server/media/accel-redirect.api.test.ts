import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng } from '../../tests/fixtures/media.ts';
import { createTestApp, type TestContext } from '../../tests/helpers/api-app.ts';
import { createArtist, createSong, createUser } from '../../tests/helpers/factories.ts';
import { type RunningNginx, startNginx } from '../../tests/helpers/nginx.ts';
import { storeImage } from './images.ts';
import { hashOfKey } from './media-store.ts';

/** Chorus behind Debian's nginx running docs/nginx.conf, with MEDIA_ACCEL_REDIRECT set. */
describe('media sent by nginx (X-Accel-Redirect)', () => {
  let t: TestContext;
  let nginx: RunningNginx;
  let direct: string;
  let songId: number;
  let hiddenId: number;
  let audio: Buffer;
  let etag: string;
  let audioKey: string;
  let imageHash: string;
  let appKey: string;

  beforeAll(async () => {
    t = await createTestApp({ MEDIA_ACCEL_REDIRECT: '/internal-media/', TRUST_PROXY: '127.0.0.1' });
    const artist = await createArtist(t.deps);
    songId = (await createSong(t.deps, { artistIds: [artist.id] })).id;
    hiddenId = (await createSong(t.deps, { artistIds: [artist.id], status: 'Inactive' })).id;
    appKey = (await t.deps.services.appKeys.create((await createUser(t.deps)).id)).appKey;
    audioKey = (
      await t.deps.db
        .selectFrom('songs')
        .select('audio_key')
        .where('id', '=', songId)
        .executeTakeFirstOrThrow()
    ).audio_key;
    etag = `"${hashOfKey(audioKey)}"`;
    const read = t.deps.media.read(audioKey);
    const chunks: Buffer[] = [];
    for await (const chunk of read) chunks.push(Buffer.from(chunk));
    audio = Buffer.concat(chunks);
    imageHash = await storeImage(t.deps.media, await makePng(40, '#884422'));
    direct = await t.app.listen({ host: '127.0.0.1', port: 0 });
    nginx = await startNginx({
      upstreams: [new URL(direct).host],
      mediaDir: path.join(t.dataDir, 'media'),
    });
  });
  afterAll(async () => {
    await nginx?.stop();
    await t?.close();
  });

  const stream = (base: string, id = songId, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/songs/${id}/stream`, { headers });

  it('answers the stream itself with the hand-off and its headers, and no bytes', async () => {
    const response = await stream(direct);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-accel-redirect')).toMatch(/^\/internal-media\/audio\/.+\.mp3$/);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(response.headers.get('etag')).toBe(etag);
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });

  it('lets nginx send the whole file with the headers Chorus chose', async () => {
    const response = await stream(nginx.url);
    expect(response.status, nginx.errors()).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(audio)).toBe(true);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(response.headers.get('etag')).toBe(etag);
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('x-accel-redirect')).toBeNull();
  });

  it('keeps the file name Chorus gives a Subsonic download', async () => {
    const response = await fetch(`${nginx.url}/rest/download?apiKey=${appKey}&id=${songId}`);
    expect(response.status, nginx.errors()).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(audio)).toBe(true);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Song [^"]+\.mp3"; filename\*=UTF-8''Song/,
    );
  });

  it("keeps Chorus's cross-origin headers: open for Subsonic apps, same-origin for the web app", async () => {
    const app = await fetch(`${nginx.url}/rest/stream?apiKey=${appKey}&id=${songId}&format=raw`, {
      headers: { origin: 'https://player.example' },
    });
    expect(app.status, nginx.errors()).toBe(200);
    expect(Buffer.from(await app.arrayBuffer()).equals(audio)).toBe(true);
    expect(app.headers.get('access-control-allow-origin')).toBe('*');
    expect(app.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const web = await stream(nginx.url);
    await web.arrayBuffer();
    expect(web.headers.get('access-control-allow-origin')).toBeNull();
    expect(web.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it('lets nginx answer ranges, and If-None-Match with a 304', async () => {
    const part = await stream(nginx.url, songId, { range: 'bytes=100-355' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-355/${audio.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(audio.subarray(100, 356))).toBe(true);
    const unchanged = await stream(nginx.url, songId, { 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
  });

  it('still checks access first: a hidden song is a 404 through nginx', async () => {
    const response = await stream(nginx.url, hiddenId);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Song not found' });
  });

  it('keeps the internal location unreachable from outside', async () => {
    const response = await fetch(`${nginx.url}/internal-media/audio/`);
    expect(response.status).toBe(404);
  });

  it("opens the media files to Chorus's group, where nginx's user reads them", async () => {
    const file = t.deps.media.localPath(audioKey)!;
    expect(fs.statSync(file).mode & 0o777).toBe(0o640);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o750);
    expect(fs.statSync(path.join(t.dataDir, 'media')).mode & 0o777).toBe(0o750);
    // The data folder above: passable by the group, not listable, whatever it was made with.
    expect(fs.statSync(t.dataDir).mode & 0o070).toBe(0o010);
  });

  it('hands images to nginx too', async () => {
    const response = await fetch(`${nginx.url}/api/images/${imageHash}/300.webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.subarray(8, 12).toString()).toBe('WEBP');
  });
});
