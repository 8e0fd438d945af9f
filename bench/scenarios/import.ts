import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate, openDatabase } from '../../server/db/database.ts';
import { LocalMediaStore } from '../../server/media/local-store.ts';
import { importFolder } from '../../server/modules/admin-songs/folder-import.ts';
import { taggedMp3 } from '../../tests/fixtures/id3.ts';
import { makeJpeg, makeMp3 } from '../../tests/fixtures/media.ts';
import type { Figure, Scenario } from '../scenario.ts';

const FILES = 5000;
const PER_ALBUM = 12;
const ARTISTS = 120;

/**
 * A folder of 5,000 small tagged MP3s (ID3v2.4: title, artist, album, track, year, genre and an
 * embedded cover shared by each album's tracks, as ripped albums have), laid out
 * artist/album/track. Every file's bytes differ (the tag does), so each is a new song.
 */
async function generate(root: string): Promise<void> {
  const audio = [makeMp3(1, 220), makeMp3(1, 262), makeMp3(1, 330), makeMp3(1, 392)];
  const albums = Math.ceil(FILES / PER_ALBUM);
  const covers = await Promise.all(
    Array.from({ length: albums }, (_, i) =>
      makeJpeg(96, `#${((i * 2_654_435_761) >>> 8).toString(16).padStart(6, '0').slice(0, 6)}`),
    ),
  );
  for (let i = 0; i < FILES; i++) {
    const album = Math.floor(i / PER_ALBUM);
    const artist = album % ARTISTS;
    const track = (i % PER_ALBUM) + 1;
    const dir = path.join(root, `Artist ${artist}`, `Album ${album}`);
    if (track === 1) fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, `${String(track).padStart(2, '0')} Track.mp3`),
      taggedMp3(audio[i % audio.length]!, {
        title: `Track ${i}`,
        artist: `Artist ${artist}`,
        album: `Album ${album}`,
        track,
        year: 1990 + (album % 30),
        genre: ['Rock', 'Jazz', 'Pop', 'Electronic'][album % 4]!,
        cover: { mime: 'image/jpeg', data: covers[album]! },
      }),
    );
  }
}

const scenario: Scenario = {
  name: 'import',
  description: `npm run import on a generated folder of ${FILES} small tagged MP3s (embedded covers), SQLite, copying into the media store included; then a re-run that must add nothing`,
  async run(): Promise<Figure[]> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chorus-bench-import-'));
    try {
      const music = path.join(dataDir, 'music');
      await generate(music);
      const database = await openDatabase({ url: null, dataDir });
      await migrate(database);
      const media = new LocalMediaStore(path.join(dataDir, 'media'));
      const first = await importFolder(
        { db: database.db, media, transcoder: { available: false } },
        music,
      );
      const second = await importFolder(
        { db: database.db, media, transcoder: { available: false } },
        music,
      );
      await database.close();
      if (first.imported !== FILES || first.failed.length > 0) {
        throw new Error(
          `import incomplete: ${first.imported} imported, ${first.failed.length} failed (${first.failed[0]?.reason ?? ''})`,
        );
      }
      if (second.imported !== 0) throw new Error(`the re-run imported ${second.imported} files`);
      return [
        {
          name: 'first import',
          value: FILES / first.seconds,
          unit: 'files/s',
          budget: { op: '>=', value: 100 },
          note: `${FILES} files in ${first.seconds.toFixed(1)} s; ${first.artistsCreated} artists, ${first.albumsCreated} albums created`,
        },
        {
          name: 're-run (everything skipped by hash)',
          value: FILES / second.seconds,
          unit: 'files/s',
          note: `${second.skipped} skipped in ${second.seconds.toFixed(1)} s`,
        },
      ];
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

export default scenario;
