import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makePng } from '../../tests/fixtures/media.ts';
import { createTestApp, type TestContext } from '../../tests/helpers/api-app.ts';
import {
  createArtist,
  createPlaylist,
  createSong,
  createUser,
  type TestUser,
} from '../../tests/helpers/factories.ts';
import { filesUnder, multipart, putPlaylistCover } from '../../tests/helpers/multipart.ts';
import { MEDIA_COLLECTED_WITHIN_MS, MEDIA_GRACE_MS } from './collector.ts';
import { imageHash, storeImage } from './images.ts';
import { audioKey } from './media-store.ts';
import { MediaBatch } from './upload.ts';

describe('media collector', () => {
  let t: TestContext;
  let owner: TestUser;
  let admin: TestUser;
  let shade = 0;

  /** A PNG no other test stored: each call gives new bytes. */
  const freshPng = () => makePng(24, `#${(++shade * 0x10101 + 0x203040).toString(16).slice(-6)}`);

  const imagesDir = () => path.join(t.dataDir, 'media', 'images');
  /** Stored images by hash, each with its files (the original and three variants). */
  const storedImages = () => {
    const byHash = new Map<string, number>();
    for (const file of filesUnder(imagesDir())) {
      const hash = file.split(path.sep)[1]!;
      byHash.set(hash, (byHash.get(hash) ?? 0) + 1);
    }
    return byHash;
  };
  const isStored = (hash: string) => storedImages().get(hash) === 4;
  const audioFiles = () =>
    filesUnder(path.join(t.dataDir, 'media')).filter((file) => file.startsWith('audio'));

  const auth = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });

  const newPlaylist = async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/addPlaylist',
      headers: auth(owner),
      payload: { name: 'Covers' },
    });
    expect(response.statusCode).toBe(201);
    return response.json().data._id as number;
  };

  const upload = async (playlistId: number, png: Buffer) => {
    const response = await putPlaylistCover(t.app, owner.token, playlistId, png);
    expect(response.statusCode).toBe(200);
    return imageHash(png);
  };

  /** A sweep as it runs once every change so far is older than the stated time. */
  const sweepLater = () => t.deps.mediaCollector.sweep(Date.now() + MEDIA_COLLECTED_WITHIN_MS);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.deps, { role: 'admin' });
  });
  // A listener of its own per test: cover uploads are limited per listener and hour.
  beforeEach(async () => {
    owner = await createUser(t.deps);
  });
  afterAll(() => t.close());

  it('keeps one cover on disk after a cover is replaced 20 times', async () => {
    const playlist = await newPlaylist();
    const hashes: string[] = [];
    for (let i = 0; i < 20; i++) hashes.push(await upload(playlist, await freshPng()));
    const last = hashes.at(-1)!;
    // Within the grace period nothing goes: an upload may still be on its way to its row.
    await t.deps.mediaCollector.sweep();
    expect(hashes.every(isStored)).toBe(true);

    expect(await sweepLater()).toBe(19);
    const left = storedImages();
    expect([...left.keys()].filter((hash) => hashes.includes(hash))).toEqual([last]);
    expect(left.get(last)).toBe(4);
    const cover = await t.app.inject({ method: 'GET', url: `/api/images/${last}/300.webp` });
    expect(cover.statusCode).toBe(200);
  });

  it('deletes a removed cover and the cover of a deleted playlist', async () => {
    const removed = await newPlaylist();
    const removedCover = await upload(removed, await freshPng());
    const deleted = await newPlaylist();
    const deletedCover = await upload(deleted, await freshPng());
    await t.app.inject({
      method: 'DELETE',
      url: `/api/playlists/${removed}/cover`,
      headers: auth(owner),
    });
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/deletePlaylist/${deleted}`,
      headers: auth(owner),
    });
    expect(gone.statusCode).toBe(200);
    expect(isStored(removedCover) && isStored(deletedCover)).toBe(true);
    await sweepLater();
    expect(storedImages().has(removedCover)).toBe(false);
    expect(storedImages().has(deletedCover)).toBe(false);
  });

  it('deletes the covers of a deleted account’s playlists (the delete cascades)', async () => {
    const leaving = await createUser(t.deps);
    const playlist = await createPlaylist(t.deps, leaving.id);
    const cover = await storeImage(t.deps.media, await freshPng());
    await t.deps.db
      .updateTable('playlists')
      .set({ cover_key: cover })
      .where('id', '=', playlist.id)
      .execute();
    await t.deps.db.deleteFrom('users').where('id', '=', leaving.id).execute();
    await sweepLater();
    expect(storedImages().has(cover)).toBe(false);
  });

  it('keeps an image another row still uses (content shared by hash)', async () => {
    const png = await freshPng();
    const first = await newPlaylist();
    const second = await newPlaylist();
    const hash = await upload(first, png);
    await upload(second, png);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/playlists/${first}/cover`,
      headers: auth(owner),
    });
    await sweepLater();
    expect(isStored(hash)).toBe(true);
    // Once the last row lets go, it goes.
    await t.app.inject({
      method: 'DELETE',
      url: `/api/playlists/${second}/cover`,
      headers: auth(owner),
    });
    await sweepLater();
    expect(storedImages().has(hash)).toBe(false);
  });

  it('keeps what an upload of the same bytes holds, until its grace is over', async () => {
    const png = await freshPng();
    const playlist = await newPlaylist();
    const hash = await upload(playlist, png);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/playlists/${playlist}/cover`,
      headers: auth(owner),
    });
    // The same bytes arrive again later: the upload holds the stored image before relying on it.
    await t.deps.mediaCollector.hold({ ref: hash, kind: 'image' });
    await t.deps.mediaCollector.sweep(Date.now() + MEDIA_GRACE_MS - 10_000);
    expect(isStored(hash)).toBe(true);
    // That upload never came to a row: once its grace is over, the image goes.
    await sweepLater();
    expect(storedImages().has(hash)).toBe(false);
  });

  it('lets a failed upload take back an image at once, unless another upload holds it too', async () => {
    for (const failsFirst of ['earlier', 'later'] as const) {
      const png = await freshPng();
      const first = new MediaBatch(t.deps.media, t.deps.mediaCollector);
      const second = new MediaBatch(t.deps.media, t.deps.mediaCollector);
      const hash = await first.storeImage(png);
      await second.storeImage(png);
      // Whichever of the two uploads of the same bytes fails, the other still has them.
      const [failing, other] = failsFirst === 'earlier' ? [first, second] : [second, first];
      await failing.rollback();
      expect(isStored(hash)).toBe(true);
      await other.rollback();
      expect(storedImages().has(hash)).toBe(false);
    }
  });

  it('collects replaced artist portraits and song covers, and keeps a soft-deleted song’s files', async () => {
    const artist = await createArtist(t.deps);
    const portrait = async () => {
      const png = await freshPng();
      const form = multipart({
        imageFile: { filename: 'a.png', contentType: 'image/png', data: png },
      });
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/updatedArtist/${artist.id}`,
        headers: { ...auth(admin), ...form.headers },
        payload: form.payload,
      });
      expect(response.statusCode).toBe(200);
      return imageHash(png);
    };
    const oldPortrait = await portrait();
    const newPortrait = await portrait();

    const song = await createSong(t.deps, { artistIds: [artist.id] });
    const [firstCover, secondCover] = [
      await storeImage(t.deps.media, await freshPng()),
      await storeImage(t.deps.media, await freshPng()),
    ];
    for (const cover of [firstCover, secondCover]) {
      await t.deps.db
        .updateTable('songs')
        .set({ cover_key: cover })
        .where('id', '=', song.id)
        .execute();
    }
    const deleted = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/toggleDeleted/${song.id}`,
      headers: auth(admin),
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().song.isDeleted).toBe(true);

    await sweepLater();
    expect(storedImages().has(oldPortrait)).toBe(false);
    expect(isStored(newPortrait)).toBe(true);
    expect(storedImages().has(firstCover)).toBe(false);
    // Soft-deleted songs can be restored: their cover and audio stay.
    expect(isStored(secondCover)).toBe(true);
    const { audio_key: audio } = await t.deps.db
      .selectFrom('songs')
      .select('audio_key')
      .where('id', '=', song.id)
      .executeTakeFirstOrThrow();
    expect(audioFiles()).toContain(audio);
  });

  it('finds media stored before it knew of it (scan), and sweeps what no row uses', async () => {
    const artist = await createArtist(t.deps, { withImage: true });
    const { image_key: portrait } = await t.deps.db
      .selectFrom('artists')
      .select('image_key')
      .where('id', '=', artist.id)
      .executeTakeFirstOrThrow();
    const forgotten = await storeImage(t.deps.media, await freshPng());
    const lostAudio = audioKey('f'.repeat(64), 'mp3');
    await t.deps.media.putBuffer(lostAudio, Buffer.from('left behind by an old version'));
    expect(isStored(forgotten)).toBe(true);

    expect(await t.deps.mediaCollector.scanIfDue()).toBeGreaterThanOrEqual(3);
    // Once is enough: what is stored since is recorded as it happens.
    expect(await t.deps.mediaCollector.scanIfDue()).toBeNull();
    await sweepLater();
    expect(storedImages().has(forgotten)).toBe(false);
    expect(audioFiles()).not.toContain(lostAudio);
    expect(isStored(portrait!)).toBe(true);
    expect(audioFiles().length).toBeGreaterThan(0);
  });

  it('sweeps what waited past its grace as soon as the server listens', async () => {
    const hash = await storeImage(t.deps.media, await freshPng());
    await t.deps.db
      .insertInto('media_checks')
      .values({
        ref: hash,
        kind: 'image',
        since: new Date(Date.now() - MEDIA_COLLECTED_WITHIN_MS).toISOString(),
        holders: 0,
      })
      .execute();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const deadline = Date.now() + 10_000;
    while (storedImages().has(hash) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(storedImages().has(hash)).toBe(false);
  });

  it('deletes the audio of a removed song row only when no other song shares it', async () => {
    const artist = await createArtist(t.deps);
    const [first, second] = [
      await createSong(t.deps, { artistIds: [artist.id] }),
      await createSong(t.deps, { artistIds: [artist.id] }),
    ];
    const { audio_key: audio } = await t.deps.db
      .selectFrom('songs')
      .select('audio_key')
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    const others = await t.deps.db
      .selectFrom('songs')
      .select('id')
      .where('audio_key', '=', audio)
      .where('id', 'not in', [first.id, second.id])
      .execute();
    await t.deps.db
      .deleteFrom('songs')
      .where('id', 'in', [first.id, ...others.map((row) => row.id)])
      .execute();
    await sweepLater();
    expect(audioFiles()).toContain(audio);
    await t.deps.db.deleteFrom('songs').where('id', '=', second.id).execute();
    await sweepLater();
    expect(audioFiles()).not.toContain(audio);
  });
});
