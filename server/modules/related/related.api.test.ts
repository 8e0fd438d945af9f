import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import {
  createAlbum,
  createArtist,
  createSong,
  createUser,
  recordPlays,
} from '../../../tests/helpers/factories.ts';
import { RelatedRepository } from './related.repository.ts';

describe('discography, fans also like and more by', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json() };
  };
  const ids = (items: { _id: number }[]) => items.map((item) => item._id);
  const songs = (count: number, artistIds: number[], albumId: number, genre = 'Pop') =>
    Promise.all(
      Array.from({ length: count }, () => createSong(t.deps, { artistIds, albumId, genre })),
    );

  it('splits albums and singles by listed songs, leaving out albums with none', async () => {
    const artist = await createArtist(t.deps);
    const full = await createAlbum(t.deps, artist.id, 'Full length');
    await songs(4, [artist.id], full.id);
    const single = await createAlbum(t.deps, artist.id, 'A single');
    await songs(2, [artist.id], single.id);
    // Deleted and inactive songs do not count: this album has one listed song left.
    const thinned = await createAlbum(t.deps, artist.id, 'Thinned');
    await songs(1, [artist.id], thinned.id);
    await createSong(t.deps, { artistIds: [artist.id], albumId: thinned.id, deleted: true });
    await createSong(t.deps, { artistIds: [artist.id], albumId: thinned.id, status: 'Inactive' });
    await createSong(t.deps, { artistIds: [artist.id], albumId: thinned.id, deleted: true });
    await createSong(t.deps, { artistIds: [artist.id], albumId: thinned.id, deleted: true });
    const gone = await createAlbum(t.deps, artist.id, 'Only deleted songs');
    await createSong(t.deps, { artistIds: [artist.id], albumId: gone.id, deleted: true });
    await createAlbum(t.deps, artist.id, 'Empty');

    const { status, body } = await get(`/api/artists/${artist.id}/discography`);
    expect(status).toBe(200);
    expect(ids(body.albums)).toEqual([full.id]);
    expect(body.albums[0].songCount).toBe(4);
    expect(ids(body.singles).sort()).toEqual([single.id, thinned.id].sort());
    expect(body.singles.find((album: { _id: number }) => album._id === thinned.id).songCount).toBe(
      1,
    );
  });

  it('answers 404 for a disabled or unknown artist', async () => {
    const off = await createArtist(t.deps, { disabled: true });
    const album = await createAlbum(t.deps, off.id);
    await songs(2, [off.id], album.id);
    for (const url of [
      `/api/artists/${off.id}/discography`,
      `/api/artists/${off.id}/related`,
      `/api/albums/${album.id}/more-by`,
      '/api/artists/999999/discography',
      '/api/artists/999999/related',
      '/api/albums/999999/more-by',
    ]) {
      const { status, body } = await get(url);
      expect(status, url).toBe(404);
      expect(body.message, url).toMatch(/not found/);
    }
  });

  it('shows the artist’s other albums under an album, not the album itself', async () => {
    const artist = await createArtist(t.deps);
    const other = await createArtist(t.deps);
    const first = await createAlbum(t.deps, artist.id);
    await songs(1, [artist.id], first.id);
    const second = await createAlbum(t.deps, artist.id);
    await songs(5, [artist.id], second.id);
    const hidden = await createAlbum(t.deps, artist.id);
    await createSong(t.deps, { artistIds: [artist.id], albumId: hidden.id, deleted: true });
    const elsewhere = await createAlbum(t.deps, other.id);
    await songs(1, [other.id], elsewhere.id);

    const { status, body } = await get(`/api/albums/${first.id}/more-by`);
    expect(status).toBe(200);
    expect(body.artist).toEqual({ _id: artist.id, name: artist.name });
    expect(ids(body.albums)).toEqual([second.id]);
  });

  it('finds fans also like from shared listeners and likers, leaving out hidden artists', async () => {
    const [main, coPlayed, coLiked, disabled, onlyDeleted, unrelated] = await Promise.all([
      createArtist(t.deps),
      createArtist(t.deps),
      createArtist(t.deps),
      createArtist(t.deps),
      createArtist(t.deps),
      createArtist(t.deps),
    ]);
    const songOf = (artistId: number, options: { deleted?: boolean } = {}) =>
      createSong(t.deps, { artistIds: [artistId], genre: 'Reggae', ...options });
    const mainSong = await songOf(main.id);
    const fans = (i: number) => `a:fan-${main.id}-${i}`;
    await recordPlays(t.deps, mainSong.id, 3, { listener: fans });
    await recordPlays(t.deps, (await songOf(coPlayed.id)).id, 3, { listener: fans });
    await recordPlays(t.deps, (await songOf(unrelated.id)).id, 3, {
      listener: (i) => `a:stranger-${main.id}-${i}`,
    });
    // Hidden artists stay out however much the same listeners play them.
    await songOf(disabled.id);
    await recordPlays(t.deps, (await songOf(disabled.id)).id, 3, { listener: fans });
    await t.deps.db
      .updateTable('artists')
      .set({ is_disabled: 1 })
      .where('id', '=', disabled.id)
      .execute();
    await recordPlays(t.deps, (await songOf(onlyDeleted.id, { deleted: true })).id, 3, {
      listener: fans,
    });
    // A listener who likes a song of `main` and one of `coLiked`.
    const liker = await createUser(t.deps);
    const likedSong = await songOf(coLiked.id);
    const at = new Date().toISOString();
    await t.deps.db
      .insertInto('likes')
      .values([
        { user_id: liker.id, song_id: mainSong.id, created_at: at },
        { user_id: liker.id, song_id: likedSong.id, created_at: at },
      ])
      .execute();

    const { status, body } = await get(`/api/artists/${main.id}/related`);
    expect(status).toBe(200);
    const found = ids(body.artists);
    // Shared listening ranks first: three listeners before one liker.
    expect(found.slice(0, 2)).toEqual([coPlayed.id, coLiked.id]);
    expect(found).not.toContain(main.id);
    expect(found).not.toContain(disabled.id);
    expect(found).not.toContain(onlyDeleted.id);
    expect(found.length).toBeLessThanOrEqual(8);
    // The rest comes from the shared genre, after the co-listened artists.
    expect(found).toContain(unrelated.id);
    expect(found.indexOf(unrelated.id)).toBeGreaterThan(1);

    // The choice is reused for a while, but an artist disabled since drops out at once.
    await t.deps.db
      .updateTable('artists')
      .set({ is_disabled: 1 })
      .where('id', '=', coPlayed.id)
      .execute();
    const again = ids((await get(`/api/artists/${main.id}/related`)).body.artists);
    expect(again[0]).toBe(coLiked.id);
    expect(again).not.toContain(coPlayed.id);

    // Apps see the same artists as an artist's similar ones, as many as `count` asks for.
    const apiKey = (await t.deps.services.appKeys.create(liker.id)).appKey;
    const similar = async (count: number) => {
      const info = await get(
        `/rest/getArtistInfo2?apiKey=${apiKey}&f=json&v=1.16.1&c=test&id=${main.id}&count=${count}`,
      );
      const artists = info.body['subsonic-response'].artistInfo2.similarArtist ?? [];
      return (artists as { id: string }[]).map((artist) => Number(artist.id));
    };
    expect(await similar(20)).toEqual(again);
    expect(await similar(1)).toEqual([coLiked.id]);
  });

  it('falls back to artists of the same genres when nobody has listened yet', async () => {
    const [lonely, sameGenre, otherGenre, disabledSameGenre] = await Promise.all([
      createArtist(t.deps),
      createArtist(t.deps),
      createArtist(t.deps),
      createArtist(t.deps, { disabled: true }),
    ]);
    await createSong(t.deps, { artistIds: [lonely.id], genre: 'Blues' });
    await createSong(t.deps, { artistIds: [sameGenre.id], genre: 'Blues' });
    await createSong(t.deps, { artistIds: [otherGenre.id], genre: 'Classical' });
    await createSong(t.deps, { artistIds: [disabledSameGenre.id], genre: 'Blues' });
    await createSong(t.deps, { artistIds: [otherGenre.id], genre: 'Blues', deleted: true });

    const { body } = await get(`/api/artists/${lonely.id}/related`);
    expect(ids(body.artists)).toEqual([sameGenre.id]);
    expect(body.artists[0].name).toBe(sameGenre.name);
  });

  it('reads a genre’s artists once per catalog version, for every artist that falls back on it', async () => {
    const reads = vi.spyOn(RelatedRepository.prototype, 'artistsOfGenre');
    try {
      const [first, second] = await Promise.all([createArtist(t.deps), createArtist(t.deps)]);
      await createSong(t.deps, { artistIds: [first.id], genre: 'Polka' });
      await createSong(t.deps, { artistIds: [second.id], genre: 'Polka' });
      expect(ids((await get(`/api/artists/${first.id}/related`)).body.artists)).toEqual([
        second.id,
      ]);
      expect(ids((await get(`/api/artists/${second.id}/related`)).body.artists)).toEqual([
        first.id,
      ]);
      const polkaReads = () => reads.mock.calls.filter(([genre]) => genre === 'Polka').length;
      expect(polkaReads()).toBe(1);
      // A change to the catalog: the next choice reads the genre again, and sees it.
      const [newcomer, third] = await Promise.all([createArtist(t.deps), createArtist(t.deps)]);
      await songs(2, [newcomer.id], (await createAlbum(t.deps, newcomer.id)).id, 'Polka');
      await createSong(t.deps, { artistIds: [third.id], genre: 'Polka' });
      // Two songs first, then one each, a tie going to the older id.
      expect(ids((await get(`/api/artists/${third.id}/related`)).body.artists)).toEqual([
        newcomer.id,
        Math.min(first.id, second.id),
        Math.max(first.id, second.id),
      ]);
      expect(polkaReads()).toBe(2);
    } finally {
      reads.mockRestore();
    }
  });
});
