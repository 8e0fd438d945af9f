import { createHash } from 'node:crypto';
import { storeImage } from '../../media/images.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { audioKey } from '../../media/media-store.ts';
import { type DatabaseHandle, type Db, takingTurns } from '../database.ts';
import { catalogIsEmpty, type SeedResult } from './demo-process.ts';
import { type GenerateOptions, generateDemoCatalog } from './generate.ts';

function slug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '');
}

/**
 * Makes the demo catalog if the catalog is still empty, null if it is not. Instances starting at
 * once on one database take turns, so the first makes it and the others find it made.
 */
export function seedDemoIfEmpty(
  handle: DatabaseHandle,
  media: MediaStore,
  options: GenerateOptions = {},
): Promise<SeedResult | null> {
  return takingTurns(handle, 'demo catalog', async (db) =>
    (await catalogIsEmpty(db)) ? seedDemoCatalog(db, media, options) : null,
  );
}

/**
 * Generates the demo catalog (music, portraits, covers) and stores it. Rows are written in one
 * transaction after all media is stored, so a failure leaves no half catalog behind.
 */
export async function seedDemoCatalog(
  db: Db,
  media: MediaStore,
  options: GenerateOptions = {},
): Promise<SeedResult> {
  const started = Date.now();
  const catalog = await generateDemoCatalog(options);

  const artistImages = await Promise.all(
    catalog.artists.map((artist) => storeImage(media, artist.portrait)),
  );
  const albumCovers = await Promise.all(
    catalog.albums.map((album) => storeImage(media, album.cover)),
  );
  const songCovers = await Promise.all(
    catalog.songs.map((song) => (song.albumIndex === null ? storeImage(media, song.cover) : null)),
  );
  const songAudio = await Promise.all(
    catalog.songs.map(async (song) => {
      const hash = createHash('sha256').update(song.audio).digest('hex');
      const key = audioKey(hash, 'mp3');
      await media.putBuffer(key, song.audio);
      return key;
    }),
  );

  // Newest first is the order lists fall back to, so spread creation times a minute apart.
  const base = Date.now();
  const at = (minutesAgo: number) => new Date(base - minutesAgo * 60_000).toISOString();

  await db.transaction().execute(async (trx) => {
    const artistIds: number[] = [];
    for (const [index, artist] of catalog.artists.entries()) {
      const row = await trx
        .insertInto('artists')
        .values({
          name: artist.name,
          description: artist.description,
          email: `${slug(artist.name)}@artists.chorus.local`,
          image_key: artistImages[index]!,
          is_disabled: 0,
          verified: artist.verified ? 1 : 0,
          created_at: at(10_000 - index),
          updated_at: at(10_000 - index),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      artistIds.push(row.id);
    }
    const albumIds: number[] = [];
    for (const [index, album] of catalog.albums.entries()) {
      const row = await trx
        .insertInto('albums')
        .values({
          title: album.title,
          artist_id: artistIds[album.artistIndex]!,
          cover_key: albumCovers[index]!,
          year: album.year,
          created_at: at(5_000 - index),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      albumIds.push(row.id);
    }
    for (const [index, song] of catalog.songs.entries()) {
      const row = await trx
        .insertInto('songs')
        .values({
          title: song.title,
          genre: song.genre,
          duration: song.durationSeconds,
          status: 'Active',
          is_deleted: 0,
          audio_key: songAudio[index]!,
          audio_mime: 'audio/mpeg',
          audio_size: song.audio.length,
          audio_codec: 'MPEG 1 Layer 3',
          audio_bitrate: Math.round((song.audio.length * 8) / song.durationSeconds),
          cover_key: song.albumIndex === null ? songCovers[index]! : albumCovers[song.albumIndex]!,
          album_id: song.albumIndex === null ? null : albumIds[song.albumIndex]!,
          track_number: song.trackNumber,
          created_at: at(1_000 - index),
          updated_at: at(1_000 - index),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('song_artists')
        .values(
          song.artistIndexes.map((artistIndex, position) => ({
            song_id: row.id,
            artist_id: artistIds[artistIndex]!,
            position,
          })),
        )
        .execute();
    }
  });

  return {
    artists: catalog.artists.length,
    albums: catalog.albums.length,
    songs: catalog.songs.length,
    milliseconds: Date.now() - started,
  };
}
