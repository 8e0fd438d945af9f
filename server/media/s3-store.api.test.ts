import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taggedMp3 } from '../../tests/fixtures/id3.ts';
import { makeMp3, makePng } from '../../tests/fixtures/media.ts';
import { createTestApp, type TestApp, type TestContext } from '../../tests/helpers/api-app.ts';
import { createArtist, createUser, type TestUser } from '../../tests/helpers/factories.ts';
import { multipart, putPlaylistCover } from '../../tests/helpers/multipart.ts';
import { startTestBucket, type TestBucket } from '../../tests/helpers/s3-server.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { seedDemoCatalog } from '../db/demo/seed.ts';
import { importFolder } from '../modules/admin-songs/folder-import.ts';
import { MEDIA_COLLECTED_WITHIN_MS } from './collector.ts';
import { createMediaStore } from './create-store.ts';
import { MediaStoreUnreachable } from './media-store.ts';
import { S3MediaStore } from './s3-store.ts';
import { SIGNED_URL_SECONDS } from './send.ts';

describe('media in an S3-compatible bucket', () => {
  let bucket: TestBucket;
  let t: TestContext;
  let proxied: TestApp;
  let admin: TestUser;
  let artistId: number;
  let mp3: Buffer;
  let songId: number;
  let coverUrl: string;
  let cover: Buffer;

  const auth = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });
  const songCount = async (context: TestContext) =>
    Number(
      (
        await context.deps.db
          .selectFrom('songs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const addSong = (title: string, audio: Buffer) => {
    const form = multipart({
      title,
      artist: String(artistId),
      genre: 'Electronic',
      duration: '0:03',
      status: 'Active',
      audioFile: { filename: 'song.mp3', contentType: 'audio/mpeg', data: audio },
      imageFile: { filename: 'cover.png', contentType: 'image/png', data: cover },
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/addSongs',
      payload: form.payload,
      headers: { ...form.headers, ...auth(admin) },
    });
  };
  const objectsInBucket = () =>
    fs
      .readdirSync(bucket.directory, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('._S3rver_object'));

  beforeAll(async () => {
    bucket = await startTestBucket();
    t = await createTestApp(bucket.env);
    // A second instance on the same database and bucket, sending the bytes itself.
    proxied = await buildApp({
      config: { ...t.config, mediaDelivery: 'proxy' },
      database: t.database,
      media: t.deps.media,
      logger: false,
    });
    admin = await createUser(t.deps, { role: 'admin' });
    artistId = (await createArtist(t.deps, { name: 'Cloud Choir' })).id;
    mp3 = makeMp3(3, 370);
    cover = await makePng(48, '#00aa77');
    const added = await addSong('Bucket Song', mp3);
    expect(added.statusCode).toBe(201);
    songId = added.json()._id;
    coverUrl = added.json().coverImage;
  });
  afterAll(async () => {
    await proxied?.close();
    await t?.close();
    await bucket?.stop();
  });

  it('stores the upload and its cover variants in the bucket, none of it on local disk', () => {
    // The audio, the cover's original and its three WebP widths.
    expect(objectsInBucket()).toHaveLength(5);
    expect(fs.existsSync(path.join(t.dataDir, 'media'))).toBe(false);
  });

  it('sends audio as a 302 to a signed URL that serves the bytes and their ranges', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/songs/${songId}/stream` });
    expect(response.statusCode).toBe(302);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const location = String(response.headers.location);
    expect(location.startsWith(`${bucket.endpoint}/${bucket.bucket}/audio/`)).toBe(true);
    expect(location).toContain('X-Amz-Signature=');

    const whole = await fetch(location);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await whole.arrayBuffer()).equals(mp3)).toBe(true);

    const part = await fetch(location, { headers: { range: 'bytes=100-1099' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(mp3.subarray(100, 1100))).toBe(true);
  });

  it('hands a signed URL out again for at most 10 minutes, then signs a new one', async () => {
    const first = await t.app.inject({ method: 'GET', url: `/api/songs/${songId}/stream` });
    const again = await t.app.inject({ method: 'GET', url: `/api/songs/${songId}/stream` });
    expect(again.headers.location).toBe(first.headers.location);
    const store = t.deps.media;
    if (!(store instanceof S3MediaStore)) throw new Error('the test app should keep media in S3');
    const { audio_key: key } = await t.deps.db
      .selectFrom('songs')
      .select('audio_key')
      .where('id', '=', songId)
      .executeTakeFirstOrThrow();
    // Signatures carry the time to the second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const options = {
      contentType: 'audio/mpeg',
      cacheControl: 'private, no-cache',
      expiresSeconds: SIGNED_URL_SECONDS,
    };
    expect(await store.signedUrl(key, options, Date.now() + 9 * 60_000)).toBe(
      first.headers.location,
    );
    const later = await store.signedUrl(key, options, Date.now() + 10 * 60_000 + 1);
    expect(later).not.toBe(first.headers.location);
    expect((await fetch(later)).status).toBe(200);
  });

  it('checks access before signing: a hidden song gets a 404, not a URL', async () => {
    const hidden = await addSong('Hidden Song', makeMp3(2, 520));
    const id = hidden.json()._id;
    await t.deps.db.updateTable('songs').set({ status: 'Inactive' }).where('id', '=', id).execute();
    const response = await t.app.inject({ method: 'GET', url: `/api/songs/${id}/stream` });
    expect(response.statusCode).toBe(404);
    expect(response.headers.location).toBeUndefined();
  });

  it('lets the page play from the bucket: its origin is in the media sources', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toMatch(new RegExp(`media-src [^;]*${bucket.endpoint}`));
  });

  it('with MEDIA_DELIVERY=proxy, streams the bytes through Chorus, ranges included', async () => {
    const whole = await proxied.inject({ method: 'GET', url: `/api/songs/${songId}/stream` });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(mp3)).toBe(true);
    const part = await proxied.inject({
      method: 'GET',
      url: `/api/songs/${songId}/stream`,
      headers: { range: 'bytes=10-29' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-29/${mp3.length}`);
    expect(part.rawPayload.equals(mp3.subarray(10, 30))).toBe(true);
    const policy = String(whole.headers['content-security-policy']);
    expect(policy).not.toContain(bucket.endpoint);
  });

  it('serves cover variants from the bucket through Chorus', async () => {
    const response = await t.app.inject({ method: 'GET', url: coverUrl });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
  });

  it('makes the demo catalog and imports a folder into the bucket', async () => {
    const before = objectsInBucket().length;
    const seeded = await seedDemoCatalog(t.deps.db, t.deps.media, { songCount: 2 });
    expect(seeded.songs).toBe(2);
    const folder = path.join(t.dataDir, 'music');
    fs.mkdirSync(folder, { recursive: true });
    const imported = taggedMp3(makeMp3(2, 610), { title: 'Imported', artist: 'Folder Band' });
    fs.writeFileSync(path.join(folder, 'imported.mp3'), imported);
    const report = await importFolder(t.deps, folder);
    expect(report.imported).toBe(1);
    expect(objectsInBucket().length).toBeGreaterThan(before + 2);
    const song = await t.deps.db
      .selectFrom('songs')
      .select('id')
      .where('title', '=', 'Imported')
      .executeTakeFirstOrThrow();
    const stream = await proxied.inject({ method: 'GET', url: `/api/songs/${song.id}/stream` });
    expect(stream.rawPayload.equals(imported)).toBe(true);
  });

  it('names a Subsonic download in the signed URL, which the bucket answers with', async () => {
    const listener = await createUser(t.deps);
    const { appKey } = await t.deps.services.appKeys.create(listener.id);
    const response = await t.app.inject({
      method: 'GET',
      url: `/rest/download?apiKey=${appKey}&id=${songId}`,
    });
    expect(response.statusCode).toBe(302);
    const saved = await fetch(String(response.headers.location));
    expect(Buffer.from(await saved.arrayBuffer()).equals(mp3)).toBe(true);
    expect(saved.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"]+\.mp3"/);
    // A stream of the same song is handed another URL, which names nothing.
    const streamed = await t.app.inject({ method: 'GET', url: `/api/songs/${songId}/stream` });
    expect(streamed.headers.location).not.toBe(response.headers.location);
    const played = await fetch(String(streamed.headers.location));
    expect(played.headers.get('content-disposition')).toBeNull();
    await played.arrayBuffer();
  });

  it('transcodes audio read from the bucket through a signed URL', async () => {
    const listener = await createUser(t.deps);
    const { appKey } = await t.deps.services.appKeys.create(listener.id);
    const url = `/rest/stream?apiKey=${appKey}&id=${songId}&format=opus&maxBitRate=64`;
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('audio/ogg');
    expect(first.headers['x-transcode-cache']).toBe('miss');
    expect(first.rawPayload.subarray(0, 4).toString('latin1')).toBe('OggS');
    const second = await t.app.inject({ method: 'GET', url });
    expect(second.headers['x-transcode-cache']).toBe('hit');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('refuses to start on a bucket it cannot reach, naming the bucket', async () => {
    const config = loadConfig({ ...bucket.env, S3_BUCKET: 'no-such-bucket', DATA_DIR: t.dataDir });
    await expect(createMediaStore(config)).rejects.toThrow(MediaStoreUnreachable);
    await expect(createMediaStore(config)).rejects.toThrow(/no-such-bucket/);
  });

  it('lists its keys and collects a replaced cover from the bucket', async () => {
    const listed: string[] = [];
    for await (const key of t.deps.media.list('images/')) listed.push(key);
    expect(listed.length).toBeGreaterThanOrEqual(4);
    expect(listed.every((key) => key.startsWith('images/'))).toBe(true);

    const owner = await createUser(t.deps);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/user/addPlaylist',
      headers: auth(owner),
      payload: { name: 'Bucket covers' },
    });
    const playlistId = made.json().data._id as number;
    const setCover = async (png: Buffer) => {
      const response = await putPlaylistCover(t.app, owner.token, playlistId, png);
      expect(response.statusCode, response.body).toBe(200);
    };
    await setCover(await makePng(30, '#aa1100'));
    await setCover(await makePng(30, '#0011aa'));
    const before = objectsInBucket().length;
    expect(await t.deps.mediaCollector.sweep(Date.now() + MEDIA_COLLECTED_WITHIN_MS)).toBe(1);
    expect(objectsInBucket()).toHaveLength(before - 4);
  });

  // Last: it stops the bucket's server.
  it('answers an upload to an unreachable bucket with a 503 and adds no song', async () => {
    const before = await songCount(t);
    await bucket.stop();
    const response = await addSong('Lost Song', makeMp3(2, 700));
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toMatch(/media storage cannot be reached/);
    expect(await songCount(t)).toBe(before);
  });
});
