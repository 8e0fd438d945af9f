import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { migrate, openDatabase } from '../../server/db/database.ts';
import { LocalMediaStore } from '../../server/media/local-store.ts';
import { audioKey } from '../../server/media/media-store.ts';
import { createAppKeysService } from '../../server/services.ts';
import { startServer } from '../../tests/helpers/server-process.ts';
import { type Figure, percentile, type Scenario } from '../scenario.ts';

const RUNS = Number(process.env.BENCH_TRANSCODES ?? 30);
const SONG_SECONDS = 240;

/** A four-minute stereo FLAC song, stored as an upload would, and a listener's app key. */
async function seed(dataDir: string): Promise<{ songId: number; apiKey: string }> {
  const file = path.join(dataDir, 'song.flac');
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${SONG_SECONDS}`,
    '-ac',
    '2',
    '-ar',
    '44100',
    file,
  ]);
  const bytes = fs.readFileSync(file);
  const key = audioKey(createHash('sha256').update(bytes).digest('hex'), 'flac');
  await new LocalMediaStore(path.join(dataDir, 'media')).putBuffer(key, bytes);
  const database = await openDatabase({ url: null, dataDir });
  try {
    await migrate(database);
    const db = database.db;
    const now = new Date().toISOString();
    const artist = await db
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
    const song = await db
      .insertInto('songs')
      .values({
        title: 'Bench tone',
        genre: 'Pop',
        duration: SONG_SECONDS,
        status: 'Active',
        is_deleted: 0,
        audio_key: key,
        audio_mime: 'audio/flac',
        audio_size: bytes.length,
        audio_codec: 'FLAC',
        audio_bitrate: null,
        cover_key: null,
        album_id: null,
        track_number: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('song_artists')
      .values({ song_id: song.id, artist_id: artist.id, position: 0 })
      .execute();
    const user = await db
      .insertInto('users')
      .values({
        email: 'bench@example.com',
        name: 'Bench',
        password_hash: null,
        role: 'listener',
        is_blocked: 0,
        is_premium: 0,
        date_of_birth: null,
        gender: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const apiKey = (await (await createAppKeysService(database, dataDir)).create(user.id)).appKey;
    return { songId: song.id, apiKey };
  } finally {
    await database.close();
  }
}

/** Milliseconds from sending `url` to its first body byte; the request is then abandoned. */
function firstByte(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { agent: false }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`transcode answered ${response.statusCode}`));
        return;
      }
      response.once('data', () => {
        resolve(performance.now() - started);
        request.destroy();
      });
    });
    request.on('error', reject);
  });
}

const scenario: Scenario = {
  name: 'transcode',
  description: `first byte of a cold 128 kbps MP3 transcode (Subsonic stream) of a ${SONG_SECONDS} s FLAC song, ${RUNS} runs one after another, no cache (the server in its own process)`,
  async run(): Promise<Figure[]> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chorus-bench-transcode-'));
    const { songId, apiKey } = await seed(dataDir);
    // No cache: every request starts ffmpeg, as the first play of a song does.
    const server = await startServer({
      DATA_DIR: dataDir,
      DEMO_CATALOG: 'off',
      TRANSCODE_CACHE_MB: '0',
    });
    try {
      const url = `${server.url}/rest/stream?apiKey=${apiKey}&id=${songId}&format=mp3&maxBitRate=128`;
      await firstByte(url);
      const ms: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        ms.push(await firstByte(url));
        // The abandoned transcode's ffmpeg is stopped before the next one starts.
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return [
        {
          name: 'first byte of a 128 kbps MP3 transcode, p95',
          value: Math.round(percentile(ms, 95)),
          unit: 'ms',
          budget: { op: '<=', value: 300 },
          note: `p50 ${Math.round(percentile(ms, 50))} ms, max ${Math.round(Math.max(...ms))} ms over ${RUNS} runs; load average ${os.loadavg()[0]!.toFixed(2)}`,
        },
      ];
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

export default scenario;
