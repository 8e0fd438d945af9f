import { createHash, randomBytes } from 'node:crypto';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { migrate, openDatabase } from '../../server/db/database.ts';
import { createMediaStore } from '../../server/media/create-store.ts';
import { audioKey } from '../../server/media/media-store.ts';

/**
 * Chorus as it runs in production (same app, same plugins, SQLite in a temp DATA_DIR) with one
 * song whose audio is `bytes` long, and the settings given as JSON (a bucket, X-Accel-Redirect).
 * Prints the port, the song id and, for a local store, the stored file's path and key.
 */
const dataDir = process.argv[2]!;
const bytes = Number(process.argv[3] ?? 8 * 1024 * 1024);
const settings = JSON.parse(process.argv[4] ?? '{}') as Record<string, string>;
const config = {
  ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', PORT: '0', ...settings }),
  webDir: null,
};
const database = await openDatabase({ url: null, dataDir });
await migrate(database);
const media = await createMediaStore(config);

const audio = randomBytes(bytes);
audio[0] = 0xff;
audio[1] = 0xfb;
const key = audioKey(createHash('sha256').update(audio).digest('hex'), 'mp3');
await media.putBuffer(key, audio);
const now = new Date().toISOString();
const artist = await database.db
  .insertInto('artists')
  .values({
    name: 'Bench',
    description: '',
    email: null,
    image_key: null,
    is_disabled: 0,
    verified: 0,
    created_at: now,
    updated_at: now,
  })
  .returning('id')
  .executeTakeFirstOrThrow();
const song = await database.db
  .insertInto('songs')
  .values({
    title: 'Bench song',
    genre: 'Pop',
    duration: 300,
    status: 'Active',
    is_deleted: 0,
    audio_key: key,
    audio_mime: 'audio/mpeg',
    audio_size: audio.length,
    audio_codec: null,
    audio_bitrate: null,
    cover_key: null,
    album_id: null,
    track_number: null,
    created_at: now,
    updated_at: now,
  })
  .returning('id')
  .executeTakeFirstOrThrow();
await database.db
  .insertInto('song_artists')
  .values({ song_id: song.id, artist_id: artist.id, position: 0 })
  .execute();

const app = await buildApp({ config, database, media, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.stdout.write(
  `${JSON.stringify({
    port: typeof address === 'object' && address ? address.port : 0,
    songId: song.id,
    key,
    file: media.localPath(key),
    size: audio.length,
  })}\n`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(0));
