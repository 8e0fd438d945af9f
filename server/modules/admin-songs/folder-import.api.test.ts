import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taggedMp3 } from '../../../tests/fixtures/id3.ts';
import { makeJpeg, makeMp3, makeWav } from '../../../tests/fixtures/media.ts';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import { createArtist } from '../../../tests/helpers/factories.ts';
import { filesUnder } from '../../../tests/helpers/multipart.ts';
import { type ImportReport, importFolder } from './folder-import.ts';

describe('folder import', () => {
  let t: TestContext;
  let folder: string;
  let first: ImportReport;

  beforeAll(async () => {
    t = await createTestApp();
    // An artist that already exists is linked, not duplicated: names compare in any case, of any
    // alphabet (SQLite's own `lower` changes A to Z only).
    await createArtist(t.deps, { name: 'Zoë Ármann' });
    folder = path.join(t.dataDir, 'music');
    const cover = await makeJpeg(32, '#aa0000');
    const audio = makeMp3(2, 250);
    const write = (relative: string, data: Buffer) => {
      const full = path.join(folder, relative);
      fs.mkdirSync(path.dirname(full), { recursive: true });
      fs.writeFileSync(full, data);
    };
    for (let track = 1; track <= 3; track++) {
      write(
        `Night Owls/Moonrise/${track} - song.mp3`,
        taggedMp3(audio, {
          title: `Moon Track ${track}`,
          artist: 'Night Owls',
          album: 'Moonrise',
          track,
          year: 2021,
          genre: 'jazz',
          cover: { mime: 'image/jpeg', data: cover },
        }),
      );
    }
    write(
      'Various/duet.mp3',
      taggedMp3(makeMp3(1, 300), {
        title: 'Duet',
        artist: 'ZOË ÁRMANN\u0000Night Owls',
        genre: 'Synthwave',
      }),
    );
    // The same bytes twice: imported once.
    const twice = taggedMp3(makeMp3(1, 410), { title: 'Twice', artist: 'Echo' });
    write('a/twice.mp3', twice);
    write('b/twice-copy.mp3', twice);
    write('untagged/03_Plain_Wave.wav', makeWav(1));
    write('notes.txt', Buffer.from('not scanned'));
    write('cover.jpg', cover);
    // Broken ones: listed at the end, never stopping the run.
    write('broken/fake.mp3', Buffer.from('this is text pretending to be music '.repeat(30)));
    write('broken/cut.mp3', audio.subarray(0, 200));
    write('broken/empty.flac', Buffer.alloc(0));
    first = await importFolder(t.deps, folder, { concurrency: 3 });
  });
  afterAll(() => t.close());

  it('imports every good file, skips duplicates and lists the bad ones', () => {
    expect(first.scanned).toBe(10);
    expect(first.imported).toBe(6);
    expect(first.skipped).toBe(1);
    expect(first.failed.map((failure) => failure.file)).toEqual([
      path.join('broken', 'cut.mp3'),
      path.join('broken', 'empty.flac'),
      path.join('broken', 'fake.mp3'),
    ]);
    for (const failure of first.failed) expect(failure.reason.length).toBeGreaterThan(5);
    expect(first.albumsCreated).toBe(1);
    expect(first.artistsCreated).toBe(3); // Night Owls, Echo, Unknown Artist
  });

  it('reads the tags: title, artists, album, track, year, genre and the embedded cover', async () => {
    const songs = await t.deps.db
      .selectFrom('songs')
      .leftJoin('albums', 'albums.id', 'songs.album_id')
      .select([
        'songs.id',
        'songs.title',
        'songs.genre',
        'songs.duration',
        'songs.track_number',
        'songs.cover_key',
        'songs.audio_mime',
        'albums.title as album',
        'albums.year',
        'albums.cover_key as album_cover',
      ])
      .orderBy('songs.title')
      .execute();
    const byTitle = new Map(songs.map((song) => [song.title, song]));
    const moon = byTitle.get('Moon Track 2')!;
    expect(moon).toMatchObject({
      genre: 'Jazz',
      duration: 2,
      track_number: 2,
      album: 'Moonrise',
      year: 2021,
      audio_mime: 'audio/mpeg',
    });
    expect(moon.cover_key).toMatch(/^[a-f0-9]{64}$/);
    expect(moon.album_cover).toBe(moon.cover_key);
    expect(byTitle.get('Duet')!.genre).toBe('Synthwave');
    // No title tag: the file name without its track number.
    expect(byTitle.has('Plain Wave')).toBe(true);

    const duetArtists = await t.deps.db
      .selectFrom('song_artists')
      .innerJoin('artists', 'artists.id', 'song_artists.artist_id')
      .select('artists.name')
      .where('song_artists.song_id', '=', byTitle.get('Duet')!.id)
      .orderBy('song_artists.position')
      .execute();
    expect(duetArtists.map((row) => row.name)).toEqual(['Zoë Ármann', 'Night Owls']);
    const existing = await t.deps.db
      .selectFrom('artists')
      .select('id')
      .where('name', '=', 'ZOË ÁRMANN')
      .execute();
    expect(existing).toEqual([]);
  });

  it('leaves no staging files and stores each imported file', async () => {
    const media = path.join(t.dataDir, 'media');
    expect(filesUnder(path.join(media, '.staging'))).toEqual([]);
    const audio = filesUnder(media).filter((file) => file.startsWith('audio'));
    expect(audio).toHaveLength(6);
  });

  it('the songs play through the listener API', async () => {
    const list = (await t.app.inject({ url: '/api/songs?limit=50' })).json();
    const moon = list.items.find((song: { title: string }) => song.title === 'Moon Track 1');
    expect(moon.albumName).toBe('Moonrise');
    const stream = await t.app.inject({ url: moon.url });
    expect(stream.statusCode).toBe(200);
  });

  it('a second run adds nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.deps.db
            .selectFrom('songs')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const again = await importFolder(t.deps, folder);
    expect(again.imported).toBe(0);
    expect(again.skipped).toBe(7);
    expect(again.failed).toHaveLength(3);
    expect(again.artistsCreated).toBe(0);
    expect(again.albumsCreated).toBe(0);
    expect(await count()).toBe(before);
  });

  it('refuses a path that is not a folder', async () => {
    await expect(importFolder(t.deps, path.join(folder, 'notes.txt'))).rejects.toThrow(
      /is not a folder/,
    );
  });
});

