import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GENRES } from '../../../contract/rules/catalog.ts';
import { makeJpeg, makeMp3, makePng, makeWav } from '../../../tests/fixtures/media.ts';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import {
  createArtist,
  createSong,
  createUser,
  type TestUser,
} from '../../../tests/helpers/factories.ts';
import { type FilePart, filesUnder, multipart } from '../../../tests/helpers/multipart.ts';
import { inspectAudio, stageStream, withMediaBatch } from '../../media/upload.ts';

describe('admin songs', () => {
  let t: TestContext;
  let admin: TestUser;
  let listener: TestUser;
  let artist: { id: number; name: string };
  let mp3: Buffer;
  let png: Buffer;
  const auth = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });
  const mediaDir = () => path.join(t.dataDir, 'media');

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.deps, { role: 'admin' });
    listener = await createUser(t.deps);
    artist = await createArtist(t.deps, { name: 'Nova Lights' });
    mp3 = makeMp3(3, 330);
    png = await makePng(40, '#123456');
  });
  afterAll(() => t.close());

  const songCount = async () =>
    Number(
      (
        await t.deps.db
          .selectFrom('songs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  function addSong(
    fields: Record<string, string | undefined>,
    files: { audioFile?: FilePart; imageFile?: FilePart },
    user: TestUser = admin,
  ) {
    const form = multipart({ ...fields, ...files });
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/addSongs',
      payload: form.payload,
      headers: { ...form.headers, ...auth(user) },
    });
  }

  const goodFields = () => ({
    title: 'Morning Glass',
    artist: String(artist.id),
    genre: 'Electronic',
    duration: '0:03',
    status: 'Active',
  });
  const goodFiles = () => ({
    audioFile: { filename: 'morning.mp3', contentType: 'audio/mpeg', data: mp3 },
    imageFile: { filename: 'cover.png', contentType: 'image/png', data: png },
  });

  describe('adding a song', () => {
    it('stores audio and cover, probes the audio, and answers the song as the body', async () => {
      const response = await addSong(goodFields(), goodFiles());
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body.title).toBe('Morning Glass');
      expect(body.artist).toEqual([{ _id: artist.id, name: 'Nova Lights' }]);
      expect(body.genre).toBe('Electronic');
      expect(body.status).toBe('Active');
      expect(body.duration).toBe('0:03');
      expect(body.coverImage).toMatch(/^\/api\/images\/[a-f0-9]{64}\/640\.webp$/);
      const row = await t.deps.db
        .selectFrom('songs')
        .selectAll()
        .where('id', '=', body._id)
        .executeTakeFirstOrThrow();
      expect(row.audio_mime).toBe('audio/mpeg');
      expect(row.audio_codec).toMatch(/Layer 3/);
      expect(row.audio_bitrate).toBe(64_000);
      expect(row.audio_size).toBe(mp3.length);
      // It plays: the stream answers the very bytes uploaded.
      const stream = await t.app.inject({ method: 'GET', url: body.url });
      expect(stream.statusCode).toBe(200);
      expect(stream.rawPayload.equals(mp3)).toBe(true);
      const image = await t.app.inject({ method: 'GET', url: body.coverImage });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      // No staging file is left once the song is stored.
      expect(filesUnder(path.join(mediaDir(), '.staging'))).toEqual([]);
    });

    it('stores the probed duration, not the typed one, and accepts WAV and JPEG', async () => {
      const response = await addSong(
        { ...goodFields(), title: 'Wave', duration: '9:59', status: 'Inactive' },
        {
          audioFile: { filename: 'w.wav', contentType: 'audio/wav', data: makeWav(2) },
          imageFile: { filename: 'c.jpg', contentType: 'image/jpeg', data: await makeJpeg(20) },
        },
      );
      expect(response.statusCode).toBe(201);
      expect(response.json().duration).toBe('0:02');
      expect(response.json().status).toBe('Inactive');
    });

    it('measures the duration itself when the form leaves it out', async () => {
      const response = await addSong({ ...goodFields(), duration: undefined }, goodFiles());
      expect(response.statusCode).toBe(201);
      expect(response.json().duration).toBe('0:03');
    });

    it('puts a song on a new album of its first artist, then on the same album by title', async () => {
      const second = await createArtist(t.deps, { name: 'Duet Partner' });
      const first = await addSong(
        { ...goodFields(), artist: `${artist.id},${second.id}`, albumTitle: '  Night  Drive ' },
        goodFiles(),
      );
      expect(first.statusCode).toBe(201);
      const song = first.json();
      expect(song.album.title).toBe('Night Drive');
      expect(song.trackNumber).toBe(1);
      expect(song.artist.map((a: { _id: number }) => a._id)).toEqual([artist.id, second.id]);
      const album = await t.app.inject({ method: 'GET', url: `/api/albums/${song.album._id}` });
      expect(album.json().artist).toEqual({ _id: artist.id, name: 'Nova Lights' });
      expect(album.json().coverImage).toBe(song.coverImage);

      const again = await addSong({ ...goodFields(), albumTitle: 'night drive' }, goodFiles());
      expect(again.json().album).toEqual(song.album);
      expect(again.json().trackNumber).toBe(2);
      const picked = await addSong(
        { ...goodFields(), albumId: String(song.album._id) },
        goodFiles(),
      );
      expect(picked.json().album).toEqual(song.album);
      expect(picked.json().trackNumber).toBe(3);

      const choices = await t.app.inject({
        method: 'GET',
        url: `/api/admin/albums?artist=${second.id},${artist.id}`,
        headers: auth(admin),
      });
      expect(choices.statusCode).toBe(200);
      expect(choices.json().items).toContainEqual({
        _id: song.album._id,
        title: 'Night Drive',
        artist: { _id: artist.id, name: 'Nova Lights' },
      });
    });

    it('refuses an album of another artist, or an album and a new title at once', async () => {
      const filesBefore = filesUnder(mediaDir());
      const songsBefore = await songCount();
      const stranger = await createArtist(t.deps);
      const theirs = await t.deps.db
        .insertInto('albums')
        .values({
          title: 'Theirs',
          artist_id: stranger.id,
          cover_key: null,
          year: null,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const other = await addSong({ ...goodFields(), albumId: String(theirs.id) }, goodFiles());
      expect(other.statusCode).toBe(400);
      expect(other.json()).toEqual({
        message: "Album not found among the song's artists' albums",
        field: 'albumId',
      });
      const both = await addSong(
        { ...goodFields(), albumId: String(theirs.id), albumTitle: 'New' },
        goodFiles(),
      );
      expect(both.statusCode).toBe(400);
      expect(both.json().field).toBe('albumTitle');
      const notId = await addSong({ ...goodFields(), albumId: 'Theirs' }, goodFiles());
      expect(notId.statusCode).toBe(400);
      expect(notId.json().field).toBe('albumId');
      expect(filesUnder(mediaDir())).toEqual(filesBefore);
      expect(await songCount()).toBe(songsBefore);
    });

    it('offers album choices to administrators only, and checks the artist list', async () => {
      const url = `/api/admin/albums?artist=${artist.id}`;
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url, headers: auth(listener) })).statusCode).toBe(
        403,
      );
      const bad = await t.app.inject({
        method: 'GET',
        url: '/api/admin/albums?artist=Nova',
        headers: auth(admin),
      });
      expect(bad.statusCode).toBe(400);
    });

    it('credits several artists in order', async () => {
      const second = await createArtist(t.deps, { name: 'Second Voice' });
      const response = await addSong(
        { ...goodFields(), artist: `${second.id},${artist.id}` },
        goodFiles(),
      );
      expect(response.statusCode).toBe(201);
      expect(response.json().artist.map((a: { _id: number }) => a._id)).toEqual([
        second.id,
        artist.id,
      ]);
    });

    it('is refused to listeners and visitors', async () => {
      expect((await addSong(goodFields(), goodFiles(), listener)).statusCode).toBe(403);
      const form = multipart({ ...goodFields(), ...goodFiles() });
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/admin/addSongs',
        payload: form.payload,
        headers: form.headers,
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('bad uploads leave nothing behind', () => {
    let filesBefore: string[];
    let songsBefore: number;
    beforeEach(async () => {
      filesBefore = filesUnder(mediaDir());
      songsBefore = await songCount();
    });
    const expectNothingLeft = async () => {
      expect(filesUnder(mediaDir())).toEqual(filesBefore);
      expect(await songCount()).toBe(songsBefore);
    };

    it('wrong type: an image sent as the audio file → 415', async () => {
      const response = await addSong(goodFields(), {
        ...goodFiles(),
        audioFile: { filename: 'song.mp3', contentType: 'audio/mpeg', data: png },
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toMatch(/not audio/);
      await expectNothingLeft();
    });

    it('a disguised extension: text named .mp3 → 415', async () => {
      const response = await addSong(goodFields(), {
        ...goodFiles(),
        audioFile: {
          filename: 'song.mp3',
          contentType: 'audio/mpeg',
          data: Buffer.from('#!/bin/sh\necho this is not music\n'.repeat(50)),
        },
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toMatch(/not a recognised audio format/);
      expect(response.json().field).toBe('audioFile');
      await expectNothingLeft();
    });

    it('an audio file posing as the cover → 415 with the image message, naming the field', async () => {
      const response = await addSong(goodFields(), {
        ...goodFiles(),
        imageFile: { filename: 'cover.png', contentType: 'image/png', data: mp3 },
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        message: 'imageFile: Please select a valid image file (JPEG, PNG, or GIF)',
        field: 'imageFile',
      });
      await expectNothingLeft();
    });

    it('truncated audio → 422', async () => {
      const response = await addSong(goodFields(), {
        ...goodFiles(),
        audioFile: { filename: 'cut.mp3', contentType: 'audio/mpeg', data: mp3.subarray(0, 300) },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toMatch(/damaged or incomplete/);
      await expectNothingLeft();
    });

    it('a WAV whose data was cut off → 422', async () => {
      const wav = makeWav(2);
      const response = await addSong(goodFields(), {
        ...goodFiles(),
        audioFile: { filename: 'cut.wav', contentType: 'audio/wav', data: wav.subarray(0, 400) },
      });
      expect(response.statusCode).toBe(422);
      await expectNothingLeft();
    });

    it('zero bytes → 400', async () => {
      const response = await addSong(goodFields(), {
        ...goodFiles(),
        audioFile: { filename: 'empty.mp3', contentType: 'audio/mpeg', data: Buffer.alloc(0) },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('The audio file is empty');
      await expectNothingLeft();
    });

    it('an oversize cover → 413 with a message', async () => {
      const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
      const response = await addSong(goodFields(), {
        ...goodFiles(),
        imageFile: { filename: 'big.png', contentType: 'image/png', data: big },
      });
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toBe('Image size must be less than 5MB');
      await expectNothingLeft();
    });

    it('an oversize audio file → 413 with a message', async () => {
      const big = Buffer.alloc(200 * 1024 * 1024 + 10);
      mp3.copy(big);
      const response = await addSong(goodFields(), {
        ...goodFiles(),
        audioFile: { filename: 'huge.mp3', contentType: 'audio/mpeg', data: big },
      });
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toMatch(/too large/);
      await expectNothingLeft();
    }, 60_000);

    it.each([
      ['title', 'Title is required'],
      ['artist', 'Artist is required'],
      ['genre', 'Genre is required'],
    ])('a missing %s → 400', async (field, message) => {
      const response = await addSong({ ...goodFields(), [field]: undefined }, goodFiles());
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, field });
      await expectNothingLeft();
    });

    it('a missing file → 400 asking for both', async () => {
      for (const missing of ['audioFile', 'imageFile'] as const) {
        const files = { ...goodFiles(), [missing]: undefined };
        const response = await addSong(goodFields(), files);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe('Please select both audio and image files');
      }
      await expectNothingLeft();
    });

    it('counts a title in characters as people see them: 200 emoji fit, 201 do not', async () => {
      const fits = await addSong({ ...goodFields(), title: '🎵'.repeat(200) }, goodFiles());
      expect(fits.statusCode).toBe(201);
      expect(fits.json().title).toBe('🎵'.repeat(200));
      const over = await addSong({ ...goodFields(), title: '🎵'.repeat(201) }, goodFiles());
      expect(over.statusCode).toBe(400);
      expect(over.json().message).toBe('Title must be at most 200 characters');
    });

    it('a badly formed duration → 400 with the hint', async () => {
      const response = await addSong({ ...goodFields(), duration: '3:75' }, goodFiles());
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Please enter duration in MM:SS format (e.g., 3:45)');
      await expectNothingLeft();
    });

    it('a genre outside the list → 400', async () => {
      const response = await addSong({ ...goodFields(), genre: 'Polka' }, goodFiles());
      expect(response.statusCode).toBe(400);
      expect(response.json().field).toBe('genre');
      await expectNothingLeft();
    });

    it('an unknown artist → 400', async () => {
      const response = await addSong({ ...goodFields(), artist: '999999' }, goodFiles());
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Artist not found: 999999', field: 'artist' });
      await expectNothingLeft();
    });

    it('an artist that is not an id → 400', async () => {
      const response = await addSong({ ...goodFields(), artist: 'Nova Lights' }, goodFiles());
      expect(response.statusCode).toBe(400);
      await expectNothingLeft();
    });

    it('a JSON body instead of a form → 415', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/addSongs',
        payload: goodFields(),
        headers: auth(admin),
      });
      expect(response.statusCode).toBe(415);
      await expectNothingLeft();
    });

    it('an unexpected file field → 400', async () => {
      const response = await addSong(goodFields(), {
        ...goodFiles(),
        // biome-ignore lint/suspicious/noExplicitAny: deliberately outside the typed fields
        ...({ other: { filename: 'x.bin', data: Buffer.from('x') } } as any),
      });
      expect(response.statusCode).toBe(400);
      await expectNothingLeft();
    });

    it('a failure after storing takes back what the upload stored, and only that', async () => {
      const existing = await addSong({ ...goodFields(), title: 'Kept' }, goodFiles());
      expect(existing.statusCode).toBe(201);
      const before = filesUnder(mediaDir());
      const fresh = makeMp3(2, 523);
      const freshImage = await makePng(30, '#00ff00');
      await expect(
        withMediaBatch(t.deps.media, t.deps.mediaCollector, async (batch) => {
          const staged = await stageStream(t.deps.media, Readable.from([fresh]), {
            limit: 10_000_000,
            kind: 'audio',
            filename: 'f.mp3',
          });
          batch.track(staged);
          await batch.storeAudio(staged, await inspectAudio(staged, { transcodes: false }));
          await batch.storeImage(freshImage);
          // The same bytes as a song already stored: the rollback must not remove them.
          const again = await stageStream(t.deps.media, Readable.from([mp3]), {
            limit: 10_000_000,
            kind: 'audio',
            filename: 'again.mp3',
          });
          batch.track(again);
          await batch.storeAudio(again, await inspectAudio(again, { transcodes: false }));
          await batch.storeImage(png);
          expect(filesUnder(mediaDir()).length).toBeGreaterThan(before.length);
          throw new Error('the database went away');
        }),
      ).rejects.toThrow('the database went away');
      expect(filesUnder(mediaDir())).toEqual(before);
      const stream = await t.app.inject({ url: existing.json().url });
      expect(stream.statusCode).toBe(200);
    });
  });

  describe('managing songs', () => {
    it('lists every song for admins, searchable by title or artist, with counts', async () => {
      const other = await createArtist(t.deps, { name: 'Quiet Harbor' });
      const song = await createSong(t.deps, { title: 'Salt Wind', artistIds: [other.id] });
      await createSong(t.deps, { title: 'Hidden One', artistIds: [other.id], status: 'Inactive' });
      await createSong(t.deps, { title: 'Gone One', artistIds: [other.id], deleted: true });

      const byArtist = await t.app.inject({
        url: '/api/admin/getAllSongs?q=harbor&limit=10',
        headers: auth(admin),
      });
      expect(byArtist.statusCode).toBe(200);
      expect(
        byArtist
          .json()
          .songs.map((s: { title: string }) => s.title)
          .sort(),
      ).toEqual(['Hidden One', 'Salt Wind']);
      const byTitle = await t.app.inject({
        url: '/api/admin/getAllSongs?q=SALT',
        headers: auth(admin),
      });
      expect(byTitle.json().songs.map((s: { _id: number }) => s._id)).toEqual([song.id]);
      // Any case of any alphabet, in the title or an artist's name.
      const accented = await createArtist(t.deps, { name: 'Zoë Ármann' });
      const écoute = await createSong(t.deps, { title: 'Écoute Über', artistIds: [accented.id] });
      for (const q of ['écoute', 'ÜBER', 'ármann', 'ZOË']) {
        const found = await t.app.inject({
          url: `/api/admin/getAllSongs?q=${encodeURIComponent(q)}`,
          headers: auth(admin),
        });
        expect(
          found.json().songs.map((s: { _id: number }) => s._id),
          q,
        ).toEqual([écoute.id]);
      }
      const bin = await t.app.inject({
        url: '/api/admin/getAllSongs?status=deleted&q=harbor',
        headers: auth(admin),
      });
      expect(bin.json().songs.map((s: { title: string }) => s.title)).toEqual(['Gone One']);
      expect(bin.json().counts.deleted).toBeGreaterThanOrEqual(1);
    });

    it('answers listeners and visitors the same shape with listed songs only', async () => {
      const other = await createArtist(t.deps, { name: 'Public Face' });
      await createSong(t.deps, { title: 'Visible Tune', artistIds: [other.id] });
      await createSong(t.deps, { title: 'Binned Tune', artistIds: [other.id], deleted: true });
      await createSong(t.deps, { title: 'Quiet Tune', artistIds: [other.id], status: 'Inactive' });
      for (const headers of [{}, auth(listener)]) {
        const response = await t.app.inject({
          url: '/api/admin/getAllSongs?q=public%20face&status=deleted',
          headers,
        });
        expect(response.statusCode).toBe(200);
        expect(response.json().songs.map((s: { title: string }) => s.title)).toEqual([
          'Visible Tune',
        ]);
      }
    });

    it('escapes LIKE wildcards in searches', async () => {
      const response = await t.app.inject({
        url: '/api/admin/getAllSongs?q=%25',
        headers: auth(admin),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().songs).toEqual([]);
    });

    it('paginates', async () => {
      const page = await t.app.inject({
        url: '/api/admin/getAllSongs?limit=2&page=1',
        headers: auth(admin),
      });
      expect(page.json().songs).toHaveLength(2);
      expect(page.json().hasMore).toBe(true);
      expect(page.json().total).toBeGreaterThan(2);
    });

    it('soft-deletes and restores: the song vanishes for listeners and its stream is refused', async () => {
      const song = await createSong(t.deps, { title: 'Brief Candle', artistIds: [artist.id] });
      const del = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/toggleDeleted/${song.id}`,
        headers: auth(admin),
      });
      expect(del.statusCode).toBe(200);
      expect(del.json().song.isDeleted).toBe(true);
      expect((await t.app.inject({ url: `/api/songs/${song.id}` })).statusCode).toBe(404);
      expect((await t.app.inject({ url: `/api/songs/${song.id}/stream` })).statusCode).toBe(404);
      const restore = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/toggleDeleted/${song.id}`,
        headers: auth(admin),
      });
      expect(restore.json().song.isDeleted).toBe(false);
      expect((await t.app.inject({ url: `/api/songs/${song.id}` })).statusCode).toBe(200);
    });

    it('switches the status; inactive songs disappear for listeners', async () => {
      const song = await createSong(t.deps, { title: 'Lantern', artistIds: [artist.id] });
      const off = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/songs/${song.id}/status`,
        payload: { status: 'Inactive' },
        headers: auth(admin),
      });
      expect(off.statusCode).toBe(200);
      expect(off.json().song.status).toBe('Inactive');
      expect((await t.app.inject({ url: `/api/songs/${song.id}` })).statusCode).toBe(404);
      const bad = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/songs/${song.id}/status`,
        payload: { status: 'Paused' },
        headers: auth(admin),
      });
      expect(bad.statusCode).toBe(400);
    });

    it("edits a song's title, artists, genre (JSON) and cover (multipart)", async () => {
      const song = await createSong(t.deps, { title: 'Draft', artistIds: [artist.id] });
      const second = await createArtist(t.deps, { name: 'Guest Star' });
      const json = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/songs/${song.id}`,
        payload: { title: 'Final Cut', genre: 'Jazz', artist: [second.id, artist.id] },
        headers: auth(admin),
      });
      expect(json.statusCode).toBe(200);
      expect(json.json().song.title).toBe('Final Cut');
      expect(json.json().song.genre).toBe('Jazz');
      expect(json.json().song.artistName).toBe('Guest Star, Nova Lights');

      const form = multipart({
        imageFile: { filename: 'new.jpg', data: await makeJpeg(24, '#ff0000') },
      });
      const withCover = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/songs/${song.id}`,
        payload: form.payload,
        headers: { ...form.headers, ...auth(admin) },
      });
      expect(withCover.statusCode).toBe(200);
      expect(withCover.json().song.coverImage).toMatch(/^\/api\/images\//);
      expect(withCover.json().song.title).toBe('Final Cut');
      // A new cover that is no image is refused by its field, and the song keeps its cover.
      const notImage = multipart({
        imageFile: { filename: 'new.png', contentType: 'image/png', data: mp3 },
      });
      const refused = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/songs/${song.id}`,
        payload: notImage.payload,
        headers: { ...notImage.headers, ...auth(admin) },
      });
      expect(refused.statusCode).toBe(415);
      expect(refused.json()).toEqual({
        message: 'imageFile: Please select a valid image file (JPEG, PNG, or GIF)',
        field: 'imageFile',
      });
      const unchanged = await t.app.inject({ method: 'GET', url: `/api/songs/${song.id}` });
      expect(unchanged.json().coverImage).toBe(withCover.json().song.coverImage);

      const empty = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/songs/${song.id}`,
        payload: { title: '  ' },
        headers: auth(admin),
      });
      expect(empty.statusCode).toBe(400);
      const unknown = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/songs/${song.id}`,
        payload: { artist: [987654] },
        headers: auth(admin),
      });
      expect(unknown.statusCode).toBe(400);
    });

    it('names each refused field as the forms label it, in a sentence', async () => {
      const song = await createSong(t.deps, { artistIds: [artist.id] });
      for (const [payload, message, field] of [
        [{ title: 5 }, 'Title must be text', 'title'],
        [{ genre: 5 }, 'Genre must be text', 'genre'],
        [{ artist: { id: 1 } }, 'Artist must be an artist id or a list of ids', 'artist'],
        [{ artist: 'one' }, 'Artist must be an artist id', 'artist'],
        [{ genre: 'Polka' }, `Genre must be one of ${GENRES.join(', ')}`, 'genre'],
      ] as const) {
        const response = await t.app.inject({
          method: 'PATCH',
          url: `/api/admin/songs/${song.id}`,
          payload,
          headers: auth(admin),
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message, field });
      }
      const longAlbum = await addSong(
        { ...goodFields(), albumTitle: 'a'.repeat(201) },
        goodFiles(),
      );
      expect(longAlbum.json()).toEqual({
        message: 'New album title must be at most 200 characters',
        field: 'albumTitle',
      });
    });

    it('answers 404 for a song that does not exist', async () => {
      for (const [method, url, payload] of [
        ['PATCH', '/api/admin/toggleDeleted/999999', undefined],
        ['PATCH', '/api/admin/songs/999999/status', { status: 'Active' }],
        ['PATCH', '/api/admin/songs/999999', { title: 'x' }],
      ] as const) {
        const response = await t.app.inject({ method, url, payload, headers: auth(admin) });
        expect(response.statusCode, url).toBe(404);
      }
    });
  });
});
