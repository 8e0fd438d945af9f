import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import { createArtist } from '../../../tests/helpers/factories.ts';
import { catalogIsEmpty } from './demo-process.ts';
import { seedDemoCatalog, seedDemoIfEmpty } from './seed.ts';

describe('demo catalog seeding', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('fills an empty database with playable songs, portraits and covers', async () => {
    expect(await catalogIsEmpty(t.deps.db)).toBe(true);
    const result = await seedDemoCatalog(t.deps.db, t.deps.media, { songCount: 3 });
    expect(result.songs).toBe(3);
    expect(await catalogIsEmpty(t.deps.db)).toBe(false);

    const songs = (await t.app.inject({ method: 'GET', url: '/api/songs?limit=50' })).json();
    expect(songs.total).toBe(3);
    for (const song of songs.items) {
      expect(song.durationSeconds).toBeGreaterThanOrEqual(20);
      expect(song.durationSeconds).toBeLessThanOrEqual(90);
      expect(song.artist.length).toBeGreaterThan(0);
      const audio = await t.app.inject({
        method: 'GET',
        url: song.url,
        headers: { range: 'bytes=0-1' },
      });
      expect(audio.statusCode).toBe(206);
      expect(audio.headers['content-type']).toBe('audio/mpeg');
      expect(song.coverImage).toMatch(/^\/api\/images\/[a-f0-9]{64}\/640\.webp$/);
      const cover = await t.app.inject({
        method: 'GET',
        url: song.coverImage.replace('640', '300'),
      });
      expect(cover.statusCode).toBe(200);
      expect(cover.headers['content-type']).toBe('image/webp');
    }

    // Bits per second, as the upload probe stores them: the demo's MP3s are 48–320 kbps.
    const bitrates = await t.deps.db.selectFrom('songs').select('audio_bitrate').execute();
    for (const { audio_bitrate } of bitrates) {
      expect(audio_bitrate).toBeGreaterThanOrEqual(48_000);
      expect(audio_bitrate).toBeLessThanOrEqual(320_000);
    }

    const artists = (await t.app.inject({ method: 'GET', url: '/api/artists?limit=50' })).json();
    expect(artists.total).toBeGreaterThanOrEqual(12);
    expect(artists.items.every((artist: { image: string | null }) => artist.image !== null)).toBe(
      true,
    );
    // The albums listed are those holding a listed song: the few songs asked for fill some.
    const albums = (await t.app.inject({ method: 'GET', url: '/api/albums?limit=50' })).json();
    const holding = await t.deps.db
      .selectFrom('songs')
      .select('album_id')
      .distinct()
      .where('listed', '=', 1)
      .where('album_id', 'is not', null)
      .execute();
    expect(holding.length).toBeGreaterThan(0);
    expect(albums.items.map((album: { _id: number }) => album._id).sort()).toEqual(
      holding.map((row) => row.album_id).sort(),
    );
    expect(await t.deps.db.selectFrom('albums').select('id').execute()).toHaveLength(6);
  });

  it('counts a catalog with only an artist as not empty', async () => {
    const other = await createTestApp();
    try {
      await createArtist(other.deps);
      expect(await catalogIsEmpty(other.deps.db)).toBe(false);
      // So the demo is not made there.
      expect(await seedDemoIfEmpty(other.database, other.deps.media)).toBeNull();
    } finally {
      await other.close();
    }
  });
});
