import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYLIST_COVERS_MAX_BYTES } from '../../../contract/rules/playlists.ts';
import { makePng, makePngBomb } from '../../../tests/fixtures/media.ts';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import {
  createArtist,
  createSong,
  createUser,
  type TestUser,
} from '../../../tests/helpers/factories.ts';
import { imageOriginalKey } from '../../media/media-store.ts';
import type { Caller } from '../../plugins/policies.ts';
import { PlaylistsRepository } from './playlists.repository.ts';
import { COVER_UPLOADS_PER_LISTENER } from './playlists.routes.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describe('playlists', () => {
  let t: TestContext;
  let owner: TestUser;
  let stranger: TestUser;
  let songs: { id: number; title: string }[];

  const call = (method: Method, url: string, user?: TestUser | null, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: user ? { authorization: `Bearer ${user.token}` } : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  const create = async (user: TestUser, body: Record<string, unknown> = {}) => {
    const response = await call('POST', '/api/user/addPlaylist', user, {
      name: 'Road trip',
      description: 'Songs for the car',
      ...body,
    });
    expect(response.statusCode).toBe(201);
    return response.json().data as { _id: number; name: string };
  };

  const add = (user: TestUser | null, playlistId: number, songId: number | string) =>
    call('POST', `/api/user/addSongPlaylist/${playlistId}`, user, { songId });

  /** Chorus's own read (the original client's playlistById is covered in original-client tests). */
  const get = (user: TestUser | null, id: number) => call('GET', `/api/playlists/${id}`, user);

  const songIdsOf = async (id: number) =>
    ((await get(owner, id)).json().data.songs as { _id: number }[]).map((song) => song._id);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.deps, { name: 'Olive Owner' });
    stranger = await createUser(t.deps);
    const artist = await createArtist(t.deps, { name: 'The Testers' });
    songs = [];
    for (const [index, duration] of [61, 122, 183, 244, 5].entries()) {
      songs.push(
        await createSong(t.deps, { artistIds: [artist.id], duration, title: `Track ${index}` }),
      );
    }
  });
  afterAll(() => t.close());

  it('creates a playlist: Chorus reads it as `playlist`, the original client as `data.playlist`', async () => {
    const response = await call('POST', '/api/user/addPlaylist', owner, {
      name: '  Morning  ',
      description: 'Wake up',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    const { playlist: forOriginalClient, ...data } = body.data;
    expect(data).toEqual(body.playlist);
    expect(forOriginalClient).toMatchObject({ _id: body.playlist._id, name: 'Morning', songs: [] });
    expect(body.playlist).toMatchObject({
      name: 'Morning',
      description: 'Wake up',
      isPublic: true,
      songCount: 0,
      durationSeconds: 0,
      songs: [],
      creator: { _id: owner.id, name: 'Olive Owner' },
      createdBy: 'Olive Owner',
      isOwner: true,
    });
    expect(typeof body.playlist._id).toBe('number');
  });

  it('refuses a missing or blank name with 400 and visitors with 401', async () => {
    const missing = await call('POST', '/api/user/addPlaylist', owner, { description: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/name/);
    const blank = await call('POST', '/api/user/addPlaylist', owner, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: 'Playlist name is required', field: 'name' });
    const visitor = await call('POST', '/api/user/addPlaylist', null, { name: 'Mine' });
    expect(visitor.statusCode).toBe(401);
  });

  it('lists only the caller’s playlists as a bare array, newest first', async () => {
    const mine = await create(owner, { name: 'List me' });
    await create(stranger, { name: 'Not yours' });
    for (const url of ['/api/me/playlists', '/api/user/getPlaylist']) {
      const response = await call('GET', url, owner);
      expect(response.statusCode).toBe(200);
      const list = response.json() as { _id: number; name: string; creator: { _id: number } }[];
      expect(Array.isArray(list)).toBe(true);
      expect(list[0]?._id).toBe(mine._id);
      expect(list.every((playlist) => playlist.creator._id === owner.id)).toBe(true);
      expect(list.some((playlist) => playlist.name === 'Not yours')).toBe(false);
      expect((await call('GET', url, null)).statusCode).toBe(401);
    }
  });

  it('adds songs in order, computes count and duration, and refuses a repeat with 409', async () => {
    const playlist = await create(owner);
    const first = await add(owner, playlist._id, songs[0]!.id);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.songs.map((song: { _id: number }) => song._id)).toEqual([
      songs[0]!.id,
    ]);
    // A string id, as clients written for string ids send it.
    expect((await add(owner, playlist._id, String(songs[1]!.id))).statusCode).toBe(200);
    const repeat = await add(owner, playlist._id, songs[0]!.id);
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json()).toEqual({ message: 'This song is already in the playlist' });
    const { data } = (await get(owner, playlist._id)).json();
    expect(data.songCount).toBe(2);
    expect(data.durationSeconds).toBe(61 + 122);
    expect(data.duration).toBe('3 min 3 sec');
    expect(data.songs[0]).toMatchObject({
      _id: songs[0]!.id,
      title: 'Track 0',
      duration: '1:01',
      artist: [{ name: 'The Testers' }],
    });
    expect(data.songs[0]).toHaveProperty('coverImage');
    const summary = (await call('GET', '/api/me/playlists', owner))
      .json()
      .find((entry: { _id: number }) => entry._id === playlist._id);
    expect(summary).toMatchObject({ songCount: 2, durationSeconds: 183 });
  });

  it('answers 404 for an unknown or hidden song and 400 for a bad songId', async () => {
    const playlist = await create(owner);
    expect((await add(owner, playlist._id, 999_999)).statusCode).toBe(404);
    const artist = await createArtist(t.deps);
    const deleted = await createSong(t.deps, { artistIds: [artist.id], deleted: true });
    expect((await add(owner, playlist._id, deleted.id)).statusCode).toBe(404);
    const bad = await add(owner, playlist._id, 'abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/songId/);
    const none = await call('POST', `/api/user/addSongPlaylist/${playlist._id}`, owner, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('songId is required');
  });

  it('removes a song at both paths, with songId in the body or the query', async () => {
    const playlist = await create(owner);
    for (const song of songs.slice(0, 4)) await add(owner, playlist._id, song.id);
    const byBody = await call('DELETE', `/api/removeSongPlaylist/${playlist._id}`, owner, {
      songId: songs[0]!.id,
    });
    expect(byBody.statusCode).toBe(200);
    expect(byBody.json()).toEqual({
      message: 'Song removed from playlist',
      data: { playlistId: playlist._id, songId: songs[0]!.id },
    });
    const byQuery = await call(
      'DELETE',
      `/api/user/removeSongPlaylist/${playlist._id}?songId=${songs[1]!.id}`,
      owner,
    );
    expect(byQuery.statusCode).toBe(200);
    const byStringBody = await call(
      'DELETE',
      `/api/user/removeSongPlaylist/${playlist._id}`,
      owner,
      {
        songId: String(songs[2]!.id),
      },
    );
    expect(byStringBody.statusCode).toBe(200);
    expect(await songIdsOf(playlist._id)).toEqual([songs[3]!.id]);
    const again = await call(
      'DELETE',
      `/api/removeSongPlaylist/${playlist._id}?songId=${songs[0]!.id}`,
      owner,
    );
    expect(again.statusCode).toBe(404);
    const missing = await call('DELETE', `/api/removeSongPlaylist/${playlist._id}`, owner);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('songId is required');
  });

  it('moves songs up, down, to the start and to the end', async () => {
    const playlist = await create(owner);
    const ids = songs.slice(0, 4).map((song) => song.id);
    for (const id of ids) await add(owner, playlist._id, id);
    const move = (songId: number, toIndex: number) =>
      call('POST', `/api/playlists/${playlist._id}/move`, owner, { songId, toIndex });
    const [a, b, c, d] = ids as [number, number, number, number];

    let response = await move(a, 2);
    expect(response.statusCode).toBe(200);
    expect(response.json().songs.map((song: { _id: number }) => song._id)).toEqual([b, c, a, d]);
    await move(d, 0);
    expect(await songIdsOf(playlist._id)).toEqual([d, b, c, a]);
    await move(b, 99);
    expect(await songIdsOf(playlist._id)).toEqual([d, c, a, b]);
    await move(a, 1);
    expect(await songIdsOf(playlist._id)).toEqual([d, a, c, b]);
    // Removing leaves a gap in positions; moves still land where asked.
    await call('DELETE', `/api/removeSongPlaylist/${playlist._id}?songId=${c}`, owner);
    await move(d, 2);
    expect(await songIdsOf(playlist._id)).toEqual([a, b, d]);
    // An add after a move goes to the end.
    await add(owner, playlist._id, c);
    expect(await songIdsOf(playlist._id)).toEqual([a, b, d, c]);
    response = await move(songs[4]!.id, 0);
    expect(response.statusCode).toBe(404);
    expect(
      (
        await call('POST', `/api/playlists/${playlist._id}/move`, stranger, {
          songId: a,
          toIndex: 0,
        })
      ).statusCode,
    ).toBe(403);
    expect(await songIdsOf(playlist._id)).toEqual([a, b, d, c]);
  });

  it('edits name, description and visibility for the owner only', async () => {
    const playlist = await create(owner);
    const response = await call('PATCH', `/api/playlists/${playlist._id}`, owner, {
      name: 'Renamed',
      description: 'New words',
      isPublic: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Renamed',
      description: 'New words',
      isPublic: false,
    });
    const blank = await call('PATCH', `/api/playlists/${playlist._id}`, owner, { name: ' ' });
    expect(blank.statusCode).toBe(400);
  });

  describe('one change in one transaction (what Subsonic apps send)', () => {
    const repository = () => new PlaylistsRepository(t.deps.db, t.deps.dialect);
    const callerOf = (user: TestUser): Caller => ({
      userId: user.id,
      role: 'listener',
      name: user.name,
      email: user.email,
      sessionId: 0,
      via: 'app',
    });
    const nameOf = async (id: number) => (await get(owner, id)).json().data.name as string;

    it('renames, takes out songs by their listed places and appends, in one edit', async () => {
      const { _id: id } = await create(owner, { name: 'Mixtape' });
      for (const song of songs.slice(0, 3))
        expect((await add(owner, id, song.id)).statusCode).toBe(200);
      await t.deps.services.playlists.edit(id, callerOf(owner), {
        name: ' Mixtape 2 ',
        removeListedAt: [0, 2, 7],
        addSongIds: [songs[3]!.id, songs[1]!.id],
      });
      expect(await nameOf(id)).toBe('Mixtape 2');
      expect(await songIdsOf(id)).toEqual([songs[1]!.id, songs[3]!.id]);
    });

    it('leaves the playlist as it was when a part of the change fails', async () => {
      const { _id: id } = await create(owner, { name: 'Kept' });
      for (const song of songs.slice(0, 2))
        expect((await add(owner, id, song.id)).statusCode).toBe(200);
      const before = await get(owner, id);
      // No such song: the foreign key refuses its append, after the removal and the first song's.
      const change = repository().edit(id, {
        fields: { name: 'Half done', description: 'Half done' },
        removeListedAt: [0],
        append: [songs[2]!.id, 2_000_000_000],
        now: new Date().toISOString(),
      });
      await expect(change).rejects.toThrow();
      const after = await get(owner, id);
      expect(after.json().data.name).toBe('Kept');
      expect(after.json().data.description).toBe(before.json().data.description);
      expect(await songIdsOf(id)).toEqual([songs[0]!.id, songs[1]!.id]);
      expect(after.json().data.updatedAt).toBe(before.json().data.updatedAt);
    });

    it('refuses an edit naming a song listeners may not see, changing nothing', async () => {
      const { _id: id } = await create(owner, { name: 'Unchanged' });
      const artist = await createArtist(t.deps);
      const hidden = await createSong(t.deps, { artistIds: [artist.id], status: 'Inactive' });
      const change = t.deps.services.playlists.edit(id, callerOf(owner), {
        name: 'Changed',
        removeListedAt: [],
        addSongIds: [songs[0]!.id, hidden.id],
      });
      await expect(change).rejects.toThrow('Song not found');
      expect(await nameOf(id)).toBe('Unchanged');
      expect(await songIdsOf(id)).toEqual([]);
    });

    it('creates a playlist with its songs, or not at all', async () => {
      const made = await t.deps.services.playlists.create(callerOf(owner), { name: 'Made whole' }, [
        songs[2]!.id,
        songs[0]!.id,
        songs[2]!.id,
      ]);
      expect(await songIdsOf(made._id)).toEqual([songs[2]!.id, songs[0]!.id]);
      const mine = async () =>
        (await call('GET', '/api/me/playlists', owner)).json() as { name: string }[];
      const count = (await mine()).length;
      const failed = repository().create({
        ownerId: owner.id,
        name: 'Never made',
        description: '',
        isPublic: false,
        songIds: [songs[0]!.id, 2_000_000_000],
        now: new Date().toISOString(),
      });
      await expect(failed).rejects.toThrow();
      expect((await mine()).map((playlist) => playlist.name)).not.toContain('Never made');
      expect((await mine()).length).toBe(count);
    });
  });

  describe('visibility and ownership', () => {
    let publicId: number;
    let privateId: number;

    beforeAll(async () => {
      publicId = (await create(owner, { name: 'Open' }))._id;
      privateId = (await create(owner, { name: 'Secret', isPublic: false }))._id;
      await add(owner, publicId, songs[0]!.id);
      await add(owner, privateId, songs[0]!.id);
    });

    it('shows a public playlist to everyone and a private one to its owner only', async () => {
      for (const user of [owner, stranger, null]) {
        const response = await get(user, publicId);
        expect(response.statusCode).toBe(200);
        expect(response.json().data).toMatchObject({
          name: 'Open',
          isPublic: true,
          isOwner: user === owner,
        });
      }
      expect((await get(owner, privateId)).json().data.name).toBe('Secret');
      for (const user of [stranger, null]) {
        const response = await get(user, privateId);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: 'Playlist not found' });
      }
      expect((await get(owner, 987_654)).statusCode).toBe(404);
    });

    it('lets no one but the owner change or delete a playlist', async () => {
      const png = await makePng(8, '#123456');
      const attempts: [Method, (id: number) => string, unknown][] = [
        ['POST', (id) => `/api/user/addSongPlaylist/${id}`, { songId: songs[1]!.id }],
        ['DELETE', (id) => `/api/removeSongPlaylist/${id}`, { songId: songs[0]!.id }],
        ['DELETE', (id) => `/api/user/removeSongPlaylist/${id}?songId=${songs[0]!.id}`, undefined],
        ['DELETE', (id) => `/api/user/deletePlaylist/${id}`, undefined],
        ['PATCH', (id) => `/api/playlists/${id}`, { name: 'Hijacked' }],
        ['POST', (id) => `/api/playlists/${id}/move`, { songId: songs[0]!.id, toIndex: 0 }],
        ['DELETE', (id) => `/api/playlists/${id}/cover`, undefined],
      ];
      for (const [method, url, payload] of attempts) {
        // Another listener: 403 on a public playlist, 404 on a private one it cannot see.
        expect(
          (await call(method, url(publicId), stranger, payload)).statusCode,
          url(publicId),
        ).toBe(403);
        expect(
          (await call(method, url(privateId), stranger, payload)).statusCode,
          url(privateId),
        ).toBe(404);
        // A visitor is asked to log in first.
        expect((await call(method, url(publicId), null, payload)).statusCode, url(publicId)).toBe(
          401,
        );
      }
      const upload = (user: TestUser | null, id: number) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/playlists/${id}/cover`,
          headers: {
            ...(user ? { authorization: `Bearer ${user.token}` } : {}),
            ...multipartHeaders,
          },
          payload: multipartBody('imageFile', 'cover.png', 'image/png', png),
        });
      expect((await upload(stranger, publicId)).statusCode).toBe(403);
      expect((await upload(stranger, privateId)).statusCode).toBe(404);
      expect((await upload(null, publicId)).statusCode).toBe(401);
      // Nothing changed.
      const after = (await get(owner, publicId)).json().data;
      expect(after).toMatchObject({ name: 'Open', songCount: 1, coverImage: null });
      expect((await get(owner, privateId)).json().data.songCount).toBe(1);
    });

    it('lists the caller’s playlists holding a song, never someone else’s', async () => {
      const otherPublic = await create(stranger, { name: 'Stranger public' });
      await add(stranger, otherPublic._id, songs[0]!.id);
      const response = await call('GET', `/api/songs/${songs[0]!.id}/playlists`, owner);
      expect(response.statusCode).toBe(200);
      const ids = response.json().playlists.map((playlist: { _id: number }) => playlist._id);
      expect(ids).toContain(publicId);
      expect(ids).toContain(privateId);
      expect(ids).not.toContain(otherPublic._id);
      const none = await call('GET', `/api/songs/${songs[4]!.id}/playlists`, owner);
      expect(none.json().playlists).toEqual([]);
      expect((await call('GET', `/api/songs/${songs[0]!.id}/playlists`, null)).statusCode).toBe(
        401,
      );
    });
  });

  it('deletes a playlist for its owner, and it is gone', async () => {
    const playlist = await create(owner, { name: 'Short-lived' });
    await add(owner, playlist._id, songs[0]!.id);
    const response = await call('DELETE', `/api/user/deletePlaylist/${playlist._id}`, owner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Playlist deleted', data: { _id: playlist._id } });
    expect((await get(owner, playlist._id)).statusCode).toBe(404);
    expect(
      (await call('DELETE', `/api/user/deletePlaylist/${playlist._id}`, owner)).statusCode,
    ).toBe(404);
  });

  it('hides songs that were deleted later from the list, the count and the duration', async () => {
    const artist = await createArtist(t.deps);
    const doomed = await createSong(t.deps, { artistIds: [artist.id], duration: 100 });
    const playlist = await create(owner);
    await add(owner, playlist._id, songs[0]!.id);
    await add(owner, playlist._id, doomed.id);
    await t.deps.db
      .updateTable('songs')
      .set({ is_deleted: 1 })
      .where('id', '=', doomed.id)
      .execute();
    const { data } = (await get(owner, playlist._id)).json();
    expect(data.songs.map((song: { _id: number }) => song._id)).toEqual([songs[0]!.id]);
    expect(data.songCount).toBe(1);
    expect(data.durationSeconds).toBe(61);
  });

  it('gives up to 4 distinct song covers for the mosaic', async () => {
    const artist = await createArtist(t.deps);
    const playlist = await create(owner);
    const colours = ['#ff0000', '#00ff00', '#0000ff', '#ffff00', '#00ffff'];
    const { storeImage } = await import('../../media/images.ts');
    for (const colour of colours) {
      const song = await createSong(t.deps, { artistIds: [artist.id] });
      const key = await storeImage(t.deps.media, await makePng(8, colour));
      await t.deps.db
        .updateTable('songs')
        .set({ cover_key: key })
        .where('id', '=', song.id)
        .execute();
      await add(owner, playlist._id, song.id);
    }
    const { data } = (await get(owner, playlist._id)).json();
    expect(data.covers).toHaveLength(4);
    expect(new Set(data.covers).size).toBe(4);
    expect(data.covers[0]).toBe(data.songs[0].coverImage.replace('/640.webp', '/300.webp'));
  });

  describe('cover upload', () => {
    const upload = (user: TestUser, id: number, body: Buffer, type = 'image/png') =>
      t.app.inject({
        method: 'PUT',
        url: `/api/playlists/${id}/cover`,
        headers: { authorization: `Bearer ${user.token}`, ...multipartHeaders },
        payload: multipartBody('imageFile', 'cover.png', type, body),
      });

    it('stores a real image as the cover, and the cover can be removed again', async () => {
      const playlist = await create(owner);
      const response = await upload(owner, playlist._id, await makePng(32, '#884422'));
      expect(response.statusCode).toBe(200);
      const cover = response.json().coverImage as string;
      expect(cover).toMatch(/^\/api\/images\/[a-f0-9]{64}\/640\.webp$/);
      const image = await t.app.inject({ method: 'GET', url: cover });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      const removed = await call('DELETE', `/api/playlists/${playlist._id}/cover`, owner);
      expect(removed.json().coverImage).toBeNull();
    });

    it('lets a listener upload 20 covers an hour, then answers 429 with the wait', async () => {
      const busy = await createUser(t.deps);
      const playlist = await create(busy);
      const png = await makePng(8, '#336699');
      for (let i = 0; i < COVER_UPLOADS_PER_LISTENER.max; i++) {
        expect((await upload(busy, playlist._id, png)).statusCode).toBe(200);
      }
      const over = await upload(busy, playlist._id, png);
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toMatch(
        /^Too many cover uploads\. Please try again in \d+ seconds?\.$/,
      );
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(3000);
      // The limit is the listener's, not their address's.
      const other = await createUser(t.deps);
      expect((await upload(other, (await create(other))._id, png)).statusCode).toBe(200);
    });

    it('refuses what is not an image (415), an oversized file (413) and a missing file (400)', async () => {
      const playlist = await create(owner);
      const text = await upload(owner, playlist._id, Buffer.from('just some text, not a picture'));
      expect(text.statusCode).toBe(415);
      expect(text.json()).toEqual({
        message: 'imageFile: Please select a valid image file (JPEG, PNG, or GIF)',
        field: 'imageFile',
      });
      const huge = Buffer.concat([await makePng(8, '#000000'), Buffer.alloc(5 * 1024 * 1024 + 10)]);
      const big = await upload(owner, playlist._id, huge);
      expect(big.statusCode).toBe(413);
      expect(big.json().message).toBe('Image size must be less than 5MB');
      const none = await t.app.inject({
        method: 'PUT',
        url: `/api/playlists/${playlist._id}/cover`,
        headers: { authorization: `Bearer ${owner.token}`, ...multipartHeaders },
        payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n--${BOUNDARY}--\r\n`,
      });
      expect(none.statusCode).toBe(400);
      const json = await call('PUT', `/api/playlists/${playlist._id}/cover`, owner, { a: 1 });
      expect(json.statusCode).toBe(415);
      expect((await get(owner, playlist._id)).json().data.coverImage).toBeNull();
    });

    it('refuses an image declaring 16383×16383 pixels before decoding it (422), storing nothing', async () => {
      const playlist = await create(owner);
      const bomb = makePngBomb();
      const response = await upload(owner, playlist._id, bomb);
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(
        'The image is 16383×16383 pixels; images may be at most 8,000 pixels a side and 40 megapixels in all. Please upload a smaller image.',
      );
      expect((await get(owner, playlist._id)).json().data.coverImage).toBeNull();
      const hash = createHash('sha256').update(bomb).digest('hex');
      expect(await t.deps.media.stat(imageOriginalKey(hash))).toBeNull();
    });

    it('answers 503 with Retry-After while 4 images already wait to be decoded', async () => {
      const playlist = await create(owner);
      const { imagesWaiting, storeImage } = await import('../../media/images.ts');
      const large = await Promise.all(
        [0x213141, 0x415161, 0x617181, 0x8191a1, 0xa1b1c1, 0xc1d1e1].map((colour) =>
          makePng(4_000, `#${colour.toString(16)}`),
        ),
      );
      const storing = large.map((image) => storeImage(t.deps.media, image));
      while (imagesWaiting() < 4) await new Promise((resolve) => setTimeout(resolve, 1));
      const busy = await upload(owner, playlist._id, await makePng(16, '#0a0b0c'));
      await Promise.all(storing);
      expect(busy.statusCode).toBe(503);
      expect(busy.headers['retry-after']).toBe('5');
      expect(busy.json().message).toBe(
        'Chorus is busy processing other images. Please try again in a few seconds.',
      );
      expect((await upload(owner, playlist._id, await makePng(16, '#0a0b0c'))).statusCode).toBe(
        200,
      );
    });

    it('holds a listener’s covers to 50 MB in all (413), counting a replaced or reused image once', async () => {
      const lister = await createUser(t.deps);
      const [full, other] = [await create(lister), await create(lister)];
      const big = await makePng(16, '#102030');
      expect((await upload(lister, full._id, big)).statusCode).toBe(200);
      // As if that cover were just under the limit.
      await t.deps.db
        .updateTable('playlists')
        .set({ cover_bytes: PLAYLIST_COVERS_MAX_BYTES - 50 })
        .where('id', '=', full._id)
        .execute();
      const small = await makePng(16, '#405060');
      const refused = await upload(lister, other._id, small);
      expect(refused.statusCode).toBe(413);
      expect(refused.json().message).toBe(
        `Your playlist covers may take up to 50 MB in all: they take 50.0 MB, and this image ${(small.length / 1024 / 1024).toFixed(1)} MB. Remove a cover or choose a smaller image.`,
      );
      expect((await get(lister, other._id)).json().data.coverImage).toBeNull();
      // Another listener has their own allowance; the same image on a second playlist costs
      // nothing more; replacing the big cover frees its share.
      expect((await upload(owner, (await create(owner))._id, small)).statusCode).toBe(200);
      expect((await upload(lister, other._id, big)).statusCode).toBe(200);
      expect((await upload(lister, full._id, small)).statusCode).toBe(200);
      const third = await create(lister);
      expect((await upload(lister, third._id, await makePng(16, '#708090'))).statusCode).toBe(200);
    });

    it('answers 400 to a form that cannot be read, and keeps the cover it had', async () => {
      const playlist = await create(owner);
      expect((await upload(owner, playlist._id, await makePng(16, '#224488'))).statusCode).toBe(
        200,
      );
      const before = (await get(owner, playlist._id)).json().data.coverImage;
      const send = (contentType: string, payload: string) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/playlists/${playlist._id}/cover`,
          headers: { authorization: `Bearer ${owner.token}`, 'content-type': contentType },
          payload,
        });
      const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="imageFile"; filename="c.png"\r\n\r\n`;
      const unreadable = [
        send('multipart/form-data', ''), // no boundary
        send(multipartHeaders['content-type'], 'garbage'),
        send(multipartHeaders['content-type'], `${head}cut short`), // never closed
        send(
          'multipart/form-data; boundary=another',
          multipartBody('imageFile', 'c.png', 'image/png', Buffer.from('x')).toString('latin1'),
        ),
      ];
      for (const response of await Promise.all(unreadable)) {
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toMatch(
          /^The upload could not be read \(.+\); send the form again as multipart\/form-data$/,
        );
      }
      expect((await get(owner, playlist._id)).json().data.coverImage).toBe(before);
    });
  });
});

const BOUNDARY = '----chorus-test-boundary';
const multipartHeaders = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

function multipartBody(field: string, filename: string, type: string, bytes: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}