describe('sniffing past an ID3 tag', () => {
  it('identifies an MP3 whose tag holds a cover larger than the sniffed head', async () => {
    const { stageStream, sniffAudio } = await import('../../media/upload.ts');
    const { LocalMediaStore } = await import('../../media/local-store.ts');
    const os = await import('node:os');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chorus-sniff-'));
    try {
      const media = new LocalMediaStore(dir);
      const cover = Buffer.concat([await makeJpeg(16), Buffer.alloc(20_000, 1)]);
      const file = taggedMp3(makeMp3(1), {
        title: 'Big Tag',
        cover: { mime: 'image/jpeg', data: cover },
      });
      const { Readable } = await import('node:stream');
      // Small chunks: the tag's end falls in a later chunk than its header.
      const chunks = Array.from({ length: Math.ceil(file.length / 1000) }, (_, i) =>
        file.subarray(i * 1000, (i + 1) * 1000),
      );
      const staged = await stageStream(media, Readable.from(chunks), {
        limit: 1_000_000,
        kind: 'audio',
        filename: 'big.mp3',
      });
      expect(staged.afterTag?.subarray(0, 2)).toEqual(makeMp3(1).subarray(0, 2));
      expect(await sniffAudio(staged, { transcodes: true })).toEqual({
        extension: 'mp3',
        mime: 'audio/mpeg',
      });
      // A tag in front of text is not audio, whatever the tag says.
      const fake = Buffer.concat([
        taggedMp3(Buffer.alloc(0), { title: 'Fake' }),
        Buffer.from('<html>not audio</html>'.repeat(300)),
      ]);
      const stagedFake = await stageStream(media, Readable.from([fake]), {
        limit: 1_000_000,
        kind: 'audio',
        filename: 'fake.mp3',
      });
      await expect(sniffAudio(stagedFake, { transcodes: true })).rejects.toThrow(/not/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
